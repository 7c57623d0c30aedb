// The events the service delivers to webhooks and what each body holds, built from the engine's
// internal events: one mapper per public event name (the table MAPPERS), and the names an internal
// event is also delivered as. Over 300 lines because the table is the one place a public event's
// body is written, and splitting it would spread one contract across files.
import type { Db } from '#lib/store/database';
import { chargeRepo } from '../charges/charge-repo-instance';
import { serializeCharge, type SerializeContext } from '../charges/charge-serializer';
import type { EngineEvent } from '../context';
import { fromGlobalId } from '../ids';
import { pixQrCodeRepo } from '../pix-qr-codes/pix-qr-code-repo';
import { serializePixQrCode } from '../pix-qr-codes/pix-qr-code-serializer';
import type { RefundView } from '../refunds/refund-repo';
import { serializeChargeRefund } from '../refunds/refund-serializer';
import type { BankAccountRow, CompanyRow } from '../tenancy/tenancy-rows';
import { parseParty, type TransactionParty } from '../transactions/transaction-serializer';
import type { PublicEventName } from './webhook-event-names';

/**
 * What a committed internal event becomes for webhooks: the public name, the body every delivery
 * sends (remote-api-notes §3.2), the resource whose deliveries it must not overtake, and the
 * transaction it is about (for the transaction's webhookSent).
 */
export interface PublicEvent {
  /** The id its deliveries carry as webhook-id (publicEventId). */
  id: string;
  name: PublicEventName;
  body: Record<string, unknown>;
  /** Deliveries to one URL about one resource go out in the order their events were committed. */
  resource: string;
  transactionId: string | null;
}

type JsonObject = Record<string, unknown>;
type Mapper = (source: MappingSource) => Omit<PublicEvent, 'id' | 'name'>;

/** What a public body is made from besides the database: the public address (charge links). */
export type PublicEventConfig = SerializeContext['config'];

interface MappingSource {
  db: Db;
  config: PublicEventConfig;
  event: EngineEvent;
  name: PublicEventName;
  payload: JsonObject;
  company: CompanyRow;
}

const asObject = (value: unknown): JsonObject | null =>
  value !== null && typeof value === 'object' && !Array.isArray(value) ? (value as JsonObject) : null;

// The sandbox's companies are the real sandbox's test accounts: their webhooks say TESTING (§8.1).
const environmentOf = (company: CompanyRow) => (company.environment === 'PRODUCTION' ? 'PRODUCTION' : 'TESTING');

const companyBlock = (company: CompanyRow) => ({ id: company.id, name: company.official_name, taxID: company.tax_id });

interface TransactionLinkRow {
  id: string;
  account_id: string;
  charge_id: string | null;
  pix_qr_code_id: string | null;
  payer: string | null;
  payee: string | null;
}

function transactionRow(db: Db, companyId: string, globalId: unknown): TransactionLinkRow | undefined {
  if (typeof globalId !== 'string') return undefined;
  const id = fromGlobalId('PixTransaction', globalId) ?? globalId;
  return db
    .prepare<[string, string], TransactionLinkRow>(
      'SELECT id, account_id, charge_id, pix_qr_code_id, payer, payee FROM transactions WHERE company_id = ? AND id = ?',
    )
    .get(companyId, id);
}

function account(db: Db, accountId: string): BankAccountRow | undefined {
  return db.prepare<[string], BankAccountRow>('SELECT * FROM bank_accounts WHERE id = ?').get(accountId);
}

/** The DICT type of a key as stored on a transaction's party (the party keeps the key only). */
function pixKeyType(key: string): string {
  if (/^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i.test(key)) return 'EVP';
  if (key.includes('@')) return 'EMAIL';
  if (key.startsWith('+')) return 'PHONE';
  if (/^\d{11}$/.test(key)) return 'CPF';
  if (/^\d{14}$/.test(key)) return 'CNPJ';
  return 'EVP';
}

/** A transaction's side in the Party shape of the webhook payloads (§3.2). */
function party(stored: TransactionParty | null): JsonObject | null {
  if (!stored) return null;
  const holder: JsonObject = { name: stored.name };
  if (stored.taxID) holder.taxID = stored.taxID;
  const result: JsonObject = {
    account: { branch: stored.branch ?? null, account: stored.account ?? null, accountType: 'CACC' },
    psp: stored.bank ? { id: stored.bank.ispb, name: stored.bank.name } : null,
    holder,
  };
  if (stored.pixKey) result.pixKey = { pixKey: stored.pixKey, type: pixKeyType(stored.pixKey) };
  return result;
}

