// The marketplace journey of issue 37, seeded: a platform with sellers as subaccounts sells
// orders whose charges are split to the sellers, some paid through the sandbox's simulator and
// some never paid; then each seller's balance, a withdrawal (retried with its correlationID) and
// the statement. A model kept beside the engine says what every balance must be, and the ledger
// invariants are checked after every step: the main account's projection equals its entries,
// every subaccount's balance equals its entries and is never negative, every move has its
// entries, and the money between the main account and the subaccounts sums to zero.
import { describe, expect, it } from 'vitest';
import { ManualClock } from '#lib/clock';
import { ledger } from '#service/engine/ledger/ledger';
import type { OperationName } from '#service/engine/operations';
import { auditSubaccounts } from '#service/engine/subaccounts/subaccount-audit';
import { createSandboxService, type SandboxService } from '#service/index';
import type { ServiceRequest } from '#shared/service/service-api';
import { SeededRandom } from '#test/support/prng';

const SEED = 37_2026;
const TRIALS = 12;

/** Sellers of every key type a subaccount takes, as a client writes them. */
const SELLERS = [
  { written: 'Loja.Da.Ana@Example.com', key: 'loja.da.ana@example.com', name: 'Loja da Ana' },
  { written: '529.982.247-25', key: '52998224725', name: 'Bruno Artesanato' },
  { written: '6b1f7a1e-3c0d-4f5e-9a8b-2c3d4e5f6a7b', key: '6b1f7a1e-3c0d-4f5e-9a8b-2c3d4e5f6a7b', name: 'Casa Cida' },
] as const;

interface Model {
  main: number;
  sellers: Map<string, number>;
  /** The orders paid, per seller key: what each one's statement must show as a split. */
  splitsPaid: Map<string, string[]>;
}

