// Migration 016 keeps per-company counts of charges (by status) and transactions (by type) for
// pageInfo.totalCount. It counts the rows already stored once, and its triggers keep the counts
// equal to COUNT(*) through any mix of inserts, status changes and deletes, whoever writes.
import Database from 'better-sqlite3';
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { listCounts } from '#service/engine/list-counts';
import { migrate } from '#lib/store/migrate';
import { migrations } from '#service/engine/migrations';

const AT = '2026-11-22T15:00:00.000Z';
const COMPANIES = ['co-a', 'co-b'] as const;
const STATUSES = ['ACTIVE', 'COMPLETED', 'EXPIRED'] as const;
const TYPES = ['PAYMENT', 'WITHDRAW', 'REFUND'] as const;

function storeAtVersion15(): Database.Database {
  const db = new Database(':memory:');
  migrate(
    db,
    migrations.filter((m) => m.version <= 15),
  );
  for (const company of COMPANIES) {
    db.prepare(
      `INSERT INTO companies (id, official_name, trade_name, tax_id, tax_id_type, correlation_id, merchant_name, merchant_city, created_at)
       VALUES (?, 'Loja', 'Loja', '11222333000181', 'BR:CNPJ', ?, 'Loja', 'Recife', ?)`,
    ).run(company, company, AT);
    db.prepare(
      `INSERT INTO bank_accounts (id, company_id, ispb, bank_name, branch, account, account_name, created_at)
       VALUES (?, ?, '00000000', 'Banco', '0001', '1', 'Loja', ?)`,
    ).run(`acc-${company}`, company, AT);
  }
  return db;
}

function insertCharge(db: Database.Database, id: string, company: string, status: string): void {
  db.prepare(
    `INSERT INTO charges (id, company_id, account_id, correlation_id, transaction_id, identifier, payment_link_id, location_id,
       type, status, value, br_code, expires_in, expires_at, created_at, updated_at)
     VALUES (@id, @company, @account, @id, @id, @id, @id, @id, 'DYNAMIC', @status, 100, 'code', 900, @at, @at, @at)`,
  ).run({ id, company, account: `acc-${company}`, status, at: AT });
}

function insertTransaction(db: Database.Database, id: string, company: string, type: string): void {
  db.prepare(
    `INSERT INTO transactions (id, company_id, account_id, type, status, value, end_to_end_id, transaction_id, time, created_at)
     VALUES (@id, @company, @account, @type, 'CONFIRMED', 100, @id, @id, @at, @at)`,
  ).run({ id, company, account: `acc-${company}`, type, at: AT });
}

/** The counts as COUNT(*) gives them, beside the kept ones, for every company and bucket. */
function compare(db: Database.Database) {
  const counts = listCounts(db);
  const kept: Record<string, number> = {};
  const counted: Record<string, number> = {};
  for (const company of COMPANIES) {
    kept[`charges ${company}`] = counts.count('charges', company);
    counted[`charges ${company}`] = (
      db.prepare('SELECT COUNT(*) AS n FROM charges WHERE company_id = ?').get(company) as { n: number }
    ).n;
    for (const status of STATUSES) {
      kept[`charges ${company} ${status}`] = counts.count('charges', company, status);
      counted[`charges ${company} ${status}`] = (
        db.prepare('SELECT COUNT(*) AS n FROM charges WHERE company_id = ? AND status = ?').get(company, status) as {
          n: number;
        }
      ).n;
    }
    kept[`transactions ${company}`] = counts.count('transactions', company);
    counted[`transactions ${company}`] = (
      db.prepare('SELECT COUNT(*) AS n FROM transactions WHERE company_id = ?').get(company) as { n: number }
    ).n;
    for (const type of TYPES) {
      kept[`transactions ${company} ${type}`] = counts.count('transactions', company, type);
      counted[`transactions ${company} ${type}`] = (
        db.prepare('SELECT COUNT(*) AS n FROM transactions WHERE company_id = ? AND type = ?').get(company, type) as {
          n: number;
        }
      ).n;
    }
  }
  return { kept, counted };
}

