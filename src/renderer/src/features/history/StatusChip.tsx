import { useTranslation } from 'react-i18next';
import type { Sale } from '#shared/counter/counter-api';
import { useReadableError } from '../../app/ErrorMessage';
import { ClockIcon } from '../../app/Icons';
import { saleDisplayStatus } from '#shared/counter/sale-display-status';
import { syncMarks } from '../../lib/sale-status';

export function StatusChip({ sale }: { sale: Sale }) {
  const { t } = useTranslation();
  const status = saleDisplayStatus(sale);
  return (
    <span
      className={`chip chip--${status.toLowerCase().replace('_', '-')}`}
      data-status={status}
      title={status === 'OFFLINE' ? t('status.OFFLINE') : undefined}
    >
      {t(`status.${status}`)}
    </span>
  );
}

/**
 * The small markers under a sale's chip in the history list: "aguardando envio" while some of
 * its commands wait for the service, and the service's refusal in pt-BR (lib/service-error.ts),
 * each on one line with the full text, the service's own words included, in its tooltip.
 */
export function SyncMarks({ sale }: { sale: Sale }) {
  const { t } = useTranslation();
  const readable = useReadableError();
  const marks = syncMarks(sale);
  if (!marks.queued && !marks.rejected) return null;
  const refusal = marks.rejected ? readable(marks.rejected) : null;
  return (
    <span className="sync-marks">
      {marks.queued && <QueuedMark />}
      {refusal && (
        <span
          className="sync-mark sync-mark--rejected"
          data-testid="sync-rejected"
          title={
            refusal.details === null ? refusal.text : `${refusal.text} ${t('serviceError.details')} ${refusal.details}`
          }
        >
          <span className="visually-hidden">{t('sync.rejectedLabel')} </span>
          {refusal.text}
        </span>
      )}
    </span>
  );
}

/** "na fila": this sale has commands the service has not answered yet. */
export function QueuedMark() {
  const { t } = useTranslation();
  return (
    <span className="sync-mark sync-mark--queued" data-testid="sync-queued" title={t('sync.queuedHint')}>
      <ClockIcon className="sync-mark-icon" />
      {t('sync.queued')}
    </span>
  );
}
