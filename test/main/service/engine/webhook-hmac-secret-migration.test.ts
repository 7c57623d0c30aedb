// Migration 015 gives every webhook an hmacSecretKey (the key of X-OpenPix-Signature): those made
// before it get one drawn at migration time, each its own, in the form new ones have.
import Database from 'better-sqlite3';
import { describe, expect, it } from 'vitest';
import { webhookRepo } from '#service/engine/webhooks/webhook-repo';
import { serializeWebhook } from '#service/engine/webhooks/webhook-serializer';
import { migrate } from '#lib/store/migrate';
import { migrations } from '#service/engine/migrations';

const at = '2026-11-22T15:00:00.000Z';

/** A store at schema v14 holding three webhooks, one of them deleted. */
function storeAtVersion14(): Database.Database {
  const db = new Database(':memory:');
  for (const migration of migrations.filter((m) => m.version <= 14)) db.exec(migration.sql);
  db.pragma('user_version = 14');
  db.prepare(
    `INSERT INTO companies (id, official_name, trade_name, tax_id, tax_id_type, correlation_id, merchant_name, merchant_city, created_at)
     VALUES ('co', 'Loja', 'Loja', '11222333000181', 'BR:CNPJ', 'co', 'Loja', 'Recife', ?)`,
  ).run(at);
  const insert = db.prepare(
    `INSERT INTO webhooks (id, company_id, name, event, url, authorization, is_active, secret, created_at, updated_at, deleted_at)
     VALUES (?, 'co', ?, 'OPENPIX:TRANSACTION_RECEIVED', 'https://loja.example/pix', NULL, 1, 'whsec_x', ?, ?, ?)`,
  );
  insert.run('w1', 'Um', at, at, null);
  insert.run('w2', 'Dois', at, at, null);
  insert.run('w3', 'Apagado', at, at, at);
  return db;
}

describe('migration 015: webhooks get their hmacSecretKey', () => {
  it('draws one for every webhook made before it, each its own, and the list shows it', () => {
    const db = storeAtVersion14();
    migrate(db, migrations);
    expect(db.pragma('user_version', { simple: true })).toBe(migrations.at(-1)!.version);
    const keys = db.prepare('SELECT id, hmac_secret_key FROM webhooks ORDER BY id').all() as {
      id: string;
      hmac_secret_key: string;
    }[];
    expect(keys.map((k) => k.id)).toEqual(['w1', 'w2', 'w3']);
    for (const { hmac_secret_key } of keys) expect(hmac_secret_key).toMatch(/^openpix_[0-9a-f]{64}$/);
    expect(new Set(keys.map((k) => k.hmac_secret_key)).size).toBe(3);
    const listed = webhookRepo(db).list('co', undefined, 0, 10).map(serializeWebhook);
    expect(listed.map((w) => w.hmacSecretKey).sort()).toEqual(
      keys
        .filter((k) => k.id !== 'w3')
        .map((k) => k.hmac_secret_key)
        .sort(),
    );
  });

  it('draws different keys in different stores', () => {
    const first = storeAtVersion14();
    const second = storeAtVersion14();
    migrate(first, migrations);
    migrate(second, migrations);
    const key = (db: Database.Database) =>
      (db.prepare("SELECT hmac_secret_key FROM webhooks WHERE id = 'w1'").get() as { hmac_secret_key: string })
        .hmac_secret_key;
    expect(key(first)).not.toBe(key(second));
  });
});
