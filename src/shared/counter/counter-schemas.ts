// The shapes the counter's methods take and answer, as zod schemas: the method table
// (counter-methods.ts) checks inputs with them, the tests check every answer with them, and the
// TypeScript types everything else uses are inferred from them (counter-api.ts). Money is integer
// cents; ids are the service's correlationIDs. The renderer imports this module for types only,
// so zod never reaches its bundle.
// Over 300 lines because it is the one declaration of every shape that crosses between the
// processes (about 80 schemas, each a few lines); split, each part would import most of the rest.
import { z } from 'zod';
import { HTTP_URL_MAX_LENGTH, isHttpUrl } from '../lib/http-url';
import { parseTaxId } from '../lib/tax-id';
import { MAX_CHARGE_CENTS } from './large-sale';
import { PAPER_COLUMNS, PRINTER_PROFILE_IDS, parsePrinterAddress } from './paper-printer';
import {
  APP_ID_STORAGES,
  CONNECTION_PROBLEMS,
  COUNTER_FEATURES,
  OFFLINE_DECISIONS,
  OFFLINE_MATCHES,
  OFFLINE_REVIEW_REASONS,
  OFFLINE_SALE_STATES,
  OPERATOR_ROLES,
  COUNTER_CONNECTIONS,
  COUNTER_LOCALES,
  COUNTER_MODES,
  RECEIPT_KINDS,
  RECEIPT_LAYOUTS,
  REFUND_STATUSES,
  SALE_STATUSES,
} from './value-sets';

// ——— Value sets (value-sets.ts holds the lists) ———

export const counterMode = z.enum(COUNTER_MODES);
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
export const saleStatus = z.enum(SALE_STATUSES);
export const receiptKind = z.enum(RECEIPT_KINDS);
export const receiptLayout = z.enum(RECEIPT_LAYOUTS);
export const counterLocale = z.enum(COUNTER_LOCALES);
export const operatorRole = z.enum(OPERATOR_ROLES);
/**
 * Where an offline sale stands:
 * - AWAITING: no payment seen yet (its window may still be open);
 * - CONFIRMED: the service's records show its payment (by its txid, or by its exact value when the
 *   payer's bank dropped the txid and nothing else could explain the money);
 * - REVIEW: doubtful, waiting for a person (see `review`): nothing is ever matched on a guess;
 * - CONFIRMED_BY_OWNER / UNPAID_BY_OWNER: the owner decided from "Conferir pagamentos offline".
 */
export const offlineSaleState = z.enum(OFFLINE_SALE_STATES);
/**
 * Why an offline sale waits for a person: several sales or Pix could be each other's (AMBIGUOUS),
 * less or more than its value came (UNDERPAID, OVERPAID), more than one payment (DOUBLE_PAID),
 * nothing came within its window (NO_PAYMENT), its exact value came after the window (LATE), or
 * money came for a sale the cashier cancelled (CANCELLED_PAID).
 */
export const offlineReviewReason = z.enum(OFFLINE_REVIEW_REASONS);
/** What the owner decides for a sale in "Conferir pagamentos offline". */
export const offlineDecision = z.enum(OFFLINE_DECISIONS);
export const counterConnection = z.enum(COUNTER_CONNECTIONS);
/**
 * Where the AppID is kept: the OS keychain (Electron's safeStorage), a file only this OS user may
 * read (the browser host), or memory only, when the OS offers no real encryption (it must then
 * be typed again after a restart).
 */
export const appIdStorage = z.enum(APP_ID_STORAGES);
/**
 * What "Testar conexão" found at a remote service, asked with the base URL and AppID typed:
 * - unreachable: nothing answered (refused, DNS, timeout, TLS);
 * - wrong-path: something answered, but not the service's API at that URL (a 404 route, HTML);
 * - refused-app-id: the service answered 401/403 to the AppID;
 * - missing-scopes: the AppID is accepted but lacks a scope selling needs (see missingScopes);
 * - unexpected: any other answer (a 5xx, a body that is not the service's).
 */
export const connectionProblem = z.enum(CONNECTION_PROBLEMS);
/**
 * What the counter does with the service, as "Testar conexão" reports a missing scope's cost:
 * selling (create and read charges: without it the counter cannot sell), cancelling a sale at the
 * service, refunds, selling offline, and the receipt's details.
 */
export const counterFeature = z.enum(COUNTER_FEATURES);

// ——— Pieces of inputs ———

