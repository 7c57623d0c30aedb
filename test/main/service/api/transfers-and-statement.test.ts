// POST /api/v1/transfer (between two accounts of the caller's company, by their Pix keys) and
// GET /api/v1/statement (the account's movements from its ledger). Then the conformance of every
// answer of issue 37's group A (subaccounts, transfers, statements): under --strict against the
// published document's response schemas, and by default against our derived document.
import { Validator } from '@seriousme/openapi-schema-validator';
import fc from 'fast-check';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { loadPublishedDocument } from '#service/http/published-contract';
import { createSandboxService } from '#service/index';
import type { OperationName } from '#service/engine/operations';
import { auditSubaccounts } from '#service/engine/subaccounts/subaccount-audit';
import { call as callService } from '#test/support/conformance-servers';
import { createHarness, describeContract, type Harness } from '#test/support/harness';
import { answerValidator } from '#test/support/openapi-validate';
import { addSecondAccount } from '#test/support/second-account';

const SECOND_KEY = 'segunda-conta@example.com';
const MOVES = ['transactions', 'ledger_entries', 'transfers'] as const;

/** A second open account of the main company, holding SECOND_KEY. */
function secondAccount(h: Harness): string {
  return addSecondAccount(h.engine, h.appId, h.clock.now().toISOString(), { pixKey: SECOND_KEY });
}

async function fund(h: Harness, value: number, correlationID: string, appId = h.appId) {
  const created = await h.client.request('createCharge', { body: { correlationID, value } }, { appId });
  const { charge } = (created as { body: any }).body;
  await h.client.request('sandboxPay', { query: { transactionID: charge.transactionID } }, { appId });
  return charge;
}

async function total(h: Harness, accountId: string): Promise<number> {
  return (await h.ok('getAccount', { params: { accountId } })).account.balance.total;
}

describeContract('transfers between accounts', (h) => {
  it('moves money between two accounts of the company, booked on both sides; a retry moves it once', async () => {
    const second = secondAccount(h());
    const mainId = h().engine.tenancy.resolveTenant(h().appId)!.account.id;
    await fund(h(), 5_000, 'f1');
    const body = { value: 1_200, fromPixKey: h().pixKey, toPixKey: SECOND_KEY, correlationID: 't-1' };
    const answer = await h().ok('createTransfer', { body });
    expect(answer).toEqual({ transaction: { value: 1_200, time: '2026-11-22T15:00:00.000Z', correlationID: 't-1' } });
    expect(await total(h(), mainId)).toBe(3_800);
    expect(await total(h(), second)).toBe(1_200);
    const booked = await h().ok('listTransactions', { query: { type: 'INTERNAL_TRANSFER' } });
    expect(booked.transactions.map((t: any) => t.value)).toEqual([1_200, 1_200]);

    const before = h().counts(...MOVES);
    h().clock.advance(5_000);
    expect(await h().ok('createTransfer', { body })).toEqual(answer);
    expect(h().counts(...MOVES)).toEqual(before);
    expect(await h().client.request('createTransfer', { body: { ...body, value: 1 } })).toEqual({
      status: 400,
      body: { error: 'correlationID t-1 was already used by another transfer' },
    });
    // Back, without a correlationID: the service draws one.
    const back = await h().ok('createTransfer', { body: { value: 200, fromPixKey: SECOND_KEY, toPixKey: h().pixKey } });
    expect(back.transaction.correlationID).toMatch(/^[0-9a-f-]{36}$/);
    expect(await total(h(), mainId)).toBe(4_000);
    expect(await total(h(), second)).toBe(1_000);
  });

  it('refuses what the balance does not cover, one account to itself, and keys not of the company, writing nothing', async () => {
    secondAccount(h());
    await fund(h(), 1_000, 'f1');
    const before = h().counts(...MOVES);
    const refuse = (body: object, appId = h().appId) => h().client.request('createTransfer', { body }, { appId });
    expect(await refuse({ value: 1_001, fromPixKey: h().pixKey, toPixKey: SECOND_KEY })).toEqual({
      status: 400,
      body: { error: 'Account does not have enough balance to complete the operation' },
    });
    expect(await refuse({ value: 1, fromPixKey: h().pixKey, toPixKey: h().pixKey })).toEqual({
      status: 400,
      body: { error: 'SAME_ACCOUNT_TRANSFER: fromPixKey and toPixKey are keys of the same account' },
    });
    // Another company's key is exactly a key nobody holds, either side, either caller.
    expect(await refuse({ value: 1, fromPixKey: h().pixKey, toPixKey: h().other.pixKey })).toEqual({
      status: 400,
      body: { error: `Pix key not found: ${h().other.pixKey}` },
    });
    expect(
      await refuse({ value: 1, fromPixKey: h().pixKey, toPixKey: '9134e286-6f71-427a-bf00-241681624587' }),
    ).toEqual({
      status: 400,
      body: { error: 'Pix key not found: 9134e286-6f71-427a-bf00-241681624587' },
    });
    expect(await refuse({ value: 1, fromPixKey: h().pixKey, toPixKey: h().other.pixKey }, h().other.appId)).toEqual({
      status: 400,
      body: { error: `Pix key not found: ${h().pixKey}` },
    });
    for (const body of [
      {},
      { value: 0, fromPixKey: h().pixKey, toPixKey: SECOND_KEY },
      { value: 1.5, fromPixKey: h().pixKey, toPixKey: SECOND_KEY },
      { value: 1, toPixKey: SECOND_KEY },
      { value: 1, fromPixKey: h().pixKey, toPixKey: '' },
      { value: 1, fromPixKey: h().pixKey, toPixKey: SECOND_KEY, correlationID: '' },
    ]) {
      const reply = await refuse(body);
      expect(reply.status, JSON.stringify(body)).toBe(400);
    }
    expect(h().counts(...MOVES)).toEqual(before);
  });
});

