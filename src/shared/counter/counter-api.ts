// The preload API contract: everything the counter's renderer may ask of the main process.
// Electron's preload exposes it as `window.counter`; the browser host installs a bridge with the
// very same type. Every type here is inferred from the zod schemas (counter-schemas.ts, where the
// doc comments are) and the method table (counter-methods.ts): nothing is written twice. Imports
// of this module are type-only, so no process bundles zod for it.
import type { z } from 'zod';
import type { CounterMethodName, CounterMethods } from './counter-methods';
import type * as schema from './counter-schemas';

export type CounterMode = z.infer<typeof schema.counterMode>;
export type SaleStatus = z.infer<typeof schema.saleStatus>;
export type ReceiptKindName = z.infer<typeof schema.receiptKind>;
export type ReceiptLayoutName = z.infer<typeof schema.receiptLayout>;
export type CounterLocale = z.infer<typeof schema.counterLocale>;
export type OperatorRole = z.infer<typeof schema.operatorRole>;
export type OfflineSaleState = z.infer<typeof schema.offlineSaleState>;
export type OfflineReviewReason = z.infer<typeof schema.offlineReviewReason>;
export type OfflineDecision = z.infer<typeof schema.offlineDecision>;
export type CounterConnection = z.infer<typeof schema.counterConnection>;
export type AppIdStorage = z.infer<typeof schema.appIdStorage>;
export type ConnectionProblem = z.infer<typeof schema.connectionProblem>;
export type CounterFeature = z.infer<typeof schema.counterFeature>;

export type SaleCustomer = z.input<typeof schema.saleCustomer>;
export type SaleRefund = z.output<typeof schema.saleRefund>;
export type SaleSync = z.output<typeof schema.saleSync>;
export type OfflinePix = z.output<typeof schema.offlinePix>;
export type OfflineReview = z.output<typeof schema.offlineReview>;
export type SaleOffline = z.output<typeof schema.saleOffline>;
export type Sale = z.output<typeof schema.sale>;
export type DayTotals = z.output<typeof schema.dayTotals>;
export type OfflineKeyProblem = z.output<typeof schema.offlineKeyProblem>;
export type OfflineCapRefusal = z.output<typeof schema.offlineCapRefusal>;
export type OfflineRefusal = z.output<typeof schema.offlineRefusal>;
export type OfflineStatus = z.output<typeof schema.offlineStatus>;
export type CounterStatus = z.output<typeof schema.counterStatus>;
export type ReceiptHeaderSettings = z.output<typeof schema.receiptHeaderSettings>;
export type OfflineSalesSettings = z.output<typeof schema.offlineSalesSettings>;
export type Settings = z.output<typeof schema.settings>;
export type SettingsInput = z.input<typeof schema.settingsInput>;
export type ManagerApproval = z.input<typeof schema.managerApproval>;
export type ReceiptRequest = z.output<typeof schema.receiptRequest>;
export type ReceiptFile = z.output<typeof schema.receiptFile>;
export type PrintResult = z.output<typeof schema.printResult>;
export type PaperPrinterTest = z.output<typeof schema.paperPrinterTest>;
export type PaperPrinterTestInput = z.output<typeof schema.paperPrinterTestInput>;
export type Printer = z.output<typeof schema.printer>;
export type Operator = z.output<typeof schema.operator>;
export type RegisterSession = z.output<typeof schema.registerSession>;
export type RegisterState = z.output<typeof schema.registerState>;
export type PastSession = z.output<typeof schema.pastSession>;
export type OperatorTotals = z.output<typeof schema.operatorTotals>;
export type ClosingWarning = z.output<typeof schema.closingWarning>;
export type SessionSummary = z.output<typeof schema.sessionSummary>;
export type SalesExportFile = z.output<typeof schema.salesExportFile>;
export type MissingScope = z.output<typeof schema.missingScope>;
export type ConnectionVerdict = z.output<typeof schema.connectionVerdict>;
export type ConnectionDetail = z.output<typeof schema.connectionDetail>;
export type ConnectionLeftBehind = z.output<typeof schema.connectionLeftBehind>;
export type ConnectionCheck = z.output<typeof schema.connectionCheck>;

export type CounterEvent =
  | { type: 'sale-updated'; sale: Sale }
  | { type: 'status'; status: CounterStatus }
  /** The shop's PDV made this sale (src/main/counter/integration): the cashier's screen shows it, as if typed. */
  | { type: 'sale-on-screen'; sale: Sale };

/** What a caller passes to method M (methods without input may be called with nothing). */
export type CounterInput<M extends CounterMethodName> = z.input<CounterMethods[M]['input']>;
/** What method M answers. */
export type CounterOutput<M extends CounterMethodName> = z.output<CounterMethods[M]['output']>;

/** Every method of the table as the renderer calls it; the doc of each is on its table entry. */
export type CounterMethodsApi = {
  // `keyof CounterMethods`, not the name union: a mapped type over `keyof` keeps each entry's doc comment.
  [M in keyof CounterMethods]: undefined extends CounterInput<M>
    ? (input?: CounterInput<M>) => Promise<CounterOutput<M>>
    : (input: CounterInput<M>) => Promise<CounterOutput<M>>;
};

export interface CounterApi extends CounterMethodsApi {
  /** Pushes from main (sale paid or expired, status changes). Returns the unsubscribe. */
  onEvent(listener: (event: CounterEvent) => void): () => void;
}
