// The register_sessions table of counter.db (see migration 003).
import type { Db } from '#lib/store/database';
import type { RegisterSession } from '#shared/counter/counter-api';

export interface SessionRow {
  id: string;
  till_name: string;
  opened_by: string;
  opened_at: string;
  opening_note: string | null;
  closed_by: string | null;
  closed_at: string | null;
  closing_summary_json: string | null;
  opened_by_name: string;
  closed_by_name: string | null;
}

const SESSION_COLUMNS = `register_sessions.*,
  (SELECT name FROM operators WHERE operators.id = register_sessions.opened_by) AS opened_by_name,
  (SELECT name FROM operators WHERE operators.id = register_sessions.closed_by) AS closed_by_name`;

export class SessionsRepo {
  private readonly statements;

  constructor(db: Db) {
    this.statements = {
      open: db.prepare<[], SessionRow>(`SELECT ${SESSION_COLUMNS} FROM register_sessions WHERE closed_at IS NULL`),
      get: db.prepare<[string], SessionRow>(`SELECT ${SESSION_COLUMNS} FROM register_sessions WHERE id = ?`),
      closed: db.prepare<[number], SessionRow>(
        `SELECT ${SESSION_COLUMNS} FROM register_sessions WHERE closed_at IS NOT NULL ORDER BY closed_at DESC LIMIT ?`,
      ),
      lastTill: db.prepare<[], { till_name: string }>(
        'SELECT till_name FROM register_sessions ORDER BY opened_at DESC, rowid DESC LIMIT 1',
      ),
      insert: db.prepare(
        `INSERT INTO register_sessions (id, till_name, opened_by, opened_at, opening_note)
         VALUES (@id, @till_name, @opened_by, @opened_at, @opening_note)`,
      ),
      close: db.prepare<[string, string, string, string]>(
        'UPDATE register_sessions SET closed_by = ?, closed_at = ?, closing_summary_json = ? WHERE id = ? AND closed_at IS NULL',
      ),
    };
  }

  open(): SessionRow | undefined {
    return this.statements.open.get();
  }

  get(id: string): SessionRow | undefined {
    return this.statements.get.get(id);
  }

  closed(limit: number): SessionRow[] {
    return this.statements.closed.all(limit);
  }

  lastTillName(): string | undefined {
    return this.statements.lastTill.get()?.till_name;
  }

  insert(row: {
    id: string;
    till_name: string;
    opened_by: string;
    opened_at: string;
    opening_note: string | null;
  }): void {
    this.statements.insert.run(row);
  }

  /** False when the session was closed meanwhile (by another window). */
  close(id: string, by: string, at: string, summaryJson: string): boolean {
    return this.statements.close.run(by, at, summaryJson, id).changes === 1;
  }
}

export function sessionView(row: SessionRow): RegisterSession {
  const session: RegisterSession = {
    id: row.id,
    tillName: row.till_name,
    openedBy: row.opened_by_name,
    openedAt: row.opened_at,
  };
  if (row.opening_note) session.openingNote = row.opening_note;
  if (row.closed_by_name) session.closedBy = row.closed_by_name;
  if (row.closed_at) session.closedAt = row.closed_at;
  return session;
}