describeContract('charge splits to another account of the company', (h) => {
  it('a SPLIT_INTERNAL_TRANSFER share moves to the account holding its key when the charge is paid', async () => {
    const second = secondAccount(h());
    const mainId = h().engine.tenancy.resolveTenant(h().appId)!.account.id;
    const { charge } = await h().ok('createCharge', {
      body: {
        correlationID: 'pedido-interno',
        value: 4_000,
        splits: [{ value: 1_000, pixKey: SECOND_KEY, splitType: 'SPLIT_INTERNAL_TRANSFER' }],
      },
    });
    expect(await total(h(), second)).toBe(0);
    await h().ok('sandboxPay', { query: { transactionID: charge.transactionID } });
    expect(await total(h(), mainId)).toBe(3_000);
    expect(await total(h(), second)).toBe(1_000);
    const booked = await h().ok('listTransactions', { query: { type: 'INTERNAL_TRANSFER' } });
    expect(booked.transactions.map((t: any) => t.value)).toEqual([1_000, 1_000]);
    // A key of no account of the company, another company's included, refuses the charge, writing nothing.
    const before = h().counts('charges', ...MOVES);
    for (const pixKey of ['ninguem@example.com', h().other.pixKey]) {
      expect(
        await h().client.request('createCharge', {
          body: {
            correlationID: 'x',
            value: 100,
            splits: [{ value: 10, pixKey, splitType: 'SPLIT_INTERNAL_TRANSFER' }],
          },
        }),
      ).toEqual({ status: 400, body: { error: `Pix key not found: ${pixKey}` } });
    }
    expect(h().counts('charges', ...MOVES)).toEqual(before);
  });
});

