import { z } from 'zod';
import { normalizePixKey } from '#lib/pix';
import type { OperationContext } from '../context';
import { badRequest } from '../errors';
import { newObjectId, newUuid } from '../ids';
import { operation, type AnyOperation } from '../operation';
import { pageQuery } from '../pagination';
import type { BankAccountRow, PixKeyRow } from '../tenancy/tenancy-rows';
import { correlationId, positiveCents, rfc3339 } from '../validation';
import { moveBetweenAccounts } from './account-move';
import { transferRepo, type StatementRow, type TransferRow } from './transfer-repo';

// POST /api/v1/transfer (tag "transfer (request access)"): money between two accounts of the
// caller's company, each named by one of its Pix keys. Both sides are booked as INTERNAL_TRANSFER
// transactions with their ledger entries, in one transaction; a retry with the same correlationID
// answers the transfer already made. A key of another company's account is unknown here, exactly
// as a key nobody holds. The document names no webhook event for it, so none is sent.
//
// GET /api/v1/statement: the caller's account's movements, read from its ledger (the `total`
// bucket: what the account holds), newest first, each with the balance after it.

const keyText = (label: string) =>
  z
    .string({ error: `${label} is required` })
    .trim()
    .min(1, { error: `${label} is required` })
    .max(77, { error: `${label} is too long (max 77 characters)` });

const transferBody = z.object(
  {
    value: positiveCents('value'),
    fromPixKey: keyText('fromPixKey'),
    toPixKey: keyText('toPixKey'),
    correlationID: correlationId.optional(),
  },
  { error: 'body must be a JSON object with value, fromPixKey and toPixKey' },
);

const transferAnswer = z.strictObject({
  transaction: z.strictObject({ value: z.number().int().positive(), time: z.string(), correlationID: z.string() }),
});

const statementQuery = pageQuery.extend({ start: rfc3339.optional(), end: rfc3339.optional() });

const statementLine = z.strictObject({
  id: z.string(),
  time: z.string(),
  description: z.string(),
  balance: z.number().int(),
  value: z.number().int().positive(),
  type: z.enum(['CREDIT', 'DEBIT']),
  transactionId: z.string().optional(),
});

/** The caller's open account holding this key; another company's key is not found, like a key nobody holds. */
function requireOwnKey(ctx: OperationContext, key: string): { pixKey: PixKeyRow; account: BankAccountRow } {
  const canonical = normalizePixKey(key)?.key ?? key;
  const pixKey = ctx.tenancy.pixKey(canonical);
  const account = pixKey ? ctx.tenancy.account(pixKey.account_id) : undefined;
  if (!pixKey || !account || pixKey.company_id !== ctx.tenant.company.id || account.closed_at !== null)
    throw badRequest(`Pix key not found: ${key}`);
  return { pixKey, account };
}

function answerOf(row: TransferRow): z.input<typeof transferAnswer> {
  return { transaction: { value: row.value, time: row.created_at, correlationID: row.correlation_id } };
}

/** What a statement line says of its movement. */
function describeLine(row: StatementRow): string {
  const sign = row.amount > 0;
  switch (row.kind) {
    case 'OPENING':
      return 'Opening balance';
    case 'PIX_IN':
      return row.charge_correlation_id ? `Pix received for charge ${row.charge_correlation_id}` : 'Pix received';
    case 'PIX_OUT':
      return 'Pix sent';
    case 'REFUND':
      return 'Refund sent';
    case 'WITHDRAW':
      return 'Withdrawal';
    case 'FEE':
      return 'Fee';
    case 'REVERSAL':
      return 'Reversal received';
    case 'INTERNAL_TRANSFER':
      return sign ? 'Transfer from another account of the company' : 'Transfer to another account of the company';
    case 'SUBACCOUNT':
      if (row.move_kind === 'SPLIT')
        return `Split of charge ${row.charge_correlation_id ?? ''} to subaccount ${row.subaccount_key ?? ''}`.replace(
          /\s+/g,
          ' ',
        );
      return sign
        ? `Debit from subaccount ${row.subaccount_key ?? ''}`
        : `Credit to subaccount ${row.subaccount_key ?? ''}`;
    default:
      return sign ? 'Credit' : 'Debit';
  }
}

function serializeLine(row: StatementRow): z.input<typeof statementLine> {
  const line: z.input<typeof statementLine> = {
    // The entry's sequence number, as the 24-hex id the document's example shows.
    id: row.seq.toString(16).padStart(24, '0'),
    time: row.created_at,
    description: describeLine(row).trim(),
    balance: row.balance_after,
    value: Math.abs(row.amount),
    type: row.amount > 0 ? 'CREDIT' : 'DEBIT',
  };
  if (row.transaction_code !== null) line.transactionId = row.transaction_code;
  return line;
}

export const transferOperations = {
  createTransfer: operation({
    method: 'POST',
    paths: ['/api/v1/transfer'],
    // The operation lists no `security`; TRANSFER_POST ("Transfer between company accounts") names it.
    scope: 'TRANSFER_POST',
    access: 'write',
    status: 200,
    summary:
      "Move money between two of the company's accounts, named by their Pix keys; refused beyond the available balance; a retry with the same correlationID moves it once",
    request: { body: transferBody },
    response: transferAnswer,
    handler(ctx, { body }) {
      const companyId = ctx.tenant.company.id;
      const repo = transferRepo(ctx.db);
      return ctx.db.transaction(() => {
        const from = requireOwnKey(ctx, body.fromPixKey);
        const to = requireOwnKey(ctx, body.toPixKey);
        if (body.correlationID !== undefined) {
          const earlier = repo.findByCorrelation(companyId, body.correlationID);
          if (earlier) {
            if (
              earlier.from_account_id !== from.account.id ||
              earlier.to_account_id !== to.account.id ||
              earlier.value !== body.value
            )
              throw badRequest(`correlationID ${body.correlationID} was already used by another transfer`);
            return answerOf(earlier);
          }
        }
        if (from.account.id === to.account.id)
          throw badRequest('SAME_ACCOUNT_TRANSFER: fromPixKey and toPixKey are keys of the same account');
        const at = ctx.now.toISOString();
        const transferId = newObjectId();
        const { debit, credit } = moveBetweenAccounts(
          ctx.db,
          from.account,
          to.account,
          body.value,
          transferId,
          ctx.now,
        );
        const row: TransferRow = {
          id: transferId,
          company_id: companyId,
          correlation_id: body.correlationID ?? newUuid(),
          value: body.value,
          from_account_id: from.account.id,
          to_account_id: to.account.id,
          from_pix_key: from.pixKey.key,
          to_pix_key: to.pixKey.key,
          debit_transaction_id: debit.id,
          credit_transaction_id: credit.id,
          created_at: at,
        };
        repo.insert(row);
        return answerOf(row);
      })();
    },
  }),

  getStatement: operation({
    method: 'GET',
    paths: ['/api/v1/statement'],
    scope: 'STATEMENT_GET',
    access: 'read',
    status: 200,
    summary: "The caller's account's movements from its ledger, newest first, each with the balance after it",
    request: { query: statementQuery },
    response: z.array(statementLine),
    handler(ctx, { query }) {
      return transferRepo(ctx.db)
        .statement(
          ctx.tenant.company.id,
          ctx.tenant.account.id,
          { start: query.start, end: query.end },
          query.skip,
          query.limit,
        )
        .map(serializeLine);
    },
  }),
} satisfies Record<string, AnyOperation>;
