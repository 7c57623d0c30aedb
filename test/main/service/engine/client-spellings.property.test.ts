import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import fc from 'fast-check';
import type { ServiceRequest } from '#shared/service/service-api';
import type { OperationName } from '#service/engine/operations';
import { createHarness, type Harness } from '#test/support/harness';

// Issue 25, "Bad input", for the coercions of client-spellings.test.ts, through the engine itself,
// with any input at all:
//   - no input answers 500;
//   - a refused input writes nothing (no table's row count moves, no row is changed);
//   - an accepted spelling gives the same record as the canonical one (1 as "true", 42 as "42",
//     "sao paulo" as "SP").
// One engine (a database in memory) serves all runs; every run uses ids of its own.

let h: Harness;
let tables: string[];
let serial = 0;
const nextId = (prefix: string) => `${prefix}${++serial}`;

beforeAll(async () => {
  h = await createHarness('engine');
  tables = h.engine.db
    .prepare("SELECT name FROM sqlite_master WHERE type = 'table' AND name NOT LIKE 'sqlite_%'")
    .pluck()
    .all() as string[];
});
afterAll(async () => {
  await h.close();
});

function databaseState() {
  return {
    counts: h.counts(...tables),
    changes: h.engine.db.prepare('SELECT total_changes()').pluck().get() as number,
  };
}

async function call(op: OperationName, request: ServiceRequest) {
  const reply = await h.client.request(op, request);
  return { status: reply.status, body: 'body' in reply ? (reply.body as any) : undefined };
}

async function expectNo500AndNoWriteOnRefusal(op: OperationName, request: ServiceRequest, input: unknown) {
  const before = databaseState();
  const reply = await call(op, request);
  const shown = `${op} input=${typeof input} ${JSON.stringify(input) ?? String(input)}`;
  expect([200, 400], `${shown} answered ${reply.status} ${JSON.stringify(reply.body)}`).toContain(reply.status);
  if (reply.status === 400) {
    expect(reply.body, shown).toEqual({ error: expect.any(String) });
    expect(databaseState(), shown).toEqual(before);
  }
  return reply;
}

/** Record fields that differ from record to record whatever was sent. */
const IDENTITY_KEYS = new Set([
  'id',
  'correlationID',
  'globalID',
  'secret',
  'hmacSecretKey',
  'url',
  'email',
  'createdAt',
  'updatedAt',
]);
const withoutIdentity = (record: Record<string, unknown>) =>
  Object.fromEntries(Object.entries(record).filter(([key]) => !IDENTITY_KEYS.has(key)));

/** Query texts: every spelling of a boolean, near misses, and any string. */
const anyQueryText = fc.oneof(
  fc.string({ maxLength: 8 }),
  fc.constantFrom(
    'true',
    'false',
    '1',
    '0',
    'True',
    'FALSE',
    '',
    ' ',
    'yes',
    '01',
    '1.0',
    'on',
    'null',
    'undefined',
    'constructor',
  ),
);

/** Anything a body could carry where a string or a whole number is taken. */
const anyIdLike: fc.Arbitrary<unknown> = fc.oneof(
  fc.anything(),
  fc.string({ maxLength: 12 }),
  fc.integer(),
  fc.double(),
  fc.constantFrom(0, -0, 2 ** 53, -(2 ** 53), 2 ** 53 - 1, 1e21, 4.2, NaN, Infinity, '', '  ', true, null, [], {}),
);

const RUNS = 150;
const PAIR_RUNS = 40;

describe('boolean query spellings (return_existing, hasWebhook)', () => {
  it('no 500, no write on refusal; each spelling of true or false acts as true or false', async () => {
    const body = { correlationID: nextId('dup'), value: 700 };
    const first = await h.ok('createCharge', { body });
    await fc.assert(
      fc.asyncProperty(anyQueryText, async (text) => {
        const reply = await expectNo500AndNoWriteOnRefusal(
          'createCharge',
          { query: { return_existing: text }, body },
          text,
        );
        const meansTrue = ['true', '1'].includes(text.toLowerCase());
        expect(reply.status, JSON.stringify(text)).toBe(meansTrue ? 200 : 400);
        if (meansTrue) expect(reply.body.charge.globalID).toBe(first.charge.globalID);
        const listed = await call('listTransactions', { query: { hasWebhook: text } });
        expect([200, 400], JSON.stringify(text)).toContain(listed.status);
      }),
      { numRuns: RUNS },
    );
  });
});

describe('a whole number as correlationID', () => {
  it('no 500, no write on refusal', async () => {
    await fc.assert(
      fc.asyncProperty(anyIdLike, async (correlationID) => {
        await expectNo500AndNoWriteOnRefusal('createCharge', { body: { correlationID, value: 100 } }, correlationID);
      }),
      { numRuns: RUNS },
    );
  });

  it('n makes the record "n" makes: the same charge, found by either', async () => {
    await fc.assert(
      fc.asyncProperty(fc.integer({ min: -(2 ** 53) + 1, max: 2 ** 53 - 1 }), async (n) => {
        // A correlationID an earlier run (of this test or the one above) already took is not free.
        fc.pre((await call('getCharge', { params: { id: String(n) } })).status !== 200);
        const asNumber = await call('createCharge', { body: { correlationID: n, value: 300 } });
        expect(asNumber.status).toBe(200);
        expect(asNumber.body.charge.correlationID).toBe(String(n));
        const asText = await call('createCharge', {
          query: { return_existing: 'true' },
          body: { correlationID: String(n), value: 300 },
        });
        expect(asText.body.charge).toEqual(asNumber.body.charge);
        expect((await h.ok('getCharge', { params: { id: String(n) } })).charge).toEqual(asNumber.body.charge);
      }),
      { numRuns: PAIR_RUNS },
    );
  });
});