describeContract('account statement', (h) => {
  it("lists the account's movements newest first, each with the balance after it; paged and filtered by time", async () => {
    secondAccount(h());
    const charge = await fund(h(), 5_000, 'venda-1');
    h().clock.advance(60_000);
    await h().ok('createSubaccount', { body: { pixKey: 'vendedor@example.com', name: 'Loja' } });
    await h().ok('creditSubaccount', { params: { id: 'vendedor@example.com' }, body: { value: 1_000 } });
    h().clock.advance(60_000);
    await h().ok('createTransfer', { body: { value: 1_500, fromPixKey: h().pixKey, toPixKey: SECOND_KEY } });
    const lines = await h().ok('getStatement');
    expect(lines.map((l: any) => [l.type, l.value, l.balance, l.description])).toEqual([
      ['DEBIT', 1_500, 2_500, 'Transfer to another account of the company'],
      ['DEBIT', 1_000, 4_000, 'Credit to subaccount vendedor@example.com'],
      ['CREDIT', 5_000, 5_000, 'Pix received for charge venda-1'],
    ]);
    expect(lines[2]).toMatchObject({ transactionId: charge.transactionID, time: '2026-11-22T15:00:00.000Z' });
    expect(lines[1].transactionId).toBeUndefined();
    expect(lines[0].transactionId).toMatch(/^[0-9a-f]{32}$/);
    expect(new Set(lines.map((l: any) => l.id)).size).toBe(3);
    const page = await h().ok('getStatement', { query: { skip: '1', limit: '1' } });
    expect(page).toEqual([lines[1]]);
    const window = await h().ok('getStatement', {
      query: { start: '2026-11-22T15:00:30Z', end: '2026-11-22T15:01:30Z' },
    });
    expect(window).toEqual([lines[1]]);
    // Another company's statement shows none of it.
    const others = await h().client.request('getStatement', {}, { appId: h().other.appId });
    expect(others).toEqual({ status: 200, body: [] });
    for (const query of [
      { limit: '0' },
      { limit: '101' },
      { skip: '-1' },
      { start: 'ontem' },
      { end: '2026-13-01T00:00:00Z' },
    ]) {
      expect((await h().client.request('getStatement', { query })).status, JSON.stringify(query)).toBe(400);
    }
  });
});

// ---------------------------------------------------------------------------------------------
// Conformance: every operation of the group, answered by a strict server and by the default one.

type Json = Record<string, any>;

/** The group's operations: their published (method, path) and a request that succeeds. */
interface Call {
  op: OperationName;
  method: string;
  published: string;
  url: string;
  body?: unknown;
}

const SELLER = 'vendedor@example.com';
const BUYER = '3143da48-2bc7-49a4-89bd-4e22f73bfb0c';

/** A journey through every operation of the group, in an order where each one succeeds. */
function journey(ownKey: string, secondKey: string): Call[] {
  const sub = '/api/v1/subaccount';
  return [
    { op: 'createSubaccount', method: 'POST', published: sub, url: sub, body: { pixKey: SELLER, name: 'Loja' } },
    { op: 'createSubaccount', method: 'POST', published: sub, url: sub, body: { pixKey: BUYER, name: 'Outra' } },
    { op: 'listSubaccounts', method: 'GET', published: sub, url: `${sub}?limit=10&skip=0` },
    { op: 'getSubaccount', method: 'GET', published: `${sub}/{id}`, url: `${sub}/${SELLER}` },
    {
      op: 'creditSubaccount',
      method: 'POST',
      published: `${sub}/{id}/credit`,
      url: `${sub}/${SELLER}/credit`,
      body: { value: 2_000, description: 'Monthly deposit' },
    },
    {
      op: 'debitSubaccount',
      method: 'POST',
      published: `${sub}/{id}/debit`,
      url: `${sub}/${SELLER}/debit`,
      body: { value: 50 },
    },
    {
      op: 'transferBetweenSubaccounts',
      method: 'POST',
      published: `${sub}/transfer`,
      url: `${sub}/transfer`,
      body: { value: 65, fromPixKey: SELLER, fromPixKeyType: 'EMAIL', toPixKey: BUYER, toPixKeyType: 'RANDOM' },
    },
    {
      op: 'withdrawSubaccount',
      method: 'POST',
      published: `${sub}/{id}/withdraw`,
      url: `${sub}/${SELLER}/withdraw`,
      body: { value: 1_000 },
    },
    {
      op: 'getSubaccountStatement',
      method: 'GET',
      published: `${sub}/{id}/statement`,
      url: `${sub}/${SELLER}/statement?skip=0&limit=20`,
    },
    {
      op: 'withdrawSubaccount',
      method: 'POST',
      published: `${sub}/{id}/withdraw`,
      url: `${sub}/${BUYER}/withdraw`,
      body: {},
    },
    { op: 'deleteSubaccount', method: 'DELETE', published: `${sub}/{id}`, url: `${sub}/${BUYER}` },
    {
      op: 'createTransfer',
      method: 'POST',
      published: '/api/v1/transfer',
      url: '/api/v1/transfer',
      body: { value: 100, fromPixKey: ownKey, toPixKey: secondKey, correlationID: 'tr-1' },
    },
    { op: 'getStatement', method: 'GET', published: '/api/v1/statement', url: '/api/v1/statement?skip=0&limit=10' },
  ];
}

