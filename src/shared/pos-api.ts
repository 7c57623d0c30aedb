// The preload API contract: everything the counter's renderer may ask of the main process.
// Electron's preload exposes it as `window.balcao`; the browser host installs a bridge with the
// very same type. Money is integer cents; ids are the service's correlationIDs.

export type PosMode = 'embedded' | 'remote-sandbox' | 'production';
/**
 * A sale as the counter knows it, from its own store (the service's word wins once it has one):
 * - PENDING: Enter was pressed and the service has not answered yet ("conectando…"); no code yet.
 * - ACTIVE: the service made its charge; the QR can be paid.
 * - COMPLETED / EXPIRED: as the service says.
 * - CANCELLED: cancelled at the counter; the service's delete may still be queued.
 * - REJECTED: the service refused to create it; `sync.rejected` says why.
 * - OFFLINE: made while the service could not be reached. Its QR is a static code the counter made
 *   (the shop's confirmed key, the amount, a txid of its own; see `offline`). The customer can pay
 *   it at once; it is "aguardando confirmação", never paid, until the service's records confirm
 *   the payment (then COMPLETED) or the owner decides (COMPLETED, or EXPIRED when marked unpaid).
 */
export type SaleStatus = 'PENDING' | 'ACTIVE' | 'OFFLINE' | 'COMPLETED' | 'EXPIRED' | 'CANCELLED' | 'REJECTED';
export type ReceiptKindName = 'pix-in' | 'pix-refund';
export type ReceiptLayoutName = 'thermal80' | 'a4';
export type PosLocale = 'pt-BR' | 'en';

export interface SaleCustomer {
  name: string;
  taxID?: string;
  email?: string;
  phone?: string;
}

export interface SaleRefund {
  correlationID: string;
  value: number;
  /** QUEUED: confirmed by the cashier, not yet acknowledged by the service. */
  status: 'QUEUED' | 'IN_PROCESSING' | 'CONFIRMED' | 'REJECTED';
  /** The refund's return id (D…): the key of its receipt. Absent while QUEUED. */
  endToEndId?: string;
  time: string;
  comment?: string;
  /** Why the service refused it (REJECTED by the service's answer to our request), in pt-BR. */
  rejectedReason?: string;
}

/** How far the service has heard of this sale. */
export interface SaleSync {
  /** This sale's commands (create, cancel, refunds) still waiting for the service's answer. */
  queued: number;
  /** The service's reason, in pt-BR, when it refused one of this sale's commands for good. */
  rejected?: string;
}

/**
 * Where an offline sale stands:
 * - AWAITING: no payment seen yet (its window may still be open);
 * - CONFIRMED: the service's records show its payment (by its txid, or by its exact value when the
 *   payer's bank dropped the txid and nothing else could explain the money);
 * - REVIEW: doubtful, waiting for a person (see `review`): nothing is ever matched on a guess;
 * - CONFIRMED_BY_OWNER / UNPAID_BY_OWNER: the owner decided from "Conferir pagamentos offline".
 */
export type OfflineSaleState = 'AWAITING' | 'CONFIRMED' | 'REVIEW' | 'CONFIRMED_BY_OWNER' | 'UNPAID_BY_OWNER';

/**
 * Why an offline sale waits for a person: several sales or Pix could be each other's (AMBIGUOUS),
 * less or more than its value came (UNDERPAID, OVERPAID), more than one payment (DOUBLE_PAID),
 * nothing came within its window (NO_PAYMENT), its exact value came after the window (LATE), or
 * money came for a sale the cashier cancelled (CANCELLED_PAID).
 */
export type OfflineReviewReason =
  'AMBIGUOUS' | 'UNDERPAID' | 'OVERPAID' | 'DOUBLE_PAID' | 'NO_PAYMENT' | 'LATE' | 'CANCELLED_PAID';

