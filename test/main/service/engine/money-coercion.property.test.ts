import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import fc from 'fast-check';
import type { ServiceRequest } from '#shared/service/service-api';
import type { OperationName } from '#service/engine/operations';
import { MAX_CENTS } from '#service/engine/validation';
import { decodeBrCode } from '#lib/pix';
import { createHarness, type Harness } from '#test/support/harness';

// Issue 25, "Bad input": every money coercion, through the engine itself. For charge create,
// charge refund, POST /refund and qrcode-static, with any value at all:
//   - no input answers 500;
//   - a refused value writes nothing (no table's row count moves, no row is changed);
//   - an accepted string gives the same record as the integer it spells.
// One engine (a database in memory) serves all runs; every run uses correlationIDs of its own.

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

/** Every table's row count, and SQLite's count of rows changed on the engine's connection. */
function databaseState() {
  return {
    counts: h.counts(...tables),
    changes: h.engine.db.prepare('SELECT total_changes()').pluck().get() as number,
  };
}

/** Any value a body could carry in a money field: JSON of every kind, near-miss texts, edge numbers, and valid ones. */
const anyMoney: fc.Arbitrary<unknown> = fc.oneof(
  fc.anything(),
  fc.string({ maxLength: 16 }),
  fc.stringMatching(/^[\d.,eE+\- ]{0,16}$/),
  fc.double(),
  fc.integer({ min: -10, max: 2 * MAX_CENTS }),
  fc.constantFrom(NaN, Infinity, -0, 1e300, '10.5', '1e3', '', ' 10', '10,00', '10000', '10000.00', true, null, [], {}),
  fc.integer({ min: 1, max: 100_000 }).map(String),
);

/** The texts a client may write for n cents (the integer itself is the other side of each comparison). */
const textOf = (n: number): fc.Arbitrary<string> => fc.constantFrom(String(n), `${n}.00`, `${n}.0`, `00${n}`);

/** n and one of its texts. */
const amountAndText = (max: number) => fc.integer({ min: 1, max }).chain((n) => textOf(n).map((text) => ({ n, text })));

/** Ids, links and the BR Code's own txid and location differ from record to record; the rest must not. */
const IDENTITY_KEYS = new Set([
  'id',
  'correlationID',
  'paymentLinkID',
  'paymentLinkUrl',
  'qrCodeImage',
  'globalID',
  'transactionID',
  'identifier',
  'txId',
  'endToEndId',
  'endToEndID',
  'returnIdentification',
  'refundId',
]);

function comparable(value: unknown, key = ''): unknown {
  if (IDENTITY_KEYS.has(key) && typeof value === 'string') return '<identity>';
  if (key === 'brCode' && typeof value === 'string') {
    const { txid: _txid, locationUrl: _location, ...rest } = decodeBrCode(value);
    return rest;
  }
  if (Array.isArray(value)) return value.map((item) => comparable(item));
  if (value && typeof value === 'object') {
    return Object.fromEntries(Object.entries(value).map(([k, v]) => [k, comparable(v, k)]));
  }
  return value;
}

async function call(op: OperationName, request: ServiceRequest) {
  const reply = await h.client.request(op, request);
  return { status: reply.status, body: 'body' in reply ? (reply.body as any) : undefined };
}

/** Runs one request with a possibly bad value: never a 500, and a 400 leaves the database as it was. */
async function expectNo500AndNoWriteOnRefusal(op: OperationName, request: ServiceRequest, value: unknown) {
  const before = databaseState();
  const reply = await call(op, request);
  const shown = `${op} value=${typeof value} ${JSON.stringify(value) ?? String(value)}`;
  expect([200, 400], `${shown} answered ${reply.status} ${JSON.stringify(reply.body)}`).toContain(reply.status);
  if (reply.status === 400) {
    expect(reply.body, shown).toEqual({ error: expect.any(String) });
    expect(databaseState(), shown).toEqual(before);
  }
  return reply;
}

/** A charge of `value` cents, paid: its correlationID and the payment's endToEndId. */
async function paidCharge(value: number) {
  const correlationID = nextId('paid');
  const { charge } = await h.ok('createCharge', { body: { correlationID, value } });
  const { transaction } = await h.ok('sandboxPayBrCode', { body: { brCode: charge.brCode } });
  return { correlationID, endToEndId: transaction.endToEndId as string };
}

const RUNS = 150;
const PAIR_RUNS = 40;