export const cents = z.number().int().min(1).max(MAX_CHARGE_CENTS);
export const correlationID = z.string().trim().min(1).max(255);
/** A refund's reason: required, and sent as the service's refund comment (140 characters at most). */
export const REFUND_REASON_MAX = 140;
export const refundReason = z.string().trim().min(1).max(REFUND_REASON_MAX);
const day = z.string().regex(/^\d{4}-\d{2}-\d{2}$/, { error: 'day must be YYYY-MM-DD' });
/** A day, or a range of days (both inclusive; the handler also caps its length), never both. */
export const daysSelection = z
  .object({ day: day.optional(), from: day.optional(), to: day.optional() })
  .refine((input) => input.day === undefined || (input.from === undefined && input.to === undefined), {
    error: 'give a day, or a range (from, to), not both',
  })
  .refine((input) => (input.from === undefined) === (input.to === undefined), {
    error: 'a range needs both from and to',
  })
  .refine((input) => input.from === undefined || input.to === undefined || input.from <= input.to, {
    error: 'from must not be after to',
  });
const endToEndId = z.string().regex(/^[ED][0-9A-Za-z]{31}$/, { error: 'endToEndId must be a 32-character Pix id' });
export const httpUrl = z.string().trim().max(HTTP_URL_MAX_LENGTH).refine(isHttpUrl, { error: 'Invalid URL' });
/** Methods without input may be called with nothing, or an empty object. */
export const noInput = z.union([z.undefined(), z.object({}).strict()]);
/** A PIN is 4 to 8 digits: short enough to type at the counter, and rate-limited in main. */
export const pin = z.string().regex(/^\d{4,8}$/, { error: 'o PIN tem de 4 a 8 dígitos' });
export const operatorId = z.string().trim().min(1).max(64);
export const sessionId = z.string().trim().min(1).max(64);
export const printerName = z.string().max(255);

/**
 * A manager's approval of ONE action, given with the call that does it (a refund, closing the
 * register, changing the settings, managing operators): nothing stays unlocked afterwards.
 */
export const managerApproval = z.object({ operatorId, pin }).strict();

export const saleCustomer = z.object({
  name: z.string().trim().min(1).max(140),
  taxID: z.string().trim().max(20).optional(),
  email: z.string().trim().max(254).optional(),
  phone: z.string().trim().max(30).optional(),
});

export const newSale = z.object({
  value: cents,
  comment: z.string().max(140).optional(),
  customer: saleCustomer.optional(),
});

export const receiptRequest = z.object({
  /** The sale the receipt belongs to: a payment or refund of another sale is not printed under it. */
  correlationID,
  kind: receiptKind,
  endToEndId,
  layout: receiptLayout,
});

export const receiptHeaderSettings = z.object({
  title: z.string().max(100).optional(),
  lines: z.array(z.string().max(100)).max(6),
});

/**
 * The receipt printer on the shop's network, driven raw in ESC/POS (src/main/counter/printing):
 * where it is, what it speaks, its paper, and what prints by itself. An empty address: none.
 */
export const paperPrinterSettings = z.strictObject({
  address: z
    .string()
    .trim()
    .max(255)
    .refine((text) => text === '' || parsePrinterAddress(text) !== null, 'endereço de impressora inválido'),
  profile: z.enum(PRINTER_PROFILE_IDS),
  columns: z.union([z.literal(PAPER_COLUMNS[0]), z.literal(PAPER_COLUMNS[1]), z.literal(PAPER_COLUMNS[2])]),
  /** A paid sale's receipt prints by itself. */
  printWhenPaid: z.boolean(),
  /** A confirmed refund's slip prints by itself (off in settings saved before it existed). */
  printWhenRefunded: z.boolean().default(false),
  /** The register's end-of-day report prints by itself when the register is closed (one copy). */
  printWhenClosed: z.boolean().default(false),
  /**
   * A sale's Pix QR code prints by itself on a slip when the sale gets its code (one copy, the
   * customer's): for a counter without a customer display. Off in settings saved before it existed.
   */
  printWhenCharged: z.boolean().default(false),
  /** The cash drawer (on the printer's drawer port) opens with each paid sale's receipt. */
  drawerOnPaid: z.boolean().default(false),
  /** Copies of each: the shop's, and the customer's. */
  copies: z.union([z.literal(1), z.literal(2)]),
});

