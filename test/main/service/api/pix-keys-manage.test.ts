// Managing Pix keys (issue 11): POST /api/v1/pix-keys, PUT (and the older POST)
// /api/v1/pix-keys/:pixKey/default, DELETE /api/v1/pix-keys/:pixKey. remote-api-notes §2 rows
// 11b–11d; the spec's Errors rule 6 (the default key cannot be deleted). The official SDK
// (@woovi/node-sdk 1.3.3) has no Pix key methods (remote-api-notes §7.2), so there is no SDK test.
import { randomUUID } from 'node:crypto';
import { expect, it } from 'vitest';
import { ALL_SCOPES, type OperationName } from '#service/engine/operations';
import { createSandboxCompany } from '#service/engine/tenancy/sandbox-bootstrap';
import type { ServiceReply } from '#shared/service/service-api';
import { describeContract, type Harness } from '#test/support/harness';

const UUID_V4 = /^[0-9a-f]{8}-[0-9a-f]{4}-4[0-9a-f]{3}-[89ab][0-9a-f]{3}-[0-9a-f]{12}$/;

/** The written tables a rejected request must leave alone. */
const TABLES = ['pix_keys', 'events'];

function companyOf(h: Harness, appId = h.appId) {
  return h.engine.tenancy.resolveTenant(appId)!.company;
}

/** "12.345.678/0001-95" from "12345678000195". */
function maskCnpj(cnpj: string): string {
  return `${cnpj.slice(0, 2)}.${cnpj.slice(2, 5)}.${cnpj.slice(5, 8)}/${cnpj.slice(8, 12)}-${cnpj.slice(12)}`;
}

function eventsNamed(h: Harness, name: string): any[] {
  return (
    h.engine.db.prepare('SELECT payload FROM events WHERE name = ? ORDER BY seq').all(name) as { payload: string }[]
  ).map((row) => JSON.parse(row.payload));
}

async function keysOf(h: Harness, appId = h.appId): Promise<{ key: string; type: string; isDefault: boolean }[]> {
  const reply = (await h.client.request('listPixKeys', {}, { appId })) as any;
  expect(reply.status).toBe(200);
  return reply.body.pixKeys;
}

/**
 * DELETE /api/v1/pix-keys/:pixKey. Over HTTP the raw answer is read, so a 204 shows it has no
 * body at all (the harness's client would parse its JSON content type).
 */
async function deleteKey(
  h: Harness,
  pixKey: string,
  appId = h.appId,
): Promise<{ status: number; body: unknown; text?: string; contentType?: string | null }> {
  if (h.transport === 'engine') {
    const reply = (await h.client.request('deletePixKey', { params: { pixKey } }, { appId })) as {
      status: number;
      body: unknown;
    };
    return { status: reply.status, body: reply.body };
  }
  const response = await fetch(`${h.baseUrl}/api/v1/pix-keys/${encodeURIComponent(pixKey)}`, {
    method: 'DELETE',
    headers: { authorization: appId },
  });
  const text = await response.text();
  return {
    status: response.status,
    body: text === '' ? undefined : JSON.parse(text),
    text,
    contentType: response.headers.get('content-type'),
  };
}

function expectError(
  reply: ServiceReply | { status: number; body: unknown },
  status: number,
  message?: RegExp | string,
) {
  expect(reply.status).toBe(status);
  const body = (reply as { body: any }).body;
  expect(Object.keys(body)).toEqual(['error']);
  expect(typeof body.error).toBe('string');
  if (message !== undefined) expect(body.error).toMatch(message);
}

