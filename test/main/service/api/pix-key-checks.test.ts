// Consulting Pix keys (issue 11): GET /api/v1/pix-keys/:pixKey/check, POST /api/v1/pix-keys/check
// {pixKey}, and the token bucket that meters them: GET /api/v1/pix-keys/tokens and
// GET /api/v1/pix-keys/tokens/logs. remote-api-notes §2 row 11a, §6.7 (owner), §8.3 (test keys).
// The sandbox's DICT rules are in src/main/service/engine/pix-keys/pix-key-dict.ts. The official SDK
// (@woovi/node-sdk 1.3.3) has no Pix key methods (remote-api-notes §7.2), so there is no SDK test.
import { randomUUID } from 'node:crypto';
import { cpf } from 'cpf-cnpj-validator';
import { expect, it } from 'vitest';
import { ALL_SCOPES, type OperationName } from '#service/engine/operations';
import { findPixKeyCheck } from '#service/engine/pix-keys/pix-key-checks';
import { createSandboxCompany, newAppId, SANDBOX_ISPB } from '#service/engine/tenancy/sandbox-bootstrap';
import { describeContract, type Harness } from '#test/support/harness';

/** Everything a consultation may write. */
const TABLES = ['pix_key_checks', 'pix_key_token_buckets', 'pix_key_token_logs', 'events'];
const START = '2026-11-22T15:00:00.000Z';
const EMPTY_BUCKET = 'You tried to consult many Pix keys that do not exist.';
const OTHER_PSPS = ['00000000', '00360305', '60701190', '60746948', '90400888', '18236120'];
const MASKED_CPF = /^\d{3}\.\*\*\*\.\*\*\*-\d{2}$/;

function tenantOf(h: Harness, appId = h.appId) {
  return h.engine.tenancy.resolveTenant(appId)!;
}

function formattedCnpj(cnpj: string): string {
  return `${cnpj.slice(0, 2)}.${cnpj.slice(2, 5)}.${cnpj.slice(5, 8)}/${cnpj.slice(8, 12)}-${cnpj.slice(12)}`;
}

/** The end-to-end id of a consultation made now by an account of the sandbox PSP. */
function e2eAt(at: Date): RegExp {
  const stamp = at.toISOString().replace(/[-:T]/g, '').slice(0, 12);
  return new RegExp(`^E${SANDBOX_ISPB}${stamp}[A-Za-z0-9]{11}$`);
}

const check = (h: Harness, pixKey: string, appId = h.appId) =>
  h.client.request('checkPixKey', { params: { pixKey } }, { appId }) as Promise<any>;
const checkPost = (h: Harness, body: unknown, appId = h.appId) =>
  h.client.request('checkPixKeyPost', { body }, { appId }) as Promise<any>;
const tokens = async (h: Harness, appId = h.appId) =>
  ((await h.client.request('getPixKeyTokens', {}, { appId })) as any).body;

/** A second bank account of the main company, with an application linked to it. */
function secondAccount(h: Harness): { accountId: string; appId: string } {
  const { company } = tenantOf(h);
  const accountId = 'a'.repeat(24);
  const at = h.clock.now().toISOString();
  h.engine.db
    .prepare(
      `INSERT INTO bank_accounts (id, company_id, is_default, ispb, bank_name, branch, account, account_name, created_at)
       VALUES (?, ?, 0, ?, 'BALCAO SANDBOX IP', '0001', '7654321', 'Filial', ?)`,
    )
    .run(accountId, company.id, SANDBOX_ISPB, at);
  const credentials = newAppId();
  h.engine.db
    .prepare(
      `INSERT INTO applications (id, company_id, account_id, name, type, client_id, client_secret, app_id, scopes, created_at)
       VALUES (?, ?, ?, 'Filial', 'API', ?, ?, ?, ?, ?)`,
    )
    .run(
      'b'.repeat(24),
      company.id,
      accountId,
      credentials.clientId,
      credentials.clientSecret,
      credentials.appId,
      JSON.stringify(ALL_SCOPES),
      at,
    );
  return { accountId, appId: credentials.appId };
}