/** "Testar impressora": the printer to try, as the form has it (not saved yet). */
export const paperPrinterTestInput = paperPrinterSettings
  .pick({ profile: true, columns: true })
  .extend({
    address: z
      .string()
      .trim()
      .min(1)
      .max(255)
      .refine((text) => parsePrinterAddress(text) !== null, 'endereço de impressora inválido'),
  })
  .strict();

/** "Abrir gaveta": whether the printer took the drawer's kick, and why not. */
export const cashDrawerResult = z.strictObject({
  opened: z.boolean(),
  /** no-printer, or the printer's problem: paper-out, cover-open, offline, unreachable, no-answer, not-a-printer, interrupted. */
  problem: z.string().optional(),
});

/** What the printer answered to "Testar impressora". */
export const paperPrinterTest = z.strictObject({
  printed: z.boolean(),
  /** Why not: paper-out, cover-open, offline, unreachable, no-answer, not-a-printer, interrupted. */
  problem: z.string().optional(),
  /** Printed, and its paper sensor says the roll is near its end. */
  paperNearEnd: z.boolean().optional(),
  /** Sent to a printer that answers nothing (a share, a USB device): the system took it; only the paper says more. */
  unconfirmed: z.literal(true).optional(),
});

/**
 * Offline sales and their caps (as Square's and Clover's offline modes have): over a cap a new
 * offline sale is refused, with the reason and the room left. Disabled, a sale made without the
 * service waits in the queue ("Conectando…") and its QR appears when the service is back.
 */
export const offlineSalesSettings = z
  .object({
    enabled: z.boolean(),
    /** Cents: the largest single offline sale. */
    maxSaleValue: cents,
    /** Cents: the most money in offline sales not confirmed yet, this sale included. */
    maxUnconfirmedTotal: cents,
    /** Minutes: no new offline sale while the oldest unconfirmed one is older than this. A week at most: older is the owner's matter. */
    maxAgeMinutes: z
      .number()
      .int()
      .min(1)
      .max(7 * 24 * 60),
  })
  .strict();

/** The default port of the PDV API: 7755 ("PDV" has no digits, so a port free on most machines). */
export const PDV_API_DEFAULT_PORT = 7755;

/**
 * The PDV API (src/main/counter/integration): on the machine only (loopback) unless the owner
 * opens it to the shop's network (`lan`), and then only to the addresses listed; and the shop's
 * payment institution's CNPJ, which the fiscal note's Pix group names and the service does not say.
 */
export const pdvApiSettings = z.strictObject({
  port: z.number().int().min(1024).max(65_535),
  lan: z.boolean(),
  /** IPv4 addresses of the machines allowed when `lan` is on (the PDV's, the ERP's). */
  allowFrom: z.array(z.ipv4()).max(20),
  institutionCnpj: z
    .string()
    .regex(/^[0-9A-Z]{12}[0-9]{2}$/, 'CNPJ: 14 characters, no mask')
    .refine((cnpj) => parseTaxId(cnpj)?.type === 'BR:CNPJ', 'CNPJ: check digits do not match')
    .optional(),
});

/** Where PDVs written for TEF Discado look for the Gerenciador Padrão's exchange folder on Windows. */
export const TEF_DIAL_DEFAULT_FOLDER = 'C:\\TEF_DIAL';

/**
 * The PDV file exchange (src/main/counter/integration/tef-dial): the counter answers the
 * IntPos.001 request files a PDV written for TEF Discado leaves in `folder`'s REQ, in its RESP.
 * Off unless the owner turns it on; the folder's permissions are its only access check.
 */
export const pdvFileExchangeSettings = z.strictObject({
  enabled: z.boolean(),
  folder: z.string().trim().min(1).max(260),
});

/** The settings a save may change, as they are kept (settings.json holds exactly these). */
export const storedSettingsInput = z
  .object({
    mode: counterMode,
    baseUrl: httpUrl,
    /** In embedded mode also the sandbox account's name and city in BR Codes (tags 59 and 60). */
    merchantName: z.string().trim().min(1).max(100),
    merchantCity: z.string().trim().min(1).max(60),
    /** Canonical DICT form. In embedded mode the key new charges are paid to; elsewhere printed on receipts. */
    pixKey: z.string().trim().max(77),
    printer: printerName,
    paperPrinter: paperPrinterSettings,
    receiptHeader: receiptHeaderSettings,
    receiptLayout,
    locale: counterLocale,
    customerDisplay: z.boolean(),
    /** "QR fixo do caixa": each new sale made online is a charge behind the till's printed QR (issue 36). */
    fixedQr: z.boolean(),
    pdvApi: pdvApiSettings,
    pdvFileExchange: pdvFileExchangeSettings,
    offlineSales: offlineSalesSettings,
    /** Cents: a sale above this asks the cashier to confirm before it is charged (src/shared/counter/large-sale.ts). */
    confirmAbove: cents,
  })
  .partial()
  .strict();

