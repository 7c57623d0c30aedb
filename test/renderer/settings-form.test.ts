import { describe, expect, it } from 'vitest';
import type { Settings } from '#shared/counter/counter-api';
import {
  confirmQueuedSwitch,
  draftFromSettings,
  offlineSalesFromDraft,
  parseReais,
  queuedSwitchCount,
  settingsInputFrom,
  switchesService,
  validateSettingsDraft,
} from '#renderer/lib/settings-form';

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
  fixedQr: false,
  offlineSales: { enabled: true, maxSaleValue: 20_000, maxUnconfirmedTotal: 100_000, maxAgeMinutes: 24 * 60 },
  confirmAbove: 1_000_000,
};

describe('settings form', () => {
  it('an untouched draft saves nothing', () => {
    const draft = draftFromSettings(saved);
    expect(draft.appId).toBe('');
    expect(validateSettingsDraft(draft)).toEqual({});
    expect(settingsInputFrom(draft, saved)).toEqual({});
  });

  it('sends only what changed, with header lines split and trimmed', () => {
    const draft = {
      ...draftFromSettings(saved),
      merchantCity: ' Campinas ',
      headerLines: 'Rua A, 1\n\n  CNPJ 00  \n',
      receiptLayout: 'a4' as const,
    };
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
  const refusal = {
    code: 'COMMANDS_QUEUED',
    message: 'Há 3 operações aguardando envio ao serviço Pix atual.',
    details: { count: 3 },
  };

  it('COMMANDS_QUEUED from the main process is the question to ask, with how many', () => {
    expect(queuedSwitchCount(refusal)).toBe(3);
    expect(queuedSwitchCount(structuredClone(refusal))).toBe(3);
  });

  it('any other failure is an error, not a question, whatever number it carries', () => {
    expect(queuedSwitchCount({ code: 'INVALID_PIX_KEY', details: { typed: 'x' } })).toBeNull();
    expect(queuedSwitchCount({ code: 'HOST_UNREACHABLE' })).toBeNull();
    expect(queuedSwitchCount(Object.assign(new Error('Há 3 operações'), { status: 409 }))).toBeNull();
    expect(queuedSwitchCount('COMMANDS_QUEUED')).toBeNull();
    expect(queuedSwitchCount(null)).toBeNull();
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

describe('the offline sales section', () => {
  const draft = draftFromSettings(saved);

  it('shows the caps as reais and the age in hours when whole, in minutes otherwise', () => {
    expect(draft).toMatchObject({
      offlineEnabled: true,
      offlineMaxSaleValue: '200,00',
      offlineMaxUnconfirmedTotal: '1.000,00',
      offlineMaxAge: '24',
      offlineMaxAgeUnit: 'hours',
    });
    const odd = draftFromSettings({
      ...saved,
      offlineSales: { ...saved.offlineSales, maxAgeMinutes: 90, maxSaleValue: 1234 },
    });
    expect(odd).toMatchObject({ offlineMaxAge: '90', offlineMaxAgeUnit: 'minutes', offlineMaxSaleValue: '12,34' });
    expect(offlineSalesFromDraft(draft)).toEqual(saved.offlineSales);
  });

  it('reads reais the way an owner types them; whole numbers are reais', () => {
    expect(parseReais('200')).toBe(20_000);
    expect(parseReais('200,5')).toBe(20_050);
    expect(parseReais('1.500,50')).toBe(150_050);
    expect(parseReais('1.500')).toBe(150_000);
    expect(parseReais('R$ 12,34')).toBe(1234);
    expect(parseReais('12.34')).toBe(1234);
    expect(parseReais(' 0,01 ')).toBe(1);
    for (const bad of ['', 'abc', '12,345', '-5', '1,2,3', '12.3.4']) expect(parseReais(bad), bad).toBeNull();
  });

  it('sends the four fields together, in cents and minutes, only when one changed', () => {
    expect(settingsInputFrom(draft, saved)).toEqual({});
    expect(settingsInputFrom({ ...draft, offlineMaxSaleValue: '350' }, saved)).toEqual({
      offlineSales: { enabled: true, maxSaleValue: 35_000, maxUnconfirmedTotal: 100_000, maxAgeMinutes: 1440 },
    });
    expect(settingsInputFrom({ ...draft, offlineEnabled: false }, saved)).toEqual({
      offlineSales: { ...saved.offlineSales, enabled: false },
    });
    expect(settingsInputFrom({ ...draft, offlineMaxAge: '90', offlineMaxAgeUnit: 'minutes' }, saved)).toEqual({
      offlineSales: { ...saved.offlineSales, maxAgeMinutes: 90 },
    });
    // 1440 minutes typed as minutes is the same as 24 hours: nothing changed.
    expect(settingsInputFrom({ ...draft, offlineMaxAge: '1440', offlineMaxAgeUnit: 'minutes' }, saved)).toEqual({});
  });

  it('flags the caps and the age the main process would refuse, at their edges', () => {
    expect(validateSettingsDraft({ ...draft, offlineMaxSaleValue: '0,01' })).toEqual({});
    expect(validateSettingsDraft({ ...draft, offlineMaxSaleValue: '0' })).toEqual({ offlineMaxSaleValue: true });
    expect(validateSettingsDraft({ ...draft, offlineMaxSaleValue: '999.999.999,99' })).toEqual({});
    expect(validateSettingsDraft({ ...draft, offlineMaxUnconfirmedTotal: '1.000.000.000,00' })).toEqual({
      offlineMaxUnconfirmedTotal: true,
    });
    expect(validateSettingsDraft({ ...draft, offlineMaxUnconfirmedTotal: 'muito' })).toEqual({
      offlineMaxUnconfirmedTotal: true,
    });
    expect(validateSettingsDraft({ ...draft, offlineMaxAge: '168' })).toEqual({});
    expect(validateSettingsDraft({ ...draft, offlineMaxAge: '169' })).toEqual({ offlineMaxAge: true });
    expect(validateSettingsDraft({ ...draft, offlineMaxAge: '10080', offlineMaxAgeUnit: 'minutes' })).toEqual({});
    expect(validateSettingsDraft({ ...draft, offlineMaxAge: '10081', offlineMaxAgeUnit: 'minutes' })).toEqual({
      offlineMaxAge: true,
    });
    expect(validateSettingsDraft({ ...draft, offlineMaxAge: '0' })).toEqual({ offlineMaxAge: true });
    expect(validateSettingsDraft({ ...draft, offlineMaxAge: '1,5' })).toEqual({ offlineMaxAge: true });
    expect(offlineSalesFromDraft({ ...draft, offlineMaxAge: '0' })).toBeNull();
    expect(settingsInputFrom({ ...draft, offlineMaxAge: '0' }, saved)).toEqual({});
  });

  it('a main process that sends no offlineSales (older) gets a form that saves nothing untouched', () => {
    const { offlineSales: _none, ...older } = saved;
    const olderDraft = draftFromSettings(older as Settings);
    expect(validateSettingsDraft(olderDraft)).toEqual({});
    expect(settingsInputFrom(olderDraft, older as Settings)).toEqual({});
  });

  it('reads the large-sale confirmation limit in reais and sends it only when it changed', () => {
    const draft = draftFromSettings(saved);
    expect(draft.confirmAbove).toBe('10.000,00');
    expect(settingsInputFrom({ ...draft, confirmAbove: '5000' }, saved)).toEqual({ confirmAbove: 500_000 });
    expect(settingsInputFrom({ ...draft, confirmAbove: '10.000' }, saved)).toEqual({});
    expect(validateSettingsDraft({ ...draft, confirmAbove: '0' })).toEqual({ confirmAbove: true });
    expect(validateSettingsDraft({ ...draft, confirmAbove: 'dez mil' })).toEqual({ confirmAbove: true });
    expect(validateSettingsDraft({ ...draft, confirmAbove: '1000000000' })).toEqual({ confirmAbove: true });
    // An older main process without the setting: the default shows, and nothing is sent.
    const { confirmAbove: _dropped, ...older } = saved;
    expect(draftFromSettings(older as Settings).confirmAbove).toBe('10.000,00');
  });
});

describe('the receipt printer section', () => {
  const printer: NonNullable<Settings['paperPrinter']> = {
    address: '192.168.0.50',
    profile: 'epson',
    columns: 48,
    printWhenPaid: true,
    printWhenRefunded: false,
    printWhenClosed: false,
    printWhenCharged: false,
    drawerOnPaid: false,
    copies: 1,
  };
  const withPrinter: Settings = { ...saved, paperPrinter: printer };

  it('shows the QR slip’s tick as saved, and sends the printer whole when it changes', () => {
    const draft = draftFromSettings(withPrinter);
    expect(draft.paperPrintWhenCharged).toBe(false);
    expect(settingsInputFrom(draft, withPrinter)).toEqual({});
    expect(settingsInputFrom({ ...draft, paperPrintWhenCharged: true }, withPrinter)).toEqual({
      paperPrinter: { ...printer, printWhenCharged: true },
    });
    expect(draftFromSettings({ ...saved, paperPrinter: { ...printer, printWhenCharged: true } })).toMatchObject({
      paperPrintWhenCharged: true,
    });
  });

  it('starts with the QR slip off where no printer is set yet', () => {
    expect(draftFromSettings(saved).paperPrintWhenCharged).toBe(false);
  });
});

describe('the PDV API section', () => {
  it('starts on this machine only, port 7755, and saves nothing untouched', () => {
    const draft = draftFromSettings(saved);
    expect(draft).toMatchObject({ pdvPort: '7755', pdvLan: false, pdvAllowFrom: '', pdvInstitutionCnpj: '' });
    expect(settingsInputFrom(draft, saved)).toEqual({});
  });

  it('sends the reach whole when it changes: addresses one per line or by commas, the CNPJ without its mask', () => {
    const draft = {
      ...draftFromSettings(saved),
      pdvLan: true,
      pdvAllowFrom: '192.168.0.20\n 192.168.0.21, 10.0.0.5 ',
      pdvInstitutionCnpj: '12.345.678/0001-95',
    };
    expect(validateSettingsDraft(draft)).toEqual({});
    expect(settingsInputFrom(draft, saved).pdvApi).toEqual({
      port: 7755,
      lan: true,
      allowFrom: ['192.168.0.20', '192.168.0.21', '10.0.0.5'],
      institutionCnpj: '12345678000195',
    });
    const kept = { ...saved, pdvApi: settingsInputFrom(draft, saved).pdvApi! };
    expect(settingsInputFrom(draftFromSettings(kept), kept)).toEqual({});
  });

  it('flags a port, an address or a CNPJ the main process would refuse, and sends none of it', () => {
    for (const [field, value] of [
      ['pdvPort', '80'],
      ['pdvPort', '70000'],
      ['pdvPort', 'abc'],
      ['pdvAllowFrom', '192.168.0.256'],
      ['pdvAllowFrom', 'caixa.local'],
      ['pdvInstitutionCnpj', '123'],
      // The right shape, the wrong check digits.
      ['pdvInstitutionCnpj', '12.345.678/0001-96'],
    ] as const) {
      const draft = { ...draftFromSettings(saved), pdvLan: true, [field]: value };
      expect(validateSettingsDraft(draft), `${field}=${value}`).toEqual({ [field]: true });
      expect(settingsInputFrom(draft, saved).pdvApi).toBeUndefined();
    }
    const many = Array.from({ length: 21 }, (_, i) => `10.0.0.${i + 1}`).join('\n');
    expect(validateSettingsDraft({ ...draftFromSettings(saved), pdvAllowFrom: many })).toEqual({ pdvAllowFrom: true });
  });
});

describe('the PDV file exchange', () => {
  it('is off in C:\\TEF_DIAL until the owner turns it on, and needs a folder then', () => {
    const draft = draftFromSettings(saved);
    expect(draft).toMatchObject({ pdvFileExchangeEnabled: false, pdvFileExchangeFolder: 'C:\\TEF_DIAL' });
    const on = { ...draft, pdvFileExchangeEnabled: true };
    expect(settingsInputFrom(on, saved).pdvFileExchange).toEqual({ enabled: true, folder: 'C:\\TEF_DIAL' });
    const blank = { ...on, pdvFileExchangeFolder: '  ' };
    expect(validateSettingsDraft(blank)).toEqual({ pdvFileExchangeFolder: true });
    expect(settingsInputFrom(blank, saved).pdvFileExchange).toBeUndefined();
  });
});