/**
 * A transaction as the payloads carry it: the API's Transaction with both parties (and the key
 * paid), without webhookSent, which is about deliveries, not the Pix.
 */
function pixBlock(serialized: unknown, row: TransactionLinkRow | undefined): JsonObject | null {
  const pix = asObject(serialized);
  if (!pix) return null;
  const { webhookSent: _webhookSent, ...rest } = pix;
  const payer = parseParty(row?.payer ?? null);
  const payee = parseParty(row?.payee ?? null);
  const block: JsonObject = { ...rest, debitParty: party(payer), creditParty: party(payee), fee: 0 };
  if (payee?.pixKey) block.pixKey = payee.pixKey;
  return block;
}

function chargeResource(charge: JsonObject | null): string | null {
  return charge && typeof charge.globalID === 'string' ? `charge:${charge.globalID}` : null;
}

const chargeEvent: Mapper = ({ payload, company, event }) => {
  const charge = asObject(payload.charge);
  return {
    body: { charge, company: companyBlock(company), account: { environment: environmentOf(company) } },
    resource: chargeResource(charge) ?? `event:${event.id}`,
    transactionId: null,
  };
};

const chargePaid: Mapper = ({ db, payload, company, event }) => {
  const charge = asObject(payload.charge);
  const row = transactionRow(db, company.id, asObject(payload.pix)?.globalID);
  return {
    body: {
      charge,
      pix: pixBlock(payload.pix, row),
      company: companyBlock(company),
      account: { environment: environmentOf(company) },
    },
    resource: chargeResource(charge) ?? `event:${event.id}`,
    transactionId: row?.id ?? null,
  };
};

/** The account a Pix landed in, as TRANSACTION_RECEIVED shows it. */
function receivingAccount(db: Db, company: CompanyRow, row: TransactionLinkRow | undefined): JsonObject {
  const receiving = row ? account(db, row.account_id) : undefined;
  return receiving
    ? {
        accountId: receiving.id,
        branch: receiving.branch,
        account: receiving.account,
        taxID: company.tax_id,
        environment: environmentOf(company),
      }
    : { environment: environmentOf(company) };
}

const transactionReceived: Mapper = ({ db, payload, company, event }) => {
  const charge = asObject(payload.charge);
  const pix = asObject(payload.pix);
  const row = transactionRow(db, company.id, pix?.globalID);
  return {
    body: {
      charge,
      pixQrCode: payload.pixQrCode ?? null,
      pix: pixBlock(pix, row),
      company: companyBlock(company),
      account: receivingAccount(db, company, row),
      refunds: Array.isArray(payload.refunds) ? payload.refunds : [],
    },
    resource:
      chargeResource(charge) ??
      (typeof pix?.globalID === 'string' ? `transaction:${pix.globalID}` : `event:${event.id}`),
    transactionId: row?.id ?? null,
  };
};

const refundEvent: Mapper = ({ db, payload, company, event }) => {
  const refund = asObject(payload.refundTransaction);
  const original = asObject(payload.originalTransaction);
  const refundRow = transactionRow(db, company.id, refund?.globalID);
  const originalRow = transactionRow(db, company.id, original?.globalID);
  // A rejected refund booked no transaction: its account is the original's, its parties the original's reversed.
  const refundParties =
    refundRow ?? (originalRow ? { ...originalRow, payer: originalRow.payee, payee: originalRow.payer } : undefined);
  const sender = refundParties ? account(db, refundParties.account_id) : undefined;
  const body: JsonObject = {
    refundTransaction: refund ? { ...pixBlock(refund, refundParties), partial: refund.partial === true } : null,
    originalTransaction: pixBlock(original, originalRow),
    company: {
      id: company.id,
      name: company.official_name,
      nameFriendly: company.trade_name,
      correlationID: company.correlation_id,
    },
    account: sender
      ? {
          id: sender.id,
          name: sender.account_name,
          status: sender.closed_at ? 'CLOSED' : 'ACTIVE',
          code: sender.ispb,
          branch: sender.branch,
          account: sender.account,
        }
      : null,
  };
  if (typeof payload.error === 'string') body.error = payload.error;
  return { body, resource: refundResource(original, event), transactionId: refundRow?.id ?? null };
};