/** A Pix that came in to the shop's key, as the service lists it. */
export interface OfflinePix {
  endToEndId: string;
  value: number;
  time: string;
  payerName?: string;
}

export interface OfflineReview {
  reason: OfflineReviewReason;
  /** The Pix in question (none for NO_PAYMENT), by time. */
  transactions: OfflinePix[];
  /** AMBIGUOUS: the other sales that could own the same Pix (correlationIDs). */
  otherSales?: string[];
  /** The sale is paid; this is only about money beyond its payment (to be returned by hand). */
  saleMatched: boolean;
}

/** What the owner decides for a sale in "Conferir pagamentos offline". */
export type OfflineDecision = 'paid' | 'unpaid' | 'acknowledged';

export interface SaleOffline {
  /** The txid (tag 62-05) of its code: unique per sale, 25 letters and digits at most. */
  txid: string;
  /** The key the code pays into (DICT form): the confirmed offline key when it was made. */
  pixKey: string;
  state: OfflineSaleState;
  /** The service knows the sale's txid (registered as a static QR code with that identifier). */
  registered: boolean;
  /** The cashier saw the payment in the customer's bank app: recorded, never a confirmation. */
  customerShowedReceiptAt?: string;
  matchedBy?: 'txid' | 'value';
  /** Present while a person must look (and kept, with `decision`, once they did). */
  review?: OfflineReview;
  decision?: OfflineDecision;
  decidedAt?: string;
  /** A dynamic charge made for this sale before it went offline is (or will be) deleted at the service. */
  dynamicChargeWithdrawn: boolean;
}

export interface Sale {
  correlationID: string;
  value: number;
  comment?: string;
  customer?: SaleCustomer;
  status: SaleStatus;
  /** Pix copy-and-paste code; the renderer draws the QR from it. Absent until the service made it. */
  brCode?: string;
  sync: SaleSync;
  expiresDate: string;
  createdAt: string;
  paidAt?: string;
  /** End-to-end id of the payment (E…): the key of the pix-in receipt. */
  endToEndId?: string;
  payerName?: string;
  refunds: SaleRefund[];
  /** What can still be refunded, in cents (0 unless paid). */
  refundable: number;
  /** Sales made offline (status OFFLINE, and after): their code and how they were confirmed. */
  offline?: SaleOffline;
  /** The register session it was made in, and its number there ("Venda 0042"); none before the register was set up. */
  sessionId?: string;
  number?: number;
  /** Who made it (the operator's name). */
  operatorName?: string;
  /** Cancelled at the counter: when, and by whom (the record stays for the audit). */
  cancelledAt?: string;
  cancelledBy?: string;
}

export interface DayTotals {
  /** São Paulo calendar day, YYYY-MM-DD: the day listed, or the first day of a range. */
  day: string;
  /** The last day (inclusive) when a range of days was listed. */
  to?: string;
  count: number;
  paidCount: number;
  paidValue: number;
  refundedValue: number;
  /** paidValue − refundedValue. */
  net: number;
}

export type PosConnection = 'online' | 'offline' | 'syncing';

/** The counter's offline sales, from its store: what the status bar shows while offline. */
export interface OfflineStatus {
  /** The settings allow offline sales. */
  enabled: boolean;
  /** The key offline codes pay into, once the service confirmed it is one of the account's keys. */
  confirmedKey?: string;
  /** Why offline sales cannot be made now (no confirmed key yet, the key is not the account's, …). */
  unavailable?: string;
  /** Offline sales not confirmed yet (AWAITING or REVIEW, not cancelled) and their total, in cents. */
  unconfirmedCount: number;
  unconfirmedValue: number;
  /** Offline sales waiting for a person in "Conferir pagamentos offline". */
  reviewCount: number;
  /**
   * Offline codes registered at the service ahead, still unused: an offline sale's payment is
   * linked to its sale by the service only through one of these (more in src/main/sync/offline-pool.ts).
   */
  readyCodes?: number;
  /** Why the service refuses to register codes ahead (no permission): offline payments then match by value alone. */
  readyCodesRefused?: string;
}