/** A service of its own, with a second account of the main company holding SECOND_KEY. */
function groupService(strict: boolean, onMismatch?: (m: { operation: string }) => void) {
  const service = createSandboxService({ dbPath: ':memory:', strict: strict ? { onMismatch } : undefined });
  const main = service.engine.tenancy.resolveTenant(service.appId)!;
  const ownKey = service.engine.tenancy.defaultPixKey(main.account.id)!.key;
  addSecondAccount(service.engine, service.appId, new Date().toISOString(), { pixKey: SECOND_KEY });
  const inject = (method: string, url: string, body?: unknown) => callService(service, method, url, body);
  return { service, ownKey, inject };
}

/** What a document says of the 200 answer of a published (method, path) (test/support/openapi-validate.ts). */
function successValidators(document: Json) {
  const validate = answerValidator(document);
  return (method: string, path: string) => (body: unknown) => validate(method, path, 200, body);
}

describe('group A conformance under --strict (published schemas)', () => {
  let published: Json;
  beforeAll(() => {
    published = loadPublishedDocument();
  });

  it('every answer validates against the published response schema', async () => {
    /** Values the strict shaping had to retype: none may come from this group's answers. */
    const mismatches: { operation: string }[] = [];
    const { service, ownKey, inject } = groupService(true, (m) => mismatches.push(m));
    const schemaOf = successValidators(published);
    try {
      // A split to a subaccount that does not exist yet refuses the charge.
      const refused = await inject('POST', '/api/v1/charge', {
        correlationID: 'c-split',
        value: 5_000,
        splits: [{ value: 10, pixKey: SELLER, splitType: 'SPLIT_SUB_ACCOUNT' }],
      });
      // (Its text under --strict is the strict server's own: strict-errors.ts.)
      expect(refused.status).toBe(400);
      const seen = new Set<string>();
      const calls = journey(ownKey, SECOND_KEY);
      for (const call of calls) {
        if (call.op === 'listSubaccounts') {
          // Both subaccounts exist: a split charge, paid, puts money in the account and in SELLER.
          const paid = await inject('POST', '/api/v1/charge', {
            correlationID: 'c-split-2',
            value: 5_000,
            splits: [{ value: 700, pixKey: SELLER, splitType: 'SPLIT_SUB_ACCOUNT' }],
          });
          expect(paid.status).toBe(200);
          const pay = await inject('GET', `/openpix/testing?transactionID=${paid.body.charge.transactionID}`);
          expect(pay.status).toBe(200);
        }
        const reply = await inject(call.method, call.url, call.body);
        expect(reply.status, `${call.op} ${JSON.stringify(reply.body)}`).toBe(200);
        const validate = schemaOf(call.method, call.published);
        expect(validate(reply.body), `${call.op} in ${JSON.stringify(reply.body)}`).toEqual({ kind: 'valid' });
        seen.add(call.op);
        // Values survive the shaping: the answers carry real state, not only a valid shape.
        if (call.op === 'getSubaccount') expect(reply.body.SubAccount).toMatchObject({ pixKey: SELLER, balance: 700 });
        if (call.op === 'listSubaccounts') expect(reply.body.subaccounts).toHaveLength(2);
        if (call.op === 'withdrawSubaccount' && (call.body as Json).value === 1_000)
          expect(reply.body.withdraw.account).toMatchObject({
            value: 1_000,
            status: 'CONFIRMED',
            destinationAlias: SELLER,
          });
        if (call.op === 'getSubaccountStatement') {
          expect(reply.body.map((l: Json) => l.operationType)).toEqual([
            'WITHDRAWAL',
            'TRANSFER_DEBIT',
            'DEBIT',
            'CREDIT',
            'CREDIT',
          ]);
          expect(reply.body[0].balance).toBe(700 + 2_000 - 50 - 65 - 1_000);
        }
        if (call.op === 'getStatement') expect(reply.body[0]).toMatchObject({ type: 'DEBIT', value: 100 });
      }
      expect(seen.size).toBe(11);
      // The strict server names an operation by its published method and path.
      const routes = new Set(calls.map((call) => `${call.method} ${call.published}`));
      expect(mismatches.filter((m) => routes.has(m.operation))).toEqual([]);
      // The check can fail: a balance as text is not the published SubAccount.
      expect(
        schemaOf('GET', '/api/v1/subaccount/{id}')({ SubAccount: { pixKey: SELLER, balance: '700' } }),
      ).toMatchObject({ kind: 'invalid' });
    } finally {
      await service.close();
    }
  });
});

