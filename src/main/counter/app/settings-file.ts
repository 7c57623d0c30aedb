// The counter's settings: a JSON file in the data folder, except the AppID, which is a secret
// and goes through an injected SecretStore (Electron: safeStorage; browser host: a 0600 file).
// The AppID never leaves this module towards the renderer: `Settings` only says whether one is set.
import { mkdirSync, readFileSync, renameSync, writeFileSync } from 'node:fs';
import { dirname } from 'node:path';
import { CounterError } from '#shared/counter/counter-errors';
import { storedSettingsInput } from '#shared/counter/counter-schemas';
import type { AppIdStorage, Settings, SettingsInput } from '#shared/counter/counter-api';
import { isRemoteMode } from '#shared/counter/value-sets';
import { normalizePixKey } from '#lib/pix';
import { DEFAULT_OFFLINE_SALES } from '../sync/offline/offline-caps';
import { DEFAULT_CONFIRM_ABOVE_CENTS } from '#shared/counter/large-sale';

export interface SecretStore {
  /** Shown in the settings screen, so an owner knows whether the AppID survives a restart. */
  readonly storage: AppIdStorage;
  get(): string | null;
  set(value: string | null): void;
}

export interface SettingsDefaults {
  merchantName: string;
  merchantCity: string;
}

type StoredSettings = Omit<Settings, 'hasAppId' | 'appIdStorage'>;

// The file holds what saveSettings accepts, minus the secret and the flags that only steer a save
// (the manager's approval, the owner's confirmations); anything else is ignored on load.
const storedSettingsSchema = storedSettingsInput;

export class SettingsFile {
  private current: StoredSettings;

  constructor(
    private readonly file: string,
    private readonly secrets: SecretStore,
    defaults: SettingsDefaults,
  ) {
    this.current = { ...defaultSettings(defaults), ...readStored(file) };
  }

  get(): Settings {
    return this.view(this.current, this.appId());
  }

  /** For the gateway only; never part of an answer to the renderer. */
  appId(): string | null {
    const value = this.secrets.get();
    return value ? value : null;
  }

  /**
   * What saving `input` would give, checked (remote modes need a base URL and an AppID; the Pix
   * key must be one, and is put in canonical form), without writing anything. The caller may
   * act on it first (the embedded sandbox takes the merchant fields) and then `save` it.
   */
  preview(input: SettingsInput): Settings {
    const { next, appId } = this.merge(input);
    return this.view(next, appId);
  }

  /**
   * Applies a change as a whole or not at all: the merged result is checked first, then the
   * secret and the file are written; a failed file write puts the previous secret back.
   */
  save(input: SettingsInput): Settings {
    const { next, appId: nextAppId } = this.merge(input);
    const previousAppId = this.appId();
    const secretChanges = input.appId !== undefined && nextAppId !== previousAppId;
    if (secretChanges) this.secrets.set(nextAppId);
    try {
      writeAtomically(this.file, JSON.stringify(next, null, 2));
    } catch (error) {
      if (secretChanges) this.secrets.set(previousAppId);
      throw error;
    }
    this.current = next;
    return this.get();
  }

  private merge(input: SettingsInput): { next: StoredSettings; appId: string | null } {
    const { appId, ...rest } = input;
    const next: StoredSettings = { ...this.current };
    for (const [key, value] of Object.entries(rest) as [keyof StoredSettings, unknown][]) {
      if (value === undefined) continue;
      // An empty optional text clears it, as a blank form field would.
      (next as unknown as Record<string, unknown>)[key] = value === '' ? undefined : value;
    }
    if (next.pixKey !== undefined) next.pixKey = canonicalPixKey(next.pixKey);
    const nextAppId = appId === undefined ? this.appId() : appId.trim() || null;
    assertUsable(next, nextAppId);
    return { next, appId: nextAppId };
  }

  private view(settings: StoredSettings, appId: string | null): Settings {
    return {
      ...settings,
      receiptHeader: { ...settings.receiptHeader, lines: [...settings.receiptHeader.lines] },
      offlineSales: { ...settings.offlineSales },
      hasAppId: appId !== null,
      appIdStorage: this.secrets.storage,
    };
  }
}

/** A key as the owner types it ("(11) 98765-4321") in the form DICT and BR Codes use. */
function canonicalPixKey(typed: string): string {
  const normalized = normalizePixKey(typed);
  if (!normalized)
    throw new CounterError(
      'INVALID_PIX_KEY',
      { typed },
      `Chave Pix inválida: "${typed}" (use CPF, CNPJ, e-mail, celular com DDD ou chave aleatória)`,
    );
  return normalized.key;
}

function defaultSettings(defaults: SettingsDefaults): StoredSettings {
  return {
    mode: 'embedded',
    merchantName: defaults.merchantName,
    merchantCity: defaults.merchantCity,
    receiptHeader: { lines: [] },
    receiptLayout: 'thermal80',
    locale: 'pt-BR',
    customerDisplay: false,
    fixedQr: false,
    offlineSales: { ...DEFAULT_OFFLINE_SALES },
    confirmAbove: DEFAULT_CONFIRM_ABOVE_CENTS,
  };
}

function assertUsable(settings: StoredSettings, appId: string | null): void {
  if (!isRemoteMode(settings.mode)) return;
  if (!settings.baseUrl) throw new CounterError('BASE_URL_REQUIRED');
  if (!appId) throw new CounterError('APP_ID_REQUIRED', {});
}

function readStored(file: string): Partial<StoredSettings> {
  let text: string;
  try {
    text = readFileSync(file, 'utf8');
  } catch {
    return {};
  }
  try {
    const parsed = storedSettingsSchema.safeParse(JSON.parse(text));
    if (parsed.success) return withoutUndefined(parsed.data);
  } catch {
    // fall through: a damaged file must not keep the counter from opening
  }
  console.error(`[settings] ${file} is unreadable; using defaults until the next save`);
  return {};
}

function withoutUndefined<T extends object>(value: T): Partial<T> {
  return Object.fromEntries(Object.entries(value).filter(([, v]) => v !== undefined)) as Partial<T>;
}

/** Write-then-rename, so a crash leaves either the old file or the new one, never half of one. */
export function writeAtomically(file: string, text: string, mode?: number): void {
  mkdirSync(dirname(file), { recursive: true });
  const temporary = `${file}.${process.pid}.tmp`;
  writeFileSync(temporary, text, { encoding: 'utf8', mode });
  renameSync(temporary, file);
}
