// "Testar conexão" under the remote fields: the button, the answer in a polite live region (a
// screen reader hears it without losing its place), and "Salvar mesmo assim" when a save was
// held back only because nothing answered. The main process answers the verdict as a code with its
// data, said here in the owner's language (lib/connection-check-text.ts: what is wrong and what
// to check); the scopes the AppID lacks are listed with what each costs, and a test charge the
// check could not remove is said apart; the details line keeps what answered, for support.
import { useTranslation } from 'react-i18next';
import type { ConnectionCheck } from '#shared/counter/counter-api';
import { connectionDetailText, connectionVerdictText, leftBehindText } from '../../lib/connection-check-text';
import type { Translate } from '../../lib/translate';
import { useConnectionCheck } from './connection-check-store';

interface ConnectionTestPanelProps {
  onTest(): void;
  onSaveAnyway(): void;
  saving: boolean;
}

export function ConnectionTestPanel({ onTest, onSaveAnyway, saving }: ConnectionTestPanelProps) {
  const { t } = useTranslation();
  const say = t as unknown as Translate;
  const { testing, check, error, heldSave } = useConnectionCheck();
  const missing = check?.missingScopes ?? [];

  return (
    <div className="connection-test" id="connection-test">
      <div className="connection-test-row">
        {/* aria-disabled, not disabled: a disabled button drops the keyboard focus to the page. */}
        <button
          type="button"
          className="button button--small"
          onClick={() => {
            if (!testing && !saving) onTest();
          }}
          aria-disabled={testing || saving}
          aria-describedby="connection-test-hint"
        >
          {testing ? t('settings.connectionTest.testing') : t('settings.connectionTest.button')}
        </button>
        <p id="connection-test-hint" className="field-hint">
          {t('settings.connectionTest.hint')}
        </p>
      </div>
      <div className="connection-result" role="status" aria-live="polite" data-testid="connection-result">
        {check && (
          <div className={`connection-answer ${answerClass(check)}`} data-problem={check.problem ?? 'ok'}>
            <p className="connection-message">
              {!check.ok && check.problem && (
                <strong>{t(`settings.connectionTest.problems.${check.problem}`)}: </strong>
              )}
              {connectionVerdictText(check.verdict, say)}
              {heldSave && ` ${t('settings.connectionTest.notSaved')}`}
            </p>
            {missing.length > 0 && (
              <div className="connection-scopes" data-testid="missing-scopes">
                <p className="connection-scopes-title">
                  {t('settings.connectionTest.missingTitle', { count: missing.length })}
                </p>
                <ul>
                  {missing.map((entry) => (
                    <li key={entry.scope} data-scope={entry.scope}>
                      <strong>{t(`settings.connectionTest.features.${entry.feature}`)}</strong>
                      {' · '}
                      <code>{entry.scope}</code>
                      {': '}
                      {say(`settings.connectionTest.scopes.${entry.scope}`, { defaultValue: entry.scope })}
                    </li>
                  ))}
                </ul>
              </div>
            )}
            {check.leftBehind && check.leftBehind.length > 0 && (
              <p className="connection-left-behind" data-testid="left-behind">
                <strong>{t('settings.connectionTest.leftBehind')}: </strong>
                {leftBehindText(check.leftBehind, say)}
              </p>
            )}
            {check.detail && (
              <p className="connection-detail">
                {t('settings.connectionTest.detail', { detail: connectionDetailText(check.detail, say) })}
              </p>
            )}
          </div>
        )}
        {error && <p className="connection-answer connection-answer--problem connection-message">{error}</p>}
      </div>
      {heldSave && (
        <div className="connection-save-anyway">
          <p className="field-hint">{t('settings.connectionTest.saveAnywayHint')}</p>
          <button
            type="button"
            className="button button--small"
            onClick={onSaveAnyway}
            disabled={saving}
            data-testid="save-anyway"
          >
            {t('settings.connectionTest.saveAnyway')}
          </button>
        </div>
      )}
    </div>
  );
}

/** Green when all is well, amber when the counter sells without some features, red when it cannot. */
function answerClass(check: ConnectionCheck): string {
  if (!check.ok) return 'connection-answer--problem';
  return (check.missingScopes?.length ?? 0) > 0 || (check.leftBehind?.length ?? 0) > 0
    ? 'connection-answer--partial'
    : 'connection-answer--ok';
}
