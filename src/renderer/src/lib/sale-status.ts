// What a sale's status chip says, and how far the service has heard of it. The counter's own
// store knows PENDING (not answered yet), CANCELLED (at the counter) and REJECTED (refused by the
// service) and OFFLINE (a QR made at the counter while the service was out of reach: "Aguardando
// confirmação", never paid until the service confirms it) besides the service's ACTIVE /
// COMPLETED / EXPIRED; the chip's own status (a paid sale given back, fully or in part) is
// src/shared/counter/sale-display-status.ts, which the CSV export shares. Pure and DOM-free: tested in Node.
import type { Sale, SaleRefund } from '#shared/counter/counter-api';
import { refundableCents } from '#shared/counter/refund-rule';

/** A sale with something left to refund (shared/refund-rule.ts, with main's figure). */
export function canRefund(sale: Pick<Sale, 'status' | 'value' | 'refunds' | 'refundable'>): boolean {
  return refundableCents(sale) > 0;
}

/** A refund's receipt key: its return id, which the service gives it (never while QUEUED). */
export function refundReceiptId(refund: Pick<SaleRefund, 'endToEndId' | 'status'>): string | null {
  return refund.status !== 'QUEUED' && refund.endToEndId ? refund.endToEndId : null;
}

/** The small markers beside a sale's chip: commands still queued, and the service's refusal. */
export interface SyncMarks {
  queued: boolean;
  /** The service's own words (pt-BR), shown as they are. */
  rejected?: string;
}

export function syncMarks(sale: Pick<Sale, 'sync'>): SyncMarks {
  const marks: SyncMarks = { queued: (sale.sync?.queued ?? 0) > 0 };
  const rejected = sale.sync?.rejected?.trim();
  if (rejected) marks.rejected = rejected;
  return marks;
}

/** Which sentence explains, in the sale's detail, what is waiting for the service. */
export type SyncNote = 'pendingCreate' | 'cancelQueued' | 'refundQueued' | 'queued';

export function syncNote(sale: Pick<Sale, 'status' | 'sync' | 'refunds'>): SyncNote | null {
  if ((sale.sync?.queued ?? 0) <= 0) return null;
  if (sale.status === 'PENDING') return 'pendingCreate';
  if (sale.status === 'CANCELLED') return 'cancelQueued';
  if (sale.refunds.some((refund) => refund.status === 'QUEUED')) return 'refundQueued';
  return 'queued';
}

/** The refund that `after` holds and `before` did not: the one the cashier just confirmed. */
export function newRefund(before: Pick<Sale, 'refunds'>, after: Pick<Sale, 'refunds'>): SaleRefund | null {
  const known = new Set(before.refunds.map((refund) => refund.correlationID));
  return after.refunds.find((refund) => !known.has(refund.correlationID)) ?? null;
}

export type RefundOutcome = { kind: 'sent' } | { kind: 'queued' } | { kind: 'rejected'; reason: string };

/**
 * What the cashier is told after confirming a refund: sent (the service took it), queued (it
 * will be sent when the service answers again) or refused, with the service's reason.
 */
export function refundOutcome(before: Pick<Sale, 'refunds'>, after: Pick<Sale, 'refunds' | 'sync'>): RefundOutcome {
  const refund = newRefund(before, after);
  if (refund?.status === 'QUEUED') return { kind: 'queued' };
  if (refund?.status === 'REJECTED')
    return { kind: 'rejected', reason: refund.rejectedReason ?? after.sync?.rejected ?? '' };
  return { kind: 'sent' };
}
