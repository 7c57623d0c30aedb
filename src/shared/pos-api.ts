// The preload API contract: everything the counter's renderer may ask of the main process.
// Electron's preload exposes it as `window.balcao`; the browser host installs a bridge with the
// very same type. Money is integer cents; ids are the service's correlationIDs.

export type PosMode = 'embedded' | 'remote-sandbox' | 'production';
export type SaleStatus = 'ACTIVE' | 'COMPLETED' | 'EXPIRED';
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
  status: 'IN_PROCESSING' | 'CONFIRMED' | 'REJECTED';
  /** The refund's return id (D…): the key of its receipt. */
  endToEndId: string;
  time: string;
  comment?: string;
}

export interface Sale {
  correlationID: string;
  value: number;
  comment?: string;
  customer?: SaleCustomer;
  status: SaleStatus;
  /** Pix copy-and-paste code; the renderer draws the QR from it. */
  brCode: string;
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

export interface PosStatus {
  mode: PosMode;
  online: boolean;
  /** Operations waiting to reach the remote service (the sync issue fills it; 0 until then). */
  queued: number;
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
  /** Esc on the QR screen: deletes the unpaid charge. */
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
