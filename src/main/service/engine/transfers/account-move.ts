import type { Db } from '#lib/store/database';
import { newEndToEndId } from '#lib/pix';
import { badRequest } from '../errors';
import { ledger } from '../ledger/ledger';
import { NOT_ENOUGH_BALANCE } from '../subaccounts/subaccount-ledger';
import type { BankAccountRow } from '../tenancy/tenancy-rows';
import { bookTransaction } from '../transactions/book-transaction';
import type { TransactionRow } from '../transactions/transaction-repo';

/**
 * Moves money between two accounts of one company, inside the caller's transaction: an
 * INTERNAL_TRANSFER transaction on each side with its ledger entry, `causeId` naming what caused
 * it (a transfer, a charge's split). Refused (400, nothing kept once the caller rolls back) when
 * the source's available balance does not cover it.
 */
export function moveBetweenAccounts(
  db: Db,
  from: BankAccountRow,
  to: BankAccountRow,
  value: number,
  causeId: string,
  now: Date,
): { debit: TransactionRow; credit: TransactionRow } {
  if (from.company_id !== to.company_id) throw new Error('account move: both accounts belong to one company');
  const at = now.toISOString();
  const debit = bookTransaction(db, {
    company_id: from.company_id,
    account_id: from.id,
    type: 'INTERNAL_TRANSFER',
    value,
    end_to_end_id: newEndToEndId(from.ispb, now),
    time: at,
  });
  const source = { companyId: from.company_id, accountId: from.id };
  if (!ledger(db).debit(source, value, { kind: 'INTERNAL_TRANSFER', transactionId: debit.id, causeId, at }))
    throw badRequest(NOT_ENOUGH_BALANCE);
  const credit = bookTransaction(db, {
    company_id: to.company_id,
    account_id: to.id,
    type: 'INTERNAL_TRANSFER',
    value,
    // Each side's row has an end-to-end id of its own (they are unique across the service).
    end_to_end_id: newEndToEndId(from.ispb, now),
    original_transaction_id: debit.id,
    time: at,
  });
  ledger(db).credit({ companyId: to.company_id, accountId: to.id }, value, {
    kind: 'INTERNAL_TRANSFER',
    transactionId: credit.id,
    causeId,
    at,
  });
  return { debit, credit };
}
