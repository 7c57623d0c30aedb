import { describe, expect, it } from 'vitest';
import type { Settings } from '../../../src/shared/pos-api';
import {
  confirmQueuedSwitch,
  draftFromSettings,
  queuedSwitchWarning,
  settingsInputFrom,
  switchesService,
  validateSettingsDraft,
} from '../../../src/renderer/src/lib/settings-form';

const saved: Settings = {
  mode: 'embedded',
  hasAppId: true,
  appIdStorage: 'keychain',
  merchantName: 'Padaria Pão Quente',
  merchantCity: 'São Paulo',
  pixKey: 'loja@example.com',
  receiptHeader: { title: 'Padaria', lines: ['Rua A, 1'] },
  receiptLayout: 'thermal80',
  locale: 'pt-BR',
  customerDisplay: false,
};

describe('settings form', () => {
  it('an untouched draft saves nothing', () => {
    const draft = draftFromSettings(saved);
    expect(draft.appId).toBe('');
    expect(validateSettingsDraft(draft)).toEqual({});
    expect(settingsInputFrom(draft, saved)).toEqual({});
  });

  it('sends only what changed, with header lines split and trimmed', () => {
    const draft = { ...draftFromSettings(saved), merchantCity: ' Campinas ', headerLines: 'Rua A, 1\n\n  CNPJ 00  \n', receiptLayout: 'a4' as const };
    expect(settingsInputFrom(draft, saved)).toEqual({
      merchantCity: 'Campinas',
      receiptHeader: { title: 'Padaria', lines: ['Rua A, 1', 'CNPJ 00'] },
      receiptLayout: 'a4',
    });
  });

  it('the AppID is write-only: blank keeps it, typed sets it, removal sends an empty string', () => {
    const draft = draftFromSettings(saved);
    expect(settingsInputFrom({ ...draft, appId: '  Q2xpZW50 ' }, saved)).toEqual({ appId: 'Q2xpZW50' });
    expect(settingsInputFrom({ ...draft, clearAppId: true }, saved)).toEqual({ appId: '' });
  });

  it('remote modes need an http(s) base URL', () => {
    const draft = { ...draftFromSettings(saved), mode: 'production' as const };
    expect(validateSettingsDraft(draft)).toEqual({ baseUrl: true });
    expect(validateSettingsDraft({ ...draft, baseUrl: 'ftp://x' })).toEqual({ baseUrl: true });
    const ok = { ...draft, baseUrl: 'https://api.openpix.com.br' };
    expect(validateSettingsDraft(ok)).toEqual({});
    expect(settingsInputFrom(ok, saved)).toEqual({ mode: 'production', baseUrl: 'https://api.openpix.com.br' });
  });

  it('flags the fields the service would refuse', () => {
    const draft = draftFromSettings(saved);
    expect(validateSettingsDraft({ ...draft, merchantName: '  ' })).toEqual({ merchantName: true });
    expect(validateSettingsDraft({ ...draft, merchantCity: 'x'.repeat(61) })).toEqual({ merchantCity: true });
    expect(validateSettingsDraft({ ...draft, pixKey: 'k'.repeat(78) })).toEqual({ pixKey: true });
    expect(validateSettingsDraft({ ...draft, headerLines: '1\n2\n3\n4\n5\n6\n7' })).toEqual({ headerLines: true });
  });
});

describe('switching services with commands queued', () => {
  const refusal = Object.assign(new Error('Há 3 comandos na fila para o serviço atual. Eles ficam guardados e serão enviados quando esse serviço for usado de novo.'), {
    status: 409,
  });

  it('a 409 from the main process is the warning to confirm, in its own words', () => {
    expect(queuedSwitchWarning(refusal)).toBe(refusal.message);
    // A 409 without words still asks (the screen uses its own).
    expect(queuedSwitchWarning(Object.assign(new Error(''), { status: 409 }))).toBe('');
  });

  it('any other failure is an error, not a question', () => {
    expect(queuedSwitchWarning(Object.assign(new Error('Chave Pix inválida'), { status: 400 }))).toBeNull();
    expect(queuedSwitchWarning(new Error('O Balcão não responde'))).toBeNull();
    expect(queuedSwitchWarning('409')).toBeNull();
    expect(queuedSwitchWarning(null)).toBeNull();
  });

  it('confirming sends the same save again with confirmQueued', () => {
    const input = { mode: 'production' as const, baseUrl: 'https://api.openpix.com.br' };
    expect(confirmQueuedSwitch(input)).toEqual({ ...input, confirmQueued: true });
    expect(input).not.toHaveProperty('confirmQueued');
  });

  it('knows which saves point the counter at another service', () => {
    expect(switchesService({ mode: 'production' })).toBe(true);
    expect(switchesService({ baseUrl: 'https://x' })).toBe(true);
    expect(switchesService({ appId: '' })).toBe(true);
    expect(switchesService({ merchantName: 'Loja', locale: 'en' })).toBe(false);
    const draft = draftFromSettings(saved);
    expect(switchesService(settingsInputFrom({ ...draft, merchantCity: 'Campinas' }, saved))).toBe(false);
    expect(switchesService(settingsInputFrom({ ...draft, appId: 'novo' }, saved))).toBe(true);
  });
});
