// The command outbox: what the cashier did that the service must hear. A command is written in
// the same transaction as the local change it stands for, carries the correlationID the service
// dedupes on, and stays here until the service's answer is final (done or rejected).
import type { Db } from '#lib/store/database';

/** The time of a command waiting behind its sale's head (see the schema). */
const WAITING_BEHIND = '9999-12-31T00:00:00.000Z';

export type CommandKind = 'create' | 'cancel' | 'refund' | 'register';
export type CommandState = 'queued' | 'done' | 'rejected';

export interface CommandRow {
  id: number;
  service_id: string;
  sale_id: string;
  kind: CommandKind;
  idempotency_key: string;
  body_json: string | null;
  state: CommandState;
  attempts: number;
  maybe_delivered: 0 | 1;
  next_attempt_at: string;
  last_outcome: string | null;
  last_error: string | null;
  created_at: string;
  finished_at: string | null;
}

export interface NewCommand {
  serviceId: string;
  saleId: string;
  kind: CommandKind;
  idempotencyKey: string;
  body?: unknown;
  at: string;
}

export class CommandOutbox {
  private readonly statements;

  constructor(db: Db) {
    this.statements = {
      insert: db.prepare(
        `INSERT INTO commands (service_id, sale_id, kind, idempotency_key, body_json, state, next_attempt_at, created_at)
         VALUES (@service_id, @sale_id, @kind, @idempotency_key, @body_json, 'queued', @next_attempt_at, @at)`,
      ),
      hasQueued: db.prepare<[string], { id: number }>(
        "SELECT id FROM commands WHERE sale_id = ? AND state = 'queued' LIMIT 1",
      ),
      due: db.prepare<[string, string, number], CommandRow>(
        `SELECT * FROM commands WHERE service_id = ? AND state = 'queued' AND next_attempt_at <= ?
         ORDER BY next_attempt_at, id LIMIT ?`,
      ),
      nextDue: db.prepare<[string, string], { at: string | null }>(
        "SELECT MIN(next_attempt_at) AS at FROM commands WHERE service_id = ? AND state = 'queued' AND next_attempt_at < ?",
      ),
      promoteNext: db.prepare<[string, string]>(
        `UPDATE commands SET next_attempt_at = ?
         WHERE id = (SELECT MIN(id) FROM commands WHERE sale_id = ? AND state = 'queued')`,
      ),
      queuedCount: db.prepare<[string], { n: number }>(
        "SELECT COUNT(*) AS n FROM commands WHERE service_id = ? AND state = 'queued'",
      ),
      queuedElsewhere: db.prepare<[string], { n: number }>(
        "SELECT COUNT(*) AS n FROM commands WHERE service_id <> ? AND state = 'queued'",
      ),
      queuedOfSale: db.prepare<[string], { n: number }>(
        "SELECT COUNT(*) AS n FROM commands WHERE sale_id = ? AND state = 'queued'",
      ),
      queuedOfKind: db.prepare<[string, string], { n: number }>(
        "SELECT COUNT(*) AS n FROM commands WHERE service_id = ? AND kind = ? AND state = 'queued'",
      ),
      lastRejectedOfSale: db.prepare<[string], { last_error: string | null }>(
        "SELECT last_error FROM commands WHERE sale_id = ? AND state = 'rejected' ORDER BY id DESC LIMIT 1",
      ),
      syncFactsBetween: db.prepare<
        [string, string, string],
        { sale_id: string; queued: number; last_error: string | null }
      >(
        `SELECT c.sale_id,
           SUM(c.state = 'queued') AS queued,
           (SELECT last_error FROM commands r WHERE r.sale_id = c.sale_id AND r.state = 'rejected' ORDER BY r.id DESC LIMIT 1) AS last_error
         FROM commands c JOIN sales s ON s.correlation_id = c.sale_id
         WHERE s.service_id = ? AND s.created_at >= ? AND s.created_at < ?
         GROUP BY c.sale_id`,
      ),
      queuedOfSaleList: db.prepare<[string], CommandRow>(
        "SELECT * FROM commands WHERE sale_id = ? AND state = 'queued' ORDER BY id",
      ),
      finish: db.prepare<[CommandState, string | null, string | null, string, number]>(
        'UPDATE commands SET state = ?, last_outcome = ?, last_error = ?, finished_at = ?, attempts = attempts + 1 WHERE id = ?',
      ),
      reschedule: db.prepare<[string, string, string | null, number, number]>(
        `UPDATE commands SET attempts = attempts + 1, next_attempt_at = ?, last_outcome = ?, last_error = ?,
           maybe_delivered = MAX(maybe_delivered, ?) WHERE id = ?`,
      ),
      saleOf: db.prepare<[number], { sale_id: string }>('SELECT sale_id FROM commands WHERE id = ?'),
      wakeAll: db.prepare<[string, string, string]>(
        "UPDATE commands SET next_attempt_at = ? WHERE service_id = ? AND state = 'queued' AND next_attempt_at < ?",
      ),
    };
  }

