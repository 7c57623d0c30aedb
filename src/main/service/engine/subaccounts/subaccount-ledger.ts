import type { Db } from '#lib/store/database';
import { badRequest } from '../errors';
import { newObjectId } from '../ids';
import { ledger, type AccountRef } from '../ledger/ledger';
import { subaccountRepo, type OperationType, type SubaccountMoveRow, type SubaccountRow } from './subaccount-repo';

// Every movement of a subaccount's money, and only here: the move's row, the subaccount's entries
// and balance, and the main account's side in the main ledger (kind SUBACCOUNT, causeId = the
// move) are written together, inside the caller's transaction. A refusal throws, so the caller's
// transaction rolls back whatever was written before it: never half a move.
//
// Where the money goes:
// - credit and split: out of a company account, into the subaccount;
// - debit: out of the subaccount, back into a company account;
// - transfer: from one subaccount of the company to another;
// - withdrawal: out of the subaccount to its Pix key, out of the service.

/** The documented refusal (debit's InsufficientBalance example), for either side that cannot pay. */
export const NOT_ENOUGH_BALANCE = 'Account does not have enough balance to complete the operation';

export type NewMove = Omit<SubaccountMoveRow, 'id' | 'created_at'>;

function assertInTransaction(db: Db): void {
  if (!db.inTransaction) throw new Error('subaccount ledger: moves are written inside their cause’s transaction');
}

/** Records the move itself; its entries name it. */
function insertMove(db: Db, move: NewMove, at: string): SubaccountMoveRow {
  const row: SubaccountMoveRow = { ...move, id: newObjectId(), created_at: at };
  subaccountRepo(db).insertMove(row);
  return row;
}

function entry(
  db: Db,
  move: SubaccountMoveRow,
  sub: SubaccountRow,
  operationType: OperationType,
  amount: number,
  description: string,
): void {
  subaccountRepo(db).insertEntry({
    id: newObjectId(),
    company_id: sub.company_id,
    subaccount_id: sub.id,
    move_id: move.id,
    operation_type: operationType,
    amount,
    description,
    created_at: move.created_at,
  });
}

function addTo(db: Db, sub: SubaccountRow, cents: number, at: string): void {
  if (!subaccountRepo(db).addBalance(sub.company_id, sub.id, cents, at))
    throw new Error(`subaccount ledger: subaccount ${sub.id} not found`);
}

function spendFrom(db: Db, sub: SubaccountRow, cents: number, at: string): void {
  if (!subaccountRepo(db).spendBalance(sub.company_id, sub.id, cents, at)) throw badRequest(NOT_ENOUGH_BALANCE);
}

/** A company account pays the subaccount (a credit, or a charge's split once paid). */
export function creditFromAccount(
  db: Db,
  sub: SubaccountRow,
  account: AccountRef,
  move: NewMove,
  description: string,
  at: string,
): SubaccountMoveRow {
  assertInTransaction(db);
  const row = insertMove(db, move, at);
  if (!ledger(db).debit(account, move.value, { kind: 'SUBACCOUNT', causeId: row.id, at }))
    throw badRequest(NOT_ENOUGH_BALANCE);
  addTo(db, sub, move.value, at);
  entry(db, row, sub, 'CREDIT', move.value, description);
  return row;
}

/** The subaccount pays a company account back (a debit). */
export function debitToAccount(
  db: Db,
  sub: SubaccountRow,
  account: AccountRef,
  move: NewMove,
  description: string,
  at: string,
): SubaccountMoveRow {
  assertInTransaction(db);
  const row = insertMove(db, move, at);
  spendFrom(db, sub, move.value, at);
  ledger(db).credit(account, move.value, { kind: 'SUBACCOUNT', causeId: row.id, at });
  entry(db, row, sub, 'DEBIT', -move.value, description);
  return row;
}

/** One subaccount pays another of the same company: nothing enters or leaves the company. */
export function transferBetween(
  db: Db,
  from: SubaccountRow,
  to: SubaccountRow,
  move: NewMove,
  at: string,
): SubaccountMoveRow {
  assertInTransaction(db);
  const row = insertMove(db, move, at);
  spendFrom(db, from, move.value, at);
  addTo(db, to, move.value, at);
  entry(db, row, from, 'TRANSFER_DEBIT', -move.value, `Transfer to ${to.pix_key}`);
  entry(db, row, to, 'TRANSFER_CREDIT', move.value, `Transfer from ${from.pix_key}`);
  return row;
}

/** The subaccount pays out to its own Pix key: the money leaves the service. */
export function withdrawToKey(db: Db, sub: SubaccountRow, move: NewMove, at: string): SubaccountMoveRow {
  assertInTransaction(db);
  const row = insertMove(db, move, at);
  spendFrom(db, sub, move.value, at);
  entry(db, row, sub, 'WITHDRAWAL', -move.value, `Withdrawal to ${sub.pix_key}`);
  return row;
}