export const settingsInput = storedSettingsInput
  .extend({
    /** Write-only. An empty string clears it. */
    appId: z.string().max(4096).optional(),
    /** Required once the register is set up (a manager exists): changing settings needs a manager's PIN. */
    manager: managerApproval.optional(),
    /**
     * Switching to another service (mode, base URL or AppID) while commands are queued is refused
     * (COMMANDS_QUEUED) unless this says the owner saw the warning. The commands are kept either way.
     */
    confirmQueued: z.boolean().optional(),
    /** Save a remote mode whose service could not be reached now (see saveSettings). */
    saveUnreachable: z.boolean().optional(),
  })
  .strict();

// ——— Answers ———

const isoTime = z.string();

export const saleRefund = z.strictObject({
  correlationID: z.string(),
  value: z.number().int(),
  /** QUEUED: confirmed by the cashier, not yet acknowledged by the service. */
  status: z.enum(REFUND_STATUSES),
  /** The refund's return id (D…): the key of its receipt. Absent while QUEUED. */
  endToEndId: z.string().optional(),
  time: isoTime,
  comment: z.string().optional(),
  /** Why the service refused it (REJECTED by the service's answer to our request), in pt-BR. */
  rejectedReason: z.string().optional(),
});

/** How far the service has heard of this sale. */
export const saleSync = z.strictObject({
  /** This sale's commands (create, cancel, refunds) still waiting for the service's answer. */
  queued: z.number().int(),
  /** The service's reason, in pt-BR, when it refused one of this sale's commands for good. */
  rejected: z.string().optional(),
});

/** A Pix that came in to the shop's key, as the service lists it. */
export const offlinePix = z.strictObject({
  endToEndId: z.string(),
  value: z.number().int(),
  time: isoTime,
  payerName: z.string().optional(),
});

export const offlineReview = z.strictObject({
  reason: offlineReviewReason,
  /** The Pix in question (none for NO_PAYMENT), by time. */
  transactions: z.array(offlinePix),
  /** AMBIGUOUS: the other sales that could own the same Pix (correlationIDs). */
  otherSales: z.array(z.string()).optional(),
  /** The sale is paid; this is only about money beyond its payment (to be returned by hand). */
  saleMatched: z.boolean(),
});

export const saleOffline = z.strictObject({
  /** The txid (tag 62-05) of its code: unique per sale, 25 letters and digits at most. */
  txid: z.string(),
  /** The key the code pays into (DICT form): the confirmed offline key when it was made. */
  pixKey: z.string(),
  state: offlineSaleState,
  /** The service knows the sale's txid (registered as a static QR code with that identifier). */
  registered: z.boolean(),
  /** The cashier saw the payment in the customer's bank app: recorded, never a confirmation. */
  customerShowedReceiptAt: isoTime.optional(),
  matchedBy: z.enum(OFFLINE_MATCHES).optional(),
  /** Present while a person must look (and kept, with `decision`, once they did). */
  review: offlineReview.optional(),
  decision: offlineDecision.optional(),
  decidedAt: isoTime.optional(),
  /** A dynamic charge made for this sale before it went offline is (or will be) deleted at the service. */
  dynamicChargeWithdrawn: z.boolean(),
});

/** A piece of the shop's software allowed to use the counter's PDV API (src/main/counter/integration). */
export const integration = z.strictObject({
  id: z.string(),
  name: z.string(),
  /** It may refund by itself, with no manager's PIN per refund. */
  canRefund: z.boolean(),
  createdAt: isoTime,
  /** The manager who made it. */
  createdBy: z.string().optional(),
  revokedAt: isoTime.optional(),
  lastUsedAt: isoTime.optional(),
});

export const integrations = z.strictObject({
  integrations: z.array(integration),
  /** Where the PDV API answers ("http://127.0.0.1:7755"), when it is listening. */
  address: z.string().optional(),
});

