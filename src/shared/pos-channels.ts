// IPC channel names of the preload API. Dependency-free on purpose: the preload imports this
// and nothing else, so its bundle stays tiny and sandbox-compatible.
import type { PosApi } from './pos-api';

export type PosInvokeMethod = Exclude<keyof PosApi, 'onEvent'>;

/** Request/response methods, each on its own `pos:<method>` channel (the allowlist). */
export const POS_INVOKE_METHODS = [
  'getStatus',
  'createSale',
  'getSale',
  'cancelSale',
  'listSales',
  'exportSales',
  'getSaleOnScreen',
  'setSaleOnScreen',
  'refundSale',
  'getReceipt',
  'printReceipt',
  'listPrinters',
  'getSettings',
  'saveSettings',
  'testConnection',
  'simulatePayment',
  'markCustomerShowedReceipt',
  'listOfflineReview',
  'resolveOfflineReview',
  'getRegister',
  'createOperator',
  'disableOperator',
  'signIn',
  'signOut',
  'openRegister',
  'getSessionSummary',
  'closeRegister',
  'listSessions',
  'getSessionReport',
  'printSessionReport',
] as const satisfies readonly PosInvokeMethod[];

/** The one push channel, main → renderer. */
export const POS_EVENT_CHANNEL = 'pos:event';

export function channelOf(method: PosInvokeMethod): string {
  return `pos:${method}`;
}

// Compile-time proof that the list covers every invoke method of the contract.
type Missing = Exclude<PosInvokeMethod, (typeof POS_INVOKE_METHODS)[number]>;
const _everyMethodHasAChannel: Missing extends never ? true : never = true;
void _everyMethodHasAChannel;
