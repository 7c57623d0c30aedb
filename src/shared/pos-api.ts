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
 */
export type SaleStatus = 'PENDING' | 'ACTIVE' | 'COMPLETED' | 'EXPIRED' | 'CANCELLED' | 'REJECTED';
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
}

export interface DayTotals {
  /** São Paulo calendar day, YYYY-MM-DD. */
  day: string;
  count: number;
  paidCount: number;
  paidValue: number;
  refundedValue: number;
  /** paidValue − refundedValue. */
  net: number;
}

export type PosConnection = 'online' | 'offline' | 'syncing';

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
  /**
   * Switching to another service (mode, base URL or AppID) while commands are queued is refused
   * (409) unless this says the owner saw the warning. The commands are kept either way.
   */
  confirmQueued?: boolean;
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

export type PosEvent =
  | { type: 'sale-updated'; sale: Sale }
  | { type: 'status'; status: PosStatus };

export interface PosApi {
  getStatus(): Promise<PosStatus>;
  createSale(input: { value: number; comment?: string; customer?: SaleCustomer }): Promise<Sale>;
  getSale(input: { correlationID: string }): Promise<Sale>;
  /** Esc on the QR screen: cancels at once at the counter, and the service's delete is queued. */
  cancelSale(input: { correlationID: string }): Promise<{ cancelled: boolean }>;
  /** A day's sales (today by default), newest first, optionally searched by correlationID or amount. */
  listSales(input: { day?: string; search?: string }): Promise<{ sales: Sale[]; totals: DayTotals }>;
  refundSale(input: { correlationID: string; value: number; reason: string }): Promise<Sale>;
  getReceipt(input: ReceiptRequest): Promise<ReceiptFile>;
  printReceipt(input: ReceiptRequest & { printer?: string }): Promise<PrintResult>;
  listPrinters(): Promise<Printer[]>;
  getSettings(): Promise<Settings>;
  saveSettings(input: SettingsInput): Promise<Settings>;
  /** Sandbox modes only: pays the sale as a customer's bank would (training and demos). */
  simulatePayment(input: { correlationID: string }): Promise<Sale>;
  /** Pushes from main (sale paid or expired, status changes). Returns the unsubscribe. */
  onEvent(listener: (event: PosEvent) => void): () => void;
}

/** Errors cross the boundary as `{ error }`; the bridge rethrows them as PosError. */
export interface PosErrorBody {
  error: string;
  status?: number;
}