describe('a whole number as a webhook name', () => {
  it('no 500, no write on refusal', async () => {
    await fc.assert(
      fc.asyncProperty(anyIdLike, async (name) => {
        await expectNo500AndNoWriteOnRefusal(
          'createWebhook',
          { body: { webhook: { name, url: `http://127.0.0.1:9/${nextId('w')}` } } },
          name,
        );
      }),
      { numRuns: RUNS },
    );
  });

  it('n makes the webhook "n" makes', async () => {
    await fc.assert(
      fc.asyncProperty(fc.integer({ min: -(2 ** 53) + 1, max: 2 ** 53 - 1 }), async (n) => {
        const asNumber = await call('createWebhook', {
          body: { webhook: { name: n, url: `http://127.0.0.1:9/${nextId('n')}` } },
        });
        const asText = await call('createWebhook', {
          body: { webhook: { name: String(n), url: `http://127.0.0.1:9/${nextId('t')}` } },
        });
        expect(asNumber.status).toBe(200);
        expect(asNumber.body.webhook.name).toBe(String(n));
        expect(withoutIdentity(asNumber.body.webhook)).toEqual(withoutIdentity(asText.body.webhook));
      }),
      { numRuns: PAIR_RUNS },
    );
  });
});

/** The 27 UFs and their names, as STATE_NAMES in brazilian-states.ts writes them. */
const STATES: Array<[string, string]> = [
  ['AC', 'Acre'],
  ['AL', 'Alagoas'],
  ['AP', 'Amapá'],
  ['AM', 'Amazonas'],
  ['BA', 'Bahia'],
  ['CE', 'Ceará'],
  ['DF', 'Distrito Federal'],
  ['ES', 'Espírito Santo'],
  ['GO', 'Goiás'],
  ['MA', 'Maranhão'],
  ['MT', 'Mato Grosso'],
  ['MS', 'Mato Grosso do Sul'],
  ['MG', 'Minas Gerais'],
  ['PA', 'Pará'],
  ['PB', 'Paraíba'],
  ['PR', 'Paraná'],
  ['PE', 'Pernambuco'],
  ['PI', 'Piauí'],
  ['RJ', 'Rio de Janeiro'],
  ['RN', 'Rio Grande do Norte'],
  ['RS', 'Rio Grande do Sul'],
  ['RO', 'Rondônia'],
  ['RR', 'Roraima'],
  ['SC', 'Santa Catarina'],
  ['SP', 'São Paulo'],
  ['SE', 'Sergipe'],
  ['TO', 'Tocantins'],
];

/** A state's name as a shop may have typed it: accents kept or dropped, letters in any case. */
const stateAndSpelling = fc.constantFrom(...STATES).chain(([uf, name]) =>
  fc
    .tuple(fc.boolean(), fc.array(fc.boolean(), { minLength: name.length, maxLength: name.length }))
    .map(([plain, upper]) => {
      const letters = [...(plain ? name.normalize('NFD').replace(/\p{M}/gu, '') : name)];
      return { uf, spelling: letters.map((c, i) => (upper[i] ? c.toUpperCase() : c.toLowerCase())).join('') };
    }),
);

describe("a Brazilian state's full name as address.state", () => {
  it('no 500, no write on refusal', async () => {
    const anyState = fc.oneof(
      fc.anything(),
      fc.string({ maxLength: 70 }),
      fc.constantFrom(...STATES.map(([, name]) => `${name}x`), 'Sao Paolo', 'SPX', ''),
    );
    await fc.assert(
      fc.asyncProperty(anyState, async (state) => {
        await expectNo500AndNoWriteOnRefusal(
          'createCustomer',
          { body: { name: 'Ana', email: `${nextId('a')}@example.com`, address: { state } } },
          state,
        );
      }),
      { numRuns: RUNS },
    );
  });

  it('any spelling of a name makes the customer its UF makes', async () => {
    await fc.assert(
      fc.asyncProperty(stateAndSpelling, async ({ uf, spelling }) => {
        const byName = await call('createCustomer', {
          body: { name: 'Ana', email: `${nextId('n')}@example.com`, address: { city: 'X', state: spelling } },
        });
        const byUf = await call('createCustomer', {
          body: { name: 'Ana', email: `${nextId('u')}@example.com`, address: { city: 'X', state: uf } },
        });
        expect(byName.status, spelling).toBe(200);
        expect(byName.body.customer.address).toEqual({ city: 'X', state: uf });
        expect(withoutIdentity(byName.body.customer)).toEqual(withoutIdentity(byUf.body.customer));
      }),
      { numRuns: PAIR_RUNS },
    );
  });
});
