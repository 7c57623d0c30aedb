import type { Db } from '../store/database';
import type { EngineEvent } from './context';
import { newUuid } from './ids';

/** Inserts event rows; the caller owns the transaction. */
export class Outbox {
  private readonly insert;

  constructor(db: Db) {
    this.insert = db.prepare('INSERT INTO events (id, company_id, name, payload, created_at) VALUES (?, ?, ?, ?, ?)');
  }

  write(companyId: string, name: string, payload: unknown, at: Date): EngineEvent {
    const event: EngineEvent = { id: newUuid(), companyId, name, payload, createdAt: at.toISOString() };
    this.insert.run(event.id, companyId, name, JSON.stringify(payload), event.createdAt);
    return event;
  }
}