export const newIntegration = z.strictObject({
  name: z.string().trim().min(1).max(60),
  canRefund: z.boolean(),
  manager: managerApproval.optional(),
});

export const createdIntegration = z.strictObject({
  integration,
  /** Shown this once: only its digest is kept. */
  token: z.string(),
});

export const sale = z.strictObject({
  correlationID: z.string(),
  value: z.number().int(),
  comment: z.string().optional(),
  customer: z.strictObject(saleCustomer.shape).optional(),
  status: saleStatus,
  /** Pix copy-and-paste code; the renderer draws the QR from it. Absent until the service made it. */
  brCode: z.string().optional(),
  sync: saleSync,
  expiresDate: isoTime,
  createdAt: isoTime,
  paidAt: isoTime.optional(),
  /** End-to-end id of the payment (E…): the key of the pix-in receipt. */
  endToEndId: z.string().optional(),
  payerName: z.string().optional(),
  refunds: z.array(saleRefund),
  /** What can still be refunded, in cents (0 unless paid). */
  refundable: z.number().int(),
  /** Sales made offline (status OFFLINE, and after): their code and how they were confirmed. */
  offline: saleOffline.optional(),
  /** The register session it was made in, and its number there ("Venda 0042"); none before the register was set up. */
  sessionId: z.string().optional(),
  number: z.number().int().optional(),
  /** Who made it (the operator's name). */
  operatorName: z.string().optional(),
  /** Cancelled at the counter: when, and by whom (the record stays for the audit). */
  cancelledAt: isoTime.optional(),
  cancelledBy: z.string().optional(),
});

export const dayTotals = z.strictObject({
  /** São Paulo calendar day, YYYY-MM-DD: the day listed, or the first day of a range. */
  day: z.string(),
  /** The last day (inclusive) when a range of days was listed. */
  to: z.string().optional(),
  count: z.number().int(),
  paidCount: z.number().int(),
  paidValue: z.number().int(),
  refundedValue: z.number().int(),
  /** paidValue − refundedValue. */
  net: z.number().int(),
});

/**
 * Why the key an offline code would pay into cannot be used (offline-key.ts in main):
 * - keyUnconfirmed: the service has not listed the account's keys yet (never connected);
 * - keysRefused: the service refused to list them (`serviceError`: its words);
 * - keyNotInAccount: the settings' key is not one of the account's keys;
 * - noDefaultKey: no key in the settings, and the account has no default key.
 */
export const offlineKeyProblem = z.discriminatedUnion('reason', [
  z.strictObject({ reason: z.literal('keyUnconfirmed') }),
  z.strictObject({ reason: z.literal('keysRefused'), serviceError: z.string() }),
  z.strictObject({ reason: z.literal('keyNotInAccount'), key: z.string() }),
  z.strictObject({ reason: z.literal('noDefaultKey') }),
]);

/**
 * Which cap of offline selling a new offline sale passes (offline-caps.ts in main), with the
 * figures its text says (cents, minutes):
 * - saleCap: the sale is over the largest offline sale;
 * - totalCap: with it, the unconfirmed offline money would pass its cap (`room`: what is left,
 *   never below 0; `unconfirmedCount`: the offline sales still waiting for confirmation);
 * - tooOld: the oldest unconfirmed offline sale is older than the cap allows.
 */
export const offlineCapRefusal = z.discriminatedUnion('reason', [
  z.strictObject({ reason: z.literal('saleCap'), maxSaleValue: z.number().int() }),
  z.strictObject({
    reason: z.literal('totalCap'),
    maxUnconfirmedTotal: z.number().int(),
    room: z.number().int(),
    unconfirmedCount: z.number().int(),
  }),
  z.strictObject({ reason: z.literal('tooOld'), maxAgeMinutes: z.number().int() }),
]);

/** Why a new offline sale cannot be made now: its key, or a cap. The renderer says it in words. */
export const offlineRefusal = z.union([offlineKeyProblem, offlineCapRefusal]);

