// A session's closing summary as the manager reads it before (and after) closing: sales, refunds,
// net, what is still open, and the totals per operator. Values come from getSessionSummary as is.
import { useTranslation } from 'react-i18next';
import type { SessionSummary } from '#shared/counter/counter-api';
import { formatTime } from '../../lib/date-time';
import { formatBRL } from '#shared/lib/money';

export function SessionSummaryView({ summary }: { summary: SessionSummary }) {
  const { t, i18n } = useTranslation();
  const { session } = summary;
  const rows: { id: string; label: string; value: string; strong?: boolean }[] = [
    { id: 'sales', label: t('register.summary.sales'), value: String(summary.salesCount) },
    {
      id: 'paid',
      label: t('register.summary.paid', { count: summary.paidCount }),
      value: formatBRL(summary.paidValue),
    },
    {
      id: 'refunds',
      label: t('register.summary.refunds', { count: summary.refundsCount }),
      value: `− ${formatBRL(summary.refundedValue)}`,
    },
    { id: 'net', label: t('register.summary.net'), value: formatBRL(summary.net), strong: true },
    {
      id: 'awaiting',
      label: t('register.summary.awaiting', { count: summary.awaitingCount }),
      value: formatBRL(summary.awaitingValue),
    },
    {
      id: 'unconfirmed',
      label: t('register.summary.unconfirmed', { count: summary.unconfirmedOfflineCount }),
      value: formatBRL(summary.unconfirmedOfflineValue),
    },
    {
      id: 'cancelled',
      label: t('register.summary.cancelled', { count: summary.cancelledCount }),
      value: formatBRL(summary.cancelledValue),
    },
    { id: 'expired', label: t('register.summary.expired'), value: String(summary.expiredCount) },
    { id: 'rejected', label: t('register.summary.rejected'), value: String(summary.rejectedCount) },
    { id: 'queued', label: t('register.summary.queued'), value: String(summary.queuedCommands) },
  ];
  return (
    <div className="session-summary" data-testid="session-summary">
      <p className="session-line">
        {t('register.summary.session', {
          till: session.tillName,
          openedBy: session.openedBy,
          time: formatTime(session.openedAt, i18n.language),
        })}
        {session.closedAt &&
          ` ${t('register.summary.closedBy', { name: session.closedBy ?? '', time: formatTime(session.closedAt, i18n.language) })}`}
      </p>
      {session.openingNote && (
        <p className="session-line">{t('register.summary.note', { note: session.openingNote })}</p>
      )}
      <dl className="summary-grid">
        {rows.map((row) => (
          <div key={row.id} className={`summary-row${row.strong ? ' summary-row--strong' : ''}`} data-row={row.id}>
            <dt>{row.label}</dt>
            <dd>{row.value}</dd>
          </div>
        ))}
      </dl>
      {summary.byOperator.length > 0 && (
        <table className="operator-totals">
          <caption>{t('register.summary.byOperator')}</caption>
          <thead>
            <tr>
              <th scope="col">{t('register.summary.operator')}</th>
              <th scope="col">{t('register.summary.paidCount')}</th>
              <th scope="col">{t('register.summary.paidValue')}</th>
              <th scope="col">{t('register.summary.refundedValue')}</th>
            </tr>
          </thead>
          <tbody>
            {summary.byOperator.map((operator) => (
              <tr key={operator.operatorName}>
                <th scope="row">{operator.operatorName}</th>
                <td>{operator.paidCount}</td>
                <td>{formatBRL(operator.paidValue)}</td>
                <td>{formatBRL(operator.refundedValue)}</td>
              </tr>
            ))}
          </tbody>
        </table>
      )}
    </div>
  );
}
