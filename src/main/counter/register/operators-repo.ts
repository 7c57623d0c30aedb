// The operators table of counter.db (see migration 003).
import type { Db } from '#lib/store/database';
import type { Operator, OperatorRole } from '#shared/counter/counter-api';

export interface OperatorRow {
  id: string;
  name: string;
  role: OperatorRole;
  pin_hash: string;
  pin_salt: string;
  pin_kdf: string;
  failed_attempts: number;
  locked_until: string | null;
  created_at: string;
  created_by: string | null;
  disabled_at: string | null;
  disabled_by: string | null;
}

export class OperatorsRepo {
  private readonly statements;

  constructor(db: Db) {
    this.statements = {
      insert: db.prepare(
        `INSERT INTO operators (id, name, role, pin_hash, pin_salt, pin_kdf, created_at, created_by)
         VALUES (@id, @name, @role, @pin_hash, @pin_salt, @pin_kdf, @created_at, @created_by)`,
      ),
      get: db.prepare<[string], OperatorRow>('SELECT * FROM operators WHERE id = ?'),
      all: db.prepare<[], OperatorRow>('SELECT * FROM operators ORDER BY lower(name), created_at'),
      count: db.prepare<[], { n: number }>('SELECT COUNT(*) AS n FROM operators'),
      activeManagers: db.prepare<[], { n: number }>(
        "SELECT COUNT(*) AS n FROM operators WHERE role = 'MANAGER' AND disabled_at IS NULL",
      ),
      activeNamed: db.prepare<[string], { id: string }>(
        'SELECT id FROM operators WHERE lower(name) = lower(?) AND disabled_at IS NULL',
      ),
      disable: db.prepare<[string, string, string]>(
        'UPDATE operators SET disabled_at = ?, disabled_by = ? WHERE id = ? AND disabled_at IS NULL',
      ),
      wrongPin: db.prepare<[string], { failed_attempts: number }>(
        'UPDATE operators SET failed_attempts = failed_attempts + 1 WHERE id = ? RETURNING failed_attempts',
      ),
      lock: db.prepare<[string, string]>('UPDATE operators SET locked_until = ? WHERE id = ?'),
      rightPin: db.prepare<[string]>('UPDATE operators SET failed_attempts = 0, locked_until = NULL WHERE id = ?'),
    };
  }

  insert(row: Omit<OperatorRow, 'failed_attempts' | 'locked_until' | 'disabled_at' | 'disabled_by'>): void {
    this.statements.insert.run(row);
  }

  get(id: string): OperatorRow | undefined {
    return this.statements.get.get(id);
  }

  all(): OperatorRow[] {
    return this.statements.all.all();
  }

  /** Anyone ever created (disabled ones too): zero only before the first start's setup. */
  count(): number {
    return this.statements.count.get()!.n;
  }

  activeManagers(): number {
    return this.statements.activeManagers.get()!.n;
  }

  activeNamed(name: string): boolean {
    return this.statements.activeNamed.get(name) !== undefined;
  }

  disable(id: string, by: string, at: string): void {
    this.statements.disable.run(at, by, id);
  }

  /** One more wrong PIN, counted in the database itself; returns the new count. */
  countWrongPin(id: string): number {
    return this.statements.wrongPin.get(id)!.failed_attempts;
  }

  lockUntil(id: string, until: string): void {
    this.statements.lock.run(until, id);
  }

  resetWrongPins(id: string): void {
    this.statements.rightPin.run(id);
  }
}

export function operatorView(row: OperatorRow, now: Date): Operator {
  const operator: Operator = { id: row.id, name: row.name, role: row.role, createdAt: row.created_at };
  if (row.disabled_at) operator.disabledAt = row.disabled_at;
  if (row.locked_until && Date.parse(row.locked_until) > now.getTime()) operator.lockedUntil = row.locked_until;
  return operator;
}
