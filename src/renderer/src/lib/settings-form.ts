// The settings form as plain data: the draft the screen edits, its validation (the same
// limits the IPC schema enforces, checked early so the cashier sees which field is wrong), and
// the SettingsInput that carries only what changed.
import type {
  OfflineSalesSettings,
  CounterLocale,
  CounterMode,
  ReceiptLayoutName,
  Settings,
  SettingsInput,
} from '#shared/counter/counter-api';
import { counterErrorBodyOf } from '#shared/counter/counter-errors';
import { formatBRL } from '#shared/lib/money';
import { HTTP_URL_MAX_LENGTH, isHttpUrl } from '#shared/lib/http-url';
import { DEFAULT_CONFIRM_ABOVE_CENTS, MAX_CHARGE_CENTS } from '#shared/counter/large-sale';
import { parsePrinterAddress, type PaperColumns, type PrinterProfileId } from '#shared/counter/paper-printer';
import { PDV_API_DEFAULT_PORT, TEF_DIAL_DEFAULT_FOLDER, pdvApiSettings } from '#shared/counter/counter-schemas';
import { parseTaxId } from '#shared/lib/tax-id';

export interface SettingsDraft {
  mode: CounterMode;
  baseUrl: string;
  /** Typed AppID; blank keeps the stored one. Never pre-filled: the AppID never reaches us. */
  appId: string;
  clearAppId: boolean;
  merchantName: string;
  merchantCity: string;
  pixKey: string;
  printer: string;
  headerTitle: string;
  /** Header lines, one per text line. */
  headerLines: string;
  receiptLayout: ReceiptLayoutName;
  locale: CounterLocale;
  customerDisplay: boolean;
  /** "QR fixo do caixa": new sales are charges behind the till's printed QR. */
  fixedQr: boolean;
  /** "Vendas offline": allowed at all. */
  offlineEnabled: boolean;
  /** Reais as typed ("200", "200,00", "1.500,50"); saved as cents. */
  offlineMaxSaleValue: string;
  offlineMaxUnconfirmedTotal: string;
  /** The oldest unconfirmed sale's age limit, a whole number in `offlineMaxAgeUnit`; saved as minutes. */
  offlineMaxAge: string;
  offlineMaxAgeUnit: 'hours' | 'minutes';
  /** Reais as typed: a sale above it asks the cashier to confirm first; saved as cents. */
  confirmAbove: string;
  /** The receipt printer on the shop's network ("192.168.0.50" or with ":9100"); blank: none. */
  paperAddress: string;
  paperProfile: PrinterProfileId;
  paperColumns: PaperColumns;
  paperPrintWhenPaid: boolean;
  paperPrintWhenRefunded: boolean;
  paperPrintWhenClosed: boolean;
  /** A slip with the sale's QR code when the sale is charged (counters without a customer display). */
  paperPrintWhenCharged: boolean;
  paperDrawerOnPaid: boolean;
  paperCopies: 1 | 2;
  /** The PDV API's port, as typed. */
  pdvPort: string;
  /** Opened to the shop's network (then only to `pdvAllowFrom`). */
  pdvLan: boolean;
  /** The addresses allowed from the network, one per line (or separated by commas or spaces). */
  pdvAllowFrom: string;
  /** The shop's payment institution's CNPJ, for the fiscal note's Pix group; blank: unknown. */
  pdvInstitutionCnpj: string;
  /** The PDV file exchange (TEF Discado's IntPos.001) is on, in `pdvFileExchangeFolder`. */
  pdvFileExchangeEnabled: boolean;
  pdvFileExchangeFolder: string;
}

export type SettingsField =
  | 'merchantName'
  | 'merchantCity'
  | 'baseUrl'
  | 'pixKey'
  | 'headerTitle'
  | 'headerLines'
  | 'offlineMaxSaleValue'
  | 'offlineMaxUnconfirmedTotal'
  | 'offlineMaxAge'
  | 'confirmAbove'
  | 'paperAddress'
  | 'pdvPort'
  | 'pdvAllowFrom'
  | 'pdvInstitutionCnpj'
  | 'pdvFileExchangeFolder';
export type SettingsErrors = Partial<Record<SettingsField, true>>;

export const HEADER_LINES_MAX = 6;
const HEADER_LINE_LENGTH_MAX = 100;

/** The limits the IPC schema enforces on offlineSales (src/shared/counter/counter-schemas.ts). */
export const OFFLINE_CENTS_MIN = 1;
export const OFFLINE_CENTS_MAX = 99_999_999_999;
export const OFFLINE_MAX_AGE_MINUTES_MAX = 7 * 24 * 60;

