// Withdrawing a sale's create, for a cancel (Esc Esc) and for a sale that went offline: a create
// that never left (only refused connections, nothing in flight) is finished without sending, so
// nothing is created and then deleted; any other may have reached the service, so a cancel is
// queued behind it (the create goes first, with return_existing, then the charge is deleted).
import type { CommandOutbox } from './command-outbox';
import type { SaleRow } from '../sales/sales-repo';

/** Call inside the sale's transaction. True when the service may have the charge (a cancel follows). */
export function withdrawCreate(
  outbox: CommandOutbox,
  isInFlight: (saleId: string) => boolean,
  row: SaleRow,
  at: string,
  why: string,
): boolean {
  const queued = outbox.queuedCommandsOfSale(row.correlation_id);
  const unsentCreate =
    queued.length === 1 &&
    queued[0]!.kind === 'create' &&
    queued[0]!.maybe_delivered === 0 &&
    !isInFlight(row.correlation_id);
  if (unsentCreate) {
    outbox.finish(queued[0]!.id, 'done', why, null, at);
    return false;
  }
  outbox.add({
    serviceId: row.service_id,
    saleId: row.correlation_id,
    kind: 'cancel',
    idempotencyKey: row.correlation_id,
    at,
  });
  return true;
}