  /** Call inside the transaction of the change it stands for. */
  add(command: NewCommand): void {
    const behindAnother = this.statements.hasQueued.get(command.saleId) !== undefined;
    this.statements.insert.run({
      service_id: command.serviceId,
      sale_id: command.saleId,
      kind: command.kind,
      idempotency_key: command.idempotencyKey,
      body_json: command.body === undefined ? null : JSON.stringify(command.body),
      next_attempt_at: behindAnother ? WAITING_BEHIND : command.at,
      at: command.at,
    });
  }

  /** Up to `limit` head commands whose turn has come, soonest first. */
  due(serviceId: string, now: string, limit: number): CommandRow[] {
    return this.statements.due.all(serviceId, now, limit);
  }

  /** When the next head command falls due, or null with nothing queued. */
  nextDueAt(serviceId: string): string | null {
    return this.statements.nextDue.get(serviceId, WAITING_BEHIND)?.at ?? null;
  }

  queued(serviceId: string): number {
    return this.statements.queuedCount.get(serviceId)!.n;
  }

  queuedElsewhere(serviceId: string): number {
    return this.statements.queuedElsewhere.get(serviceId)!.n;
  }

  /** Commands of one kind still queued for a service. */
  queuedOfKind(serviceId: string, kind: CommandKind): number {
    return this.statements.queuedOfKind.get(serviceId, kind)!.n;
  }

  queuedOfSale(saleId: string): number {
    return this.statements.queuedOfSale.get(saleId)!.n;
  }

  /** Queued count and last refusal of every sale made in [start, end) that has commands: one query for a day. */
  syncFactsBetween(
    serviceId: string,
    start: string,
    end: string,
  ): Map<string, { queued: number; lastRejection?: string }> {
    const facts = new Map<string, { queued: number; lastRejection?: string }>();
    for (const row of this.statements.syncFactsBetween.all(serviceId, start, end)) {
      facts.set(row.sale_id, { queued: row.queued, ...(row.last_error ? { lastRejection: row.last_error } : {}) });
    }
    return facts;
  }

  queuedCommandsOfSale(saleId: string): CommandRow[] {
    return this.statements.queuedOfSaleList.all(saleId);
  }

  lastRejection(saleId: string): string | undefined {
    return this.statements.lastRejectedOfSale.get(saleId)?.last_error ?? undefined;
  }

  /** A final answer: the command leaves the queue and the next one of its sale is due. */
  finish(id: number, state: 'done' | 'rejected', outcome: string, error: string | null, at: string): void {
    const row = this.statements.finish.run(state, outcome, error, at, id);
    if (row.changes === 0) return;
    const saleId = this.statements.saleOf.get(id)!.sale_id;
    this.statements.promoteNext.run(at, saleId);
  }

  /** Not delivered this time: try again at `nextAttemptAt`. `outcome` 'not-sent' proves nothing left. */
  reschedule(id: number, nextAttemptAt: string, outcome: string, error: string | null): void {
    this.statements.reschedule.run(nextAttemptAt, outcome, error, outcome === 'not-sent' ? 0 : 1, id);
  }

  /** Everything queued becomes due now (the service is back, or the settings changed). */
  wakeAll(serviceId: string, now: string): void {
    this.statements.wakeAll.run(now, serviceId, WAITING_BEHIND);
  }
}
