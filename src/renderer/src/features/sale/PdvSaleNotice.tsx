// "Venda do PDV de R$ 12,34 aguardando": the shop's PDV charged an order while the cashier was
// busy (a form with typed work, a dialog, or their own sale being charged), so the screen was not
// taken from them (lib/pdv-push). Out of the way, like the offline confirmations: it never takes
// the focus; F1 goes to the sale (or F2 to the history, where it waits), and it goes by itself
// once the cashier sees that sale or it stops waiting.
import { useEffect } from 'react';
import { useTranslation } from 'react-i18next';
import { formatBRL } from '#shared/lib/money';
import { Kbd } from '../../app/Kbd';
import { useNavigation } from '../../app/navigation-store';
import { pdvNoticeDone } from '../../lib/pdv-push';
import { useSale } from './sale-store';

export function PdvSaleNotice() {
  const { t } = useTranslation();
  const notice = useSale((state) => state.pdvNotice);
  const liveId = useSale((state) => state.live?.sale.correlationID);
  const screen = useNavigation((state) => state.screen);
  const done = notice !== null && pdvNoticeDone(notice, { screen, ...(liveId ? { liveId } : {}) });

  useEffect(() => {
    if (done) useSale.getState().dismissPdvNotice();
  }, [done]);

  if (!notice || done) return null;
  const amount = formatBRL(notice.value);
  const target = notice.onScreen ? 'sale' : 'history';
  return (
    <div className="pdv-notice" role="status" aria-live="polite" data-testid="pdv-sale-notice">
      <p className="pdv-notice-text">
        {notice.onScreen ? t('pdvSale.waiting', { amount }) : t('pdvSale.waitingInHistory', { amount })}
      </p>
      <button
        type="button"
        className="button button--primary button--small"
        tabIndex={-1}
        onClick={() => useNavigation.getState().go(target)}
      >
        {notice.onScreen ? t('pdvSale.open') : t('pdvSale.openHistory')} <Kbd>{notice.onScreen ? 'F1' : 'F2'}</Kbd>
      </button>
      <button
        type="button"
        className="pdv-notice-close"
        tabIndex={-1}
        aria-label={t('live.dismiss')}
        onClick={() => useSale.getState().dismissPdvNotice()}
      >
        ×
      </button>
    </div>
  );
}