describeContract('pix key checks', (h) => {
  it('answers a key another company registered here with that company as owner, masked, and a new end-to-end id each time', async () => {
    const other = tenantOf(h(), h().other.appId);
    const first = await check(h(), h().other.pixKey);
    expect(first.status).toBe(200);
    expect(first.body).toEqual({
      pixKey: h().other.pixKey,
      type: 'EVP',
      pixKeyEndToEndId: expect.stringMatching(e2eAt(h().clock.now())),
      owner: {
        name: other.company.official_name,
        taxID: formattedCnpj(other.company.tax_id),
        psp: SANDBOX_ISPB,
        branch: '****',
        account: '*'.repeat(other.account.account.length),
      },
    });
    h().clock.advance(90_000);
    const second = await checkPost(h(), { pixKey: h().other.pixKey.toUpperCase() });
    expect(second.status).toBe(200);
    expect(second.body.owner).toEqual(first.body.owner);
    expect(second.body.pixKeyEndToEndId).toMatch(e2eAt(h().clock.now()));
    expect(second.body.pixKeyEndToEndId).not.toBe(first.body.pixKeyEndToEndId);
  });

  it('records each consultation for a later payment: findPixKeyCheck gives the owner unmasked, to the consulting company only', async () => {
    const other = tenantOf(h(), h().other.appId);
    const { body } = await check(h(), h().other.pixKey);
    const companyId = tenantOf(h()).company.id;
    expect(findPixKeyCheck(h().engine.db, companyId, body.pixKeyEndToEndId)).toEqual({
      endToEndId: body.pixKeyEndToEndId,
      pixKey: h().other.pixKey,
      type: 'EVP',
      owner: {
        name: other.company.official_name,
        taxID: other.company.tax_id,
        taxIDType: 'BR:CNPJ',
        ispb: SANDBOX_ISPB,
        branch: other.account.branch,
        account: other.account.account,
        companyBankAccountId: other.account.id,
      },
      checkedAt: START,
    });
    expect(findPixKeyCheck(h().engine.db, other.company.id, body.pixKeyEndToEndId)).toBeUndefined();
    expect(findPixKeyCheck(h().engine.db, companyId, 'E54811417202611221500AAAAAAAAAAA')).toBeUndefined();
    const [event] = h()
      .engine.db.prepare("SELECT payload FROM events WHERE name = 'PIX_KEY_CHECKED'")
      .all()
      .map((row: any) => JSON.parse(row.payload));
    expect(event).toEqual({
      pixKey: h().other.pixKey,
      type: 'EVP',
      result: 'FOUND',
      pixKeyEndToEndId: body.pixKeyEndToEndId,
      tokensSpent: 1,
      tokensAfter: 99,
      companyBankAccount: tenantOf(h()).account.id,
    });
  });

  it('answers keys held at other banks by a deterministic sandbox rule, normalising every spelling', async () => {
    const person = await checkPost(h(), { pixKey: '529.982.247-25' });
    expect(person.body).toEqual({
      pixKey: '52998224725',
      type: 'CPF',
      pixKeyEndToEndId: expect.stringMatching(e2eAt(h().clock.now())),
      owner: {
        name: expect.stringMatching(/^\S+ \S+ \S+$/),
        taxID: '529.***.***-25',
        psp: expect.toBeOneOf(OTHER_PSPS),
        branch: '****',
        account: '********',
      },
    });
    // The same key, the same holder.
    const again = await check(h(), '52998224725');
    expect(again.body.owner).toEqual(person.body.owner);

    const company = await check(h(), '11.222.333/0001-81');
    expect(company.body).toMatchObject({
      pixKey: '11222333000181',
      type: 'CNPJ',
      owner: { name: expect.stringMatching(/ LTDA$/), taxID: '11.222.333/0001-81', psp: expect.toBeOneOf(OTHER_PSPS) },
    });
    const email = await checkPost(h(), { pixKey: '  Maria.Souza@Example.COM ' });
    expect(email.body).toMatchObject({
      pixKey: 'maria.souza@example.com',
      type: 'EMAIL',
      owner: { taxID: expect.stringMatching(MASKED_CPF) },
    });
    const phone = await check(h(), '(11) 98765-4321');
    expect(phone.body).toMatchObject({
      pixKey: '+5511987654321',
      type: 'PHONE',
      owner: { taxID: expect.stringMatching(MASKED_CPF) },
    });
    // A person's CPF derived for an e-mail key is a valid one, kept unmasked for the payment.
    const recorded = findPixKeyCheck(h().engine.db, tenantOf(h()).company.id, email.body.pixKeyEndToEndId)!;
    expect(cpf.isValid(recorded.owner.taxID)).toBe(true);
    expect(recorded.owner.companyBankAccountId).toBeNull();
  });

  it('answers 404 for a random key nobody registered and for pix-key-not-found@woovi.com, recording no consultation', async () => {
    const before = h().counts('pix_key_checks');
    for (const pixKey of [randomUUID(), 'pix-key-not-found@woovi.com', 'PIX-KEY-NOT-FOUND@woovi.com']) {
      // The GET carries the errorCode, the POST only the message (remote-api-notes §2 row 11a).
      expect(await check(h(), pixKey), pixKey).toEqual({
        status: 404,
        body: { error: 'Pix key not found', errorCode: 'PIX_KEY_INFO_NOT_FOUND' },
      });
      expect(await checkPost(h(), { pixKey }), pixKey).toEqual({ status: 404, body: { error: 'Pix key not found' } });
    }
    expect(h().counts('pix_key_checks')).toEqual(before);
  });

  it('answers a key of a closed account as not registered, and refuses to consult from a closed account', async () => {
    const other = tenantOf(h(), h().other.appId);
    h().engine.db.prepare('UPDATE bank_accounts SET closed_at = ? WHERE id = ?').run(START, other.account.id);
    h().engine.tenancy.invalidate();
    expect((await check(h(), h().other.pixKey)).status).toBe(404);
    const before = h().counts(...TABLES);
    expect(await check(h(), h().pixKey, h().other.appId)).toEqual({
      status: 400,
      body: { error: 'The bank account linked to this API is closed' },
    });
    expect(h().counts(...TABLES)).toEqual(before);
  });

  it('answers 503 for bank-error@woovi.com (the holder’s bank is down), spending nothing', async () => {
    const before = h().counts(...TABLES);
    for (const reply of [
      await check(h(), 'bank-error@woovi.com'),
      await checkPost(h(), { pixKey: 'Bank-Error@Woovi.com' }),
    ]) {
      expect(reply).toEqual({ status: 503, body: { error: expect.stringMatching(/bank is unavailable/) } });
    }
    expect(h().counts(...TABLES)).toEqual(before);
    expect((await tokens(h())).tokens).toBe(100);
  });

  it('answers 400 {error} for a missing or malformed key, spending and writing nothing', async () => {
    const before = h().counts(...TABLES);
    const cases: [Promise<any>, RegExp][] = [
      [check(h(), 'not a key'), /^pixKey: is not a valid Pix key/],
      [check(h(), '123.456.789-00'), /^pixKey: is not a valid Pix key/],
      [check(h(), '   '), /^pixKey: is required$/],
      [checkPost(h(), {}), /^pixKey: is required$/],
      [checkPost(h(), { pixKey: 52998224725 }), /^pixKey: must be a string$/],
      [checkPost(h(), { pixKey: '' }), /^pixKey: is required$/],
      [checkPost(h(), { pixKey: `${'a'.repeat(95)}@example.com` }), /^pixKey: is too long$/],
      [checkPost(h(), ['52998224725']), /^body: expected a JSON object$/],
    ];
    for (const [reply, message] of cases) {
      const { status, body } = await reply;
      expect(status, String(message)).toBe(400);
      expect(Object.keys(body)).toEqual(['error']);
      expect(body.error).toMatch(message);
    }
    expect(h().counts(...TABLES)).toEqual(before);
    expect((await tokens(h())).tokens).toBe(100);
  });

  it('shows a full bucket before any consultation, and spends one token for a key found', async () => {
    expect(await h().client.request('getPixKeyTokens')).toEqual({
      status: 200,
      body: {
        tokens: 100,
        maxTokens: 100,
        refreshRate: 2,
        nextRefresh: '2026-11-22T15:01:00.000Z',
        tokensAfterRefresh: 100,
      },
    });
    await check(h(), h().other.pixKey);
    h().clock.advance(30_000);
    expect(await tokens(h())).toEqual({
      tokens: 99,
      maxTokens: 100,
      refreshRate: 2,
      // The refill clock started with the first token spent.
      nextRefresh: '2026-11-22T15:01:00.000Z',
      tokensAfterRefresh: 100,
    });
  });

  it('drains the bucket, answers 429 when it is empty writing nothing, and refills it with time', async () => {
    const replies = await Promise.all(
      Array.from({ length: 100 }, (_, i) =>
        i % 2 ? check(h(), h().other.pixKey) : checkPost(h(), { pixKey: h().pixKey }),
      ),
    );
    expect(replies.map((r) => r.status)).toEqual(Array(100).fill(200));
    expect(new Set(replies.map((r) => r.body.pixKeyEndToEndId)).size).toBe(100);
    expect(await tokens(h())).toMatchObject({
      tokens: 0,
      nextRefresh: '2026-11-22T15:01:00.000Z',
      tokensAfterRefresh: 2,
    });

    const before = h().counts(...TABLES);
    expect(await check(h(), h().other.pixKey)).toEqual({ status: 429, body: { error: EMPTY_BUCKET } });
    expect(await checkPost(h(), { pixKey: randomUUID() })).toEqual({ status: 429, body: { error: EMPTY_BUCKET } });
    h().clock.advance(59_999);
    expect((await check(h(), '52998224725')).status).toBe(429);
    expect(h().counts(...TABLES)).toEqual(before);

    h().clock.advance(1);
    expect(await tokens(h())).toEqual({
      tokens: 2,
      maxTokens: 100,
      refreshRate: 2,
      nextRefresh: '2026-11-22T15:02:00.000Z',
      tokensAfterRefresh: 4,
    });
    const afterRefill = await check(h(), h().other.pixKey);
    expect(afterRefill.status).toBe(200);
    expect((await tokens(h())).tokens).toBe(1);
    const { logs } = await h().ok('listPixKeyTokenLogs', { query: { limit: '3' } });
    const accountId = tenantOf(h()).account.id;
    expect(logs).toEqual([
      {
        operation: 'REMOVE',
        reason: 'pixKeyCheck',
        tokens: 1,
        tokensBefore: 2,
        tokensAfter: 1,
        pixKey: h().other.pixKey,
        result: 'FOUND',
        endToEndId: afterRefill.body.pixKeyEndToEndId,
        companyBankAccount: accountId,
        createdAt: '2026-11-22T15:01:00.000Z',
        updatedAt: '2026-11-22T15:01:00.000Z',
      },
      {
        operation: 'ADD',
        reason: 'refill',
        tokens: 2,
        tokensBefore: 0,
        tokensAfter: 2,
        companyBankAccount: accountId,
        createdAt: '2026-11-22T15:01:00.000Z',
        updatedAt: '2026-11-22T15:01:00.000Z',
      },
      expect.objectContaining({ operation: 'REMOVE', tokensBefore: 1, tokensAfter: 0, createdAt: START }),
    ]);

    // Two minutes later, two steps: 1 + 4; an hour later, full (and no more than full).
    h().clock.advance(120_000);
    expect((await tokens(h())).tokens).toBe(5);
    h().clock.advance(3_600_000);
    expect(await tokens(h())).toEqual({
      tokens: 100,
      maxTokens: 100,
      refreshRate: 2,
      nextRefresh: new Date(h().clock.now().getTime() + 60_000).toISOString(),
      tokensAfterRefresh: 100,
    });
    await check(h(), h().other.pixKey);
    const [spent, refill] = (await h().ok('listPixKeyTokenLogs', { query: { limit: '2' } })).logs;
    expect(spent).toMatchObject({ operation: 'REMOVE', tokensBefore: 100, tokensAfter: 99 });
    // 1 → 100 takes 50 steps from the last step at 15:01.
    expect(refill).toMatchObject({
      operation: 'ADD',
      tokens: 99,
      tokensBefore: 1,
      tokensAfter: 100,
      createdAt: '2026-11-22T15:51:00.000Z',
    });
  });

  // A miss spends its tokens although the answer is a 404: PixKeyNotFoundError is a CommittedRefusal.
  it('spends three tokens for a key that does not exist, and logs it NOT_FOUND', async () => {
    const missing = randomUUID();
    expect((await check(h(), missing)).status).toBe(404);
    expect((await tokens(h())).tokens).toBe(97);
    const { logs } = await h().ok('listPixKeyTokenLogs');
    expect(logs).toEqual([
      expect.objectContaining({
        operation: 'REMOVE',
        tokens: 3,
        tokensBefore: 100,
        tokensAfter: 97,
        pixKey: missing,
        result: 'NOT_FOUND',
      }),
    ]);
    expect(logs[0].endToEndId).toBeUndefined();
    // 32 more misses leave 1 token; the next miss spends it (never below 0), and the one after is refused.
    for (let i = 0; i < 32; i++) await checkPost(h(), { pixKey: randomUUID() });
    expect((await tokens(h())).tokens).toBe(1);
    expect((await checkPost(h(), { pixKey: randomUUID() })).status).toBe(404);
    expect((await tokens(h())).tokens).toBe(0);
    expect(await checkPost(h(), { pixKey: randomUUID() })).toEqual({ status: 429, body: { error: EMPTY_BUCKET } });
  });

  it('pages the logs newest first and filters them by bank account, never another company’s', async () => {
    const keys = Array.from({ length: 5 }, () => cpf.generate());
    for (const key of keys) {
      h().clock.advance(1_000);
      expect((await check(h(), key)).status).toBe(200);
    }
    const all = await h().ok('listPixKeyTokenLogs');
    expect(all.pageInfo).toEqual({ skip: 0, limit: 100, totalCount: 5, hasPreviousPage: false, hasNextPage: false });
    expect(all.logs.map((log: any) => log.pixKey)).toEqual([...keys].reverse());
    expect(all.logs.map((log: any) => log.tokensAfter)).toEqual([95, 96, 97, 98, 99]);

    const paged: any[] = [];
    for (const skip of ['0', '2', '4']) {
      const page = await h().ok('listPixKeyTokenLogs', { query: { skip, limit: '2' } });
      expect(page.pageInfo).toEqual({
        skip: Number(skip),
        limit: 2,
        totalCount: 5,
        hasPreviousPage: skip !== '0',
        hasNextPage: skip !== '4',
      });
      paged.push(...page.logs);
    }
    expect(paged).toEqual(all.logs);

    // A second account of the company has a bucket of its own.
    const branch = secondAccount(h());
    h().clock.advance(1_000);
    const fromBranch = await check(h(), h().other.pixKey, branch.appId);
    expect(fromBranch.status).toBe(200);
    expect((await tokens(h(), branch.appId)).tokens).toBe(99);
    expect((await tokens(h())).tokens).toBe(95);
    const ownAccount = tenantOf(h()).account.id;
    const onlyBranch = await h().ok('listPixKeyTokenLogs', { query: { companyBankAccount: branch.accountId } });
    expect(onlyBranch.logs).toEqual([
      expect.objectContaining({
        companyBankAccount: branch.accountId,
        endToEndId: fromBranch.body.pixKeyEndToEndId,
        tokensAfter: 99,
      }),
    ]);
    const onlyOwn = await h().ok('listPixKeyTokenLogs', { query: { companyBankAccount: ownAccount } });
    expect(onlyOwn.logs).toEqual(all.logs);
    expect((await h().ok('listPixKeyTokenLogs')).logs).toHaveLength(6);
    // An empty `companyBankAccount=` is no filter (parse-request.ts), so every account's logs.
    expect((await h().ok('listPixKeyTokenLogs', { query: { companyBankAccount: '' } })).logs).toHaveLength(6);

    // Another company's account answers like an unknown one; bad paging is a 400 like every list's.
    const otherAccount = tenantOf(h(), h().other.appId).account.id;
    for (const query of [
      { companyBankAccount: otherAccount },
      { companyBankAccount: 'f'.repeat(24) },
      { companyBankAccount: ' ' },
    ]) {
      const reply = (await h().client.request('listPixKeyTokenLogs', { query })) as any;
      expect(reply.status, JSON.stringify(query)).toBe(400);
      expect(Object.keys(reply.body)).toEqual(['error']);
    }
    expect(
      ((await h().client.request('listPixKeyTokenLogs', { query: { companyBankAccount: otherAccount } })) as any).body
        .error,
    ).toBe('companyBankAccount: Company bank account not found');
    for (const query of [{ limit: '0' }, { limit: '101' }, { skip: '-1' }]) {
      expect((await h().client.request('listPixKeyTokenLogs', { query })).status, JSON.stringify(query)).toBe(400);
    }
  });

  it('keeps each company’s bucket and logs to itself', async () => {
    await check(h(), h().other.pixKey);
    await check(h(), h().other.pixKey);
    expect((await tokens(h())).tokens).toBe(98);
    expect((await tokens(h(), h().other.appId)).tokens).toBe(100);
    const theirs = (await h().client.request('listPixKeyTokenLogs', {}, { appId: h().other.appId })) as any;
    expect(theirs).toEqual({
      status: 200,
      body: { pageInfo: { skip: 0, limit: 100, totalCount: 0, hasPreviousPage: false, hasNextPage: false }, logs: [] },
    });
    await check(h(), h().pixKey, h().other.appId);
    expect((await tokens(h())).tokens).toBe(98);
    expect((await h().ok('listPixKeyTokenLogs')).logs).toHaveLength(2);
  });

  it('needs its scope for each operation (403), and an AppID (401)', async () => {
    const calls: [OperationName, string, object][] = [
      ['checkPixKey', 'PIX_KEY_CHECK', { params: { pixKey: h().pixKey } }],
      ['checkPixKeyPost', 'PIX_KEY_CHECK', { body: { pixKey: h().pixKey } }],
      ['getPixKeyTokens', 'PIX_KEY_TOKENS_GET', {}],
      ['listPixKeyTokenLogs', 'PIX_KEY_TOKENS_LOGS_GET_LIST', {}],
    ];
    for (const [op, scope, request] of calls) {
      expect(ALL_SCOPES).toContain(scope);
      const limited = createSandboxCompany(h().engine.db, h().clock.now(), {
        scopes: ALL_SCOPES.filter((s) => s !== scope),
      });
      const before = h().counts(...TABLES);
      expect(await h().client.request(op, request, { appId: limited.appId }), op).toEqual({
        status: 403,
        body: { error: `Application does not have required scope: ${scope}` },
      });
      expect(await h().client.request(op, request, { appId: null }), op).toMatchObject({
        status: 401,
        body: { error: expect.any(String) },
      });
      expect(h().counts(...TABLES)).toEqual(before);
    }
  });
});