describeContract('pix keys: create, default, delete', (h) => {
  it('creates an EVP key drawn by the service, 201 {key, type, isDefault}, listed and announced', async () => {
    h().clock.advance(1_000);
    const created = await h().client.request('createPixKey', { body: { type: 'EVP' } });
    expect(created.status).toBe(201);
    const body = (created as any).body;
    expect(Object.keys(body).sort()).toEqual(['isDefault', 'key', 'type']);
    expect(body).toEqual({ key: expect.stringMatching(UUID_V4), type: 'EVP', isDefault: false });
    // An empty or null key is "no key" too (the OpenAPI file marks `key` required), and RANDOM is EVP.
    h().clock.advance(1_000);
    const second = await h().ok('createPixKey', { body: { key: '', type: 'RANDOM' } });
    h().clock.advance(1_000);
    const third = await h().ok('createPixKey', { body: { key: null, type: 'EVP' } });
    expect(new Set([body.key, second.key, third.key]).size).toBe(3);
    expect(second.type).toBe('EVP');
    expect(await keysOf(h())).toEqual([
      { key: h().pixKey, type: 'EVP', isDefault: true },
      ...[body, second, third].map((k) => ({ key: k.key, type: 'EVP', isDefault: false })),
    ]);
    const events = eventsNamed(h(), 'PIX_KEY_CREATED');
    expect(events).toHaveLength(3);
    expect(events[0]).toEqual({
      pixKey: body,
      companyBankAccount: h().engine.tenancy.resolveTenant(h().appId)!.account.id,
    });
  });

  it('creates the company’s own CNPJ key in any spelling, once; not another CNPJ', async () => {
    const own = companyOf(h()).tax_id;
    const created = await h().client.request('createPixKey', { body: { key: maskCnpj(own), type: 'CNPJ' } });
    expect(created).toEqual({ status: 201, body: { key: own, type: 'CNPJ', isDefault: false } });
    // The docs' field name is taken as well.
    const before = h().counts(...TABLES);
    expectError(
      await h().client.request('createPixKey', { body: { pixKey: own, type: 'CNPJ' } }),
      400,
      /already registered/,
    );
    const otherCnpj = companyOf(h(), h().other.appId).tax_id;
    expectError(
      await h().client.request('createPixKey', { body: { key: otherCnpj, type: 'CNPJ' } }),
      400,
      /company’s own CNPJ/,
    );
    expect(h().counts(...TABLES)).toEqual(before);
  });

  it('refuses a key another company holds already: DICT registers a key once', async () => {
    // The other shop made our CNPJ its receiving key (the sandbox lets a shop owner type any key).
    const own = companyOf(h()).tax_id;
    await h().engine.configureSandboxMerchant(h().other.appId, {
      merchantName: 'Outra',
      merchantCity: 'Recife',
      pixKey: own,
    });
    const before = h().counts(...TABLES);
    expectError(
      await h().client.request('createPixKey', { body: { key: own, type: 'CNPJ' } }),
      400,
      'This Pix key is already registered',
    );
    expect(h().counts(...TABLES)).toEqual(before);
    expect((await keysOf(h(), h().other.appId)).map((k) => k.key)).toContain(own);
  });

  it('makes the first key of an account without keys its default', async () => {
    const bare = createSandboxCompany(h().engine.db, h().clock.now());
    h().engine.db.prepare('DELETE FROM pix_keys WHERE company_id = ?').run(bare.companyId);
    h().engine.tenancy.invalidate();
    expect(await keysOf(h(), bare.appId)).toEqual([]);
    const first = (await h().client.request('createPixKey', { body: { type: 'EVP' } }, { appId: bare.appId })) as any;
    expect(first).toEqual({ status: 201, body: { key: expect.stringMatching(UUID_V4), type: 'EVP', isDefault: true } });
    const second = (await h().client.request('createPixKey', { body: { type: 'EVP' } }, { appId: bare.appId })) as any;
    expect(second.body.isDefault).toBe(false);
    // New charges receive with the default key.
    const charge = (await h().client.request(
      'createCharge',
      { body: { correlationID: 'c1', value: 100 } },
      { appId: bare.appId },
    )) as any;
    expect(charge.body.charge.pixKey).toBe(first.body.key);
  });

  it('answers 400 {error} for each bad field and writes nothing', async () => {
    const own = companyOf(h()).tax_id;
    const cases: [unknown, RegExp][] = [
      [{}, /^type: type is required$/],
      [{ type: 5 }, /^type: type must be a string$/],
      [{ type: 'EMAIL', key: 'loja@example.com' }, /^type: creating EMAIL Pix keys needs a special permission/],
      [{ type: 'PHONE', key: '+5511987654321' }, /^type: creating PHONE Pix keys needs a special permission/],
      [{ type: 'CPF', key: '52998224725' }, /^type: creating CPF Pix keys needs a special permission/],
      [{ type: 'evp' }, /^type: type must be CNPJ or EVP$/],
      [{ type: 'BOLETO' }, /^type: type must be CNPJ or EVP$/],
      [{ type: 'EVP', key: randomUUID() }, /^key: an EVP \(random\) key is drawn by the service/],
      [{ type: 'CNPJ' }, /^key: key is required for a CNPJ key$/],
      [{ type: 'CNPJ', key: '' }, /^key: key is required for a CNPJ key$/],
      [{ type: 'CNPJ', key: '12.345.678/0001-00' }, /^key: key is not a valid CNPJ$/],
      [{ type: 'CNPJ', key: Number(own) }, /^key: key must be a string$/],
      [{ type: 'CNPJ', key: own, pixKey: '11222333000181' }, /^pixKey: send the key once, as key$/],
      [[{ type: 'EVP' }], /^body: expected a JSON object$/],
    ];
    const before = h().counts(...TABLES);
    for (const [body, message] of cases) {
      const reply = await h().client.request('createPixKey', { body });
      expect(reply.status, JSON.stringify(body)).toBe(400);
      expectError(reply, 400, message);
    }
    expect(h().counts(...TABLES)).toEqual(before);
  });

  it('holds at most 20 keys per account', async () => {
    for (let i = 1; i < 20; i++) await h().ok('createPixKey', { body: { type: 'EVP' } });
    expect(await keysOf(h())).toHaveLength(20);
    const before = h().counts(...TABLES);
    expectError(
      await h().client.request('createPixKey', { body: { type: 'EVP' } }),
      400,
      'An account can hold at most 20 Pix keys',
    );
    expect(h().counts(...TABLES)).toEqual(before);
  });

  it('sets the default key with PUT: the old default is no longer one, and new charges use the new one', async () => {
    h().clock.advance(1_000);
    const created = await h().ok('createPixKey', { body: { type: 'EVP' } });
    const reply = await h().client.request('setDefaultPixKey', { params: { pixKey: created.key } });
    expect(reply).toEqual({ status: 200, body: { key: created.key, type: 'EVP', isDefault: true } });
    expect(await keysOf(h())).toEqual([
      { key: h().pixKey, type: 'EVP', isDefault: false },
      { key: created.key, type: 'EVP', isDefault: true },
    ]);
    const { charge } = await h().ok('createCharge', { body: { correlationID: 'depois', value: 250 } });
    expect(charge.pixKey).toBe(created.key);
    const { pixQrCode } = await h().ok('createPixQrCode', { body: { name: 'Balcão' } });
    expect(pixQrCode.pixKey).toBe(created.key);
    expect(eventsNamed(h(), 'PIX_KEY_DEFAULT_CHANGED')).toEqual([
      {
        pixKey: { key: created.key, type: 'EVP', isDefault: true },
        previousDefault: h().pixKey,
        companyBankAccount: expect.any(String),
      },
    ]);
    // Already the default: the same answer, nothing written.
    const before = h().counts(...TABLES);
    expect(await h().client.request('setDefaultPixKey', { params: { pixKey: created.key } })).toEqual(reply);
    expect(h().counts(...TABLES)).toEqual(before);
  });

  it('sets the default key with POST too, for clients from before 2026-04-10', async () => {
    const created = await h().ok('createPixKey', { body: { type: 'EVP' } });
    expect(await h().client.request('setDefaultPixKeyPost', { params: { pixKey: created.key } })).toEqual({
      status: 200,
      body: { key: created.key, type: 'EVP', isDefault: true },
    });
    expect((await keysOf(h())).filter((k) => k.isDefault).map((k) => k.key)).toEqual([created.key]);
    // Back with PUT.
    await h().ok('setDefaultPixKey', { params: { pixKey: h().pixKey } });
    expect((await keysOf(h())).filter((k) => k.isDefault).map((k) => k.key)).toEqual([h().pixKey]);
  });

  it('takes path keys in any spelling, URI-decoded: masks, capitals, a CNPJ with its slash', async () => {
    const cnpj = companyOf(h()).tax_id;
    await h().ok('createPixKey', { body: { key: cnpj, type: 'CNPJ' } });
    await h().engine.configureSandboxMerchant(h().appId, {
      merchantName: 'Padaria',
      merchantCity: 'Recife',
      pixKey: '(11) 98765-4321',
    });
    await h().engine.configureSandboxMerchant(h().appId, {
      merchantName: 'Padaria',
      merchantCity: 'Recife',
      pixKey: 'loja@example.com',
    });
    const spellings: [string, string, string][] = [
      ['(11) 98765-4321', '+5511987654321', 'PHONE'],
      ['11987654321', '+5511987654321', 'PHONE'],
      [maskCnpj(cnpj), cnpj, 'CNPJ'],
      ['LOJA@Example.COM', 'loja@example.com', 'EMAIL'],
      [h().pixKey.toUpperCase(), h().pixKey, 'EVP'],
    ];
    for (const [spelled, key, type] of spellings) {
      expect(await h().client.request('setDefaultPixKey', { params: { pixKey: spelled } }), spelled).toEqual({
        status: 200,
        body: { key, type, isDefault: true },
      });
    }
    // And a delete of a key spelled with its mask.
    expect((await deleteKey(h(), maskCnpj(cnpj))).status).toBe(204);
    expect((await keysOf(h())).map((k) => k.key)).not.toContain(cnpj);
  });

  it('deletes a key that is not the default: 204 with no body', async () => {
    const created = await h().ok('createPixKey', { body: { type: 'EVP' } });
    const reply = await deleteKey(h(), created.key);
    expect(reply.status).toBe(204);
    expect(reply.body).toBeUndefined();
    if (h().transport === 'http') {
      expect(reply.text).toBe('');
      // No body, so no content type claiming one.
      expect(reply.contentType).toBeNull();
    }
    expect((await keysOf(h())).map((k) => k.key)).toEqual([h().pixKey]);
    expect(eventsNamed(h(), 'PIX_KEY_DELETED')).toEqual([
      { pixKey: { key: created.key, type: 'EVP' }, companyBankAccount: expect.any(String) },
    ]);
    // Gone: a second delete does not find it; and the key can be registered again (here: by nobody, it was random).
    expectError(await deleteKey(h(), created.key), 404, 'Pix key not found');
  });

  it('refuses to delete the default key (400), and finds no unknown key (404), writing nothing', async () => {
    const before = h().counts(...TABLES);
    expectError(await deleteKey(h(), h().pixKey), 400, /default Pix key cannot be deleted/);
    expectError(await deleteKey(h(), randomUUID()), 404, 'Pix key not found');
    expectError(await deleteKey(h(), 'qualquer coisa'), 404, 'Pix key not found');
    expectError(
      await h().client.request('setDefaultPixKey', { params: { pixKey: randomUUID() } }),
      404,
      'Pix key not found',
    );
    expect(h().counts(...TABLES)).toEqual(before);
    expect(await keysOf(h())).toEqual([{ key: h().pixKey, type: 'EVP', isDefault: true }]);
  });

  it('never lets one company see, delete or set as default another company’s key: 404 as unknown', async () => {
    h().clock.advance(1_000);
    const theirs = await h().client.request('createPixKey', { body: { type: 'EVP' } }, { appId: h().other.appId });
    const theirKey = (theirs as any).body.key;
    const before = h().counts(...TABLES);
    for (const key of [theirKey, h().other.pixKey]) {
      expectError(await deleteKey(h(), key), 404, 'Pix key not found');
      expectError(await h().client.request('setDefaultPixKey', { params: { pixKey: key } }), 404, 'Pix key not found');
      expectError(
        await h().client.request('setDefaultPixKeyPost', { params: { pixKey: key } }),
        404,
        'Pix key not found',
      );
    }
    expect(h().counts(...TABLES)).toEqual(before);
    expect(await keysOf(h(), h().other.appId)).toEqual([
      { key: h().other.pixKey, type: 'EVP', isDefault: true },
      { key: theirKey, type: 'EVP', isDefault: false },
    ]);
    expect((await keysOf(h())).map((k) => k.key)).toEqual([h().pixKey]);
  });

  it('needs its scope for each operation (403), and an AppID (401)', async () => {
    const created = await h().ok('createPixKey', { body: { type: 'EVP' } });
    const calls: [OperationName, string, object][] = [
      ['createPixKey', 'PIX_KEY_POST', { body: { type: 'EVP' } }],
      ['setDefaultPixKey', 'PIX_KEY_DEFAULT_PUT', { params: { pixKey: created.key } }],
      ['setDefaultPixKeyPost', 'PIX_KEY_DEFAULT_PUT', { params: { pixKey: created.key } }],
      ['deletePixKey', 'PIX_KEY_DELETE', { params: { pixKey: created.key } }],
    ];
    const before = h().counts(...TABLES);
    for (const [op, scope, request] of calls) {
      expect(ALL_SCOPES).toContain(scope);
      const limited = createSandboxCompany(h().engine.db, h().clock.now(), {
        scopes: ALL_SCOPES.filter((s) => s !== scope),
      });
      const counted = h().counts(...TABLES);
      expect(await h().client.request(op, request, { appId: limited.appId }), op).toEqual({
        status: 403,
        body: { error: `Application does not have required scope: ${scope}` },
      });
      expect(h().counts(...TABLES)).toEqual(counted);
      expect(await h().client.request(op, request, { appId: null }), op).toMatchObject({
        status: 401,
        body: { error: expect.any(String) },
      });
    }
    expect(h().counts('events')).toEqual({ events: before.events });
  });
});
