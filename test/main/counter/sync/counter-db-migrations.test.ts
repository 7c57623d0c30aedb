// counter.db's migrations come from several owners since issue 26: the sync path's
// (src/main/counter/sync/migrations), the register's (src/main/counter/register/migrations) and, since
// issue 35, printing's (src/main/counter/printing/migrations). A counter.db in
// the field records how far it got in PRAGMA user_version alone, so each shipped version must keep
// its number and its text: otherwise an existing file would run a migration again, or skip one.
import { createHash } from 'node:crypto';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { openDatabase, type Db } from '#lib/store/database';
import type { Migration } from '#lib/store/migrate';
import { counterMigrations, inVersionOrder } from '#counter/sync/migrations';

/** counter.db's migrations as shipped before the register took its own: version, name, SHA-256 of the SQL. */
const SHIPPED: Array<[version: number, name: string, sha256: string]> = [
  [1, 'counter', '80e876ca1988d9fa4d3d3738b2f7de7dc6edde4ca60fffe284a24042110a0842'],
  [2, 'offline-sales', '24339b2c97d7d98fbc850ceec84639cfd55ce15ef684f4bbd5bdd667bef53b39'],
  [3, 'register', '5eeed47160d171e0bebb84f849a8fb80d76c09ae990db5807b98c254c1e43669'],
  [4, 'offline-pool', '16c16df4b0cdfd31958921c5495f3338bb776ffd5300bc33a37e9adff2fe341e'],
  // Printing's (src/main/counter/printing/migrations), since issue 35.
  [5, 'print-jobs', '2e24e2ec101ea19f620331cb2f1b4d1eeb7ce45ef4898fccd7afb1a5233c3ef7'],
  [6, 'refund-slips', '1c488ab97ecf702c0a94540a3e593deee3483da39df949f4608fa11001edfb31'],
  [7, 'register-reports', '825884d83813cdaa7760528299f72a78dfbbd32e62a0c52efdbd98dbc756762e'],
];
const LATEST = counterMigrations.at(-1)!.version;

const dir = mkdtempSync(join(tmpdir(), 'balcao-counter-db-'));
afterAll(() => rmSync(dir, { recursive: true, force: true }));

function schema(db: Db): unknown[] {
  return db.prepare('SELECT type, name, tbl_name, sql FROM sqlite_master ORDER BY type, name').all();
}

function version(db: Db): number {
  return db.pragma('user_version', { simple: true }) as number;
}

function freshSchema(): unknown[] {
  const db = openDatabase(':memory:', counterMigrations);
  try {
    return schema(db);
  } finally {
    db.close();
  }
}

describe("counter.db's migrations, composed from sync/ and register/", () => {
  it('keep every shipped version, name and text, in version order', () => {
    const identity = counterMigrations.map((migration): [number, string, string] => [
      migration.version,
      migration.name,
      createHash('sha256').update(migration.sql).digest('hex'),
    ]);
    expect(identity.slice(0, SHIPPED.length)).toEqual(SHIPPED);
    const versions = counterMigrations.map((migration) => migration.version);
    expect(versions).toEqual([...versions].sort((a, b) => a - b));
    expect(new Set(versions).size).toBe(versions.length);
  });

  it('give a fresh counter.db every table, the register and the offline pool included', () => {
    const db = openDatabase(':memory:', counterMigrations);
    const tables = db
      .prepare<[], { name: string }>("SELECT name FROM sqlite_master WHERE type = 'table' ORDER BY name")
      .all()
      .map((row) => row.name);
    const saleColumns = db
      .prepare<[], { name: string }>("SELECT name FROM pragma_table_info('sales')")
      .all()
      .map((row) => row.name);
    expect(version(db)).toBe(LATEST);
    db.close();
    expect(tables).toEqual(
      expect.arrayContaining([
        'services',
        'sales',
        'refunds',
        'commands',
        'sync_state',
        'offline_sales',
        'operators',
        'register_sessions',
        'counter_identity',
        'offline_pool',
      ]),
    );
    expect(saleColumns).toEqual(expect.arrayContaining(['session_id', 'operator_id', 'session_number']));
  });

  it.each(SHIPPED.map(([shipped]) => shipped))(
    'open a counter.db the old layout left at version %i: only what it lacks runs, and its rows stay',
    (stop) => {
      const path = join(dir, `at-${stop}.db`);
      // The shipped migrations up to `stop`: the same versions and texts as the old layout (above).
      const old = openDatabase(
        path,
        counterMigrations.filter((migration) => migration.version <= stop),
      );
      expect(version(old)).toBe(stop);
      old.prepare("INSERT INTO services (id, label) VALUES ('embedded', 'Sandbox')").run();
      old
        .prepare(
          `INSERT INTO sales (correlation_id, service_id, value, expires_in, created_at, status, updated_at)
           VALUES ('balcao-1', 'embedded', 1234, 900, '2026-01-05T12:00:00.000Z', 'COMPLETED', '2026-01-05T12:00:00.000Z')`,
        )
        .run();
      old.close();

      // A migration run again would fail (its tables exist); one skipped would leave the schema short.
      const reopened = openDatabase(path, counterMigrations);
      expect(version(reopened)).toBe(LATEST);
      expect(schema(reopened)).toEqual(freshSchema());
      expect(reopened.prepare('SELECT correlation_id, value, status FROM sales').all()).toEqual([
        { correlation_id: 'balcao-1', value: 1234, status: 'COMPLETED' },
      ]);
      reopened.close();

      // Opened once more, as at every start: nothing left to run.
      const again = openDatabase(path, counterMigrations);
      expect(version(again)).toBe(LATEST);
      expect(schema(again)).toEqual(freshSchema());
      again.close();
    },
  );

  it('refuse a version claimed by both owners before any database is opened', () => {
    const claim = (version: number, name: string): Migration => ({ version, name, sql: '' });
    expect(() => inVersionOrder([claim(1, 'counter'), claim(3, 'register'), claim(3, 'offline-pool')])).toThrow(
      /migration 3 is claimed twice: register, offline-pool/,
    );
    expect(inVersionOrder([claim(2, 'b'), claim(1, 'a')]).map((migration) => migration.name)).toEqual(['a', 'b']);
  });
});