describe('group A conformance by default (our derived document)', () => {
  let h: Harness;
  beforeAll(async () => {
    h = await createHarness('http');
  });
  afterAll(() => h.close());

  it('every answer validates against the derived document, which states the path and body constraints', async () => {
    secondAccount(h);
    const derived = (await (await fetch(`${h.baseUrl}/openapi.json`)).json()) as Json;
    const schemaOf = successValidators(derived);
    await fund(h, 5_000, 'f1');
    const seen = new Set<string>();
    for (const call of journey(h.pixKey, SECOND_KEY)) {
      const response = await fetch(`${h.baseUrl}${call.url}`, {
        method: call.method,
        headers: { authorization: h.appId, ...(call.body === undefined ? {} : { 'content-type': 'application/json' }) },
        body: call.body === undefined ? undefined : JSON.stringify(call.body),
      });
      const body = await response.json();
      expect(response.status, `${call.op} ${JSON.stringify(body)}`).toBe(200);
      const validate = schemaOf(call.method, call.published);
      expect(validate(body), call.op).toEqual({ kind: 'valid' });
      seen.add(call.op);
    }
    expect(seen.size).toBe(11);
    // The constraints the server enforces are stated: money in integer cents of at least 1, the
    // transfer's key types, the statement's page bounds.
    const credit = derived.paths['/api/v1/subaccount/{id}/credit'].post.requestBody.content['application/json'].schema;
    expect(credit.properties.value).toMatchObject({ type: 'integer', minimum: 1 });
    expect(credit.required).toContain('value');
    const transfer = derived.paths['/api/v1/subaccount/transfer'].post.requestBody.content['application/json'].schema;
    expect(transfer.properties.fromPixKeyType.enum).toEqual(['CPF', 'CNPJ', 'EMAIL', 'PHONE', 'RANDOM']);
    const statement = derived.paths['/api/v1/statement'].get.parameters as Json[];
    expect(statement.find((p) => p.name === 'limit')?.schema.pattern).toBeDefined();
    expect(statement.find((p) => p.name === 'start')?.schema.pattern).toBeDefined();
    // The group's part of the document is valid OpenAPI.
    const ours = [...new Set(journey('', '').map((call) => call.published))];
    const part = { ...derived, paths: Object.fromEntries(ours.map((path) => [path, derived.paths[path]])) };
    const result = await new Validator().validate(part);
    expect(result.errors ?? []).toEqual([]);
  });
});