export interface PosStatus {
  mode: PosMode;
  /** connection !== 'offline'. */
  online: boolean;
  /** Online with nothing queued; syncing while commands are being sent; offline when the service cannot be reached. */
  connection: PosConnection;
  /** When the counter last lost the service (ISO time), while offline. */
  offlineSince?: string;
  /** Commands (creates, cancels, refunds) waiting for the current service's answer. */
  queued: number;
  /** Commands kept for another service (a mode or remote used before); sent when it is back. */
  queuedElsewhere: number;
  /** The service refused the AppID (401/403): sending has stopped until the settings change. */
  authRefused?: string;
  merchantName: string;
  /** True once a mode with its credentials is ready to sell. */
  ready: boolean;
  offline: OfflineStatus;
}

export interface ReceiptHeaderSettings {
  title?: string;
  lines: string[];
}

/**
 * Where the AppID is kept: the OS keychain (Electron's safeStorage), a file only this OS user may
 * read (the browser host), or memory only, when the OS offers no real encryption (it must then
 * be typed again after a restart).
 */
export type AppIdStorage = 'keychain' | 'file' | 'memory';

/**
 * Offline sales and their caps (as Square's and Clover's offline modes have): over a cap a new
 * offline sale is refused, with the reason and the room left. Disabled, a sale made without the
 * service waits in the queue ("Conectando…") and its QR appears when the service is back.
 */
export interface OfflineSalesSettings {
  enabled: boolean;
  /** Cents: the largest single offline sale. */
  maxSaleValue: number;
  /** Cents: the most money in offline sales not confirmed yet, this sale included. */
  maxUnconfirmedTotal: number;
  /** Minutes: no new offline sale while the oldest unconfirmed one is older than this. */
  maxAgeMinutes: number;
}

export interface Settings {
  mode: PosMode;
  baseUrl?: string;
  /** The AppID itself never leaves the main process; the renderer only learns whether one is set. */
  hasAppId: boolean;
  appIdStorage: AppIdStorage;
  /** In embedded mode also the sandbox account's name and city in BR Codes (tags 59 and 60). */
  merchantName: string;
  merchantCity: string;
  /** Canonical DICT form. In embedded mode the key new charges are paid to; elsewhere printed on receipts. */
  pixKey?: string;
  printer?: string;
  receiptHeader: ReceiptHeaderSettings;
  receiptLayout: ReceiptLayoutName;
  locale: PosLocale;
  customerDisplay: boolean;
  offlineSales: OfflineSalesSettings;
  /** Cents: a sale above this asks the cashier to confirm before it is charged (src/shared/large-sale.ts). */
  confirmAbove: number;
}

export interface SettingsInput {
  mode?: PosMode;
  baseUrl?: string;
  /** Write-only. An empty string clears it. */
  appId?: string;
  merchantName?: string;
  merchantCity?: string;
  pixKey?: string;
  printer?: string;
  receiptHeader?: ReceiptHeaderSettings;
  receiptLayout?: ReceiptLayoutName;
  locale?: PosLocale;
  customerDisplay?: boolean;
  offlineSales?: OfflineSalesSettings;
  confirmAbove?: number;
  /** Required once the register is set up (a manager exists): changing settings needs a manager's PIN. */
  manager?: ManagerApproval;
  /**
   * Switching to another service (mode, base URL or AppID) while commands are queued is refused
   * (409) unless this says the owner saw the warning. The commands are kept either way.
   */
  confirmQueued?: boolean;
  /** Save a remote mode whose service could not be reached now (see saveSettings). */
  saveUnreachable?: boolean;
}

export interface ReceiptRequest {
  /** The sale the receipt belongs to: a payment or refund of another sale is not printed under it. */
  correlationID: string;
  kind: ReceiptKindName;
  endToEndId: string;
  layout: ReceiptLayoutName;
}

