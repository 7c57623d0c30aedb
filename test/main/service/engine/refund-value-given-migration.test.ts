// Migration 005 records whether a refund's request named its value, so a repeat of the request can
// be told from another request with the same correlationID. Refunds stored before it count as
// having named their value: a repeat naming it is answered, one leaving it out is refused.
import Database from 'better-sqlite3';
import { describe, expect, it } from 'vitest';
import { refundRepo } from '#service/engine/refunds/refund-repo';
import { repeatedRefund } from '#service/engine/refunds/refund-replay';
import { ServiceError } from '#service/engine/errors';
import { migrate } from '#lib/store/migrate';
import { migrations } from '#service/engine/migrations';

const at = '2026-11-22T15:00:00.000Z';

/** A store at schema v4 holding one payment and one refund of 300 cents of it. */
function storeAtVersion4(): Database.Database {
  const db = new Database(':memory:');
  for (const migration of migrations.filter((m) => m.version <= 4)) db.exec(migration.sql);
  db.pragma('user_version = 4');
  db.prepare(
    `INSERT INTO companies (id, official_name, trade_name, tax_id, tax_id_type, correlation_id, merchant_name, merchant_city, created_at)
     VALUES ('co', 'Loja', 'Loja', '11222333000181', 'BR:CNPJ', 'co', 'Loja', 'Recife', ?)`,
  ).run(at);
  db.prepare(
    `INSERT INTO bank_accounts (id, company_id, ispb, bank_name, branch, account, account_name, created_at)
     VALUES ('acc', 'co', '00000000', 'Banco', '0001', '1', 'Loja', ?)`,
  ).run(at);
  db.prepare(
    `INSERT INTO transactions (id, company_id, account_id, type, status, value, end_to_end_id, transaction_id, time, created_at)
     VALUES ('pay', 'co', 'acc', 'PAYMENT', 'CONFIRMED', 1000, 'E00000000202611221500abcdefghijk', 'tx', ?, ?)`,
  ).run(at, at);
  db.prepare(
    `INSERT INTO refunds (id, company_id, account_id, transaction_id, charge_id, correlation_id, refund_id, return_identification,
       value, status, comment, settles_at, settled_at, created_at)
     VALUES ('r', 'co', 'acc', 'pay', NULL, 'dev-1', 'rid', 'D00000000202611221500abcdefghijk', 300, 'CONFIRMED', NULL, ?, ?, ?)`,
  ).run(at, at, at);
  return db;
}

describe('migration 005: refunds record whether their value was named', () => {
  it('reads refunds stored before it as having named their value', () => {
    const db = storeAtVersion4();
    migrate(db, migrations);
    // Later migrations run too: the store ends at the newest version.
    expect(db.pragma('user_version', { simple: true })).toBe(migrations.at(-1)!.version);
    const earlier = refundRepo(db).findByCorrelationId('co', 'dev-1')!;
    expect(earlier.value_given).toBe(1);
    const target = { transactionId: 'pay' };
    expect(repeatedRefund(earlier, target, { correlationID: 'dev-1', value: 300 })).toBe(earlier);
    expect(() => repeatedRefund(earlier, target, { correlationID: 'dev-1' })).toThrow(ServiceError);
  });

  it('takes only 0 or 1', () => {
    const db = storeAtVersion4();
    migrate(db, migrations);
    expect(() => db.prepare("UPDATE refunds SET value_given = 2 WHERE id = 'r'").run()).toThrow(/CHECK constraint/);
  });
});
