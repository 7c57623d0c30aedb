// The counter's method names and their IPC channels. Dependency-free on purpose: the sandboxed
// preload imports this and nothing else (it may require only 'electron', and whatever it imports
// is bundled into it), so the allowlist travels without zod or the schemas. counter-methods.ts
// proves at compile time that this list and the method table name exactly the same methods.

/** Request/response methods, each on its own `counter:<method>` channel (the allowlist). */
export const COUNTER_INVOKE_METHODS = [
  'getStatus',
  'createSale',
  'getSale',
  'cancelSale',
  'listSales',
  'exportSales',
  'getSaleOnScreen',
  'setSaleOnScreen',
  'leaveSaleOnScreen',
  'refundSale',
  'getReceipt',
  'printReceipt',
  'listPrinters',
  'testPaperPrinter',
  'openCashDrawer',
  'listIntegrations',
  'createIntegration',
  'revokeIntegration',
  'getFixedQr',
  'printFixedQr',
  'getFixedQrPdf',
  'renewFixedQr',
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
] as const;

export type CounterInvokeMethod = (typeof COUNTER_INVOKE_METHODS)[number];

/** The one push channel, main → renderer. */
export const COUNTER_EVENT_CHANNEL = 'counter:event';

export function channelOf(method: CounterInvokeMethod): `counter:${CounterInvokeMethod}` {
  return `counter:${method}`;
}