export interface ReceiptFile {
  fileName: string;
  /** The PDF, base64: the same bytes travel over IPC and over the browser bridge. */
  pdfBase64: string;
}

export interface PrintResult {
  printed: boolean;
  /** Why not, when printing is not possible here (no printer, browser host). */
  reason?: string;
}

export interface Printer {
  name: string;
  displayName: string;
  isDefault: boolean;
}

export type OperatorRole = 'CASHIER' | 'MANAGER';

/** An operator as the screens see it: never the PIN nor its hash. */
export interface Operator {
  id: string;
  name: string;
  role: OperatorRole;
  createdAt: string;
  disabledAt?: string;
  /** Too many wrong PINs: no PIN of this operator is checked before this time (ISO). */
  lockedUntil?: string;
}

/**
 * A manager's approval of ONE action, given with the call that does it (a refund, closing the
 * register, changing the settings, managing operators): nothing stays unlocked afterwards.
 */
export interface ManagerApproval {
  operatorId: string;
  pin: string;
}

export interface RegisterSession {
  id: string;
  tillName: string;
  openedBy: string;
  openedAt: string;
  openingNote?: string;
  closedBy?: string;
  closedAt?: string;
}

/** The counter's register: who may work it, who is working it, and the open session. */
export interface RegisterState {
  /**
   * False until the first manager is created (first start): then the counter asks for that
   * first. Once true, selling needs a signed-in operator and an open session.
   */
  setUp: boolean;
  /** Active operators, for the login screen. */
  operators: Operator[];
  current?: Operator;
  session?: RegisterSession;
  /** The till name the next session opens with (the last one used). */
  tillName: string;
}

/** A closed session in the past-sessions list, with the totals its manager confirmed at closing. */
export interface PastSession extends RegisterSession {
  closedAt: string;
  salesCount: number;
  paidCount: number;
  refundsCount: number;
  net: number;
}

export interface OperatorTotals {
  operatorName: string;
  paidCount: number;
  paidValue: number;
  refundedValue: number;
}

/**
 * A session's closing summary, from the counter's store and its real sync state. `warnings`
 * are in pt-BR; closing with any of them needs an explicit confirmation.
 */
export interface SessionSummary {
  session: RegisterSession;
  /** Every sale made in the session, whatever became of it. */
  salesCount: number;
  paidCount: number;
  paidValue: number;
  refundsCount: number;
  /** Refunds asked for in the session and not refused by the service. */
  refundedValue: number;
  /** paidValue − refundedValue. */
  net: number;
  /** Sales still waiting for payment (QR on screen, or Enter pressed and no answer yet). */
  awaitingCount: number;
  awaitingValue: number;
  /** Offline sales not confirmed yet (waiting for the service's records, or for the owner). */
  unconfirmedOfflineCount: number;
  unconfirmedOfflineValue: number;
  /** Commands (creates, cancels, refunds) of this counter not yet acknowledged by the service. */
  queuedCommands: number;
  cancelledCount: number;
  cancelledValue: number;
  expiredCount: number;
  /** Sales the service refused to create. */
  rejectedCount: number;
  byOperator: OperatorTotals[];
  warnings: string[];
}

/** A CSV export of the counter's sales (the same text in Electron and the browser host). */
export interface SalesExportFile {
  fileName: string;
  /** UTF-8 CSV with a header row: sale, operator, session, value, status, refunds, end-to-end id… */
  csv: string;
}

/**
 * What "Testar conexão" found at a remote service, asked with the base URL and AppID typed:
 * - ok: the service answered as a Pix service with that AppID;
 * - unreachable: nothing answered (refused, DNS, timeout, TLS);
 * - wrong-path: something answered, but not the service's API at that URL (a 404 route, HTML);
 * - refused-app-id: the service answered 401/403 to the AppID;
 * - missing-scopes: the AppID is accepted but lacks a scope selling needs (see missingScopes);
 * - unexpected: any other answer (a 5xx, a body that is not the service's).
 */