describe('money through the engine: no 500, no write on refusal', () => {
  it('charge create', async () => {
    await fc.assert(
      fc.asyncProperty(anyMoney, async (value) => {
        await expectNo500AndNoWriteOnRefusal('createCharge', { body: { correlationID: nextId('c'), value } }, value);
      }),
      { numRuns: RUNS },
    );
  });

  it('charge create, OVERDUE terms', async () => {
    await fc.assert(
      fc.asyncProperty(anyMoney, fc.constantFrom('interests', 'fines', 'discount'), async (value, term) => {
        const terms =
          term === 'discount'
            ? { discount: { modality: 'VALUE_PER_RUNNING_DAY_ADVANCE', value } }
            : { [term]: { value, type: 'PERCENTAGE' } };
        const body = { correlationID: nextId('o'), value: 100_000, type: 'OVERDUE', dueDate: '2026-12-20', ...terms };
        await expectNo500AndNoWriteOnRefusal('createCharge', { body }, value);
      }),
      { numRuns: RUNS },
    );
  });

  it('qrcode-static', async () => {
    await fc.assert(
      fc.asyncProperty(anyMoney, async (value) => {
        await expectNo500AndNoWriteOnRefusal(
          'createPixQrCode',
          { body: { name: 'Pedido', correlationID: nextId('q'), value } },
          value,
        );
      }),
      { numRuns: RUNS },
    );
  });

  it('charge refund and POST /refund', async () => {
    // Large enough that most accepted values fit; the ones that do not are a 400 like any other.
    const paid = await paidCharge(1_000_000);
    await fc.assert(
      fc.asyncProperty(anyMoney, async (value) => {
        await expectNo500AndNoWriteOnRefusal(
          'createChargeRefund',
          { params: { id: paid.correlationID }, body: { correlationID: nextId('r'), value } },
          value,
        );
        await expectNo500AndNoWriteOnRefusal(
          'createRefund',
          { body: { transactionEndToEndId: paid.endToEndId, correlationID: nextId('r'), value } },
          value,
        );
      }),
      { numRuns: RUNS },
    );
  });
});

describe('money through the engine: an accepted string gives the same record as the integer', () => {
  it('charge create', async () => {
    await fc.assert(
      fc.asyncProperty(amountAndText(MAX_CENTS), async ({ n, text }) => {
        const asNumber = await call('createCharge', { body: { correlationID: nextId('n'), value: n } });
        const asText = await call('createCharge', { body: { correlationID: nextId('t'), value: text } });
        expect(asNumber.status).toBe(200);
        expect(asText.body.charge.value).toBe(n);
        expect(comparable(asText.body)).toEqual(comparable(asNumber.body));
      }),
      { numRuns: PAIR_RUNS },
    );
  });

  it('charge create, OVERDUE terms written as digit strings', async () => {
    await fc.assert(
      fc.asyncProperty(fc.integer({ min: 0, max: 999 }), fc.integer({ min: 0, max: 999 }), async (interests, fines) => {
        const base = { value: 100_000, type: 'OVERDUE', dueDate: '2026-12-20', daysAfterDueDate: 10 };
        const asNumber = await call('createCharge', {
          body: { ...base, correlationID: nextId('n'), interests: { value: interests }, fines: { value: fines } },
        });
        const asText = await call('createCharge', {
          body: {
            ...base,
            correlationID: nextId('t'),
            interests: { value: String(interests) },
            fines: { value: String(fines) },
          },
        });
        expect(asNumber.status).toBe(200);
        expect(comparable(asText.body)).toEqual(comparable(asNumber.body));
        const stored = h.engine.db.prepare('SELECT interests, fines FROM charges WHERE correlation_id = ?');
        expect(stored.get(asText.body.charge.correlationID)).toEqual(stored.get(asNumber.body.charge.correlationID));
      }),
      { numRuns: PAIR_RUNS },
    );
  });

  it('qrcode-static', async () => {
    await fc.assert(
      fc.asyncProperty(amountAndText(MAX_CENTS), async ({ n, text }) => {
        const asNumber = await call('createPixQrCode', { body: { name: 'Pedido', identifier: nextId('n'), value: n } });
        const asText = await call('createPixQrCode', {
          body: { name: 'Pedido', identifier: nextId('t'), value: text },
        });
        expect(asNumber.status).toBe(200);
        expect(asText.body.pixQrCode.value).toBe(n);
        expect(comparable(asText.body)).toEqual(comparable(asNumber.body));
      }),
      { numRuns: PAIR_RUNS },
    );
  });

  it('charge refund and POST /refund', async () => {
    await fc.assert(
      fc.asyncProperty(amountAndText(100_000), async ({ n, text }) => {
        const paid = await paidCharge(4 * n);
        for (const op of ['createChargeRefund', 'createRefund'] as const) {
          const request = (value: unknown, correlationID: string): ServiceRequest =>
            op === 'createChargeRefund'
              ? { params: { id: paid.correlationID }, body: { correlationID, value } }
              : { body: { transactionEndToEndId: paid.endToEndId, correlationID, value } };
          const asNumber = await call(op, request(n, nextId('n')));
          const asText = await call(op, request(text, nextId('t')));
          expect(asNumber.status, op).toBe(200);
          expect(asText.body.refund.value, op).toBe(n);
          expect(comparable(asText.body), op).toEqual(comparable(asNumber.body));
        }
      }),
      { numRuns: PAIR_RUNS },
    );
  });
});
