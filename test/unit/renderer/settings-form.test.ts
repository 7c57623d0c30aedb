import { describe, expect, it } from 'vitest';
import type { Settings } from '../../../src/shared/pos-api';
import { draftFromSettings, settingsInputFrom, validateSettingsDraft } from '../../../src/renderer/src/lib/settings-form';

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
