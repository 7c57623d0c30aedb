import { z } from 'zod';
import { validatedBoletoSchema } from '../boletos/boleto-lookup';
import type { PaymentRoute } from './payment-route';
import type { PaymentRow } from './payment-repo';

const party = z.strictObject({
  name: z.string(),
  taxID: z.string(),
  pixKey: z.string().optional(),
  bank: z.strictObject({ name: z.string(), ispb: z.string() }),
  branch: z.string().optional(),
  account: z.string().optional(),
});

/** The OpenAPI file's PaymentDestination. */
export const paymentDestinationSchema = party;

/** A payment request as the API shows it (remote-api-notes §6.4), plus its id and times. */
export const paymentSchema = z.strictObject({
  id: z.string(),
  type: z.enum(['PIX_KEY', 'QR_CODE', 'MANUAL', 'BOLETO']),
  value: z.number().int(),
  status: z.enum(['CREATED', 'APPROVED', 'CONFIRMED', 'FAILED', 'DENIED']),
  correlationID: z.string(),
  sourceAccountId: z.string(),
  comment: z.string().optional(),
  metadata: z.record(z.string(), z.union([z.string(), z.number(), z.boolean()])).optional(),
  destinationAlias: z.string().optional(),
  destinationAliasType: z.string().optional(),
  pixKeyEndToEndId: z.string().optional(),
  qrCode: z.string().optional(),
  boleto: validatedBoletoSchema.optional(),
  holder: z
    .strictObject({ name: z.string(), taxID: z.strictObject({ taxID: z.string(), type: z.string() }) })
    .optional(),
  account: z.strictObject({ account: z.string(), branch: z.string(), accountType: z.string() }).optional(),
  psp: z.strictObject({ id: z.string(), name: z.string() }).optional(),
  /** Why a FAILED payment failed (the MOVEMENT_FAILED error code). */
  failureCode: z.string().optional(),
  createdAt: z.string(),
  updatedAt: z.string(),
});

/** The OpenAPI file's PaymentTransaction: present once the payment is approved and has its end-to-end id. */
export const paymentTransactionSchema = z.strictObject({
  value: z.number().int(),
  endToEndId: z.string(),
  time: z.string(),
  providerRejectedReason: z.string().optional(),
  debitParty: party.optional(),
  creditParty: party.optional(),
});

export const paymentViewSchema = z.strictObject({
  payment: paymentSchema,
  transaction: paymentTransactionSchema.nullable(),
  destination: paymentDestinationSchema,
});

export type PaymentView = z.infer<typeof paymentViewSchema>;
type PaymentBody = z.infer<typeof paymentSchema>;

export function routeOf(row: PaymentRow): PaymentRoute {
  return JSON.parse(row.destination) as PaymentRoute;
}

export interface SourceParty {
  name: string;
  taxID: string;
  bank: { name: string; ispb: string };
  branch: string;
  account: string;
}

export function serializePayment(row: PaymentRow, source: SourceParty): PaymentView {
  const route = routeOf(row);
  const payment: PaymentBody = {
    id: row.id,
    type: row.type,
    value: row.value,
    status: row.status,
    correlationID: row.correlation_id,
    sourceAccountId: row.account_id,
    createdAt: row.created_at,
    updatedAt: row.updated_at,
  };
  if (row.comment !== null) payment.comment = row.comment;
  // The JSON columns hold what the create handler stringified from its validated input.
  if (row.metadata !== null) payment.metadata = JSON.parse(row.metadata) as PaymentBody['metadata'];
  if (row.destination_alias !== null) payment.destinationAlias = row.destination_alias;
  if (row.destination_alias_type !== null) payment.destinationAliasType = row.destination_alias_type;
  if (row.pix_key_end_to_end_id !== null) payment.pixKeyEndToEndId = row.pix_key_end_to_end_id;
  if (row.qr_code !== null) payment.qrCode = row.qr_code;
  if (row.boleto !== null) payment.boleto = JSON.parse(row.boleto) as PaymentBody['boleto'];
  if (row.manual !== null) Object.assign(payment, JSON.parse(row.manual));
  if (row.failure_code !== null) payment.failureCode = row.failure_code;
  const destination = { ...route.destination };
  let transaction: z.infer<typeof paymentTransactionSchema> | null = null;
  if (row.end_to_end_id !== null) {
    transaction = {
      value: row.value,
      endToEndId: row.end_to_end_id,
      time: row.settled_at ?? row.approved_at!,
      debitParty: source,
      creditParty: destination,
    };
    if (row.provider_rejected_reason !== null) transaction.providerRejectedReason = row.provider_rejected_reason;
  }
  return { payment, transaction, destination };
}