/**
 * What the form shows if the main process sent no offlineSales (an older one): saving an
 * untouched form then sends nothing. Mirrors nothing on the main side; only a display fallback.
 */
const OFFLINE_FALLBACK: OfflineSalesSettings = {
  enabled: false,
  maxSaleValue: 20_000,
  maxUnconfirmedTotal: 100_000,
  maxAgeMinutes: 24 * 60,
};

function savedOffline(settings: Settings): OfflineSalesSettings {
  // An older main process sends none.
  return settings.offlineSales ?? OFFLINE_FALLBACK;
}

/** 20000 → "200,00": the money fields show reais the way they are typed, without "R$". */
export function reaisText(cents: number): string {
  return formatBRL(cents).replace(/^R\$\s*/u, '');
}

/**
 * "200" → 20000, "200,5" → 20050, "1.500,50" → 150050, "R$ 12,34" → 1234, "12.34" → 1234.
 * Whole numbers are reais here (an owner types a limit, not a till amount). Null if unreadable.
 */
export function parseReais(text: string): number | null {
  const plain = text.trim().replace(/^R\$\s*/iu, '');
  const whole = /^(\d{1,3}(?:\.\d{3})+|\d{1,12})$/u.exec(plain);
  if (whole) return toCents(whole[1]!.replaceAll('.', ''), '');
  const comma = /^(\d{1,3}(?:\.\d{3})+|\d{1,12}),(\d{1,2})$/u.exec(plain);
  if (comma) return toCents(comma[1]!.replaceAll('.', ''), comma[2]!);
  const dot = /^(\d{1,12})\.(\d{1,2})$/u.exec(plain);
  if (dot) return toCents(dot[1]!, dot[2]!);
  return null;
}

function toCents(whole: string, fraction: string): number | null {
  const cents = Number(whole) * 100 + Number(fraction.padEnd(2, '0'));
  return Number.isSafeInteger(cents) ? cents : null;
}

function offlineCents(text: string): number | null {
  const cents = parseReais(text);
  return cents !== null && cents >= OFFLINE_CENTS_MIN && cents <= OFFLINE_CENTS_MAX ? cents : null;
}

function offlineMinutes(draft: Pick<SettingsDraft, 'offlineMaxAge' | 'offlineMaxAgeUnit'>): number | null {
  const text = draft.offlineMaxAge.trim();
  if (!/^\d{1,6}$/u.test(text)) return null;
  const minutes = Number(text) * (draft.offlineMaxAgeUnit === 'hours' ? 60 : 1);
  return minutes >= 1 && minutes <= OFFLINE_MAX_AGE_MINUTES_MAX ? minutes : null;
}

/** The offline caps as the main process stores them, or null while a field is not valid. */
export function offlineSalesFromDraft(draft: SettingsDraft): OfflineSalesSettings | null {
  const maxSaleValue = offlineCents(draft.offlineMaxSaleValue);
  const maxUnconfirmedTotal = offlineCents(draft.offlineMaxUnconfirmedTotal);
  const maxAgeMinutes = offlineMinutes(draft);
  if (maxSaleValue === null || maxUnconfirmedTotal === null || maxAgeMinutes === null) return null;
  return { enabled: draft.offlineEnabled, maxSaleValue, maxUnconfirmedTotal, maxAgeMinutes };
}

export function draftFromSettings(settings: Settings): SettingsDraft {
  return {
    mode: settings.mode,
    baseUrl: settings.baseUrl ?? '',
    appId: '',
    clearAppId: false,
    merchantName: settings.merchantName,
    merchantCity: settings.merchantCity,
    pixKey: settings.pixKey ?? '',
    printer: settings.printer ?? '',
    headerTitle: settings.receiptHeader.title ?? '',
    headerLines: settings.receiptHeader.lines.join('\n'),
    receiptLayout: settings.receiptLayout,
    locale: settings.locale,
    customerDisplay: settings.customerDisplay,
    fixedQr: settings.fixedQr,
    ...offlineDraft(savedOffline(settings)),
    confirmAbove: reaisText(savedConfirmAbove(settings)),
    ...paperDraft(settings.paperPrinter ?? PAPER_PRINTER_NONE),
    ...pdvApiDraft(settings.pdvApi ?? PDV_API_NONE),
    pdvFileExchangeEnabled: settings.pdvFileExchange?.enabled ?? false,
    pdvFileExchangeFolder: settings.pdvFileExchange?.folder ?? TEF_DIAL_DEFAULT_FOLDER,
  };
}

