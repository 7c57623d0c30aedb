// Registers an offline sale at the service as a static QR code whose identifier is the sale's
// txid, so the service's records know it and link its payments to it (before or after they came).
// Idempotent like a create with return_existing: the service refuses a second QR code with the
// same correlationID, so a retry after a lost answer asks for the one already there and takes it
// when it carries this txid.
import type { ServiceClient } from './service-client';
import type { ServiceOutcome } from './service-outcome';

export async function registerOfflineSale(client: ServiceClient, body: Record<string, unknown>): Promise<ServiceOutcome<unknown>> {
  const created = await client.call('createPixQrCode', { body });
  if (created.kind !== 'rejected' || !/already/i.test(created.error)) return created;
  const existing = await client.call('getPixQrCode', { params: { id: String(body.correlationID) } });
  if (existing.kind === 'ok' && existing.body.pixQrCode.identifier === body.identifier) return existing;
  // Not ours after all (or not readable now): the refusal, or the read's failure, stands.
  return existing.kind === 'ok' ? created : existing;
}