/** The counter's offline sales, from its store: what the status bar shows while offline. */
export const offlineStatus = z.strictObject({
  /** The settings allow offline sales. */
  enabled: z.boolean(),
  /** The key offline codes pay into, once the service confirmed it is one of the account's keys. */
  confirmedKey: z.string().optional(),
  /** Why offline sales cannot be made now (no confirmed key yet, the key is not the account's, …). */
  unavailable: offlineKeyProblem.optional(),
  /** Offline sales not confirmed yet (AWAITING or REVIEW, not cancelled) and their total, in cents. */
  unconfirmedCount: z.number().int(),
  unconfirmedValue: z.number().int(),
  /** Offline sales waiting for a person in "Conferir pagamentos offline". */
  reviewCount: z.number().int(),
  /**
   * Offline codes registered at the service ahead, still unused: an offline sale's payment is
   * linked to its sale by the service only through one of these (more in src/main/counter/sync/offline/offline-pool.ts).
   */
  readyCodes: z.number().int().optional(),
  /** Why the service refuses to register codes ahead (no permission): offline payments then match by value alone. */
  readyCodesRefused: z.string().optional(),
});

export const counterStatus = z.strictObject({
  mode: counterMode,
  /** connection !== 'offline'. */
  online: z.boolean(),
  /** Online with nothing queued; syncing while commands are being sent; offline when the service cannot be reached. */
  connection: counterConnection,
  /** When the counter last lost the service (ISO time), while offline. */
  offlineSince: isoTime.optional(),
  /** Commands (creates, cancels, refunds) waiting for the current service's answer. */
  queued: z.number().int(),
  /** Commands kept for another service (a mode or remote used before); sent when it is back. */
  queuedElsewhere: z.number().int(),
  /** The service refused the AppID (401/403): sending has stopped until the settings change. */
  authRefused: z.string().optional(),
  merchantName: z.string(),
  /** True once a mode with its credentials is ready to sell. */
  ready: z.boolean(),
  offline: offlineStatus,
  /**
   * The receipt printer, when one is set: paper owed (jobs not yet confirmed printed), and why the
   * first of them did not print the last time it was tried (paper-out, cover-open, offline,
   * unreachable, no-answer, not-a-printer, interrupted).
   */
  paper: z.strictObject({ owed: z.number().int(), problem: z.string().optional() }).optional(),
});

export const settings = z.strictObject({
  mode: counterMode,
  baseUrl: z.string().optional(),
  /** The AppID itself never leaves the main process; the renderer only learns whether one is set. */
  hasAppId: z.boolean(),
  appIdStorage,
  /** In embedded mode also the sandbox account's name and city in BR Codes (tags 59 and 60). */
  merchantName: z.string(),
  merchantCity: z.string(),
  /** Canonical DICT form. In embedded mode the key new charges are paid to; elsewhere printed on receipts. */
  pixKey: z.string().optional(),
  printer: z.string().optional(),
  paperPrinter: paperPrinterSettings.optional(),
  receiptHeader: z.strictObject(receiptHeaderSettings.shape),
  receiptLayout,
  locale: counterLocale,
  customerDisplay: z.boolean(),
  /** "QR fixo do caixa": each new sale made online is a charge behind the till's printed QR (issue 36). */
  fixedQr: z.boolean(),
  /** The PDV API's reach; unset: the machine only, on PDV_API_DEFAULT_PORT. */
  pdvApi: pdvApiSettings.optional(),
  /** The PDV file exchange (TEF Discado's IntPos.001); unset: off. */
  pdvFileExchange: pdvFileExchangeSettings.optional(),
  offlineSales: offlineSalesSettings,
  /** Cents: a sale above this asks the cashier to confirm before it is charged (src/shared/counter/large-sale.ts). */
  confirmAbove: z.number().int(),
});

export const receiptFile = z.strictObject({
  fileName: z.string(),
  /** The PDF, base64: the same bytes travel over IPC and over the browser bridge. */
  pdfBase64: z.string(),
});

export const printResult = z.strictObject({
  printed: z.boolean(),
  /** Why not, when printing is not possible here (no printer, browser host). */
  reason: z.string().optional(),
});

export const printer = z.strictObject({
  name: z.string(),
  displayName: z.string(),
  isDefault: z.boolean(),
});

/** An operator as the screens see it: never the PIN nor its hash. */
export const operator = z.strictObject({
  id: z.string(),
  name: z.string(),
  role: operatorRole,
  createdAt: isoTime,
  disabledAt: isoTime.optional(),
  /** Too many wrong PINs: no PIN of this operator is checked before this time (ISO). */
  lockedUntil: isoTime.optional(),
});

export const registerSession = z.strictObject({
  id: z.string(),
  tillName: z.string(),
  openedBy: z.string(),
  openedAt: isoTime,
  openingNote: z.string().optional(),
  closedBy: z.string().optional(),
  closedAt: isoTime.optional(),
});