/**
 * The published document's view of a payment answer (`npm run serve -- --strict`), where its
 * schemas and examples type parts of it otherwise than our default answer does:
 *
 * - `destination.bank` is a string, the bank's name (PaymentDestination; every example: `"bank": "A Bank"`);
 * - `transaction.debitParty`/`creditParty` are the `Party` objects of its examples:
 *   `{ account: {branch, account, accountType}, psp: {id, name}, holder: {name}, taxID: {taxID, type} }`.
 *
 * The default answer keeps the richer shape (`bank: {name, ispb}`) that the sandbox's own clients
 * and its derived document read. Takes a `{payment, transaction, destination}` answer or a list of
 * them (`{payments: [...]}`); anything else (an error) passes unchanged.
 */
export function publishedPaymentAnswer(body: unknown): unknown {
  if (!isRecord(body)) return body;
  if (Array.isArray(body.payments)) return { ...body, payments: body.payments.map(publishedPaymentAnswer) };
  if (!isRecord(body.payment)) return body;
  const out: Record<string, unknown> = { ...body };
  if (isRecord(body.destination)) out.destination = publishedDestination(body.destination);
  if (isRecord(body.transaction)) {
    const transaction: Record<string, unknown> = { ...body.transaction };
    for (const side of ['debitParty', 'creditParty'] as const) {
      const party = body.transaction[side];
      if (isRecord(party)) transaction[side] = publishedParty(party);
    }
    out.transaction = transaction;
  }
  return out;
}

function isRecord(value: unknown): value is Record<string, unknown> {
  return typeof value === 'object' && value !== null && !Array.isArray(value);
}

function bankOf(party: Record<string, unknown>): { name?: string; ispb?: string } {
  const bank = isRecord(party.bank) ? party.bank : {};
  return {
    ...(typeof bank.name === 'string' ? { name: bank.name } : {}),
    ...(typeof bank.ispb === 'string' ? { ispb: bank.ispb } : {}),
  };
}

function publishedDestination(destination: Record<string, unknown>): Record<string, unknown> {
  const { name } = bankOf(destination);
  return { ...destination, ...(name === undefined ? {} : { bank: name }) };
}

/** A side of our transaction (name, taxID text, bank, branch, account) as the document's `Party`. */
function publishedParty(party: Record<string, unknown>): Record<string, unknown> {
  const out: Record<string, unknown> = {};
  if (typeof party.branch === 'string' && typeof party.account === 'string') {
    // TRAN, a payment account: what the document's payment examples show for both sides.
    out.account = { branch: party.branch, account: party.account, accountType: 'TRAN' };
  }
  const { name, ispb } = bankOf(party);
  if (name !== undefined && ispb !== undefined) out.psp = { id: ispb, name };
  if (typeof party.name === 'string') out.holder = { name: party.name };
  if (typeof party.taxID === 'string') {
    // A CPF from the DICT comes masked, so only a CNPJ is told by its 14 digits.
    out.taxID = { taxID: party.taxID, type: party.taxID.length === 14 ? 'BR:CNPJ' : 'BR:CPF' };
  }
  return out;
}