describe('migration 016: list counts', () => {
  it('counts the charges and transactions already stored, per company and bucket', () => {
    const db = storeAtVersion15();
    insertCharge(db, 'c1', 'co-a', 'ACTIVE');
    insertCharge(db, 'c2', 'co-a', 'ACTIVE');
    insertCharge(db, 'c3', 'co-a', 'COMPLETED');
    insertCharge(db, 'c4', 'co-b', 'EXPIRED');
    insertTransaction(db, 't1', 'co-a', 'PAYMENT');
    insertTransaction(db, 't2', 'co-b', 'REFUND');
    migrate(db, migrations);
    expect(db.pragma('user_version', { simple: true })).toBe(migrations.at(-1)!.version);
    const counts = listCounts(db);
    expect([
      counts.count('charges', 'co-a'),
      counts.count('charges', 'co-a', 'ACTIVE'),
      counts.count('charges', 'co-a', 'EXPIRED'),
    ]).toEqual([3, 2, 0]);
    expect([
      counts.count('charges', 'co-b'),
      counts.count('transactions', 'co-a', 'PAYMENT'),
      counts.count('transactions', 'co-b'),
    ]).toEqual([1, 1, 1]);
    expect(counts.count('charges', 'nobody')).toBe(0);
    const { kept, counted } = compare(db);
    expect(kept).toEqual(counted);
  });

  type Step =
    | { kind: 'insertCharge'; company: number; status: number }
    | { kind: 'setStatus'; pick: number; status: number }
    | { kind: 'moveCharge'; pick: number; company: number }
    | { kind: 'deleteCharge'; pick: number }
    | { kind: 'insertTransaction'; company: number; type: number }
    | { kind: 'setType'; pick: number; type: number }
    | { kind: 'moveTransaction'; pick: number; company: number }
    | { kind: 'deleteTransaction'; pick: number };

  const index = (n: number) => fc.integer({ min: 0, max: n - 1 });
  const pick = fc.nat({ max: 1_000 });
  const step: fc.Arbitrary<Step> = fc.oneof(
    fc.record({ kind: fc.constant('insertCharge' as const), company: index(2), status: index(3) }),
    fc.record({ kind: fc.constant('setStatus' as const), pick, status: index(3) }),
    fc.record({ kind: fc.constant('moveCharge' as const), pick, company: index(2) }),
    fc.record({ kind: fc.constant('deleteCharge' as const), pick }),
    fc.record({ kind: fc.constant('insertTransaction' as const), company: index(2), type: index(3) }),
    fc.record({ kind: fc.constant('setType' as const), pick, type: index(3) }),
    fc.record({ kind: fc.constant('moveTransaction' as const), pick, company: index(2) }),
    fc.record({ kind: fc.constant('deleteTransaction' as const), pick }),
  );

  it('keeps every count equal to COUNT(*) through any sequence of writes, rolled-back ones included', () => {
    fc.assert(
      fc.property(fc.array(step, { maxLength: 60 }), fc.nat({ max: 59 }), (steps, rollbackAt) => {
        const db = storeAtVersion15();
        migrate(db, migrations);
        let next = 0;
        const someRow = (table: string, n: number) => {
          const ids = db.prepare(`SELECT id FROM ${table} ORDER BY id`).pluck().all() as string[];
          return ids.length === 0 ? undefined : ids[n % ids.length];
        };
        const apply = (s: Step) => {
          switch (s.kind) {
            case 'insertCharge':
              return insertCharge(db, `c${next++}`, COMPANIES[s.company]!, STATUSES[s.status]!);
            case 'insertTransaction':
              return insertTransaction(db, `t${next++}`, COMPANIES[s.company]!, TYPES[s.type]!);
            case 'setStatus': {
              const id = someRow('charges', s.pick);
              if (id)
                db.prepare('UPDATE charges SET status = ?, updated_at = ? WHERE id = ?').run(
                  STATUSES[s.status],
                  AT,
                  id,
                );
              return;
            }
            case 'moveCharge': {
              const id = someRow('charges', s.pick);
              const company = COMPANIES[s.company]!;
              if (id)
                db.prepare('UPDATE charges SET company_id = ?, account_id = ? WHERE id = ?').run(
                  company,
                  `acc-${company}`,
                  id,
                );
              return;
            }
            case 'deleteCharge': {
              const id = someRow('charges', s.pick);
              if (id) db.prepare('DELETE FROM charges WHERE id = ?').run(id);
              return;
            }
            case 'setType': {
              const id = someRow('transactions', s.pick);
              if (id) db.prepare('UPDATE transactions SET type = ? WHERE id = ?').run(TYPES[s.type], id);
              return;
            }
            case 'moveTransaction': {
              const id = someRow('transactions', s.pick);
              const company = COMPANIES[s.company]!;
              if (id)
                db.prepare('UPDATE transactions SET company_id = ?, account_id = ? WHERE id = ?').run(
                  company,
                  `acc-${company}`,
                  id,
                );
              return;
            }
            case 'deleteTransaction': {
              const id = someRow('transactions', s.pick);
              if (id) db.prepare('DELETE FROM transactions WHERE id = ?').run(id);
              return;
            }
          }
        };
        steps.forEach((s, i) => {
          if (i !== rollbackAt) return apply(s);
          // A write whose transaction rolls back takes its count change with it.
          expect(() =>
            db.transaction(() => {
              apply(s);
              throw new Error('rolled back');
            })(),
          ).toThrow('rolled back');
        });
        const { kept, counted } = compare(db);
        expect(kept).toEqual(counted);
      }),
      { numRuns: 150 },
    );
  });
});
