// The counter sets the embedded sandbox's shop through the SandboxService, never through the
// engine's modules (npm run deps): the settings reach the company, unchanged settings write
// nothing, and the sandbox's refusals reach the owner as SETTINGS_REFUSED with the sandbox's words.
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import type { Settings } from '#shared/counter/counter-api';
import { embeddedMerchant } from '#counter/app/embedded-merchant';
import { CounterError } from '#shared/counter/counter-errors';
import { createSandboxService, sandboxRefusal, type SandboxService } from '#service/index';

let sandbox: SandboxService;
beforeEach(() => {
  sandbox = createSandboxService({ dbPath: ':memory:' });
});
afterEach(async () => {
  await sandbox.close();
});

const shop = (overrides: Partial<Settings> = {}) =>
  ({
    mode: 'embedded',
    merchantName: 'Padaria Pão Dourado',
    merchantCity: 'Campinas',
    pixKey: '+5511987654321',
    ...overrides,
  }) as Settings;

function company() {
  const tenant = sandbox.engine.tenancy.resolveTenant(sandbox.appId)!;
  return {
    name: tenant.company.merchant_name,
    city: tenant.company.merchant_city,
    key: sandbox.engine.tenancy.defaultPixKey(tenant.account.id)?.key,
  };
}

/** Rows written on the sandbox's connection so far. */
const rowsWritten = () => sandbox.engine.db.prepare('SELECT total_changes()').pluck().get() as number;

describe('the embedded sandbox’s merchant, through the SandboxService', () => {
  it('becomes the shop of the settings', async () => {
    await embeddedMerchant(sandbox).apply(shop());
    expect(company()).toEqual({ name: 'Padaria Pão Dourado', city: 'Campinas', key: '+5511987654321' });
  });

  it('writes nothing when the settings already are the company’s', async () => {
    const merchant = embeddedMerchant(sandbox);
    await merchant.apply(shop());
    const written = rowsWritten();
    await merchant.apply(shop());
    await sandbox.configureMerchant({ merchantName: ' Padaria Pão Dourado ', merchantCity: 'Campinas' });
    expect(rowsWritten()).toBe(written);
    await merchant.apply(shop({ merchantCity: 'Santos' }));
    expect(rowsWritten()).toBeGreaterThan(written);
    expect(company().city).toBe('Santos');
  });

  it('answers a refused value with SETTINGS_REFUSED in the sandbox’s words, changing nothing', async () => {
    const before = company();
    const refused = embeddedMerchant(sandbox).apply(shop({ pixKey: 'não-é-chave' }));
    await expect(refused).rejects.toBeInstanceOf(CounterError);
    await expect(refused).rejects.toMatchObject({
      code: 'SETTINGS_REFUSED',
      details: { reason: expect.stringContaining('Chave Pix inválida') },
    });
    expect(company()).toEqual(before);
  });

  it('leaves the company alone in the remote modes', async () => {
    const before = company();
    const written = rowsWritten();
    await embeddedMerchant(sandbox).apply(shop({ mode: 'production' }));
    expect(company()).toEqual(before);
    expect(rowsWritten()).toBe(written);
  });

  it('tells a refusal from any other failure', async () => {
    const refusal = await sandbox
      .configureMerchant({ merchantName: '東京', merchantCity: 'Recife' })
      .catch((error: unknown) => error);
    expect(sandboxRefusal(refusal)).toEqual({ status: 400, message: expect.any(String) });
    expect(sandboxRefusal(new Error('disk full'))).toBeNull();
  });
});