async function trial(seed: number): Promise<void> {
  const random = new SeededRandom(seed);
  const clock = new ManualClock('2026-12-01T12:00:00.000Z');
  const service: SandboxService = createSandboxService({ dbPath: ':memory:', clock, checkResponses: true });
  const call = async (op: OperationName, request: ServiceRequest = {}) => {
    const reply = await service.engine.handle(service.appId, op, request);
    expect(reply.status, `${op} ${JSON.stringify(request)} (seed ${seed})`).toBeLessThan(500);
    return reply as { status: number; body: any };
  };
  const ok = async (op: OperationName, request: ServiceRequest = {}) => {
    const reply = await call(op, request);
    expect(reply.status, `${op} ${JSON.stringify(reply.body)} (seed ${seed})`).toBe(200);
    return reply.body;
  };
  const tenant = service.engine.tenancy.resolveTenant(service.appId)!;
  const account = { companyId: tenant.company.id, accountId: tenant.account.id };
  const model: Model = { main: 0, sellers: new Map(), splitsPaid: new Map() };

  /** The engine agrees with the model, and the ledger with itself. */
  const check = async (step: string) => {
    const db = service.engine.db;
    expect(ledger(db).balance(account), step).toEqual(ledger(db).balanceFromEntries(account));
    expect(ledger(db).balance(account).total, `${step}: main account (seed ${seed})`).toBe(model.main);
    expect(auditSubaccounts(db), step).toEqual([]);
    const list = await ok('listSubaccounts');
    expect(
      Object.fromEntries(list.subAccounts.map((s: any) => [s.pixKey, s.balance])),
      `${step} (seed ${seed})`,
    ).toEqual(Object.fromEntries(model.sellers));
  };

  try {
    for (const seller of SELLERS) {
      const created = await ok('createSubaccount', { body: { pixKey: seller.written, name: seller.name } });
      expect(created.SubAccount).toEqual({ name: seller.name, pixKey: seller.key, balance: 0, withdrawBlocked: false });
      model.sellers.set(seller.key, 0);
      model.splitsPaid.set(seller.key, []);
    }
    await check('sellers created');

    // Orders: each split to one or two sellers; the platform keeps the rest.
    const orders = random.int(4, 10);
    for (let n = 1; n <= orders; n++) {
      const value = random.int(1_000, 50_000);
      const sellers = random.chance(0.3) ? [...SELLERS] : [random.pick(SELLERS)];
      const chosen = sellers.slice(0, random.int(1, Math.min(2, sellers.length)));
      const splits = chosen.map((seller) => ({
        value: Math.floor((value * random.int(5, 45)) / 100),
        // The key as the charge's author wrote it in the seller's record: its canonical form.
        pixKey: seller.key,
        splitType: 'SPLIT_SUB_ACCOUNT',
      }));
      const correlationID = `pedido-${n}`;
      const { charge } = await ok('createCharge', { body: { correlationID, value, splits } });
      clock.advance(random.int(1_000, 60_000));
      if (random.chance(0.8)) {
        const paid = await ok('sandboxPay', { query: { transactionID: charge.transactionID } });
        expect(paid.charge.status).toBe('COMPLETED');
        model.main += value;
        for (const split of splits) {
          model.main -= split.value;
          model.sellers.set(split.pixKey, model.sellers.get(split.pixKey)! + split.value);
          model.splitsPaid.get(split.pixKey)!.push(correlationID);
        }
      }
      // An unpaid order moves nothing.
      await check(`order ${n}`);
    }

    // Each seller with money withdraws part of it, and retries the withdrawal once.
    for (const seller of SELLERS) {
      const balance = model.sellers.get(seller.key)!;
      const got = await ok('getSubaccount', { params: { id: seller.written } });
      expect(got.SubAccount.balance).toBe(balance);
      if (balance === 0) {
        const refused = await call('withdrawSubaccount', { params: { id: seller.key }, body: {} });
        expect(refused).toEqual({ status: 400, body: { error: 'Transfer just work with subaccount with balance' } });
        continue;
      }
      const value = random.int(1, balance);
      const body = { value, correlationID: `saque-${seller.key}` };
      const first = await ok('withdrawSubaccount', { params: { id: seller.key }, body });
      expect(first.transaction).toMatchObject({ status: 'CONFIRMED', value, destinationAlias: seller.key });
      expect(await ok('withdrawSubaccount', { params: { id: seller.key }, body })).toEqual(first);
      model.sellers.set(seller.key, balance - value);
      await check(`withdrawal of ${seller.name}`);

      // The statement: newest first, the withdrawal on top, then one split line per order paid.
      const lines = await ok('getSubaccountStatement', { params: { id: seller.key } });
      expect(lines[0]).toMatchObject({ operationType: 'WITHDRAWAL', type: 'DEBIT', value, balance: balance - value });
      const splitLines = lines.slice(1);
      expect(splitLines.map((l: any) => l.description).reverse()).toEqual(
        model.splitsPaid.get(seller.key)!.map((order) => `Split of charge ${order}`),
      );
      for (const line of splitLines) expect(line).toMatchObject({ operationType: 'CREDIT', type: 'CREDIT' });
      // Each line's balance is the one after it: the next line's plus or minus its value.
      for (let i = 0; i < lines.length; i++) {
        const before = i + 1 < lines.length ? lines[i + 1].balance : 0;
        expect(lines[i].balance).toBe(before + (lines[i].type === 'CREDIT' ? lines[i].value : -lines[i].value));
      }
    }

    // The platform's own statement shows each split leaving it, and ends at its balance.
    const statement = await ok('getStatement');
    expect(statement[0]?.balance ?? 0).toBe(model.main);
    const splitsOut = statement.filter((l: any) => l.description.startsWith('Split of charge'));
    expect(splitsOut.length).toBe([...model.splitsPaid.values()].reduce((sum, orders) => sum + orders.length, 0));
  } finally {
    await service.close();
  }
}

describe('marketplace journey (seeded)', () => {
  it(`splits paid charges to sellers' subaccounts, who withdraw and read their statements (seed ${SEED}, ${TRIALS} trials)`, async () => {
    const seeds = new SeededRandom(SEED);
    for (let t = 0; t < TRIALS; t++) await trial(seeds.int(1, 2 ** 31 - 1));
  }, 60_000);
});