/**
 * A refund's deliveries wait behind those of the payment it returns (same charge, or same
 * transaction for a Pix without one): a receiver hears TRANSACTION_RECEIVED before the refund.
 */
function refundResource(original: JsonObject | null, event: EngineEvent): string {
  const originalCharge = asObject(original?.charge);
  return (
    chargeResource(originalCharge) ??
    (typeof original?.globalID === 'string' ? `transaction:${original.globalID}` : `event:${event.id}`)
  );
}

/** The refunds of a received Pix so far, as /api/v1/charge/{id}/refund shows them, oldest first. */
function refundsOf(db: Db, companyId: string, transactionId: string | undefined): unknown[] {
  if (!transactionId) return [];
  return db
    .prepare<[string, string], RefundView>(
      `SELECT r.*, t.end_to_end_id AS original_end_to_end_id FROM refunds r JOIN transactions t ON t.id = r.transaction_id
       WHERE r.company_id = ? AND r.transaction_id = ? ORDER BY r.created_at, r.rowid`,
    )
    .all(companyId, transactionId)
    .map(serializeChargeRefund);
}

/**
 * OPENPIX:TRANSACTION_REFUND_RECEIVED (deprecated in the docs, still registered by pretix and
 * dispatched by the Node SDK), made from PIX_TRANSACTION_REFUND_SENT_CONFIRMED: a refund of a Pix
 * the company received has gone out. Shaped like TRANSACTION_RECEIVED, but `pix` is the refund
 * (with `partial`), per remote-api-notes §3.2: `{event, charge, pixQrCode, pix, company, account,
 * refunds}`; `charge` and `pixQrCode` are those the refunded Pix paid, as they are now.
 */
const transactionRefundReceived: Mapper = ({ db, config, payload, company, event }) => {
  const refund = asObject(payload.refundTransaction);
  const original = asObject(payload.originalTransaction);
  const refundRow = transactionRow(db, company.id, refund?.globalID);
  const originalRow = transactionRow(db, company.id, original?.globalID);
  const serializing: SerializeContext = { db, config };
  const chargeRow = originalRow?.charge_id ? chargeRepo(db).findById(company.id, originalRow.charge_id) : undefined;
  const qrRow = originalRow?.pix_qr_code_id
    ? pixQrCodeRepo(db).findByIdIncludingDeleted(company.id, originalRow.pix_qr_code_id)
    : undefined;
  const pix: JsonObject | null = refund ? { ...pixBlock(refund, refundRow), partial: refund.partial === true } : null;
  // The refund's receiver is the original payer, who paid no key of ours: the key is the one the refunded Pix paid.
  const paidKey = parseParty(originalRow?.payee ?? null)?.pixKey;
  if (pix && paidKey) pix.pixKey = paidKey;
  return {
    body: {
      charge: chargeRow ? serializeCharge(chargeRow, serializing, new Date(event.createdAt)) : null,
      pixQrCode: qrRow ? serializePixQrCode(qrRow, serializing) : null,
      pix,
      company: companyBlock(company),
      account: receivingAccount(db, company, originalRow),
      refunds: refundsOf(db, company.id, originalRow?.id),
    },
    resource: refundResource(original, event),
    transactionId: refundRow?.id ?? null,
  };
};

// payment-failed-errors.md gives these descriptions; the SPI rejects carry their own in
// providerRejectedReason ("AM12 - Valor inválido").
const FAILURE_DESCRIPTIONS: Record<string, string> = {
  ACCOUNT_NOT_FOUND: 'Conta não encontrada',
  NOT_ENOUGH_BALANCE: 'Saldo insuficiente',
  ACCOUNT_TRANSACTION_BLOCKED_BY_MED: 'Conta com transações bloqueadas por MED',
  INVALID_PIX_KEY: 'Chave Pix inválida',
  REACH_TRANSFER_LIMIT: 'Limite de transferência atingido',
  SAME_ACCOUNT_TRANSFER: 'Transferência para a mesma conta',
  TRANSACTION_NOT_FOUND: 'Transação não encontrada',
  ACCOUNT_LIMIT_ERROR: 'Limite da conta excedido',
  PAY_PIX_KEY_ERROR: 'Falha ao Pagar Chave Pix',
  PIX_KEY_INFO_NOT_FOUND: 'Chave Pix não encontrada',
  PAYMENT_REJECTED_BY_RECEIVER: 'Pagamento recusado pela conta de destino',
};