/** The file exchange as the draft says it, or null while its folder is not one the schema takes. */
function fileExchangeFromDraft(draft: SettingsDraft): NonNullable<Settings['pdvFileExchange']> | null {
  const folder = draft.pdvFileExchangeFolder.trim();
  if (folder === '' || folder.length > 260) return null;
  return { enabled: draft.pdvFileExchangeEnabled, folder };
}

/** No PDV API settings yet: this machine only, on the default port. */
const PDV_API_NONE: NonNullable<Settings['pdvApi']> = { port: PDV_API_DEFAULT_PORT, lan: false, allowFrom: [] };

function pdvApiDraft(
  api: NonNullable<Settings['pdvApi']>,
): Pick<SettingsDraft, 'pdvPort' | 'pdvLan' | 'pdvAllowFrom' | 'pdvInstitutionCnpj'> {
  return {
    pdvPort: String(api.port),
    pdvLan: api.lan,
    pdvAllowFrom: api.allowFrom.join('\n'),
    pdvInstitutionCnpj: api.institutionCnpj ?? '',
  };
}

/** The port as typed, or null when the schema would refuse it. */
function pdvPortOf(draft: Pick<SettingsDraft, 'pdvPort'>): number | null {
  const port = pdvApiSettings.shape.port.safeParse(Number(draft.pdvPort.trim()));
  return port.success ? port.data : null;
}

/** The addresses typed one per line (or by commas or spaces), or null when the schema would refuse them. */
function pdvAllowFromOf(draft: Pick<SettingsDraft, 'pdvAllowFrom'>): string[] | null {
  const typed = draft.pdvAllowFrom.split(/[\s,;]+/).filter((address) => address !== '');
  const allowFrom = pdvApiSettings.shape.allowFrom.safeParse(typed);
  return allowFrom.success ? allowFrom.data : null;
}

/** The CNPJ as typed ("12.345.678/0001-95") as the note writes it; undefined when blank, null when it is none. */
function pdvCnpjOf(draft: Pick<SettingsDraft, 'pdvInstitutionCnpj'>): string | undefined | null {
  const typed = draft.pdvInstitutionCnpj.trim();
  if (typed === '') return undefined;
  const taxId = parseTaxId(typed);
  return taxId?.type === 'BR:CNPJ' ? taxId.taxID : null;
}

function samePdvApi(a: NonNullable<Settings['pdvApi']>, b: NonNullable<Settings['pdvApi']>): boolean {
  return (
    a.port === b.port &&
    a.lan === b.lan &&
    a.allowFrom.join(',') === b.allowFrom.join(',') &&
    (a.institutionCnpj ?? '') === (b.institutionCnpj ?? '')
  );
}

/** The PDV API's settings as the draft says them, or null while a field is not valid. */
export function pdvApiFromDraft(draft: SettingsDraft): NonNullable<Settings['pdvApi']> | null {
  const port = pdvPortOf(draft);
  const allowFrom = pdvAllowFromOf(draft);
  const cnpj = pdvCnpjOf(draft);
  if (port === null || allowFrom === null || cnpj === null) return null;
  return { port, lan: draft.pdvLan, allowFrom, ...(cnpj ? { institutionCnpj: cnpj } : {}) };
}

/** No receipt printer yet: what the form starts from (a generic printer on 80 mm paper, receipts when paid). */
const PAPER_PRINTER_NONE: NonNullable<Settings['paperPrinter']> = {
  address: '',
  profile: 'generic',
  columns: 48,
  printWhenPaid: true,
  printWhenRefunded: true,
  printWhenClosed: true,
  printWhenCharged: false,
  drawerOnPaid: false,
  copies: 1,
};

function paperDraft(
  printer: NonNullable<Settings['paperPrinter']>,
): Pick<
  SettingsDraft,
  | 'paperAddress'
  | 'paperProfile'
  | 'paperColumns'
  | 'paperPrintWhenPaid'
  | 'paperPrintWhenRefunded'
  | 'paperPrintWhenClosed'
  | 'paperPrintWhenCharged'
  | 'paperDrawerOnPaid'
  | 'paperCopies'
