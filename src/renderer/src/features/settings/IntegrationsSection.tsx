// Configurações › Integrações (issue 36): the shop's software (its PDV, its ERP) allowed to use the
// counter's PDV API, each with its own token. Lists them (made when, last used, revoked), says
// where the API answers, makes a new one (its token shown this once, with a copy button) and
// revokes one after a confirmation; making and revoking ask a manager's PIN once the register is
// set up. Its own form, outside the settings form: Enter here never saves settings. Refunds through
// the API are not built yet, so an integration is made without that permission.
import { useCallback, useEffect, useRef, useState, type FormEvent } from 'react';
import { useTranslation } from 'react-i18next';
import type { CounterMethodOutput } from '#shared/counter/counter-methods';
import { ConfirmDialog } from '../../app/ConfirmDialog';
import { counterApi, errorMessage } from '../../app/counter-api';
import { Kbd } from '../../app/Kbd';
import { useHoldsTyping } from '../../app/typed-work';
import { formatMoment } from '../../lib/date-time';
import { copyText } from '../../app/clipboard';
import { ApprovalCancelled, withManagerIfRequired } from '../register/manager-approval-store';
import './integrations.css';

type Listed = CounterMethodOutput<'listIntegrations'>;
type Integration = Listed['integrations'][number];

const NAME_MAX = 60;

