// "Caixas fechados": the closed sessions (till, opened and closed by whom and when, sales, net as
// the manager confirmed it), each with its end-of-day report to save again or reprint. The browser
// host cannot print, so there "Salvar PDF" is the main and only action, as on a receipt. Arrow
// keys move between the rows' buttons; Tab works as everywhere.
import { useEffect, useState, type KeyboardEvent } from 'react';
import { useTranslation } from 'react-i18next';
import type { PastSession, ReceiptLayoutName } from '#shared/counter/counter-api';
import { counterApi } from '../../app/counter-api';
import { hostCanPrint } from '../../bridge/counter-host';
import { formatDate, formatTime } from '../../lib/date-time';
import { formatBRL } from '#shared/lib/money';
import { outputFailure, printOutcome, savePdf, type OutputMessage } from '../../app/receipt-output';
import { ReceiptLayoutChoice } from '../../app/ReceiptLayoutChoice';
import { useSettings } from '../settings/settings-store';

/** `refreshKey` changes when a session was just closed, so the list asks again. */
export function PastSessions({ refreshKey }: { refreshKey: string }) {
  const { t, i18n } = useTranslation();
  const [sessions, setSessions] = useState<PastSession[] | null>(null);
  const [layout, setLayout] = useState<ReceiptLayoutName>(
    () => useSettings.getState().settings?.receiptLayout ?? 'thermal80',
  );
  const [message, setMessage] = useState<OutputMessage | null>(null);
  // One report at a time; the buttons stay enabled so the keyboard focus never falls off the list.
  const [busy, setBusy] = useState<string | null>(null);
  const canPrint = hostCanPrint();

  useEffect(() => {
    let current = true;
    counterApi()
      .listSessions()
      .then((answer) => current && setSessions(answer.sessions))
      .catch((error) => current && setMessage(outputFailure(error)));
    return () => {
      current = false;
    };
  }, [refreshKey]);

  const when = (iso: string) => `${formatDate(new Date(iso), i18n.language)} ${formatTime(iso, i18n.language)}`;

  const save = async (session: PastSession) => {
    if (busy) return;
    setBusy(session.id);
    setMessage(null);
    try {
      const file = await counterApi().getSessionReport({ sessionId: session.id, layout });
      setMessage(savePdf(file, t));
    } catch (error) {
      setMessage(outputFailure(error));
    } finally {
      setBusy(null);
    }
  };

  const print = async (session: PastSession) => {
    if (busy) return;
    setBusy(session.id);
    setMessage(null);
    try {
      const printer = useSettings.getState().settings?.printer;
      const result = await counterApi().printSessionReport({
        sessionId: session.id,
        layout,
        ...(printer ? { printer } : {}),
      });
      setMessage(printOutcome(result, t));
    } catch (error) {
      setMessage(outputFailure(error));
    } finally {
      setBusy(null);
    }
  };

  if (sessions === null && !message) return null;

  return (
    <section className="register-close past-sessions" aria-labelledby="past-sessions-title" data-testid="past-sessions">
      <h2 id="past-sessions-title" className="panel-title">
        {t('register.past.title')}
      </h2>
      {/* Always there, so a screen reader announces what saving or printing said. */}
      <p
        className={`past-sessions-message ${message && message.tone !== 'info' ? `banner banner--${message.tone}` : 'receipt-message'}`}
        role="status"
      >
        {message?.text ?? ''}
      </p>
      {sessions && sessions.length === 0 && <p className="session-line">{t('register.past.empty')}</p>}
      {sessions && sessions.length > 0 && (
        <>
          <p className="session-line">{t('register.past.hint')}</p>
          <ReceiptLayoutChoice name="past-report-layout" layout={layout} onChange={setLayout} />
          <table className="past-sessions-table">
            <thead>
              <tr>
                <th scope="col">{t('register.past.till')}</th>
                <th scope="col">{t('register.past.opened')}</th>
                <th scope="col">{t('register.past.closed')}</th>
                <th scope="col" className="numeric">
                  {t('register.past.sales')}
                </th>
                <th scope="col" className="numeric">
                  {t('register.past.net')}
                </th>
                <th scope="col">{t('register.past.actions')}</th>
              </tr>
            </thead>
            <tbody onKeyDown={moveBetweenRows}>
              {sessions.map((session) => {
                const names = { till: session.tillName, time: when(session.closedAt) };
                return (
                  <tr key={session.id} data-session={session.id}>
                    <th scope="row">{session.tillName}</th>
                    <td>{t('register.past.by', { time: when(session.openedAt), name: session.openedBy })}</td>
                    <td>{t('register.past.by', { time: when(session.closedAt), name: session.closedBy ?? '—' })}</td>
                    <td className="numeric">{session.salesCount}</td>
                    <td className="numeric">{formatBRL(session.net)}</td>
                    <td>
                      <div className="past-sessions-actions">
                        {canPrint && (
                          <button
                            type="button"
                            className="button button--primary button--small"
                            aria-label={t('register.past.printNamed', names)}
                            onClick={() => void print(session)}
                          >
                            {t('register.past.print')}
                          </button>
                        )}
                        <button
                          type="button"
                          className={`button button--small ${canPrint ? 'button--secondary' : 'button--primary'}`}
                          aria-label={t('register.past.saveNamed', names)}
                          onClick={() => void save(session)}
                        >
                          {t('register.past.save')}
                        </button>
                      </div>
                    </td>
                  </tr>
                );
              })}
            </tbody>
          </table>
        </>
      )}
    </section>
  );
}

/** ↑/↓ on a row's button: the same button of the row above or below. */
function moveBetweenRows(event: KeyboardEvent<HTMLTableSectionElement>): void {
  if (event.key !== 'ArrowDown' && event.key !== 'ArrowUp') return;
  const button = event.target instanceof HTMLButtonElement ? event.target : null;
  const row = button?.closest('tr');
  if (!button || !row) return;
  const column = Array.from(row.querySelectorAll('button')).indexOf(button);
  const next = (
    event.key === 'ArrowDown' ? row.nextElementSibling : row.previousElementSibling
  ) as HTMLTableRowElement | null;
  const target = next?.querySelectorAll('button')[column];
  if (!target) return;
  event.preventDefault();
  target.focus();
}
