// The counter's pool of offline codes registered ahead (see migrations/004-offline-pool.ts).
import type { Db } from '#lib/store/database';

export type PoolState = 'REGISTERING' | 'READY' | 'USED' | 'DROPPED';

export interface PoolRow {
  identifier: string;
  service_id: string;
  pix_key: string;
  correlation_id: string;
  state: PoolState;
  sale_id: string | null;
  created_at: string;
  registered_at: string | null;
  updated_at: string;
}

export class OfflinePoolRepo {
  private readonly statements;

  constructor(db: Db) {
    this.statements = {
      insert: db.prepare(
        `INSERT INTO offline_pool (identifier, service_id, pix_key, correlation_id, state, sale_id, created_at, registered_at, updated_at)
         VALUES (@identifier, @service_id, @pix_key, @correlation_id, @state, @sale_id, @created_at, @registered_at, @updated_at)`,
      ),
      get: db.prepare<[string], PoolRow>('SELECT * FROM offline_pool WHERE identifier = ?'),
      oldestReady: db.prepare<[string, string], PoolRow>(
        "SELECT * FROM offline_pool WHERE service_id = ? AND pix_key = ? AND state = 'READY' ORDER BY created_at, identifier LIMIT 1",
      ),
      count: db.prepare<[string, string], { ready: number; registering: number }>(
        `SELECT COALESCE(SUM(state = 'READY'), 0) AS ready, COALESCE(SUM(state = 'REGISTERING'), 0) AS registering
         FROM offline_pool WHERE service_id = ? AND pix_key = ?`,
      ),
      registering: db.prepare<[string], PoolRow>(
        "SELECT * FROM offline_pool WHERE service_id = ? AND state = 'REGISTERING' ORDER BY created_at, identifier",
      ),
      setState: db.prepare<[PoolState, string | null, string, string]>(
        'UPDATE offline_pool SET state = ?, registered_at = COALESCE(?, registered_at), updated_at = ? WHERE identifier = ?',
      ),
      use: db.prepare<[string, string, string]>(
        "UPDATE offline_pool SET state = 'USED', sale_id = ?, updated_at = ? WHERE identifier = ? AND state = 'READY'",
      ),
      bySale: db.prepare<[string], PoolRow>('SELECT * FROM offline_pool WHERE sale_id = ?'),
      newestRegistered: db.prepare<[string], { at: string | null }>(
        'SELECT MAX(registered_at) AS at FROM offline_pool WHERE service_id = ? AND registered_at IS NOT NULL',
      ),
      identity: db.prepare<[], { id: string }>('SELECT id FROM counter_identity WHERE singleton = 1'),
      setIdentity: db.prepare<[string, string]>(
        'INSERT OR IGNORE INTO counter_identity (singleton, id, created_at) VALUES (1, ?, ?)',
      ),
    };
  }

  /** This counter's id among the account's counters, made once (`make`) and kept. */
  counterId(make: () => string, at: string): string {
    const existing = this.statements.identity.get();
    if (existing) return existing.id;
    this.statements.setIdentity.run(make(), at);
    return this.statements.identity.get()!.id;
  }

  /** When the service last registered one of this counter's codes (ISO), if ever. */
  newestRegistered(serviceId: string): string | undefined {
    return this.statements.newestRegistered.get(serviceId)?.at ?? undefined;
  }

  insert(row: PoolRow): void {
    this.statements.insert.run(row);
  }

  get(identifier: string): PoolRow | undefined {
    return this.statements.get.get(identifier);
  }

  /** Ready codes to this key, and codes still on their way to the service. */
  count(serviceId: string, pixKey: string): { ready: number; registering: number } {
    return this.statements.count.get(serviceId, pixKey)!;
  }

  registering(serviceId: string): PoolRow[] {
    return this.statements.registering.all(serviceId);
  }

  setState(identifier: string, state: PoolState, at: string, registeredAt: string | null = null): void {
    this.statements.setState.run(state, registeredAt, at, identifier);
  }

  oldestReady(serviceId: string, pixKey: string): PoolRow | undefined {
    return this.statements.oldestReady.get(serviceId, pixKey);
  }

  /** Call inside the sale's transaction: the oldest ready code to this key, now the sale's; undefined when none is left. */
  take(serviceId: string, pixKey: string, saleId: string, at: string): PoolRow | undefined {
    const row = this.statements.oldestReady.get(serviceId, pixKey);
    if (!row) return undefined;
    this.statements.use.run(saleId, at, row.identifier);
    return { ...row, state: 'USED', sale_id: saleId, updated_at: at };
  }

  ofSale(saleId: string): PoolRow | undefined {
    return this.statements.bySale.get(saleId);
  }
}
