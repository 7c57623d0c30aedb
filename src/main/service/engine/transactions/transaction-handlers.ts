import { z } from 'zod';
import { pageInfoSchema, transactionSchema } from '#shared/service/resources';
import { chargeRepo } from '../charges/charge-repo-instance';
import type { OperationContext } from '../context';
import { operation } from '../operation';
import { ServiceError, unknownRecord } from '../errors';
import { emptyPage, pageOf, pageQuery } from '../pagination';
import { pixQrCodeRepo } from '../pix-qr-codes/pix-qr-code-repo';
import { idParams } from '../validation';
import { transactionListQuery, type TransactionListQuery } from './transaction-input';
import { transactionRepo, type TransactionListFilter, type TransactionView } from './transaction-repo';
import { serializeTransaction } from './transaction-serializer';

/** A transaction of the caller's company by our id, globalID or endToEndId; another company's is "not found". */
export function requireTransaction(ctx: OperationContext, id: string): TransactionView {
  const view = transactionRepo(ctx.db).findByAnyId(ctx.tenant.company.id, id);
  if (!view) throw unknownRecord('Transaction not found');
  return view;
}

/**
 * A reference that names payments only (a txid paid twice is ambiguous, see findByAnyId) names
 * no withdrawal: the filter then matches nothing, as an unknown reference does.
 */
function findQuietly(ctx: OperationContext, id: string): TransactionView | undefined {
  try {
    return transactionRepo(ctx.db).findByAnyId(ctx.tenant.company.id, id);
  } catch (error) {
    if (error instanceof ServiceError) return undefined;
    throw error;
  }
}

/**
 * Turns the references a client sends (correlationIDs, identifiers, end-to-end ids) into row
 * ids. Null when a reference names nothing of this company: the list is then empty, as a
 * filter that matches nothing should be, rather than an error.
 */
function resolveFilter(ctx: OperationContext, query: TransactionListQuery): TransactionListFilter | null {
  const companyId = ctx.tenant.company.id;
  const filter: TransactionListFilter = {
    start: query.start,
    end: query.end,
    type: query.type,
    webhookSent: query.hasWebhook,
  };
  if (query.charge !== undefined) {
    const charge = chargeRepo(ctx.db).findByAnyId(companyId, query.charge);
    if (!charge) return null;
    filter.chargeId = charge.id;
  }
  if (query.pixQrCode !== undefined) {
    const qrs = pixQrCodeRepo(ctx.db);
    // A deleted QR code's payments are still its payments; its own id keeps finding them.
    const qr = qrs.findByAnyId(companyId, query.pixQrCode) ?? qrs.findByIdIncludingDeleted(companyId, query.pixQrCode);
    if (!qr) return null;
    filter.pixQrCodeId = qr.id;
    // Payments carrying its identifier as txid are its own too, even those booked before the code
    // was registered (an offline sale's static code, registered when the counter came back).
    filter.pixQrCodeIdentifier = qr.identifier;
  }
  if (query.withdrawal !== undefined) {
    // A withdrawal is a WITHDRAW transaction; it may be named by its id or its end-to-end id.
    const withdrawal = findQuietly(ctx, query.withdrawal);
    filter.withdrawalId = withdrawal?.type === 'WITHDRAW' ? withdrawal.id : query.withdrawal;
  }
  return filter;
}

export const transactionOperations = {
  listTransactions: operation({
    method: 'GET',
    paths: ['/api/v1/transaction'],
    scope: 'TRANSACTION_GET_LIST',
    access: 'read',
    status: 200,
    summary: 'List transactions, filtered by time, type, charge, static QR code, withdrawal or webhook delivery',
    request: { query: transactionListQuery.extend(pageQuery.shape) },
    response: z.strictObject({ pageInfo: pageInfoSchema, transactions: z.array(transactionSchema) }),
    handler(ctx, { query }) {
      const filter = resolveFilter(ctx, query);
      if (!filter) return { pageInfo: emptyPage(query).pageInfo, transactions: [] };
      const repo = transactionRepo(ctx.db);
      const companyId = ctx.tenant.company.id;
      const rows = repo.list(companyId, filter, query.skip, query.limit);
      const { items, pageInfo } = pageOf(rows, query, () => repo.count(companyId, filter));
      return { pageInfo, transactions: items.map(serializeTransaction) };
    },
  }),

  getTransaction: operation({
    method: 'GET',
    paths: ['/api/v1/transaction/:id'],
    scope: 'TRANSACTION_GET',
    access: 'read',
    status: 200,
    summary: 'Get a transaction by its id, globalID or end-to-end id',
    request: { params: idParams },
    response: z.strictObject({ transaction: transactionSchema }),
    handler: (ctx, { params }) => ({ transaction: serializeTransaction(requireTransaction(ctx, params.id)) }),
  }),
};
