// Migration 023 makes a static QR code's identifier unique per company instead of across the
// sandbox, by rebuilding pix_qr_codes (SQLite cannot drop a column's UNIQUE). A v22 store with QR
// codes (live, deleted, paid) must come through with every row as it was, every other index and
// the payments' foreign key still enforced, and the new uniqueness: the same identifier in two
// companies, never twice in one.
import Database from 'better-sqlite3';
import { describe, expect, it } from 'vitest';
import { migrate } from '#lib/store/migrate';
import { migrations } from '#service/engine/migrations';

const at = '2026-11-22T15:00:00.000Z';

/** A v22 store, foreign keys on as the service opens it: two companies, four QR codes, a payment through one. */
function storeAtVersion22(): Database.Database {
  const db = new Database(':memory:');
  db.pragma('foreign_keys = ON');
  migrate(
    db,
    migrations.filter((m) => m.version <= 22),
  );
  expect(db.pragma('user_version', { simple: true })).toBe(22);
  for (const co of ['a', 'b']) {
    db.prepare(
      `INSERT INTO companies (id, official_name, trade_name, tax_id, tax_id_type, correlation_id, merchant_name, merchant_city, created_at)
       VALUES (?, 'Loja', 'Loja', ?, 'BR:CNPJ', ?, 'Loja', 'Recife', ?)`,
    ).run(co, co === 'a' ? '11222333000181' : '45723174000110', co, at);
    db.prepare(
      `INSERT INTO bank_accounts (id, company_id, ispb, bank_name, branch, account, account_name, created_at)
       VALUES (?, ?, '00000000', 'Banco', '0001', ?, 'Loja', ?)`,
    ).run(`acc-${co}`, co, co, at);
  }
  const qr = db.prepare(
    `INSERT INTO pix_qr_codes (id, company_id, account_id, name, correlation_id, identifier, payment_link_id, value, comment,
       pix_key, br_code, created_at, updated_at, deleted_at)
     VALUES (@id, @co, 'acc-' || @co, @id, 'corr-' || @id, @identifier, 'link-' || @id, @value, @comment, 'key-' || @co,
       'br-' || @id, @at, @at, @deleted)`,
  );
  qr.run({ id: 'q1', co: 'a', identifier: 'Mesa1', value: 700, comment: 'Mesa 1', at, deleted: null });
  qr.run({ id: 'q2', co: 'a', identifier: 'Printed1', value: null, comment: null, at, deleted: at });
  qr.run({ id: 'q3', co: 'b', identifier: 'Balcao', value: 900, comment: null, at, deleted: null });
  qr.run({
    id: 'q4',
    co: 'b',
    identifier: 'Mesa2',
    value: null,
    comment: 'aberto',
    at: '2026-11-23T10:00:00.000Z',
    deleted: null,
  });
  db.prepare(
    `INSERT INTO transactions (id, company_id, account_id, type, status, value, end_to_end_id, transaction_id, pix_qr_code_id, txid, time, created_at)
     VALUES ('pay', 'a', 'acc-a', 'PAYMENT', 'CONFIRMED', 700, 'E00000000202611221500abcdefghijk', 'Mesa1', 'q1', 'Mesa1', ?, ?)`,
  ).run(at, at);
  return db;
}

const rows = (db: Database.Database) => db.prepare('SELECT * FROM pix_qr_codes ORDER BY id').all();
const indexes = (db: Database.Database) =>
  (db.prepare('PRAGMA index_list(pix_qr_codes)').all() as { name: string; unique: number; origin: string }[])
    .map((index) => ({
      unique: index.unique,
      origin: index.origin,
      columns: (db.prepare(`PRAGMA index_info('${index.name}')`).all() as { name: string }[]).map((c) => c.name),
      name: index.origin === 'c' ? index.name : undefined,
    }))
    .sort((x, y) => x.columns.join().localeCompare(y.columns.join()));
const otherSchema = (db: Database.Database) =>
  db.prepare("SELECT type, name, sql FROM sqlite_master WHERE tbl_name <> 'pix_qr_codes' ORDER BY type, name").all();
const insertQr = (db: Database.Database, id: string, co: string, identifier: string, correlation = `corr-${id}`) =>
  db
    .prepare(
      `INSERT INTO pix_qr_codes (id, company_id, account_id, name, correlation_id, identifier, payment_link_id, pix_key, br_code, created_at, updated_at)
       VALUES (?, ?, ?, 'n', ?, ?, ?, 'k', 'br', ?, ?)`,
    )
    .run(id, co, `acc-${co}`, correlation, identifier, `link-${id}`, at, at);

