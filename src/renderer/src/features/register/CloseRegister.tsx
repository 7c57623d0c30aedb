// "Fechar caixa": the open session's summary as it stands (refreshed on demand), its warnings
// (commands waiting to be sent, offline sales not confirmed) which need an explicit "fechar
// assim mesmo", then the manager's PIN; once closed, the summary the manager confirmed and the
// end-of-day report.
import { useCallback, useEffect, useState, type FormEvent } from 'react';
import { useTranslation } from 'react-i18next';
import type { SessionSummary } from '#shared/counter/counter-api';
import { useHotkeys } from '../../app/hotkeys';
import { Kbd } from '../../app/Kbd';
import { errorMessage, counterApi } from '../../app/counter-api';
import { ApprovalCancelled, askManager } from './manager-approval-store';
import { useRegister } from './register-store';
import { ReportActions } from './ReportActions';
import { closingWarningText } from '../../lib/closing-warning-text';
import type { Translate } from '../../lib/translate';
import { SessionSummaryView } from './SessionSummaryView';
import { SignOutButton } from './OpenRegisterForm';

export function CloseRegister({ onClosed }: { onClosed(summary: SessionSummary): void }) {
  const { t } = useTranslation();
  const [summary, setSummary] = useState<SessionSummary | null>(null);
  const [confirmPending, setConfirmPending] = useState(false);
  const [message, setMessage] = useState<string | null>(null);
  const [sending, setSending] = useState(false);

  const refresh = useCallback(() => {
    counterApi()
      .getSessionSummary()
      .then(setSummary)
      .catch((error) => setMessage(errorMessage(error)));
  }, []);

  useEffect(refresh, [refresh]);

  const close = async (event?: FormEvent) => {
    event?.preventDefault();
    if (!summary || sending) return;
    if (summary.warnings.length > 0 && !confirmPending) {
      setMessage(t('register.close.confirmFirst'));
      document.getElementById('close-confirm-pending')?.focus();
      return;
    }
    setSending(true);
    setMessage(null);
    try {
      const result = await askManager('closeRegister', (manager) =>
        counterApi().closeRegister({ manager, ...(summary.warnings.length > 0 ? { confirmPending: true } : {}) }),
      );
      // The status bar turns to "Caixa fechado" with the closed screen, not a moment after it.
      await useRegister
        .getState()
        .load()
        .catch(() => undefined);
      onClosed(result);
    } catch (error) {
      if (!(error instanceof ApprovalCancelled)) {
        setMessage(errorMessage(error));
        refresh();
      }
    } finally {
      setSending(false);
    }
  };

  // Enter anywhere on the screen closes (on a focused button the button itself answers).
  useHotkeys({ Enter: () => void close() });

  return (
    <form
      className="register-close"
      onSubmit={(event) => void close(event)}
      noValidate
      aria-labelledby="close-title"
      data-testid="close-register"
    >
      <header className="register-close-head">
        <h1 id="close-title" className="register-card-title">
          {t('register.close.title')}
        </h1>
        <button type="button" className="button button--quiet button--small" onClick={refresh}>
          {t('register.close.refresh')}
        </button>
        <SignOutButton />
        {/* First on screen: at 1024×768 the summary below may need scrolling, the action never does. */}
        <button type="submit" className="button button--danger" disabled={!summary || sending}>
          {t('register.close.submit')} <Kbd>Enter</Kbd>
        </button>
      </header>
      {summary && summary.warnings.length > 0 && (
        <div className="banner banner--warn close-warnings" data-testid="close-warnings">
          <ul>
            {summary.warnings.map((warning) => (
              <li key={warning.kind}>{closingWarningText(warning, t as unknown as Translate)}</li>
            ))}
          </ul>
          <label className="check">
            <input
              id="close-confirm-pending"
              type="checkbox"
              checked={confirmPending}
              onChange={(event) => setConfirmPending(event.target.checked)}
            />
            <span>{t('register.close.confirmPending')}</span>
          </label>
        </div>
      )}
      {message && (
        <p className="banner banner--error" role="alert">
          {message}
        </p>
      )}
      {summary ? <SessionSummaryView summary={summary} /> : <p role="status">{t('app.loading')}</p>}
    </form>
  );
}

/** The session just closed: the summary its manager confirmed, and its report to save or print. */
export function ClosedSession({ summary, onDone }: { summary: SessionSummary; onDone(): void }) {
  const { t } = useTranslation();
  return (
    <section className="register-close" aria-labelledby="closed-title" data-testid="register-closed">
      <header className="register-close-head">
        <h1 id="closed-title" className="register-card-title">
          {t('register.close.closedTitle')}
        </h1>
        <button type="button" className="button button--quiet button--small" onClick={onDone}>
          {t('register.close.done')}
        </button>
      </header>
      {/* The report first: saving or printing it is what comes next, the summary is there to read. */}
      <ReportActions sessionId={summary.session.id} />
      <SessionSummaryView summary={summary} />
    </section>
  );
}
