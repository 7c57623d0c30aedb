import { z } from 'zod';
import { simulatedFailureForKey } from '../payments/sandbox-failures';
import type { SubaccountEntryRow, SubaccountMoveRow, SubaccountRow } from './subaccount-repo';

export const subaccountSchema = z.strictObject({
  name: z.string(),
  pixKey: z.string(),
  balance: z.number().int().nonnegative(),
  withdrawBlocked: z.boolean(),
});
export type SubaccountJson = z.infer<typeof subaccountSchema>;

/** The transfer's two sides: the published SubAccountTransferResponsePayload has no withdrawBlocked. */
export const transferSideSchema = z.strictObject({
  name: z.string(),
  pixKey: z.string(),
  balance: z.number().int().nonnegative(),
});

/** A withdrawal as the published `transaction` schema (and the operation's example) shows it. */
export const withdrawalSchema = z.strictObject({
  status: z.literal('CONFIRMED'),
  value: z.number().int().positive(),
  endToEndId: z.string(),
  correlationID: z.string(),
  destinationAlias: z.string(),
});

export const statementEntrySchema = z.strictObject({
  id: z.string(),
  time: z.string(),
  description: z.string(),
  balance: z.number().int().nonnegative(),
  value: z.number().int().positive(),
  type: z.enum(['CREDIT', 'DEBIT']),
  operationType: z.enum(['CREDIT', 'DEBIT', 'TRANSFER_CREDIT', 'TRANSFER_DEBIT', 'WITHDRAWAL']),
});

/**
 * Withdrawals are blocked where the key is one the sandbox's DICT says a payout cannot reach (the
 * documented test keys: not registered, or the holder's bank down): the "invalid or restricted
 * pix key" of the published field.
 */
export function withdrawBlocked(pixKey: string): boolean {
  return simulatedFailureForKey(pixKey) !== undefined;
}

export function serializeSubaccount(row: SubaccountRow): SubaccountJson {
  return { name: row.name, pixKey: row.pix_key, balance: row.balance, withdrawBlocked: withdrawBlocked(row.pix_key) };
}

export function serializeTransferSide(row: SubaccountRow): z.infer<typeof transferSideSchema> {
  return { name: row.name, pixKey: row.pix_key, balance: row.balance };
}

export function serializeWithdrawal(move: SubaccountMoveRow): z.infer<typeof withdrawalSchema> {
  return {
    status: 'CONFIRMED',
    value: move.value,
    endToEndId: move.end_to_end_id!,
    correlationID: move.correlation_id!,
    destinationAlias: move.destination_alias!,
  };
}

/** A statement line: the amount as a positive value, its direction in `type`, the balance after it. */
export function serializeEntry(row: SubaccountEntryRow): z.infer<typeof statementEntrySchema> {
  return {
    id: row.id,
    time: row.created_at,
    description: row.description,
    balance: row.balance_after,
    value: Math.abs(row.amount),
    type: row.amount > 0 ? 'CREDIT' : 'DEBIT',
    operationType: row.operation_type,
  };
}
