// Every sale starts as an order written here BEFORE the service hears of it: its correlationID
// is the order's UUID, so a charge that was sent but never acknowledged (a timeout, a crash, a
// dropped connection) can be found again or resent without charging twice. The sync issue
// replays 'pending' orders; today the journal records them and their outcome.
import Database from 'better-sqlite3';
import type { SaleCustomer } from '../../shared/pos-api';

export type OrderState = 'pending' | 'created' | 'rejected' | 'cancelled';

export interface Order {
  correlationID: string;
  value: number;
  comment?: string;
  customer?: SaleCustomer;
  expiresIn: number;
  state: OrderState;
  error?: string;
  createdAt: string;
}

interface OrderRow {
  correlation_id: string;
  value: number;
  comment: string | null;
  customer: string | null;
  expires_in: number;
  state: OrderState;
  error: string | null;
  created_at: string;
}

export class OrderJournal {
  private readonly db: Database.Database;

  constructor(path: string) {
    this.db = new Database(path);
    this.db.pragma('journal_mode = WAL');
    // The order must survive a power cut that happens while the charge is on its way.
    this.db.pragma('synchronous = FULL');
    this.db.exec(`CREATE TABLE IF NOT EXISTS orders (
      correlation_id TEXT PRIMARY KEY,
      value INTEGER NOT NULL CHECK (value > 0),
      comment TEXT,
      customer TEXT,
      expires_in INTEGER NOT NULL,
      state TEXT NOT NULL CHECK (state IN ('pending', 'created', 'rejected', 'cancelled')),
      error TEXT,
      created_at TEXT NOT NULL,
      updated_at TEXT NOT NULL
    )`);
    this.db.exec('CREATE INDEX IF NOT EXISTS orders_state ON orders (state, created_at)');
  }

  record(order: Omit<Order, 'state' | 'error'>): void {
    this.db
      .prepare(
        `INSERT INTO orders (correlation_id, value, comment, customer, expires_in, state, created_at, updated_at)
         VALUES (?, ?, ?, ?, ?, 'pending', ?, ?)`,
      )
      .run(
        order.correlationID,
        order.value,
        order.comment ?? null,
        order.customer ? JSON.stringify(order.customer) : null,
        order.expiresIn,
        order.createdAt,
        order.createdAt,
      );
  }

  mark(correlationID: string, state: OrderState, at: string, error?: string): void {
    this.db
      .prepare('UPDATE orders SET state = ?, error = ?, updated_at = ? WHERE correlation_id = ?')
      .run(state, error ?? null, at, correlationID);
  }

  find(correlationID: string): Order | undefined {
    const row = this.db.prepare<[string], OrderRow>('SELECT * FROM orders WHERE correlation_id = ?').get(correlationID);
    return row ? toOrder(row) : undefined;
  }

  /** Orders the service has not acknowledged yet, oldest first. */
  pending(): Order[] {
    return this.db
      .prepare<[], OrderRow>("SELECT * FROM orders WHERE state = 'pending' ORDER BY created_at, rowid")
      .all()
      .map(toOrder);
  }

  close(): void {
    this.db.close();
  }
}

function toOrder(row: OrderRow): Order {
  const order: Order = {
    correlationID: row.correlation_id,
    value: row.value,
    expiresIn: row.expires_in,
    state: row.state,
    createdAt: row.created_at,
  };
  if (row.comment !== null) order.comment = row.comment;
  if (row.customer !== null) order.customer = JSON.parse(row.customer) as SaleCustomer;
  if (row.error !== null) order.error = row.error;
  return order;
}
