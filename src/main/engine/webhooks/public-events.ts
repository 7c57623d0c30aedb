import type { Db } from '../../store/database';
import type { EngineEvent } from '../context';
import { fromGlobalId } from '../ids';
import type { BankAccountRow, CompanyRow } from '../tenancy/tenancy-rows';
import { parseParty, type TransactionParty } from '../transactions/transaction-serializer';
import { isPublicEventName, type PublicEventName } from './webhook-event-names';

/**
 * What a committed internal event becomes for webhooks: the public name, the body every delivery
 * sends (remote-api-notes §3.2), the resource whose deliveries it must not overtake, and the
 * transaction it is about (for the transaction's webhookSent).
 */
export interface PublicEvent {
  name: PublicEventName;
  body: Record<string, unknown>;
  /** Deliveries to one URL about one resource go out in the order their events were committed. */
  resource: string;
  transactionId: string | null;
}

type JsonObject = Record<string, unknown>;
type Mapper = (source: MappingSource) => Omit<PublicEvent, 'name'>;

interface MappingSource {
  db: Db;
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
  payer: string | null;
  payee: string | null;
}

function transactionRow(db: Db, companyId: string, globalId: unknown): TransactionLinkRow | undefined {
  if (typeof globalId !== 'string') return undefined;
  const id = fromGlobalId('PixTransaction', globalId) ?? globalId;
  return db
    .prepare<[string, string], TransactionLinkRow>('SELECT id, account_id, payer, payee FROM transactions WHERE company_id = ? AND id = ?')
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

const transactionReceived: Mapper = ({ db, payload, company, event }) => {
  const charge = asObject(payload.charge);
  const pix = asObject(payload.pix);
  const row = transactionRow(db, company.id, pix?.globalID);
  const receiving = row ? account(db, row.account_id) : undefined;
  return {
    body: {
      charge,
      pixQrCode: payload.pixQrCode ?? null,
      pix: pixBlock(pix, row),
      company: companyBlock(company),
      account: receiving
        ? { accountId: receiving.id, branch: receiving.branch, account: receiving.account, taxID: company.tax_id, environment: environmentOf(company) }
        : { environment: environmentOf(company) },
      refunds: Array.isArray(payload.refunds) ? payload.refunds : [],
    },
    resource: chargeResource(charge) ?? (typeof pix?.globalID === 'string' ? `transaction:${pix.globalID}` : `event:${event.id}`),
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
    company: { id: company.id, name: company.official_name, nameFriendly: company.trade_name, correlationID: company.correlation_id },
    account: sender
      ? { id: sender.id, name: sender.account_name, status: sender.closed_at ? 'CLOSED' : 'ACTIVE', code: sender.ispb, branch: sender.branch, account: sender.account }
      : null,
  };
  if (typeof payload.error === 'string') body.error = payload.error;
  const originalCharge = asObject(original?.charge);
  return {
    body,
    resource:
      chargeResource(originalCharge) ?? (typeof original?.globalID === 'string' ? `transaction:${original.globalID}` : `event:${event.id}`),
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
  const publicPayment: JsonObject = { value: payment.value, status: payment.status, correlationID: payment.correlationID };
  if (payment.destinationAlias !== undefined) publicPayment.destinationAlias = payment.destinationAlias;
  if (payment.comment !== undefined) publicPayment.comment = payment.comment;
  const body: JsonObject = { payment: publicPayment };
  let transactionId: string | null = null;
  if (transaction) {
    const publicTransaction: JsonObject = { value: transaction.value, endToEndId: transaction.endToEndId, time: transaction.time };
    if (transaction.providerRejectedReason !== undefined) publicTransaction.providerRejectedReason = transaction.providerRejectedReason;
    body.transaction = publicTransaction;
    if (typeof transaction.endToEndId === 'string') {
      transactionId =
        db
          .prepare<[string, string], { id: string }>('SELECT id FROM transactions WHERE company_id = ? AND end_to_end_id = ?')
          .get(company.id, transaction.endToEndId)?.id ?? null;
    }
  }
  if (name === 'OPENPIX:MOVEMENT_FAILED') {
    const code = String(asObject(payload.error)?.code ?? payment.failureCode ?? 'PAYMENT_FAILED');
    const reason = typeof transaction?.providerRejectedReason === 'string' ? transaction.providerRejectedReason : undefined;
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
  ({ payload, event }) => ({ body: { ...payload }, resource: resourceOf(payload) ?? `event:${event.id}`, transactionId: null });

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
    return { body: { payment: { correlationID: payment.correlationID } }, resource: `payment:${String(payment.id ?? payment.correlationID)}`, transactionId: null };
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

/** The public name an internal event is delivered under, or null when it is never delivered. */
export function deliveredNameOf(internalName: string): PublicEventName | null {
  return isPublicEventName(internalName) && MAPPERS[internalName] ? internalName : null;
}

/** The public form of a committed internal event, or null when it has none. */
export function publicEventOf(db: Db, event: EngineEvent): PublicEvent | null {
  const name = deliveredNameOf(event.name);
  const payload = asObject(event.payload);
  if (!name || !payload) return null;
  const company = db.prepare<[string], CompanyRow>('SELECT * FROM companies WHERE id = ?').get(event.companyId);
  if (!company) return null;
  const mapped = MAPPERS[name]!({ db, event, name, payload, company });
  // `event` first: the order receivers see in every example.
  return { name, ...mapped, body: { event: name, ...mapped.body } };
}
