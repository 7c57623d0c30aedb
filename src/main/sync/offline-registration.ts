// Registers an offline sale at the service as a static QR code whose identifier is the sale's
// txid, so the service's records know it and link its payments to it (before or after they came).
// Idempotent like a create with return_existing: the service refuses a second QR code with the
// same correlationID, so a retry after a lost answer asks for the one already there and takes it
// when it carries this txid.
//
// The QR code's name ("uso interno" in the API) says what it stands for, in a form other counters
// of the same account read back: `Balcão offline <txid> <createdAt> <windowEnd>`. A counter that
// matches a Pix without txid by its value must know every offline sale of the account that the
// Pix could be for, its neighbours' too, or it could take their customer's money for its own sale.
import type { PixQrCode } from '../../shared/resources';
import type { ServiceClient } from './service-client';
import type { ServiceOutcome } from './service-outcome';

const NAME_PREFIX = 'Balcão offline';
const NAME_SHAPE = /^Balcão offline ([A-Za-z0-9]{1,25}) (\S+Z) (\S+Z)$/;

export interface RegisteredOfflineSale {
  txid: string;
  correlationID: string;
  value: number;
  createdAt: string;
  windowEnd: string;
}

export function registrationName(txid: string, createdAt: string, windowEnd: string): string {
  return `${NAME_PREFIX} ${txid} ${createdAt} ${windowEnd}`;
}

/** An offline sale of any counter of the account, from its registration; null for other QR codes. */
export function registeredOfflineSale(qr: PixQrCode): RegisteredOfflineSale | null {
  const match = NAME_SHAPE.exec(qr.name);
  if (!match || match[1] !== qr.identifier || qr.value === null || !(qr.value > 0)) return null;
  const [createdAt, windowEnd] = [match[2]!, match[3]!];
  if (Number.isNaN(Date.parse(createdAt)) || Number.isNaN(Date.parse(windowEnd))) return null;
  return { txid: qr.identifier, correlationID: qr.correlationID, value: qr.value, createdAt, windowEnd };
}

export async function registerOfflineSale(client: ServiceClient, body: Record<string, unknown>): Promise<ServiceOutcome<unknown>> {
  const created = await client.call('createPixQrCode', { body });
  if (created.kind !== 'rejected' || !/already/i.test(created.error)) return created;
  const existing = await client.call('getPixQrCode', { params: { id: String(body.correlationID) } });
  if (existing.kind === 'ok' && existing.body.pixQrCode.identifier === body.identifier) return existing;
  // Not ours after all (or not readable now): the refusal, or the read's failure, stands.
  return existing.kind === 'ok' ? created : existing;
}