export type ConnectionProblem = 'unreachable' | 'wrong-path' | 'refused-app-id' | 'missing-scopes' | 'unexpected';

/**
 * What the counter does with the service, as "Testar conexão" reports a missing scope's cost:
 * selling (create and read charges: without it the counter cannot sell), cancelling a sale at the
 * service, refunds, selling offline, and the receipt's details.
 */
export type CounterFeature = 'selling' | 'cancel' | 'refunds' | 'offline' | 'receipts';

/** A scope the counter uses that the AppID lacks, and what it costs. */
export interface MissingScope {
  /** The service's scope name, e.g. CHARGE_DELETE. */
  scope: string;
  feature: CounterFeature;
  /** In pt-BR, for the owner: what the counter cannot do without it. */
  consequence: string;
}

export interface ConnectionCheck {
  ok: boolean;
  problem?: ConnectionProblem;
  /** In pt-BR, for the owner: what is wrong and what to check. */
  message: string;
  /** What answered, for the details line (status and a short excerpt). */
  detail?: string;
  /** The company's name as the service knows it, when ok. */
  companyName?: string;
  /**
   * The scopes the counter uses that the AppID lacks, once the AppID was accepted (empty: none
   * missing). Absent when the check stopped before (unreachable, wrong path, refused AppID), and
   * only the scopes actually found missing when the network failed half-way.
   */
  missingScopes?: MissingScope[];
  /** In pt-BR: what the check could not remove at the service (a test charge) and how to remove it. */
  leftBehind?: string;
}

export type PosEvent = { type: 'sale-updated'; sale: Sale } | { type: 'status'; status: PosStatus };

