// "Venda offline confirmada: R$ 12,34": an offline sale the service confirmed while the cashier
// was elsewhere (another sale, the history). The chime has already played (sale-store); this
// says which sale it was. Brief and out of the way: it never takes the focus or a key, so the
// amount being typed is left alone, and each notice goes by itself after a few seconds.
import { useEffect } from 'react';
import { useTranslation } from 'react-i18next';
import { CheckIcon } from '../../app/Icons';
import { formatBRL } from '#shared/lib/money';
import { useSale, type ConfirmedNotice } from './sale-store';

const NOTICE_MS = 8000;

export function OfflineConfirmedNotices() {
  const { t } = useTranslation();
  const notices = useSale((state) => state.confirmedNotices);
  return (
    <div
      className="offline-confirmed"
      role="status"
      aria-live="polite"
      aria-label={t('live.offlineConfirmedRegion')}
      data-testid="offline-confirmed"
    >
      {notices.map((notice) => (
        <Notice key={notice.correlationID} notice={notice} />
      ))}
    </div>
  );
}

function Notice({ notice }: { notice: ConfirmedNotice }) {
  const { t } = useTranslation();
  const dismiss = useSale((state) => state.dismissConfirmedNotice);
  useEffect(() => {
    const timer = setTimeout(() => dismiss(notice.correlationID), NOTICE_MS);
    return () => clearTimeout(timer);
  }, [notice.correlationID, dismiss]);
  return (
    <p className="offline-confirmed-notice" data-correlation-id={notice.correlationID}>
      <CheckIcon className="offline-confirmed-icon" />
      <span>{t('live.offlineConfirmed', { amount: formatBRL(notice.value) })}</span>
      <button
        type="button"
        className="offline-confirmed-close"
        tabIndex={-1}
        aria-label={t('live.dismiss')}
        onClick={() => dismiss(notice.correlationID)}
      >
        ×
      </button>
    </p>
  );
}