/** The counter's register: who may work it, who is working it, and the open session. */
export const registerState = z.strictObject({
  /**
   * False until the first manager is created (first start): then the counter asks for that
   * first. Once true, selling needs a signed-in operator and an open session.
   */
  setUp: z.boolean(),
  /** Active operators, for the login screen. */
  operators: z.array(operator),
  current: operator.optional(),
  session: registerSession.optional(),
  /** The till name the next session opens with (the last one used). */
  tillName: z.string(),
});

/** A closed session in the past-sessions list, with the totals its manager confirmed at closing. */
export const pastSession = registerSession.extend({
  closedAt: isoTime,
  salesCount: z.number().int(),
  paidCount: z.number().int(),
  refundsCount: z.number().int(),
  net: z.number().int(),
});

export const operatorTotals = z.strictObject({
  operatorName: z.string(),
  paidCount: z.number().int(),
  paidValue: z.number().int(),
  refundedValue: z.number().int(),
});

/**
 * What needs a look before the register is closed (closing with any needs an explicit
 * confirmation), with its figures; the screens and the printed report say it in words:
 * - queuedCommands: commands not yet acknowledged by the service (the figures may still change);
 * - unconfirmedOffline: offline sales not confirmed yet (not in the total until they are);
 * - awaitingPayment: sales still waiting for their payment.
 */
export const closingWarning = z.discriminatedUnion('kind', [
  z.strictObject({ kind: z.literal('queuedCommands'), count: z.number().int() }),
  z.strictObject({ kind: z.literal('unconfirmedOffline'), count: z.number().int(), value: z.number().int() }),
  z.strictObject({ kind: z.literal('awaitingPayment'), count: z.number().int(), value: z.number().int() }),
]);

/**
 * A session's closing summary, from the counter's store and its real sync state. Closing with
 * any `warnings` needs an explicit confirmation.
 */
export const sessionSummary = z.strictObject({
  session: registerSession,
  /** Every sale made in the session, whatever became of it. */
  salesCount: z.number().int(),
  paidCount: z.number().int(),
  paidValue: z.number().int(),
  refundsCount: z.number().int(),
  /** Refunds asked for in the session and not refused by the service. */
  refundedValue: z.number().int(),
  /** paidValue − refundedValue. */
  net: z.number().int(),
  /** Sales still waiting for payment (QR on screen, or Enter pressed and no answer yet). */
  awaitingCount: z.number().int(),
  awaitingValue: z.number().int(),
  /** Offline sales not confirmed yet (waiting for the service's records, or for the owner). */
  unconfirmedOfflineCount: z.number().int(),
  unconfirmedOfflineValue: z.number().int(),
  /** Commands (creates, cancels, refunds) of this counter not yet acknowledged by the service. */
  queuedCommands: z.number().int(),
  cancelledCount: z.number().int(),
  cancelledValue: z.number().int(),
  expiredCount: z.number().int(),
  /** Sales the service refused to create. */
  rejectedCount: z.number().int(),
  byOperator: z.array(operatorTotals),
  warnings: z.array(closingWarning),
});

/** A CSV export of the counter's sales (the same text in Electron and the browser host). */
export const salesExportFile = z.strictObject({
  fileName: z.string(),
  /** UTF-8 CSV with a header row: sale, operator, session, value, status, refunds, end-to-end id… */
  csv: z.string(),
});

/** A scope the counter uses that the AppID lacks; the renderer says what it costs. */
export const missingScope = z.strictObject({
  /** The service's scope name, e.g. CHARGE_DELETE. */
  scope: z.string(),
  feature: counterFeature,
});

/**
 * What "Testar conexão" concluded (src/main/counter/sync/connection/connection-test.ts), as a code with the data its
 * text says; the renderer says it in the owner's language. `host` is the base URL's host.
 * - ok: the counter sells. `company`: the service named the company (`companyName`), answered
 *   without a name, or could not be read (no COMPANY_GET: the AppID was accepted all the same);
 *   `missingFeatures`: what the scopes the AppID lacks take away (none: all is well).
 * - notPixService, unrecognized: something answered at the URL, but not as the service does;
 * - appIdRefused (401) and appIdForbidden (403): the service refused the AppID itself;
 * - serviceTrouble: a 5xx or 429 to the first request;
 * - timeout, hostNotFound, tlsFailed, nothingAnswered: the first request had no answer;
 * - wrongPath: not the service's API at that URL. `hint` says what the owner typed: a path ending
 *   in /api or /api/v1 (`path`: that ending), another path (`path`), or none (the site's address);
 * - midwayServerError, midwayTimeout, midwayNetwork: the check stopped half-way;
 * - sellingScopesMissing: the AppID lacks scopes selling needs (`scopes`);
 * - testChargeRefused: the service refused the test charge (`serviceError`: its words).
 */
