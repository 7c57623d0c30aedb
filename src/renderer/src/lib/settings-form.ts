// The settings form as plain data: the draft the screen edits, its validation (the same
// limits the IPC schema enforces, checked early so the cashier sees which field is wrong), and
// the SettingsInput that carries only what changed.
import type { PosLocale, PosMode, ReceiptLayoutName, Settings, SettingsInput } from '../../../shared/pos-api';

export interface SettingsDraft {
  mode: PosMode;
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
  locale: PosLocale;
  customerDisplay: boolean;
}

export type SettingsField = 'merchantName' | 'merchantCity' | 'baseUrl' | 'pixKey' | 'headerTitle' | 'headerLines';
export type SettingsErrors = Partial<Record<SettingsField, true>>;

export const HEADER_LINES_MAX = 6;
const HEADER_LINE_LENGTH_MAX = 100;

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
  if (draft.mode !== 'embedded' && !isHttpUrl(draft.baseUrl.trim())) errors.baseUrl = true;
  if (draft.mode === 'embedded' && draft.baseUrl.trim() !== '' && !isHttpUrl(draft.baseUrl.trim())) errors.baseUrl = true;
  if (draft.pixKey.trim().length > 77) errors.pixKey = true;
  if (draft.headerTitle.length > 100) errors.headerTitle = true;
  const lines = headerLinesOf(draft);
  if (lines.length > HEADER_LINES_MAX || lines.some((line) => line.length > HEADER_LINE_LENGTH_MAX)) errors.headerLines = true;
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
  return input;
}

function isHttpUrl(text: string): boolean {
  try {
    const url = new URL(text);
    return (url.protocol === 'http:' || url.protocol === 'https:') && text.length <= 2048;
  } catch {
    return false;
  }
}

/** Whether a save would point the counter at another service (mode, base URL or AppID). */
export function switchesService(input: SettingsInput): boolean {
  return input.mode !== undefined || input.baseUrl !== undefined || input.appId !== undefined;
}

/** The HTTP-like status the main process answers when commands are queued for the current service. */
export const QUEUED_SWITCH_STATUS = 409;

/**
 * The warning to confirm, when a save was refused because commands are still queued for the
 * current service: the main process's own words (pt-BR: how many, and that they are kept), or ''
 * when it gave none (the screen then says it in its own words). Null for any other failure,
 * which is shown as an error.
 */
export function queuedSwitchWarning(error: unknown): string | null {
  if (typeof error !== 'object' || error === null) return null;
  const { status, message } = error as { status?: unknown; message?: unknown };
  if (status !== QUEUED_SWITCH_STATUS) return null;
  return typeof message === 'string' ? message.trim() : '';
}

/** The same save, once the owner has seen the warning: the queued commands are kept either way. */
export function confirmQueuedSwitch(input: SettingsInput): SettingsInput {
  return { ...input, confirmQueued: true };
}