const movementEvent: Mapper = ({ db, payload, company, name }) => {
  const payment = asObject(payload.payment) ?? {};
  const transaction = asObject(payload.transaction);
  const publicPayment: JsonObject = {
    value: payment.value,
    status: payment.status,
    correlationID: payment.correlationID,
  };
  if (payment.destinationAlias !== undefined) publicPayment.destinationAlias = payment.destinationAlias;
  if (payment.comment !== undefined) publicPayment.comment = payment.comment;
  const body: JsonObject = { payment: publicPayment };
  let transactionId: string | null = null;
  if (transaction) {
    const publicTransaction: JsonObject = {
      value: transaction.value,
      endToEndId: transaction.endToEndId,
      time: transaction.time,
    };
    if (transaction.providerRejectedReason !== undefined)
      publicTransaction.providerRejectedReason = transaction.providerRejectedReason;
    body.transaction = publicTransaction;
    if (typeof transaction.endToEndId === 'string') {
      transactionId =
        db
          .prepare<[string, string], { id: string }>(
            'SELECT id FROM transactions WHERE company_id = ? AND end_to_end_id = ?',
          )
          .get(company.id, transaction.endToEndId)?.id ?? null;
    }
  }
  if (name === 'OPENPIX:MOVEMENT_FAILED') {
    const failure = asObject(payload.error)?.code ?? payment.failureCode;
    const code = typeof failure === 'string' ? failure : 'PAYMENT_FAILED';
    const reason =
      typeof transaction?.providerRejectedReason === 'string' ? transaction.providerRejectedReason : undefined;
    body.error = { code, description: FAILURE_DESCRIPTIONS[code] ?? reason ?? code };
  }
  return { body, resource: `payment:${String(payment.id ?? payment.correlationID)}`, transactionId };
};

/**
 * Events other modules emit already in their public shape (disputes, account registers, Pix
 * Automático): delivered as they are, with `event` added.
 */
const passThrough =
  (resourceOf: (payload: JsonObject) => string | null): Mapper =>
  ({ payload, event }) => ({
    body: { ...payload },
    resource: resourceOf(payload) ?? `event:${event.id}`,
    transactionId: null,
  });

const disputeResource = (payload: JsonObject) => {
  const dispute = asObject(payload.dispute);
  const id = dispute?.id ?? dispute?.endToEndId;
  return typeof id === 'string' ? `dispute:${id}` : null;
};

const accountRegisterResource = (payload: JsonObject) => {
  const register = asObject(payload.accountRegister);
  const id = register?.correlationID ?? asObject(register?.taxID)?.taxID;
  return typeof id === 'string' ? `accountRegister:${id}` : null;
};

