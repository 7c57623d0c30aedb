// Migration 006 gives transactions the txid their static code carried (NULL for rows booked
// before: that txid was dropped), and 007 grants the new PIX_KEY_GET_LIST scope to the sandbox
// applications that hold every scope, as ALL_SCOPES gives new ones, so an embedded sandbox kept
// across the upgrade can list its Pix keys; an application with chosen scopes keeps its own.
// The txid index is checked too: the transaction list by QR code must search through it.
import Database from 'better-sqlite3';
import { describe, expect, it } from 'vitest';
import { transactionListSql, transactionRepo } from '#service/engine/transactions/transaction-repo';
import { migrate } from '#lib/store/migrate';
import { migrations } from '#service/engine/migrations';
import { ALL_SCOPES } from '#service/engine/operations';

const at = '2026-11-22T15:00:00.000Z';
const SCOPES_BEFORE_7 = ALL_SCOPES.filter((s) => s !== 'PIX_KEY_GET_LIST');

/** A store at schema v5 with one payment and three applications: all scopes, chosen scopes, all but shuffled. */
function storeAtVersion5(): Database.Database {
  const db = new Database(':memory:');
  for (const migration of migrations.filter((m) => m.version <= 5)) db.exec(migration.sql);
  db.pragma('user_version = 5');
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
  const app = db.prepare(
    `INSERT INTO applications (id, company_id, account_id, name, type, client_id, client_secret, app_id, scopes, created_at)
     VALUES (?, 'co', 'acc', 'App', 'API', ?, 's', ?, ?, ?)`,
  );
  app.run('all', 'c-all', 'a-all', JSON.stringify(SCOPES_BEFORE_7), at);
  app.run('some', 'c-some', 'a-some', JSON.stringify(['CHARGE_POST', 'CHARGE_GET']), at);
  app.run('shuffled', 'c-shuffled', 'a-shuffled', JSON.stringify([...SCOPES_BEFORE_7].reverse()), at);
  return db;
}

const scopesOf = (db: Database.Database, id: string) =>
  JSON.parse(db.prepare('SELECT scopes FROM applications WHERE id = ?').pluck().get(id) as string) as string[];

describe('migrations 006 and 007', () => {
  it('adds a NULL txid to transactions booked before', () => {
    const db = storeAtVersion5();
    migrate(db, migrations);
    expect(db.pragma('user_version', { simple: true })).toBe(migrations.at(-1)!.version);
    const view = transactionRepo(db).findById('co', 'pay')!;
    expect(view).toMatchObject({ txid: null, transaction_id: 'tx', qr_id: null });
  });

  it('grants PIX_KEY_GET_LIST to applications holding every earlier scope, and to no other', () => {
    const db = storeAtVersion5();
    migrate(db, migrations);
    expect(scopesOf(db, 'all')).toEqual([...SCOPES_BEFORE_7, 'PIX_KEY_GET_LIST']);
    expect(scopesOf(db, 'shuffled')).toEqual([...[...SCOPES_BEFORE_7].reverse(), 'PIX_KEY_GET_LIST']);
    expect(scopesOf(db, 'some')).toEqual(['CHARGE_POST', 'CHARGE_GET']);
  });
});

describe('the transaction list by QR code', () => {
  // Index 006 serves the txid half of the filter; without it (or with the company's time index
  // chosen for the order) listing one QR code's payments would walk every transaction.
  it('finds the rows through the QR code and txid indexes, never by walking the company’s transactions', () => {
    const db = new Database(':memory:');
    migrate(db, migrations);
    for (const filter of [
      { pixQrCodeId: 'q', pixQrCodeIdentifier: 'x' },
      { pixQrCodeId: 'q', pixQrCodeIdentifier: 'x', start: at, type: 'PAYMENT' as const },
    ]) {
      const details = (
        db
          .prepare(`EXPLAIN QUERY PLAN ${transactionListSql(filter)}`)
          .all({ companyId: 'co', ...filter, take: 11, skip: 0 }) as { detail: string }[]
      ).map((step) => step.detail);
      const plan = details.join('\n');
      expect(plan).toMatch(/SEARCH transactions USING (COVERING )?INDEX transactions_company_qr/);
      expect(plan).toMatch(/SEARCH transactions USING (COVERING )?INDEX transactions_company_txid/);
      expect(plan).not.toMatch(/transactions_company_time|SCAN t\b|SCAN transactions/);
    }
  });
});
