// GET /api/v1/pix-keys (spec: query skip, limit → {pixKeys[], account}). The counter uses it to
// check that the key its offline static codes carry belongs to the account, and to learn the
// default key: the one the service's own charges and static QR codes receive with.
import { expect, it } from 'vitest';
import { createSandboxCompany } from '#service/engine/tenancy/sandbox-bootstrap';
import { ALL_SCOPES } from '#service/engine/operations';
import { describeContract } from '#test/support/harness';

describeContract('pix keys', (h) => {
  it('lists the account’s keys with the default flag, and the account with its balance', async () => {
    const { pixKeys, account, ...rest } = await h().ok('listPixKeys');
    expect(rest).toEqual({});
    expect(pixKeys).toEqual([{ key: h().pixKey, type: 'EVP', isDefault: true }]);
    expect(account).toEqual({
      accountId: expect.stringMatching(/^[0-9a-f]{24}$/),
      isDefault: true,
      balance: { total: 0, blocked: 0, available: 0 },
      taxId: expect.stringMatching(/^\d{14}$/),
      officialName: expect.any(String),
      tradeName: expect.any(String),
      branch: '0001',
      account: expect.stringMatching(/^\d+$/),
      accountName: expect.any(String),
    });
    // The balance is read fresh, not from the tenant cached at the first request.
    const { pixQrCode } = await h().ok('createPixQrCode', { body: { name: 'Caixa', value: 900 } });
    await h().ok('sandboxPayBrCode', { body: { brCode: pixQrCode.brCode } });
    expect((await h().ok('listPixKeys')).account.balance).toEqual({ total: 900, blocked: 0, available: 900 });
  });

  it('marks as default the key new charges use, and keeps earlier keys listed', async () => {
    h().clock.advance(1_000);
    await h().engine.configureSandboxMerchant(h().appId, {
      merchantName: 'Padaria',
      merchantCity: 'Recife',
      pixKey: '(11) 98765-4321',
    });
    h().clock.advance(1_000);
    await h().engine.configureSandboxMerchant(h().appId, {
      merchantName: 'Padaria',
      merchantCity: 'Recife',
      pixKey: 'Loja@Example.com',
    });
    const { pixKeys } = await h().ok('listPixKeys');
    expect(pixKeys).toEqual([
      { key: h().pixKey, type: 'EVP', isDefault: false },
      { key: '+5511987654321', type: 'PHONE', isDefault: false },
      { key: 'loja@example.com', type: 'EMAIL', isDefault: true },
    ]);
    const { charge } = await h().ok('createCharge', { body: { correlationID: 'c1', value: 100 } });
    expect(charge.pixKey).toBe('loja@example.com');
  });

  it('pages with skip and limit, in a stable order, and validates them like every list', async () => {
    for (const key of ['+5511911112222', '+5511933334444', '+5511955556666']) {
      h().clock.advance(1_000);
      await h().engine.configureSandboxMerchant(h().appId, {
        merchantName: 'Padaria',
        merchantCity: 'Recife',
        pixKey: key,
      });
    }
    const all = (await h().ok('listPixKeys')).pixKeys.map((k: any) => k.key);
    expect(all).toHaveLength(4);
    const paged: string[] = [];
    for (const skip of ['0', '2', '4']) {
      paged.push(...(await h().ok('listPixKeys', { query: { skip, limit: '2' } })).pixKeys.map((k: any) => k.key));
    }
    expect(paged).toEqual(all);
    expect((await h().ok('listPixKeys', { query: { skip: '3' } })).pixKeys.map((k: any) => k.key)).toEqual(
      all.slice(3),
    );
    for (const query of [{ limit: '0' }, { limit: '101' }, { limit: 'dez' }, { skip: '-1' }, { skip: '1.5' }]) {
      const reply = await h().client.request('listPixKeys', { query });
      expect(reply.status, JSON.stringify(query)).toBe(400);
      expect('body' in reply && typeof (reply.body as any).error).toBe('string');
    }
  });

  it('never shows another company’s keys', async () => {
    const theirs = (await h().client.request('listPixKeys', {}, { appId: h().other.appId })) as any;
    expect(theirs.status).toBe(200);
    expect(theirs.body.pixKeys).toEqual([{ key: h().other.pixKey, type: 'EVP', isDefault: true }]);
    const ours = await h().ok('listPixKeys');
    expect(ours.pixKeys.map((k: any) => k.key)).toEqual([h().pixKey]);
    expect(ours.account.accountId).not.toBe(theirs.body.account.accountId);
  });

  it('needs the PIX_KEY_GET_LIST scope and an AppID', async () => {
    expect(ALL_SCOPES).toContain('PIX_KEY_GET_LIST');
    const limited = createSandboxCompany(h().engine.db, h().clock.now(), {
      scopes: ALL_SCOPES.filter((s) => s !== 'PIX_KEY_GET_LIST'),
    });
    expect(await h().client.request('listPixKeys', {}, { appId: limited.appId })).toEqual({
      status: 403,
      body: { error: 'Application does not have required scope: PIX_KEY_GET_LIST' },
    });
    expect(await h().client.request('listPixKeys', {}, { appId: null })).toMatchObject({
      status: 401,
      body: { error: expect.any(String) },
    });
  });
});
