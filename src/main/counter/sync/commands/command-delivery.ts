// Delivers one command of the outbox and says what became of it, in the contract's words only.
// Where a request's outcome may be unknown (its answer lost, a 5xx, the counter killed while it
// was on its way), the record is looked up by its correlationID before anything is sent again,
// and a refusal is checked the same way: the service may have refused a second copy of what it
// already has. No error text is ever read for its meaning (the service may answer in any
// language); only statuses and records decide.
import type { CommandRow } from './command-outbox';
import type { ContractClient } from '../remote/contract-client';
import type { ContractCharge, ContractChargeRefund, ContractPixQrCode } from '../remote/service-contract';
import type { ServiceOutcome } from '../remote/service-outcome';
import { chargeRefundOf } from './transaction-refund';

export type Delivered =
  | { kind: 'charge'; charge: ContractCharge }
  /** The charge is deleted, or was never there, or can no longer be paid. */
  | { kind: 'cancelled' }
  | { kind: 'refund'; refund: ContractChargeRefund }
  | { kind: 'registered' };

/** A cancel refused because the charge was paid first says so: the cashier is told to refund instead. */
export type DeliveryOutcome =
  ServiceOutcome<Delivered> | { kind: 'rejected'; status: number; error: string; alreadyPaid: true };

/**
 * `mayExist`: an earlier attempt may have reached the service (or the counter restarted while it
 * was on its way), so the record is looked for first.
 */
export async function deliver(
  client: ContractClient,
  command: CommandRow,
  mayExist: boolean,
  now: () => string,
): Promise<DeliveryOutcome> {
  const body = command.body_json === null ? undefined : (JSON.parse(command.body_json) as Record<string, unknown>);
  switch (command.kind) {
    case 'create': {
      // return_existing: a create that reached the service before (its answer lost) gives the
      // same charge back instead of a second one (documented).
      const created = await client.call('createCharge', { query: { return_existing: 'true' }, body });
      return created.kind === 'ok' ? { kind: 'ok', body: { kind: 'charge', charge: created.body.charge } } : created;
    }
    case 'cancel':
      return cancel(client, command.sale_id);
    case 'refund':
      return refund(client, command, body ?? {}, mayExist, now);
    case 'register':
      return register(client, body ?? {}, mayExist);
  }
}

async function cancel(client: ContractClient, saleId: string): Promise<DeliveryOutcome> {
  const deleted = await client.call('deleteCharge', { params: { id: saleId } });
  if (deleted.kind === 'ok') return { kind: 'ok', body: { kind: 'cancelled' } };
  if (deleted.kind !== 'rejected') return deleted;
  // Refused: read the charge to know why. Not there (never made, or deleted by an earlier copy),
  // or expired: nothing can pay it, the cancel is done. Paid, or still payable: the refusal stands.
  const current = await client.call('getCharge', { params: { id: saleId } });
  if (current.kind === 'rejected') return { kind: 'ok', body: { kind: 'cancelled' } };
  if (current.kind !== 'ok') return current;
  if (current.body.charge.status === 'EXPIRED') return { kind: 'ok', body: { kind: 'cancelled' } };
  return current.body.charge.status === 'COMPLETED' ? { ...deleted, alreadyPaid: true } : deleted;
}

async function refund(
  client: ContractClient,
  command: CommandRow,
  body: Record<string, unknown>,
  mayExist: boolean,
  now: () => string,
): Promise<DeliveryOutcome> {
  const correlationID = command.idempotency_key;
  // An offline sale's refund names its payment (the sale has no charge at the service).
  const byPayment = 'transactionEndToEndId' in body;
  const lookUp = (): Promise<ServiceOutcome<ContractChargeRefund | null>> =>
    byPayment
      ? refundByCorrelationID(client, correlationID, now)
      : chargeRefundByCorrelationID(client, command.sale_id, correlationID);
  if (mayExist) {
    const found = await lookUp();
    if (found.kind !== 'ok') return found;
    if (found.body) return { kind: 'ok', body: { kind: 'refund', refund: found.body } };
  }
  const sent = byPayment
    ? await client
        .call('createRefund', { body })
        .then((answer) => (answer.kind === 'ok' ? ok(chargeRefundOf(answer.body.refund, now())) : answer))
    : await client
        .call('createChargeRefund', { params: { id: command.sale_id }, body })
        .then((answer) => (answer.kind === 'ok' ? ok(answer.body.refund) : answer));
  if (sent.kind !== 'rejected')
    return sent.kind === 'ok' ? { kind: 'ok', body: { kind: 'refund', refund: sent.body } } : sent;
  // A refusal may be of a second copy of a refund the service already made: look.
  const found = await lookUp();
  // Not known either way: try again later rather than tell the cashier a refund was refused.
  if (found.kind !== 'ok') return found;
  return found.body ? { kind: 'ok', body: { kind: 'refund', refund: found.body } } : sent;
}

function ok<T>(body: T): ServiceOutcome<T> {
  return { kind: 'ok', body };
}

/** The charge's refund with this correlationID (the documented list is the whole list), or null. */
async function chargeRefundByCorrelationID(
  client: ContractClient,
  saleId: string,
  correlationID: string,
): Promise<ServiceOutcome<ContractChargeRefund | null>> {
  const answer = await client.call('listChargeRefunds', { params: { id: saleId } });
  if (answer.kind !== 'ok') return answer;
  return ok(answer.body.refunds.find((candidate) => candidate.correlationID === correlationID) ?? null);
}

/** GET /api/v1/refund/{correlationID}: the refund, or null when the service has none (a 4xx). */
async function refundByCorrelationID(
  client: ContractClient,
  correlationID: string,
  now: () => string,
): Promise<ServiceOutcome<ContractChargeRefund | null>> {
  const answer = await client.call('getRefund', { params: { id: correlationID } });
  if (answer.kind === 'rejected') return ok(null);
  if (answer.kind !== 'ok') return answer;
  return ok(
    answer.body.pixTransactionRefund.correlationID === correlationID
      ? chargeRefundOf(answer.body.pixTransactionRefund, now())
      : null,
  );
}

/**
 * An offline sale's static QR code. Its correlationID is the sale's; a code found under it is
 * this registration when it carries the same name (which holds the sale's txid and window).
 */
async function register(
  client: ContractClient,
  body: Record<string, unknown>,
  mayExist: boolean,
): Promise<DeliveryOutcome> {
  const correlationID = String(body.correlationID);
  const isOurs = (code: ContractPixQrCode) => code.correlationID === correlationID && code.name === body.name;
  const lookUp = async (): Promise<ServiceOutcome<boolean>> => {
    const answer = await client.call('getPixQrCode', { params: { id: correlationID } });
    if (answer.kind === 'rejected') return ok(false);
    return answer.kind === 'ok' ? ok(isOurs(answer.body.pixQrCode)) : answer;
  };
  if (mayExist) {
    const found = await lookUp();
    if (found.kind !== 'ok') return found;
    if (found.body) return { kind: 'ok', body: { kind: 'registered' } };
  }
  const created = await client.call('createPixQrCode', { body });
  if (created.kind === 'ok') return { kind: 'ok', body: { kind: 'registered' } };
  if (created.kind !== 'rejected') return created;
  const found = await lookUp();
  if (found.kind !== 'ok') return found;
  return found.body ? { kind: 'ok', body: { kind: 'registered' } } : created;
}
