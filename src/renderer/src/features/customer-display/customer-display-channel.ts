// The cashier window tells the customer display what to show over a BroadcastChannel: both are
// same-origin pages (app://balcao in Electron, the host's origin in a browser), so no extra
// IPC channel or main-process state is needed. Sale status updates also reach the display
// directly through its own CounterApi subscription.
import type { Sale } from '#shared/counter/counter-api';
import { useSale } from '../sale/sale-store';

const CHANNEL = 'balcao-customer-display';

export type CustomerDisplayMessage = { type: 'show'; sale: Sale | null } | { type: 'hello' };

/** Cashier side: announce every change of the sale on screen, and answer a display that (re)opens. */
export function startCustomerDisplayFeed(): () => void {
  if (typeof BroadcastChannel === 'undefined') return () => undefined;
  const channel = new BroadcastChannel(CHANNEL);
  const current = () => useSale.getState().live?.sale ?? null;
  const announce = (sale: Sale | null) => channel.postMessage({ type: 'show', sale } satisfies CustomerDisplayMessage);
  channel.onmessage = (event: MessageEvent<CustomerDisplayMessage>) => {
    if (event.data?.type === 'hello') announce(current());
  };
  let last = current();
  const unsubscribe = useSale.subscribe((state) => {
    const sale = state.live?.sale ?? null;
    if (sale === last) return;
    last = sale;
    announce(sale);
  });
  return () => {
    unsubscribe();
    channel.close();
  };
}

/** Display side: receive what the cashier shows. */
export function listenToCashier(onShow: (sale: Sale | null) => void): () => void {
  if (typeof BroadcastChannel === 'undefined') return () => undefined;
  const channel = new BroadcastChannel(CHANNEL);
  channel.onmessage = (event: MessageEvent<CustomerDisplayMessage>) => {
    if (event.data?.type === 'show') onShow(event.data.sale);
  };
  channel.postMessage({ type: 'hello' } satisfies CustomerDisplayMessage);
  return () => channel.close();
}
