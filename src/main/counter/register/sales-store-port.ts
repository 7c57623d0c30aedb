// What the register and the counter's sales store (src/main/counter/sync) say to each other, declared on
// the register's side: the register names who sells and in which session (Attribution), and reads
// a session's sales and refunds back (SessionRecords), with what is still waiting for the service,
// for its closing summary and report (SalesStorePort). The store implements them; the register
// never imports the store (.dependency-cruiser.cjs, register-not-to-sync).
import type { Sale, SaleRefund } from '#shared/counter/counter-api';

/** Who did something at the counter, and in which register session. */
export interface Attribution {
  sessionId: string;
  operatorId: string;
}

/** A refund as the register reads it: its value and state, when, who asked and who approved. */
export interface SessionRefundRow {
  value: number;
  status: SaleRefund['status'];
  created_at: string;
  operator_id?: string | null;
  approved_by?: string | null;
  /** Refunded by an integration's own permission (the shop's PDV), with no manager's PIN. */
  approved_by_integration?: string | null;
}

/** A register session's records: its sales (and sales cancelled in it), and the refunds asked for in it. */
export interface SessionRecords {
  sales: Array<{ sale: Sale; madeHere: boolean; cancelledHere: boolean }>;
  refunds: Array<{ row: SessionRefundRow; sale: Sale }>;
}

/** What the register asks of the sales store (sync's CounterSync implements it). */
export interface SalesStorePort {
  sessionRecords(sessionId: string): SessionRecords;
  /** Commands not yet acknowledged by the service: the current service's, and other services'. */
  status(): { queued: number; queuedElsewhere: number };
}