// Random sequences of the group's operations, good and bad input mixed, against a strict and a
// default service: every answer is 200 and valid against the document (published under --strict,
// derived by default) or a 400 `{error}`; never anything else; and the subaccount ledger's
// invariants hold after every step.
const OPERATIONS: OperationName[] = [
  'createSubaccount',
  'listSubaccounts',
  'getSubaccount',
  'deleteSubaccount',
  'creditSubaccount',
  'debitSubaccount',
  'withdrawSubaccount',
  'transferBetweenSubaccounts',
  'getSubaccountStatement',
  'createTransfer',
  'getStatement',
];
const KEYS = [SELLER, BUYER, 'ninguem@example.com', 'não é chave'];
const valueArb = fc.oneof(
  { arbitrary: fc.integer({ min: 1, max: 3_000 }), weight: 6 },
  { arbitrary: fc.constantFrom<unknown>(0, -1, 1.5, '10', 'dez', null), weight: 1 },
);
const keyArb = fc.constantFrom(...KEYS);
const stepArb = fc.oneof(
  fc.record({ op: fc.constant('create' as const), key: keyArb, name: fc.constantFrom('Loja', '', 'x'.repeat(101)) }),
  fc.record({ op: fc.constant('list' as const), limit: fc.constantFrom('1', '10', '0', '101', 'x') }),
  fc.record({ op: fc.constant('get' as const), key: keyArb }),
  fc.record({ op: fc.constant('delete' as const), key: keyArb }),
  fc.record({ op: fc.constant('credit' as const), key: keyArb, value: valueArb }),
  fc.record({ op: fc.constant('debit' as const), key: keyArb, value: valueArb }),
  fc.record({
    op: fc.constant('withdraw' as const),
    key: keyArb,
    value: fc.option(valueArb, { nil: undefined }),
    id: fc.constantFrom('w1', 'w2', undefined),
  }),
  fc.record({
    op: fc.constant('transfer' as const),
    from: keyArb,
    to: keyArb,
    value: valueArb,
    id: fc.constantFrom('t1', undefined),
  }),
  fc.record({ op: fc.constant('statement' as const), key: keyArb, limit: fc.constantFrom('5', '0', undefined) }),
  fc.record({
    op: fc.constant('accountTransfer' as const),
    value: valueArb,
    back: fc.boolean(),
    id: fc.constantFrom('a1', 'a2', undefined),
  }),
  fc.record({ op: fc.constant('accountStatement' as const), limit: fc.constantFrom('3', '0', '100', undefined) }),
  fc.record({ op: fc.constant('splitCharge' as const), key: keyArb, value: fc.integer({ min: 1, max: 4_000 }) }),
);
type Step = typeof stepArb extends fc.Arbitrary<infer T> ? T : never;

function requestOf(step: Step, ownKey: string): Call | null {
  const sub = '/api/v1/subaccount';
  const path = (key: string, tail = '') => `${sub}/${encodeURIComponent(key)}${tail}`;
  const typeOf = (key: string) => (key.includes('@') ? 'EMAIL' : 'RANDOM');
  switch (step.op) {
    case 'create':
      return {
        op: 'createSubaccount',
        method: 'POST',
        published: sub,
        url: sub,
        body: { pixKey: step.key, name: step.name },
      };
    case 'list':
      return { op: 'listSubaccounts', method: 'GET', published: sub, url: `${sub}?limit=${step.limit}` };
    case 'get':
      return { op: 'getSubaccount', method: 'GET', published: `${sub}/{id}`, url: path(step.key) };
    case 'delete':
      return { op: 'deleteSubaccount', method: 'DELETE', published: `${sub}/{id}`, url: path(step.key) };
    case 'credit':
    case 'debit':
      return {
        op: step.op === 'credit' ? 'creditSubaccount' : 'debitSubaccount',
        method: 'POST',
        published: `${sub}/{id}/${step.op}`,
        url: path(step.key, `/${step.op}`),
        body: { value: step.value },
      };
    case 'withdraw':
      return {
        op: 'withdrawSubaccount',
        method: 'POST',
        published: `${sub}/{id}/withdraw`,
        url: path(step.key, '/withdraw'),
        body: {
          ...(step.value === undefined ? {} : { value: step.value }),
          ...(step.id ? { correlationID: step.id } : {}),
        },
      };
    case 'transfer':
      return {
        op: 'transferBetweenSubaccounts',
        method: 'POST',
        published: `${sub}/transfer`,
        url: `${sub}/transfer`,
        body: {
          value: step.value,
          fromPixKey: step.from,
          fromPixKeyType: typeOf(step.from),
          toPixKey: step.to,
          toPixKeyType: typeOf(step.to),
          ...(step.id ? { correlationID: step.id } : {}),
        },
      };
    case 'statement':
      return {
        op: 'getSubaccountStatement',
        method: 'GET',
        published: `${sub}/{id}/statement`,
        url: path(step.key, `/statement${step.limit ? `?limit=${step.limit}` : ''}`),
      };
    case 'accountTransfer':
      return {
        op: 'createTransfer',
        method: 'POST',
        published: '/api/v1/transfer',
        url: '/api/v1/transfer',
        body: {
          value: step.value,
          fromPixKey: step.back ? SECOND_KEY : ownKey,
          toPixKey: step.back ? ownKey : SECOND_KEY,
          ...(step.id ? { correlationID: step.id } : {}),
        },
      };
    case 'accountStatement':
      return {
        op: 'getStatement',
        method: 'GET',
        published: '/api/v1/statement',
        url: `/api/v1/statement${step.limit ? `?limit=${step.limit}` : ''}`,
      };
    case 'splitCharge':
      return null;
  }
}

