// "Testar conexão" under the remote fields: the button, the answer in a polite live region (a
// screen reader hears it without losing its place), and "Salvar mesmo assim" when a save was
// held back only because nothing answered. The words about the problem are the main process's
// (pt-BR, saying what to check); the details line keeps what answered, for whoever gives support.
import { useTranslation } from 'react-i18next';
import { useConnectionCheck } from './connection-check-store';

interface ConnectionTestPanelProps {
  onTest(): void;
  onSaveAnyway(): void;
  saving: boolean;
}

export function ConnectionTestPanel({ onTest, onSaveAnyway, saving }: ConnectionTestPanelProps) {
  const { t } = useTranslation();
  const { testing, check, error, heldSave } = useConnectionCheck();

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
          <div className={`connection-answer ${check.ok ? 'connection-answer--ok' : 'connection-answer--problem'}`} data-problem={check.problem ?? 'ok'}>
            <p className="connection-message">
              {!check.ok && check.problem && <strong>{t(`settings.connectionTest.problems.${check.problem}`)}: </strong>}
              {check.message}
              {heldSave && ` ${t('settings.connectionTest.notSaved')}`}
            </p>
            {check.detail && <p className="connection-detail">{t('settings.connectionTest.detail', { detail: check.detail })}</p>}
          </div>
        )}
        {error && <p className="connection-answer connection-answer--problem connection-message">{error}</p>}
      </div>
      {heldSave && (
        <div className="connection-save-anyway">
          <p className="field-hint">{t('settings.connectionTest.saveAnywayHint')}</p>
          <button type="button" className="button button--small" onClick={onSaveAnyway} disabled={saving} data-testid="save-anyway">
            {t('settings.connectionTest.saveAnyway')}
          </button>
        </div>
      )}
    </div>
  );
}