export interface PosApi {
  getStatus(): Promise<PosStatus>;
  createSale(input: { value: number; comment?: string; customer?: SaleCustomer }): Promise<Sale>;
  getSale(input: { correlationID: string }): Promise<Sale>;
  /** Esc on the QR screen: cancels at once at the counter, and the service's delete is queued. */
  cancelSale(input: { correlationID: string }): Promise<{ cancelled: boolean }>;
  /**
   * A day's sales (today by default), or those of the days `from`..`to` (inclusive, São Paulo days,
   * at most 92 days), newest first, optionally searched by correlationID or amount. Only this
   * counter's sales: charges made elsewhere on the account are not this till's.
   */
  listSales(input: {
    day?: string;
    from?: string;
    to?: string;
    search?: string;
  }): Promise<{ sales: Sale[]; totals: DayTotals }>;
  /** The same sales as listSales (a day or a range, same limits) as a CSV file. */
  exportSales(input: { day?: string; from?: string; to?: string }): Promise<SalesExportFile>;
  /**
   * The sale the cashier had on screen (kept in counter.db, so it comes back after a restart),
   * until they moved on to a new sale. `createSale` puts the new sale there.
   */
  getSaleOnScreen(): Promise<{ sale?: Sale }>;
  /** Puts a sale back on screen (from the history: "Mostrar QR"), or clears it (null: a new sale). */
  setSaleOnScreen(input: { correlationID: string | null }): Promise<{ sale?: Sale }>;
  /** Once the register is set up, a refund needs a manager's approval (`manager`). */
  refundSale(input: { correlationID: string; value: number; reason: string; manager?: ManagerApproval }): Promise<Sale>;
  getReceipt(input: ReceiptRequest): Promise<ReceiptFile>;
  printReceipt(input: ReceiptRequest & { printer?: string }): Promise<PrintResult>;
  listPrinters(): Promise<Printer[]>;
  getSettings(): Promise<Settings>;
  /**
   * Saving a remote mode (remote-sandbox, production) with another base URL or AppID tests the
   * connection first and refuses (422, with the check's message) when it fails, unless the only
   * problem is that the service is unreachable and `saveUnreachable` says the owner saw that.
   * Switching the language alone needs no manager's PIN: it is the reader's, not the shop's.
   */
  saveSettings(input: SettingsInput): Promise<Settings>;
  /** "Testar conexão": asks the remote at `baseUrl` with `appId` (the saved AppID when absent). */
  testConnection(input: { baseUrl: string; appId?: string }): Promise<ConnectionCheck>;
  /**
   * "Cliente mostrou o comprovante": the cashier saw the payment in the customer's bank app. It is
   * recorded as that on an OFFLINE sale, not as a payment; the sale is reconciled like the others.
   */
  markCustomerShowedReceipt(input: { correlationID: string }): Promise<Sale>;
  /** "Conferir pagamentos offline": every offline sale waiting for a person, oldest first, any day. */
  listOfflineReview(): Promise<{ sales: Sale[] }>;
  /**
   * The owner's decision on a sale under review: `paid` (it was paid: COMPLETED), `unpaid` (it was
   * not: EXPIRED), `acknowledged` (money beyond a payment, or for a cancelled sale, to be returned
   * by hand). Refused (409) for a sale not under review, or a decision that does not fit it.
   */
  resolveOfflineReview(input: { correlationID: string; decision: OfflineDecision }): Promise<Sale>;
  /** Sandbox modes only: pays the sale as a customer's bank would (training and demos). */
  simulatePayment(input: { correlationID: string }): Promise<Sale>;
  /** The register: set up or not, operators, who is signed in, the open session. */
  getRegister(): Promise<RegisterState>;
  /**
   * A new operator. The first one (first start) must be a MANAGER and needs no approval; every
   * later one needs a manager's approval. The PIN is 4 to 8 digits and is stored hashed only.
   */
  createOperator(input: {
    name: string;
    role: OperatorRole;
    pin: string;
    manager?: ManagerApproval;
  }): Promise<RegisterState>;
  /** A manager disables an operator (kept for the audit; the last active manager cannot be disabled). */
  disableOperator(input: { operatorId: string; manager: ManagerApproval }): Promise<RegisterState>;
  /** The operator at the counter from now on; wrong PINs are counted and lock the operator for a while. */
  signIn(input: { operatorId: string; pin: string }): Promise<RegisterState>;
  signOut(): Promise<RegisterState>;
  /** Abertura de caixa, by the signed-in operator. Refused while a session is open. */
  openRegister(input: { tillName?: string; openingNote?: string }): Promise<RegisterState>;
  /** What closing the open session would show now (and its warnings). */
  getSessionSummary(): Promise<SessionSummary>;
  /**
   * Fechamento de caixa, with a manager's PIN. Refused (409) while commands are queued or offline
   * sales are unconfirmed, unless `confirmPending` says the manager saw those warnings.
   */
  closeRegister(input: { manager: ManagerApproval; confirmPending?: boolean }): Promise<SessionSummary>;
  /** Closed sessions, newest first (the last 50), for reprinting their reports. */
  listSessions(): Promise<{ sessions: PastSession[] }>;
  /** The end-of-day report of a session (the open one: as it stands now), 80 mm or A4. */
  getSessionReport(input: { sessionId: string; layout: ReceiptLayoutName }): Promise<ReceiptFile>;
  /** "Imprimir relatório": that report to the printer (the configured one unless `printer` says), like a receipt. */
  printSessionReport(input: { sessionId: string; layout: ReceiptLayoutName; printer?: string }): Promise<PrintResult>;
  /** Pushes from main (sale paid or expired, status changes). Returns the unsubscribe. */
  onEvent(listener: (event: PosEvent) => void): () => void;
}

/** Errors cross the boundary as `{ error }`; the bridge rethrows them as PosError. */
export interface PosErrorBody {
  error: string;
  status?: number;
}