export function IntegrationsSection() {
  const { t, i18n } = useTranslation();
  const [listed, setListed] = useState<Listed | null>(null);
  const [name, setName] = useState('');
  /** The new integration may refund by itself, with no manager's PIN per refund. */
  const [canRefund, setCanRefund] = useState(false);
  const [busy, setBusy] = useState<'create' | 'revoke' | null>(null);
  const [message, setMessage] = useState<{ ok: boolean; text: string } | null>(null);
  const [nameInvalid, setNameInvalid] = useState(false);
  /** The new integration's token: on screen until the owner says it was copied, never again. */
  const [created, setCreated] = useState<{ name: string; token: string } | null>(null);
  const [copyResult, setCopyResult] = useState<'copied' | 'copyFailed' | null>(null);
  const [revoking, setRevoking] = useState<Integration | null>(null);
  const nameRef = useRef<HTMLInputElement>(null);
  const tokenRef = useRef<HTMLTextAreaElement>(null);
  const doneRef = useRef<HTMLButtonElement>(null);
  // A name being typed, or a token not yet copied, is not torn down by a PDV's sale landing.
  useHoldsTyping('integrations', name.trim() !== '' || created !== null);

  const load = useCallback(() => {
    counterApi()
      .listIntegrations()
      .then(setListed)
      .catch((error) => setMessage({ ok: false, text: t('integrations.loadFailed', { reason: errorMessage(error) }) }));
  }, [t]);
  useEffect(load, [load]);

  useEffect(() => {
    if (created) doneRef.current?.focus();
  }, [created]);

  const create = async (event: FormEvent) => {
    event.preventDefault();
    if (busy) return;
    const trimmed = name.trim();
    if (!trimmed) {
      setNameInvalid(true);
      setMessage({ ok: false, text: t('integrations.nameRequired') });
      nameRef.current?.focus();
      return;
    }
    setBusy('create');
    setMessage(null);
    setCopyResult(null);
    try {
      const answer = await withManagerIfRequired('settings', (manager) =>
        counterApi().createIntegration({ name: trimmed, canRefund, ...(manager ? { manager } : {}) }),
      );
      setCreated({ name: answer.integration.name, token: answer.token });
      setName('');
      setCanRefund(false);
    } catch (error) {
      if (!(error instanceof ApprovalCancelled)) setMessage({ ok: false, text: errorMessage(error) });
    } finally {
      setBusy(null);
      load();
    }
  };

  const revoke = async () => {
    if (!revoking || busy) return;
    const { id, name: revokedName } = revoking;
    // The question is answered: it closes before the manager's PIN is asked, so the PIN dialog's
    // Enter is its own (two modals would both answer it).
    setRevoking(null);
    setBusy('revoke');
    setMessage(null);
    try {
      await withManagerIfRequired('settings', (manager) =>
        counterApi().revokeIntegration({ id, ...(manager ? { manager } : {}) }),
      );
      setMessage({ ok: true, text: t('integrations.revoked', { name: revokedName }) });
    } catch (error) {
      if (!(error instanceof ApprovalCancelled)) setMessage({ ok: false, text: errorMessage(error) });
    } finally {
      setBusy(null);
      load();
    }
  };

  const copy = async () => {
    if (!created) return;
    setCopyResult((await copyText(created.token, tokenRef.current)) ? 'copied' : 'copyFailed');
  };

  const closeToken = () => {
    setCreated(null);
    setCopyResult(null);
    nameRef.current?.focus();
  };

  const moment = (iso: string) => formatMoment(iso, i18n.language, null);

  return (
    <section className="card integrations" aria-labelledby="integrations-title" data-testid="settings-integrations">
      <h2 id="integrations-title" className="integrations-title">
        {t('integrations.title')}
      </h2>
      <p className="field-hint">{t('integrations.hint')}</p>
      <div className="field">
        <span className="integrations-label" id="integrations-address-label">
          {t('integrations.address')}
        </span>
        <output
          className="integrations-address"
          aria-labelledby="integrations-address-label"
          data-testid="integrations-address"
        >
          {listed ? (listed.address ?? t('integrations.addressOff')) : t('app.loading')}
        </output>
      </div>

      {listed && listed.integrations.length === 0 && <p className="field-hint">{t('integrations.none')}</p>}
      {listed && listed.integrations.length > 0 && (
        <ul className="integration-list">
          {listed.integrations.map((integration) => (
            <li
              key={integration.id}
              className={`integration-row${integration.revokedAt ? ' integration-row--revoked' : ''}`}
              data-testid="integration-row"
            >
              <div className="integration-main">
                <span className="integration-name">{integration.name}</span>
                <span className={`chip ${integration.revokedAt ? 'chip--expired' : 'chip--completed'}`}>
                  {integration.revokedAt ? t('integrations.revokedChip') : t('integrations.active')}
                </span>
                {integration.canRefund && !integration.revokedAt && (
                  <span className="chip chip--active">{t('integrations.refundsChip')}</span>
                )}
              </div>
              <span className="integration-meta">
                {integration.revokedAt
                  ? t('integrations.revokedAt', { time: moment(integration.revokedAt) })
                  : `${t('integrations.createdAt', { time: moment(integration.createdAt) })} · ${
                      integration.lastUsedAt
                        ? t('integrations.lastUsed', { time: moment(integration.lastUsedAt) })
                        : t('integrations.neverUsed')
                    }`}
              </span>
              {!integration.revokedAt && (
                <button
                  type="button"
                  className="button button--quiet button--small"
                  aria-label={t('integrations.revokeLabel', { name: integration.name })}
                  onClick={() => setRevoking(integration)}
                  disabled={busy !== null}
                >
                  {t('integrations.revoke')}
                </button>
              )}
            </li>
          ))}
        </ul>
      )}

      {created ? (
        <div className="integration-token banner banner--warn" role="group" aria-labelledby="integration-token-title">
          <p id="integration-token-title" className="integration-token-title">
            {t('integrations.tokenTitle', { name: created.name })}
          </p>
          <p className="integration-token-warning" role="alert">
            {t('integrations.tokenWarning')}
          </p>
          <label htmlFor="integration-token" className="visually-hidden">
            {t('integrations.tokenLabel')}
          </label>
          <textarea
            id="integration-token"
            ref={tokenRef}
            className="integration-token-value"
            readOnly
            rows={2}
            value={created.token}
            spellCheck={false}
            data-testid="integration-token"
            onFocus={(event) => event.currentTarget.select()}
          />
          <div className="integration-token-actions">
            <button type="button" className="button button--secondary" onClick={() => void copy()}>
              {t('integrations.copy')}
            </button>
            <button type="button" ref={doneRef} className="button button--primary" onClick={closeToken}>
              {t('integrations.tokenDone')}
            </button>
            <span className="copy-result" role="status">
              {copyResult ? t(`integrations.${copyResult}`) : ''}
            </span>
          </div>
        </div>
      ) : (
        <form className="integration-form" onSubmit={(event) => void create(event)} noValidate>
          <div className="field">
            <label htmlFor="integration-name">{t('integrations.name')}</label>
            <input
              id="integration-name"
              ref={nameRef}
              type="text"
              maxLength={NAME_MAX}
              autoComplete="off"
              placeholder={t('integrations.namePlaceholder')}
              value={name}
              aria-invalid={nameInvalid || undefined}
              onChange={(event) => {
                setName(event.target.value);
                setNameInvalid(false);
              }}
            />
          </div>
          <label className="check">
            <input
              id="integration-can-refund"
              type="checkbox"
              checked={canRefund}
              onChange={(event) => setCanRefund(event.target.checked)}
            />
            <span>{t('integrations.canRefund')}</span>
          </label>
          <button type="submit" className="button button--secondary" disabled={busy !== null}>
            {busy === 'create' ? t('integrations.creating') : t('integrations.create')} <Kbd>Enter</Kbd>
          </button>
        </form>
      )}
      <p
        className={message && !message.ok ? 'field-error' : 'field-hint'}
        role="status"
        data-testid="integrations-result"
      >
        {message?.text ?? ''}
      </p>

      {revoking && (
        <ConfirmDialog
          id="integration-revoke"
          tone="danger"
          title={t('integrations.revokeTitle', { name: revoking.name })}
          message={t('integrations.revokeMessage')}
          confirmLabel={t('integrations.revoke')}
          busyLabel={t('integrations.revoking')}
          backLabel={t('integrations.back')}
          busy={busy === 'revoke'}
          onConfirm={() => void revoke()}
          onBack={() => setRevoking(null)}
        />
      )}
    </section>
  );
}