async function runSteps(strict: boolean, steps: Step[], document: Json, reached: Set<string>): Promise<void> {
  const { service, ownKey, inject } = groupService(strict);
  const schemaOf = successValidators(document);
  let n = 0;
  // Every run starts from two subaccounts, one of them paid a split: the random steps then meet
  // money to move as often as refusals.
  const prelude: Step[] = [
    { op: 'create', key: SELLER, name: 'Loja' },
    { op: 'create', key: BUYER, name: 'Outra' },
    { op: 'splitCharge', key: SELLER, value: 3_000 },
  ];
  try {
    for (const step of [...prelude, ...steps]) {
      n += 1;
      const call = requestOf(step, ownKey);
      if (!call) {
        // A charge split to the key (refused when it names no subaccount), paid when created.
        const created = await inject('POST', '/api/v1/charge', {
          correlationID: `c${n}`,
          value: 5_000,
          splits: [
            { value: step.op === 'splitCharge' ? step.value : 1, pixKey: SELLER, splitType: 'SPLIT_SUB_ACCOUNT' },
          ],
        });
        expect([200, 400]).toContain(created.status);
        if (created.status === 200)
          expect(
            (await inject('GET', `/openpix/testing?transactionID=${created.body.charge.transactionID}`)).status,
          ).toBe(200);
      } else {
        const reply = await inject(call.method, call.url, call.body);
        const where = `${call.op} ${JSON.stringify(call.body ?? call.url)} → ${reply.status} ${JSON.stringify(reply.body)}`;
        if (reply.status === 200) {
          reached.add(call.op);
          const validate = schemaOf(call.method, call.published);
          expect(validate(reply.body), where).toEqual({ kind: 'valid' });
        } else {
          expect(reply.status, where).toBe(400);
          expect(typeof reply.body.error, where).toBe('string');
        }
      }
      expect(auditSubaccounts(service.engine.db)).toEqual([]);
    }
  } finally {
    await service.close();
  }
}

describe('group A answers conform, whatever the sequence (fast-check, seeded)', () => {
  it('under --strict, against the published schemas; by default, against the derived document', async () => {
    const published = loadPublishedDocument();
    const plain = createSandboxService({ dbPath: ':memory:' });
    const derived = (await plain.app.inject({ method: 'GET', url: '/openapi.json' })).json<Json>();
    await plain.close();
    for (const [strict, document] of [
      [true, published],
      [false, derived],
    ] as const) {
      const reached = new Set<string>();
      await fc.assert(
        fc.asyncProperty(fc.array(stepArb, { minLength: 5, maxLength: 30 }), (steps) =>
          runSteps(strict, steps, document, reached),
        ),
        { seed: 37_001, numRuns: 25 },
      );
      // The runs reached a success of every operation of the group.
      expect([...reached].sort(), strict ? 'strict' : 'default').toEqual([...OPERATIONS].sort());
    }
  }, 120_000);
});
