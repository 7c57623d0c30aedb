// The shop's name, city and Pix key from the settings screen reach the embedded sandbox's BR
// Codes (real runtime, real engine, real SQLite), and a bad value changes nothing anywhere.
import { mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { createCounterRuntime } from '#counter/app/counter-runtime';
import { noPrinting } from '#counter/ports/printing-port';
import { decodeBrCode } from '#lib/pix';
import { createSandboxCompany } from '#service/engine/tenancy/sandbox-bootstrap';
import { MemorySecretStore, openRuntime, type RuntimeFixture } from './runtime-fixture';

let fixture: RuntimeFixture;
beforeEach(() => {
  fixture = openRuntime();
});
afterEach(async () => {
  await fixture.dispose();
});

const handlers = () => fixture.runtime.api;
const engine = () => fixture.runtime.sandbox.engine;

async function newSaleMerchant(): Promise<{ name: string; city: string; key: string | undefined }> {
  const sale = await handlers().createSale({ value: 990 });
  const decoded = decodeBrCode(sale.brCode!);
  const { charge } = await engine().call(fixture.runtime.sandbox.appId, 'getCharge', {
    params: { id: sale.correlationID },
  });
  return { name: decoded.merchantName, city: decoded.merchantCity, key: charge.pixKey };
}

function settingsFile(): string {
  return readFileSync(join(fixture.dataDir, 'settings.json'), 'utf8');
}

describe('merchant settings in embedded mode', () => {
  it('put the new name and city in the next BR Code and make the typed key the receiving one', async () => {
    const before = await newSaleMerchant();
    expect(before.name).toBe('Balcao Sandbox');
    const unpaid = await handlers().createSale({ value: 500 });

    const saved = await handlers().saveSettings({
      merchantName: 'Padaria Pão Dourado',
      merchantCity: 'Campinas',
      pixKey: '(11) 98765-4321',
    });
    // Stored as DICT knows it, whatever the owner typed.
    expect(saved.pixKey).toBe('+5511987654321');

    expect(await newSaleMerchant()).toEqual({ name: 'Padaria Pao Dourado', city: 'Campinas', key: '+5511987654321' });
    expect((await handlers().getStatus()).merchantName).toBe('Padaria Pão Dourado');

    // A QR already on screen was made with the old key; it must still be payable.
    expect((await handlers().simulatePayment({ correlationID: unpaid.correlationID })).status).toBe('COMPLETED');
    // The sandbox company is the shop now, for integrators asking the HTTP API too.
    const company = await engine().call(fixture.runtime.sandbox.appId, 'getCompany', {});
    expect(company.company).toMatchObject({ tradeName: 'Padaria Pão Dourado', officialName: 'Padaria Pão Dourado' });
  });

  it('refuses a value that is no Pix key, saving nothing and leaving the QR as it was', async () => {
    await handlers().saveSettings({ merchantCity: 'Santos' });
    const saved = settingsFile();

    for (const pixKey of ['não-é-chave', '123.456.789-00', '+1 555 0100']) {
      await expect(handlers().saveSettings({ merchantName: 'Outro Nome', pixKey })).rejects.toMatchObject({
        code: 'INVALID_PIX_KEY',
        details: { typed: pixKey },
        message: expect.stringContaining('Chave Pix inválida'),
      });
    }
    expect(settingsFile()).toBe(saved);
    expect((await handlers().getSettings()).merchantName).toBe('Balcão Sandbox');
    expect(await newSaleMerchant()).toMatchObject({ name: 'Balcao Sandbox', city: 'Santos' });
  });

  it('refuses a key that belongs to another account of the sandbox', async () => {
    createSandboxCompany(engine().db, new Date(), { pixKey: 'vizinho@example.com' });
    await expect(
      handlers().saveSettings({ merchantName: 'Loja Nova', pixKey: 'vizinho@example.com' }),
    ).rejects.toMatchObject({
      code: 'SETTINGS_REFUSED',
      details: { reason: expect.any(String) },
    });
    expect((await handlers().getSettings()).pixKey).toBeUndefined();
    expect((await newSaleMerchant()).name).toBe('Balcao Sandbox');
  });

  it('refuses a name with nothing a BR Code can carry', async () => {
    await expect(handlers().saveSettings({ merchantName: '東京' })).rejects.toMatchObject({ code: 'SETTINGS_REFUSED' });
    expect((await handlers().getSettings()).merchantName).toBe('Balcão Sandbox');
    expect((await newSaleMerchant()).name).toBe('Balcao Sandbox');
  });
});

describe('merchant settings in the remote modes', () => {
  it('leave the sandbox company alone until the counter is back in embedded mode', async () => {
    await handlers().saveSettings({
      mode: 'remote-sandbox',
      baseUrl: 'https://sandbox.example.com',
      appId: 'algum-app-id',
      merchantName: 'Mercado Central',
      merchantCity: 'Recife',
      pixKey: 'mercado@example.com',
      // No such service on the test machine: saved past the connection test, as the owner may.
      saveUnreachable: true,
    });
    const tenant = engine().tenancy.resolveTenant(fixture.runtime.sandbox.appId)!;
    expect(tenant.company.merchant_name).toBe('Balcão Sandbox');

    await handlers().saveSettings({ mode: 'embedded' });
    expect(await newSaleMerchant()).toEqual({ name: 'Mercado Central', city: 'Recife', key: 'mercado@example.com' });
  });

  it('still check the Pix key, which is printed on receipts', async () => {
    await expect(
      handlers().saveSettings({ mode: 'production', baseUrl: 'https://api.example.com', appId: 'x', pixKey: 'loja@' }),
    ).rejects.toMatchObject({ code: 'INVALID_PIX_KEY' });
    expect((await handlers().getSettings()).mode).toBe('embedded');
    expect(fixture.secrets.value).toBeNull();
  });
});

describe('the runtime at start', () => {
  it('brings settings saved earlier into the embedded sandbox before the first sale', async () => {
    const dataDir = mkdtempSync(join(tmpdir(), 'balcao-app-'));
    try {
      writeFileSync(
        join(dataDir, 'settings.json'),
        JSON.stringify({
          mode: 'embedded',
          merchantName: 'Mercearia Boa Vista',
          merchantCity: 'Olinda',
          pixKey: 'mercearia@example.com',
        }),
      );
      const runtime = createCounterRuntime({
        dataDir,
        secretStore: new MemorySecretStore(),
        printing: noPrinting('—'),
      });
      try {
        const sale = await runtime.api.createSale({ value: 100 });
        expect(decodeBrCode(sale.brCode!)).toMatchObject({
          merchantName: 'Mercearia Boa Vista',
          merchantCity: 'Olinda',
        });
      } finally {
        await runtime.close();
      }
    } finally {
      rmSync(dataDir, { recursive: true, force: true });
    }
  });

  it('refuses a sale lifetime shorter than the service accepts', () => {
    const options = {
      dataDir: join(tmpdir(), 'never-created'),
      secretStore: new MemorySecretStore(),
      printing: noPrinting('—'),
    };
    for (const saleExpiresInSeconds of [0, 60, 299, 300.5]) {
      expect(() => createCounterRuntime({ ...options, saleExpiresInSeconds })).toThrow(/saleExpiresInSeconds/);
    }
  });
});