export const connectionVerdict = z.discriminatedUnion('code', [
  z.strictObject({
    code: z.literal('ok'),
    company: z.enum(['named', 'unnamed', 'unread']),
    companyName: z.string().optional(),
    missingFeatures: z.array(counterFeature),
    missingCount: z.number().int(),
  }),
  z.strictObject({ code: z.literal('notPixService'), host: z.string() }),
  z.strictObject({ code: z.literal('unrecognized'), host: z.string() }),
  z.strictObject({ code: z.literal('appIdRefused') }),
  z.strictObject({ code: z.literal('appIdForbidden') }),
  z.strictObject({ code: z.literal('serviceTrouble'), host: z.string(), status: z.number().int() }),
  z.strictObject({ code: z.literal('timeout'), host: z.string(), timeoutMs: z.number().int() }),
  z.strictObject({ code: z.literal('hostNotFound'), host: z.string() }),
  z.strictObject({ code: z.literal('tlsFailed'), host: z.string() }),
  z.strictObject({ code: z.literal('nothingAnswered'), host: z.string() }),
  z.strictObject({
    code: z.literal('wrongPath'),
    host: z.string(),
    hint: z.enum(['apiSuffix', 'extraPath', 'noPath']),
    path: z.string(),
  }),
  z.strictObject({ code: z.literal('midwayServerError'), host: z.string(), status: z.number().int() }),
  z.strictObject({ code: z.literal('midwayTimeout'), host: z.string() }),
  z.strictObject({ code: z.literal('midwayNetwork'), host: z.string() }),
  z.strictObject({ code: z.literal('sellingScopesMissing'), scopes: z.array(z.string()) }),
  z.strictObject({ code: z.literal('testChargeRefused'), serviceError: z.string() }),
]);

/**
 * What answered, for the details line: an HTTP answer (its status and first words), no answer in
 * time (`perRequest`: a request after the first timed out, with each request's limit), or the
 * network's error code (ECONNREFUSED, ENOTFOUND, …).
 */
export const connectionDetail = z.discriminatedUnion('kind', [
  z.strictObject({ kind: z.literal('http'), status: z.number().int(), excerpt: z.string().optional() }),
  z.strictObject({ kind: z.literal('noAnswer'), timeoutMs: z.number().int(), perRequest: z.boolean() }),
  z.strictObject({ kind: z.literal('network'), code: z.string() }),
]);

/**
 * Something the check could not undo at the service: its test charge (created for sure or maybe,
 * and why it could not delete it: no CHARGE_DELETE, a refusal in the service's words, or the
 * connection failed), or a write the service should have refused (a refund, a static QR code).
 */
export const connectionLeftBehind = z.discriminatedUnion('kind', [
  z.strictObject({
    kind: z.literal('testCharge'),
    correlationID: z.string(),
    created: z.boolean(),
    cause: z.enum(['noDeleteScope', 'deleteRefused', 'connectionFailed']),
    serviceError: z.string().optional(),
  }),
  z.strictObject({
    kind: z.literal('unexpectedWrite'),
    what: z.enum(['refund', 'staticQrCode']),
    correlationID: z.string(),
  }),
]);

export const connectionCheck = z.strictObject({
  ok: z.boolean(),
  problem: connectionProblem.optional(),
  /** What is wrong and what to check (or that all is well). */
  verdict: connectionVerdict,
  detail: connectionDetail.optional(),
  /** The company's name as the service knows it, when ok. */
  companyName: z.string().optional(),
  /**
   * The scopes the counter uses that the AppID lacks, once the AppID was accepted (empty: none
   * missing). Absent when the check stopped before (unreachable, wrong path, refused AppID), and
   * only the scopes actually found missing when the network failed half-way.
   */
  missingScopes: z.array(missingScope).optional(),
  /** What the check could not remove at the service (a test charge), each said with how to remove it. */
  leftBehind: z.array(connectionLeftBehind).optional(),
});
