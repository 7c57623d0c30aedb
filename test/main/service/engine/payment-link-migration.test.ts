// Migration 004 gives every payment link already in a store (charges' and static QR codes') its
// random public id, so records written before it read back with a paymentLinkUrl that resolves.
import Database from 'better-sqlite3';
import { describe, expect, it } from 'vitest';
import { migrate } from '#lib/store/migrate';
import { migrations } from '#service/engine/migrations';

/** A store at schema v3 (before payment links had public ids). */
function storeAtVersion3(): Database.Database {
  const db = new Database(':memory:');
  for (const migration of migrations.filter((m) => m.version <= 3)) db.exec(migration.sql);
  db.pragma('user_version = 3');
  const at = '2026-11-22T15:00:00.000Z';
  for (const company of ['co-a', 'co-b']) {
    db.prepare(
      `INSERT INTO companies (id, official_name, trade_name, tax_id, tax_id_type, correlation_id, merchant_name, merchant_city, created_at)
       VALUES (?, 'Loja', 'Loja', '11222333000181', 'BR:CNPJ', ?, 'Loja', 'Recife', ?)`,
    ).run(company, company, at);
    db.prepare(
      `INSERT INTO bank_accounts (id, company_id, ispb, bank_name, branch, account, account_name, created_at)
       VALUES (?, ?, '00000000', 'Banco', '0001', '1', 'Loja', ?)`,
    ).run(`acc-${company}`, company, at);
  }
  const charge = db.prepare(
    `INSERT INTO charges (id, company_id, account_id, correlation_id, transaction_id, identifier, payment_link_id, location_id,
       type, status, value, br_code, expires_in, expires_at, created_at, updated_at)
     VALUES (@id, @company, @account, @id, @id, @id, @link, @id, 'DYNAMIC', 'ACTIVE', 100, 'code', 900, @at, @at, @at)`,
  );
  // Two charges of one link in company A, the same link text in company B, and an unlinked one.
  charge.run({ id: 'c1', company: 'co-a', account: 'acc-co-a', link: 'loja-centro', at });
  charge.run({ id: 'c2', company: 'co-a', account: 'acc-co-a', link: 'loja-centro', at });
  charge.run({ id: 'c3', company: 'co-b', account: 'acc-co-b', link: 'loja-centro', at });
  charge.run({ id: 'c4', company: 'co-a', account: 'acc-co-a', link: 'f2b8c0de-0000-4000-8000-000000000001', at });
  db.prepare(
    `INSERT INTO pix_qr_codes (id, company_id, account_id, name, correlation_id, identifier, payment_link_id, pix_key, br_code, created_at, updated_at)
     VALUES ('q1', 'co-a', 'acc-co-a', 'Caixa', 'q1', 'q1', 'f2b8c0de-0000-4000-8000-0000000000aa', 'key', 'code', ?, ?)`,
  ).run(at, at);
  return db;
}

describe('migration 004: payment link public ids', () => {
  it('gives each (company, paymentLinkID) already stored one random public id', () => {
    const db = storeAtVersion3();
    migrate(db, migrations);
    const links = db
      .prepare(
        'SELECT public_id, company_id, payment_link_id, kind FROM payment_links ORDER BY company_id, payment_link_id',
      )
      .all() as { public_id: string; company_id: string; payment_link_id: string; kind: string }[];
    expect(links.map(({ public_id: _, ...rest }) => rest)).toEqual([
      { company_id: 'co-a', payment_link_id: 'f2b8c0de-0000-4000-8000-000000000001', kind: 'CHARGE' },
      { company_id: 'co-a', payment_link_id: 'f2b8c0de-0000-4000-8000-0000000000aa', kind: 'PIX_QR_CODE' },
      { company_id: 'co-a', payment_link_id: 'loja-centro', kind: 'CHARGE' },
      { company_id: 'co-b', payment_link_id: 'loja-centro', kind: 'CHARGE' },
    ]);
    for (const link of links) expect(link.public_id).toMatch(/^[0-9a-f]{32}$/);
    expect(new Set(links.map((link) => link.public_id)).size).toBe(links.length);
    expect(db.pragma('user_version', { simple: true })).toBe(migrations.at(-1)!.version);
  });

  it('refuses a second link with the same paymentLinkID in one company, and a reused public id', () => {
    const db = storeAtVersion3();
    migrate(db, migrations);
    const insert = db.prepare(
      "INSERT INTO payment_links (public_id, company_id, payment_link_id, kind, created_at) VALUES (?, ?, ?, 'CHARGE', '2026-11-22T15:00:00.000Z')",
    );
    expect(() => insert.run('a'.repeat(32), 'co-a', 'loja-centro')).toThrow(/UNIQUE/);
    insert.run('b'.repeat(32), 'co-b', 'nova');
    expect(() => insert.run('b'.repeat(32), 'co-a', 'nova')).toThrow(/UNIQUE|PRIMARY/);
  });
});