// Every public name this service produces. Internal events without an entry (CHARGE_DELETED,
// PAYMENT_CREATED, ACCOUNT_*, PIX_KEY_*, BALANCE_*, customer events, …) are never delivered.
const MAPPERS: Partial<Record<PublicEventName, Mapper>> = {
  'OPENPIX:CHARGE_CREATED': chargeEvent,
  'OPENPIX:CHARGE_EXPIRED': chargeEvent,
  'OPENPIX:CHARGE_COMPLETED': chargePaid,
  'OPENPIX:CHARGE_COMPLETED_NOT_SAME_CUSTOMER_PAYER': chargePaid,
  'OPENPIX:TRANSACTION_RECEIVED': transactionReceived,
  PIX_TRANSACTION_REFUND_SENT_CONFIRMED: refundEvent,
  PIX_TRANSACTION_REFUND_SENT_REJECTED: refundEvent,
  PIX_TRANSACTION_REFUND_RECEIVED_CONFIRMED: refundEvent,
  PIX_TRANSACTION_REFUND_RECEIVED_REJECTED: refundEvent,
  'OPENPIX:MOVEMENT_CONFIRMED': movementEvent,
  'OPENPIX:MOVEMENT_FAILED': movementEvent,
  'OPENPIX:MOVEMENT_REMOVED': ({ payload }) => {
    const payment = asObject(payload.payment) ?? {};
    return {
      body: { payment: { correlationID: payment.correlationID } },
      resource: `payment:${String(payment.id ?? payment.correlationID)}`,
      transactionId: null,
    };
  },
  'OPENPIX:DISPUTE_CREATED': passThrough(disputeResource),
  'OPENPIX:DISPUTE_ACCEPTED': passThrough(disputeResource),
  'OPENPIX:DISPUTE_REJECTED': passThrough(disputeResource),
  'OPENPIX:DISPUTE_CANCELED': passThrough(disputeResource),
  ACCOUNT_REGISTER_APPROVED: passThrough(accountRegisterResource),
  ACCOUNT_REGISTER_REJECTED: passThrough(accountRegisterResource),
  ACCOUNT_REGISTER_PENDING: passThrough(accountRegisterResource),
  PIX_AUTOMATIC_APPROVED: passThrough(() => null),
  PIX_AUTOMATIC_REJECTED: passThrough(() => null),
  PIX_AUTOMATIC_COBR_CREATED: passThrough(() => null),
  PIX_AUTOMATIC_COBR_APPROVED: passThrough(() => null),
  PIX_AUTOMATIC_COBR_REJECTED: passThrough(() => null),
  PIX_AUTOMATIC_COBR_TRY_REJECTED: passThrough(() => null),
  PIX_AUTOMATIC_COBR_TRY_REQUESTED: passThrough(() => null),
  PIX_AUTOMATIC_COBR_COMPLETED: passThrough(() => null),
};

/**
 * Further public names an internal event is also delivered under, each with its own body and id.
 * The real service still sends the deprecated OPENPIX:TRANSACTION_REFUND_RECEIVED when a refund
 * of a received Pix goes out; a webhook may subscribe to it (pretix does), so it must fire.
 */
const ALSO_DELIVERED_AS: Partial<Record<PublicEventName, readonly { name: PublicEventName; mapper: Mapper }[]>> = {
  PIX_TRANSACTION_REFUND_SENT_CONFIRMED: [
    { name: 'OPENPIX:TRANSACTION_REFUND_RECEIVED', mapper: transactionRefundReceived },
  ],
};

const NOT_DELIVERED: readonly PublicEventName[] = [];

// Asked on every outbox write: made once.
const DELIVERED_NAMES = new Map<string, readonly PublicEventName[]>(
  (Object.keys(MAPPERS) as PublicEventName[]).map((name) => [
    name,
    [name, ...(ALSO_DELIVERED_AS[name] ?? []).map((alias) => alias.name)],
  ]),
);

/** The public names an internal event is delivered under, its own first; none when it is never delivered. */
export function deliveredNamesOf(internalName: string): readonly PublicEventName[] {
  return DELIVERED_NAMES.get(internalName) ?? NOT_DELIVERED;
}

/**
 * The id of an event's public form, sent as webhook-id: the outbox event's own id under its own
 * name; `<outbox id>:<name>` under another name, so each form keeps one id in every delivery and
 * replay, and the outbox event is found again from it (outboxIdOf).
 */
export function publicEventId(outboxId: string, internalName: string, name: string): string {
  return name === internalName ? outboxId : `${outboxId}:${name}`;
}

/** The outbox event a public event id comes from (outbox ids are UUIDs: no colon). */
export function outboxIdOf(publicId: string): string {
  const colon = publicId.indexOf(':');
  return colon === -1 ? publicId : publicId.slice(0, colon);
}

/** The form of a committed internal event delivered under `name`, or null when it has none. */
export function publicEventOf(
  db: Db,
  event: EngineEvent,
  name: PublicEventName,
  config: PublicEventConfig,
): PublicEvent | null {
  if (!deliveredNamesOf(event.name).includes(name)) return null;
  const payload = asObject(event.payload);
  if (!payload) return null;
  const company = db.prepare<[string], CompanyRow>('SELECT * FROM companies WHERE id = ?').get(event.companyId);
  if (!company) return null;
  const mapper =
    name === event.name
      ? MAPPERS[name]!
      : ALSO_DELIVERED_AS[event.name as PublicEventName]!.find((alias) => alias.name === name)!.mapper;
  const mapped = mapper({ db, config, event, name, payload, company });
  // `event` first: the order receivers see in every example.
  return { id: publicEventId(event.id, event.name, name), name, ...mapped, body: { event: name, ...mapped.body } };
}