> {
  return {
    paperAddress: printer.address,
    paperProfile: printer.profile,
    paperColumns: printer.columns,
    paperPrintWhenPaid: printer.printWhenPaid,
    paperPrintWhenRefunded: printer.printWhenRefunded,
    paperPrintWhenClosed: printer.printWhenClosed,
    paperPrintWhenCharged: printer.printWhenCharged,
    paperDrawerOnPaid: printer.drawerOnPaid,
    paperCopies: printer.copies,
  };
}

/** The receipt printer as the settings keep it. */
export function paperPrinterFromDraft(draft: SettingsDraft): NonNullable<Settings['paperPrinter']> {
  return {
    address: draft.paperAddress.trim(),
    profile: draft.paperProfile,
    columns: draft.paperColumns,
    printWhenPaid: draft.paperPrintWhenPaid,
    printWhenRefunded: draft.paperPrintWhenRefunded,
    printWhenClosed: draft.paperPrintWhenClosed,
    printWhenCharged: draft.paperPrintWhenCharged,
    drawerOnPaid: draft.paperDrawerOnPaid,
    copies: draft.paperCopies,
  };
}

/** An older main process sends no limit: the form shows the default, and saving untouched sends nothing. */
function savedConfirmAbove(settings: Settings): number {
  return settings.confirmAbove ?? DEFAULT_CONFIRM_ABOVE_CENTS;
}

/** The confirmation limit in cents, or null when it is not an amount the service could charge. */
export function confirmAboveFromDraft(draft: Pick<SettingsDraft, 'confirmAbove'>): number | null {
  const cents = parseReais(draft.confirmAbove);
  return cents !== null && cents >= 1 && cents <= MAX_CHARGE_CENTS ? cents : null;
}

function offlineDraft(
  offline: OfflineSalesSettings,
): Pick<
  SettingsDraft,
  'offlineEnabled' | 'offlineMaxSaleValue' | 'offlineMaxUnconfirmedTotal' | 'offlineMaxAge' | 'offlineMaxAgeUnit'
> {
  // Whole hours read as hours (24 h, not 1440 min); anything else in minutes.
  const inHours = offline.maxAgeMinutes % 60 === 0;
  return {
    offlineEnabled: offline.enabled,
    offlineMaxSaleValue: reaisText(offline.maxSaleValue),
    offlineMaxUnconfirmedTotal: reaisText(offline.maxUnconfirmedTotal),
    offlineMaxAge: String(inHours ? offline.maxAgeMinutes / 60 : offline.maxAgeMinutes),
    offlineMaxAgeUnit: inHours ? 'hours' : 'minutes',
  };
}

export function headerLinesOf(draft: Pick<SettingsDraft, 'headerLines'>): string[] {
  return draft.headerLines
    .split('\n')
    .map((line) => line.trim())
    .filter((line) => line !== '');
}

export function validateSettingsDraft(draft: SettingsDraft): SettingsErrors {
  const errors: SettingsErrors = {};
  const merchantName = draft.merchantName.trim();
  const merchantCity = draft.merchantCity.trim();
  if (!merchantName || merchantName.length > 100) errors.merchantName = true;
  if (!merchantCity || merchantCity.length > 60) errors.merchantCity = true;
  if (draft.mode !== 'embedded' && !isBaseUrl(draft.baseUrl.trim())) errors.baseUrl = true;
  if (draft.mode === 'embedded' && draft.baseUrl.trim() !== '' && !isBaseUrl(draft.baseUrl.trim()))
    errors.baseUrl = true;
  if (draft.pixKey.trim().length > 77) errors.pixKey = true;
  if (draft.headerTitle.length > 100) errors.headerTitle = true;
  const lines = headerLinesOf(draft);
  if (lines.length > HEADER_LINES_MAX || lines.some((line) => line.length > HEADER_LINE_LENGTH_MAX))
    errors.headerLines = true;
  if (offlineCents(draft.offlineMaxSaleValue) === null) errors.offlineMaxSaleValue = true;
  if (offlineCents(draft.offlineMaxUnconfirmedTotal) === null) errors.offlineMaxUnconfirmedTotal = true;
  if (offlineMinutes(draft) === null) errors.offlineMaxAge = true;
  if (confirmAboveFromDraft(draft) === null) errors.confirmAbove = true;
  const address = draft.paperAddress.trim();
  if (address !== '' && parsePrinterAddress(address) === null) errors.paperAddress = true;
  if (pdvPortOf(draft) === null) errors.pdvPort = true;
  if (pdvAllowFromOf(draft) === null) errors.pdvAllowFrom = true;
  if (pdvCnpjOf(draft) === null) errors.pdvInstitutionCnpj = true;
  if (draft.pdvFileExchangeEnabled && fileExchangeFromDraft(draft) === null) errors.pdvFileExchangeFolder = true;
  return errors;
}

