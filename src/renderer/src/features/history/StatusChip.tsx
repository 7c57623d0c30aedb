import { useTranslation } from 'react-i18next';
import type { Sale } from '../../../../shared/pos-api';
import { ClockIcon } from '../../app/Icons';
import { saleDisplayStatus, syncMarks } from '../../lib/sale-status';

export function StatusChip({ sale }: { sale: Sale }) {
  const { t } = useTranslation();
  const status = saleDisplayStatus(sale);
  return (
    <span className={`chip chip--${status.toLowerCase().replace('_', '-')}`} data-status={status} title={status === 'OFFLINE' ? t('status.OFFLINE') : undefined}>
      {t(`status.${status}`)}
    </span>
  );
}

/**
 * The small markers under a sale's chip in the history list: "na fila" while some of its
 * commands wait for the service, and the service's refusal in its own words, each on one line
 * with the full text in its tooltip (the detail shows it whole).
 */
export function SyncMarks({ sale }: { sale: Sale }) {
  const { t } = useTranslation();
  const marks = syncMarks(sale);
  if (!marks.queued && !marks.rejected) return null;
  return (
    <span className="sync-marks">
      {marks.queued && <QueuedMark />}
      {marks.rejected && (
        <span className="sync-mark sync-mark--rejected" data-testid="sync-rejected" title={marks.rejected}>
          <span className="visually-hidden">{t('sync.rejectedLabel')} </span>
          {marks.rejected}
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
