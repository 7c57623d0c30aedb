// One subscription to the main process's pushes, fanned out to the view caches.
import type { CounterApi, CounterEvent } from '#shared/counter/counter-api';
import { useHistory } from '../features/history/history-store';
import { useSale } from '../features/sale/sale-store';
import { useStatus } from '../features/status-bar/status-store';
import { useNavigation } from './navigation-store';

let reloadTimer: ReturnType<typeof setTimeout> | undefined;

export function connectLiveEvents(api: CounterApi): () => void {
  return api.onEvent((event: CounterEvent) => {
    switch (event.type) {
      case 'sale-updated':
        useSale.getState().applyUpdate(event.sale);
        useHistory.getState().upsert(event.sale);
        if (useNavigation.getState().screen === 'history') scheduleHistoryReload();
        break;
      case 'sale-on-screen':
        // The shop's PDV charged an order: its sale shows as if typed (sale-store showPushed).
        useSale.getState().showPushed(event.sale);
        useHistory.getState().upsert(event.sale);
        if (useNavigation.getState().screen === 'history') scheduleHistoryReload();
        break;
      case 'status': {
        const before = useStatus.getState().status?.offline?.reviewCount;
        useStatus.getState().apply(event.status);
        // The owner's list follows the count the status carries (a sale just sent to review).
        if (useNavigation.getState().screen === 'history' && event.status.offline?.reviewCount !== before)
          scheduleHistoryReload();
        break;
      }
    }
  });
}

/**
 * Day totals move with every payment, and the offline sales to check with every reconciliation;
 * a burst of pushes costs one reload of each.
 */
function scheduleHistoryReload() {
  clearTimeout(reloadTimer);
  reloadTimer = setTimeout(() => {
    void useHistory.getState().load();
    void useHistory.getState().loadReview();
  }, 250);
}