/** Only the fields that differ from the saved settings, so a save never rewrites the rest. */
export function settingsInputFrom(draft: SettingsDraft, saved: Settings): SettingsInput {
  const input: SettingsInput = {};
  const baseUrl = draft.baseUrl.trim();
  if (draft.mode !== saved.mode) input.mode = draft.mode;
  if (baseUrl !== (saved.baseUrl ?? '') && baseUrl !== '') input.baseUrl = baseUrl;
  if (draft.clearAppId) input.appId = '';
  else if (draft.appId.trim() !== '') input.appId = draft.appId.trim();
  if (draft.merchantName.trim() !== saved.merchantName) input.merchantName = draft.merchantName.trim();
  if (draft.merchantCity.trim() !== saved.merchantCity) input.merchantCity = draft.merchantCity.trim();
  if (draft.pixKey.trim() !== (saved.pixKey ?? '')) input.pixKey = draft.pixKey.trim();
  if (draft.printer !== (saved.printer ?? '')) input.printer = draft.printer;
  const lines = headerLinesOf(draft);
  const title = draft.headerTitle.trim();
  if (title !== (saved.receiptHeader.title ?? '') || lines.join('\n') !== saved.receiptHeader.lines.join('\n')) {
    input.receiptHeader = title ? { title, lines } : { lines };
  }
  if (draft.receiptLayout !== saved.receiptLayout) input.receiptLayout = draft.receiptLayout;
  if (draft.locale !== saved.locale) input.locale = draft.locale;
  if (draft.customerDisplay !== saved.customerDisplay) input.customerDisplay = draft.customerDisplay;
  if (draft.fixedQr !== saved.fixedQr) input.fixedQr = draft.fixedQr;
  // The caps travel together (the schema wants all four), only when one of them changed.
  const offline = offlineSalesFromDraft(draft);
  const before = savedOffline(saved);
  if (
    offline &&
    (offline.enabled !== before.enabled ||
      offline.maxSaleValue !== before.maxSaleValue ||
      offline.maxUnconfirmedTotal !== before.maxUnconfirmedTotal ||
      offline.maxAgeMinutes !== before.maxAgeMinutes)
  ) {
    input.offlineSales = offline;
  }
  const confirmAbove = confirmAboveFromDraft(draft);
  if (confirmAbove !== null && confirmAbove !== savedConfirmAbove(saved)) input.confirmAbove = confirmAbove;
  // The printer travels whole, only when something of it changed.
  const paper = paperPrinterFromDraft(draft);
  const paperBefore = saved.paperPrinter ?? PAPER_PRINTER_NONE;
  if ((Object.keys(paper) as (keyof typeof paper)[]).some((key) => paper[key] !== paperBefore[key]))
    input.paperPrinter = paper;
  // The PDV API's settings travel whole, only when one of them changed.
  const pdvApi = pdvApiFromDraft(draft);
  if (pdvApi && !samePdvApi(pdvApi, saved.pdvApi ?? PDV_API_NONE)) input.pdvApi = pdvApi;
  const exchange = fileExchangeFromDraft(draft);
  const exchangeBefore = saved.pdvFileExchange ?? { enabled: false, folder: TEF_DIAL_DEFAULT_FOLDER };
  if (exchange && (exchange.enabled !== exchangeBefore.enabled || exchange.folder !== exchangeBefore.folder))
    input.pdvFileExchange = exchange;
  return input;
}

function isBaseUrl(text: string): boolean {
  return text.length <= HTTP_URL_MAX_LENGTH && isHttpUrl(text);
}

/** Whether a save would point the counter at another service (mode, base URL or AppID). */
export function switchesService(input: SettingsInput): boolean {
  return input.mode !== undefined || input.baseUrl !== undefined || input.appId !== undefined;
}

/**
 * The number of commands queued for the current service, when a save was refused because of them
 * (COMMANDS_QUEUED: the owner confirms, and the commands are kept either way); null for any other
 * failure, which is shown as an error.
 */
export function queuedSwitchCount(error: unknown): number | null {
  const refusal = counterErrorBodyOf(error);
  return refusal?.code === 'COMMANDS_QUEUED' ? refusal.details.count : null;
}

/** The same save, once the owner has seen the warning: the queued commands are kept either way. */
export function confirmQueuedSwitch(input: SettingsInput): SettingsInput {
  return { ...input, confirmQueued: true };
}