describe('migration 023: a static QR code identifier unique per company', () => {
  it('keeps every row, every other index and the rest of the schema as they were', () => {
    const db = storeAtVersion22();
    const before = { rows: rows(db), indexes: indexes(db), other: otherSchema(db) };
    const columns = db.prepare('PRAGMA table_xinfo(pix_qr_codes)').all();
    migrate(db, migrations);
    expect(db.pragma('user_version', { simple: true })).toBe(migrations.at(-1)!.version);
    expect(rows(db)).toEqual(before.rows);
    expect(rows(db)).toHaveLength(4);
    expect(db.prepare('PRAGMA table_xinfo(pix_qr_codes)').all()).toEqual(columns);
    // The identifier's own unique index becomes (company_id, identifier); nothing else changes.
    const expected = before.indexes
      .filter((index) => index.columns.join() !== 'identifier')
      .concat({ unique: 1, origin: 'u', columns: ['company_id', 'identifier'], name: undefined })
      .sort((x, y) => x.columns.join().localeCompare(y.columns.join()));
    expect(indexes(db)).toEqual(expected);
    expect(indexes(db).map((index) => index.columns.join())).toEqual(
      expect.arrayContaining(['company_id,created_at', 'company_id,correlation_id', 'payment_link_id', 'id']),
    );
    expect(otherSchema(db)).toEqual(before.other);
    expect(db.prepare('SELECT name FROM sqlite_master WHERE name LIKE ?').all('pix_qr_codes_v22')).toEqual([]);
    expect(db.pragma('foreign_key_check')).toEqual([]);
    expect(db.prepare('SELECT pix_qr_code_id FROM transactions WHERE id = ?').pluck().get('pay')).toBe('q1');
  });

  it('lets another company take an identifier, never the same company twice, deleted codes included', () => {
    const db = storeAtVersion22();
    // At v22 the identifier is unique across the sandbox: B is blocked by A's code.
    expect(() => insertQr(db, 'q5', 'b', 'Mesa1')).toThrow(/UNIQUE constraint failed: pix_qr_codes.identifier/);
    migrate(db, migrations);
    insertQr(db, 'q5', 'b', 'Mesa1');
    insertQr(db, 'q6', 'b', 'Printed1');
    expect(() => insertQr(db, 'q7', 'a', 'Mesa1')).toThrow(
      /UNIQUE constraint failed: pix_qr_codes.company_id, pix_qr_codes.identifier/,
    );
    expect(() => insertQr(db, 'q8', 'a', 'Printed1')).toThrow(/UNIQUE/);
    // The other constraints hold as before: a correlationID once per company, a link id once.
    expect(() => insertQr(db, 'q9', 'a', 'Novo', 'corr-q1')).toThrow(/correlation_id/);
    expect(() =>
      db
        .prepare(
          `INSERT INTO pix_qr_codes (id, company_id, account_id, name, correlation_id, identifier, payment_link_id, pix_key, br_code, created_at, updated_at)
           VALUES ('q10', 'a', 'acc-a', 'n', 'c10', 'Novo2', 'link-q3', 'k', 'br', ?, ?)`,
        )
        .run(at, at),
    ).toThrow(/payment_link_id/);
    // And the foreign keys, both ways: a code of an unknown company, a payment of an unknown code, a paid code removed.
    expect(() => insertQr(db, 'q11', 'zz', 'Novo3')).toThrow(/FOREIGN KEY/);
    expect(() => db.prepare("UPDATE transactions SET pix_qr_code_id = 'nope' WHERE id = 'pay'").run()).toThrow(
      /FOREIGN KEY/,
    );
    expect(() => db.prepare("DELETE FROM pix_qr_codes WHERE id = 'q1'").run()).toThrow(/FOREIGN KEY/);
    const mesa1 = db
      .prepare("SELECT company_id, id FROM pix_qr_codes WHERE identifier = 'Mesa1' ORDER BY company_id")
      .all();
    expect(mesa1).toEqual([
      { company_id: 'a', id: 'q1' },
      { company_id: 'b', id: 'q5' },
    ]);
  });
});
