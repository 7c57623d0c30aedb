import { z } from 'zod';
import { normalizePixKey, newEndToEndId } from '#lib/pix';
import { pageInfoSchema } from '#shared/service/resources';
import type { OperationContext } from '../context';
import { badRequest, unknownRecord } from '../errors';
import { newObjectId, newUuid } from '../ids';
import { operation, type AnyOperation } from '../operation';
import { pageOf, pageQuery } from '../pagination';
import { idParams } from '../validation';
import {
  createSubaccountBody,
  moveBody,
  statementQuery,
  subaccountTransferBody,
  withdrawBody,
} from './subaccount-input';
import {
  creditFromAccount,
  debitToAccount,
  NOT_ENOUGH_BALANCE,
  transferBetween,
  withdrawToKey,
} from './subaccount-ledger';
import { subaccountRepo, type SubaccountMoveRow, type SubaccountRow } from './subaccount-repo';
import {
  serializeEntry,
  serializeSubaccount,
  serializeTransferSide,
  serializeWithdrawal,
  statementEntrySchema,
  subaccountSchema,
  transferSideSchema,
  withdrawalSchema,
  withdrawBlocked,
} from './subaccount-serializer';

// Subaccounts (OpenAPI tag "subaccount"): a company's virtual accounts, each named by the Pix key
// its withdrawals go to, with a balance kept in a ledger of its own (subaccount-ledger.ts). Money
// reaches one from a charge's split when the charge is paid (charge-splits.ts) or by a credit from
// the main account; it leaves by a debit back to the main account, a transfer to another
// subaccount of the company, or a withdrawal to its key. The document names no webhook event for
// any of these, so none is sent.
//
// Every path id is the subaccount's Pix key, read in its canonical form. The document answers an
// unknown key with 400 "Subaccount not found: <key>"; another company's subaccount is exactly that
// (keys are unique per company: two companies may hold the same seller's key, each its own).
// The document's 403 ("This feature is not enabled for your company") is not given: every
// sandbox company has subaccounts.

/** The documented refusal of a move out of an empty subaccount (debit's ZeroBalance example). */
const ZERO_BALANCE = 'Transfer just work with subaccount with balance';

/** The caller's live subaccount with this key, any spelling; another company's is not found. */
export function findSubaccount(ctx: OperationContext, pixKey: string): SubaccountRow | undefined {
  const key = normalizePixKey(pixKey)?.key ?? pixKey.trim();
  return subaccountRepo(ctx.db).findByKey(ctx.tenant.company.id, key);
}

function requireSubaccount(ctx: OperationContext, pixKey: string): SubaccountRow {
  const row = findSubaccount(ctx, pixKey);
  if (!row) throw unknownRecord(`Subaccount not found: ${pixKey}`);
  return row;
}

/** Re-read after a move, for the balance the answer shows. */
function reread(ctx: OperationContext, row: SubaccountRow): SubaccountRow {
  return subaccountRepo(ctx.db).findById(ctx.tenant.company.id, row.id)!;
}

/** Refuses a move out of a subaccount that holds nothing (its own message) or too little. */
function requireBalance(row: SubaccountRow, value: number): void {
  if (row.balance === 0) throw badRequest(ZERO_BALANCE);
  if (row.balance < value) throw badRequest(NOT_ENOUGH_BALANCE);
}

/**
 * A move retried with its correlationID: the same request answers the move already made; the
 * same id on another request is refused rather than taken for it.
 */
function earlierMove(
  ctx: OperationContext,
  kind: SubaccountMoveRow['kind'],
  correlationID: string | undefined,
  request: string,
): SubaccountMoveRow | undefined {
  if (correlationID === undefined) return undefined;
  const move = subaccountRepo(ctx.db).moveByCorrelation(ctx.tenant.company.id, kind, correlationID);
  if (move && move.request !== request)
    throw badRequest(`correlationID ${correlationID} was already used by another ${kind.toLowerCase()}`);
  return move;
}

const subaccountBody = z.strictObject({ SubAccount: subaccountSchema });
const pixKeyParams = idParams.describe('The Pix key registered to the subaccount');

const moveAnswer = z.strictObject({
  pixKey: z.string(),
  value: z.number().int().positive(),
  description: z.string().optional(),
  success: z.string(),
});

function moveAnswerOf(row: SubaccountRow, value: number, description: string | undefined, verb: string) {
  const answer: z.input<typeof moveAnswer> = {
    pixKey: row.pix_key,
    value,
    // The document's own wording for both credit and debit.
    success: `Sub-account withdrawal has been successfully ${verb}, ${value}`,
  };
  if (description !== undefined) answer.description = description;
  return answer;
}

export const subaccountOperations = {
  listSubaccounts: operation({
    method: 'GET',
    paths: ['/api/v1/subaccount'],
    // The operation lists no `security`; SUBACCOUNT_GET_LIST is the scope the document names for it.
    scope: 'SUBACCOUNT_GET_LIST',
    access: 'read',
    status: 200,
    summary: "The company's subaccounts with their balances, newest first",
    request: { query: pageQuery },
    // `subAccounts` is the key of the document's example and of the Node SDK's typing; its schema
    // says `subaccounts`. Both carry the list, so a client written either way finds it.
    response: z.strictObject({
      subAccounts: z.array(subaccountSchema),
      subaccounts: z.array(subaccountSchema),
      pageInfo: pageInfoSchema,
    }),
    handler(ctx, { query }) {
      const repo = subaccountRepo(ctx.db);
      const companyId = ctx.tenant.company.id;
      const page = pageOf(repo.list(companyId, query.skip, query.limit), query, () => repo.count(companyId));
      const items = page.items.map(serializeSubaccount);
      return { subAccounts: items, subaccounts: items, pageInfo: page.pageInfo };
    },
  }),

  createSubaccount: operation({
    method: 'POST',
    paths: ['/api/v1/subaccount'],
    // The operation lists no `security`; SUBACCOUNT_POST is the scope the document names for it.
    scope: 'SUBACCOUNT_POST',
    access: 'write',
    status: 200,
    summary: 'Create a subaccount for a Pix key, or answer the existing one with that key (unchanged)',
    request: { body: createSubaccountBody },
    response: subaccountBody,
    handler(ctx, { body }) {
      const repo = subaccountRepo(ctx.db);
      const companyId = ctx.tenant.company.id;
      return ctx.db.transaction(() => {
        // "Data to create a new subAccount or retrieve existing one": the same key is the same subaccount.
        const existing = repo.findByKey(companyId, body.pixKey.key);
        if (existing) return { SubAccount: serializeSubaccount(existing) };
        const at = ctx.now.toISOString();
        const id = newObjectId();
        repo.insert({
          id,
          company_id: companyId,
          pix_key: body.pixKey.key,
          pix_key_type: body.pixKey.type,
          name: body.name,
          created_at: at,
          updated_at: at,
        });
        return { SubAccount: serializeSubaccount(repo.findById(companyId, id)!) };
      })();
    },
  }),

  getSubaccount: operation({
    method: 'GET',
    paths: ['/api/v1/subaccount/:id'],
    scope: 'SUBACCOUNT_GET',
    access: 'read',
    status: 200,
    summary: 'A subaccount and its balance, by its Pix key',
    request: { params: pixKeyParams },
    response: subaccountBody,
    handler: (ctx, { params }) => ({ SubAccount: serializeSubaccount(requireSubaccount(ctx, params.id)) }),
  }),

  deleteSubaccount: operation({
    method: 'DELETE',
    paths: ['/api/v1/subaccount/:id'],
    scope: 'SUBACCOUNT_DELETE',
    access: 'write',
    status: 200,
    summary: 'Delete a subaccount with a zero balance; its statement stays on record and its key is free again',
    request: { params: pixKeyParams },
    response: z.strictObject({ status: z.literal('OK'), pixKey: z.string() }),
    handler(ctx, { params }) {
      return ctx.db.transaction(() => {
        const row = requireSubaccount(ctx, params.id);
        // "Deletes a Sub Account if it has no remaining balance" (the NonZeroBalance example).
        if (!subaccountRepo(ctx.db).softDelete(ctx.tenant.company.id, row.id, ctx.now.toISOString()))
          throw badRequest('Only subaccount without balance can be removed');
        return { status: 'OK' as const, pixKey: row.pix_key };
      })();
    },
  }),

  creditSubaccount: operation({
    method: 'POST',
    paths: ['/api/v1/subaccount/:id/credit'],
    scope: 'SUBACCOUNT_CREDIT_POST',
    access: 'write',
    status: 200,
    summary:
      "Move money from the caller's account to the subaccount; refused when the account's available balance does not cover it",
    request: { params: pixKeyParams, body: moveBody },
    response: moveAnswer,
    handler(ctx, { params, body }) {
      return ctx.db.transaction(() => {
        const row = requireSubaccount(ctx, params.id);
        const account = ctx.tenant.account;
        creditFromAccount(
          ctx.db,
          row,
          { companyId: ctx.tenant.company.id, accountId: account.id },
          moveOf(ctx, 'CREDIT', body.value, {
            to_subaccount_id: row.id,
            account_id: account.id,
            description: body.description ?? null,
          }),
          body.description ?? 'Credit from the main account',
          ctx.now.toISOString(),
        );
        return moveAnswerOf(row, body.value, body.description, 'credited');
      })();
    },
  }),

  debitSubaccount: operation({
    method: 'POST',
    paths: ['/api/v1/subaccount/:id/debit'],
    scope: 'SUBACCOUNT_DEBIT_POST',
    access: 'write',
    status: 200,
    summary: "Move money from the subaccount back to the caller's account; refused beyond the subaccount's balance",
    request: { params: pixKeyParams, body: moveBody },
    response: moveAnswer,
    handler(ctx, { params, body }) {
      return ctx.db.transaction(() => {
        const row = requireSubaccount(ctx, params.id);
        requireBalance(row, body.value);
        const account = ctx.tenant.account;
        debitToAccount(
          ctx.db,
          row,
          { companyId: ctx.tenant.company.id, accountId: account.id },
          moveOf(ctx, 'DEBIT', body.value, {
            from_subaccount_id: row.id,
            account_id: account.id,
            description: body.description ?? null,
          }),
          body.description ?? 'Debit to the main account',
          ctx.now.toISOString(),
        );
        return moveAnswerOf(row, body.value, body.description, 'debited');
      })();
    },
  }),

  withdrawSubaccount: operation({
    method: 'POST',
    paths: ['/api/v1/subaccount/:id/withdraw'],
    scope: 'SUBACCOUNT_WITHDRAW_POST',
    access: 'write',
    status: 200,
    summary:
      "Pay the subaccount's balance (or `value` of it) out to its Pix key; a retry with the same correlationID withdraws once",
    request: { params: pixKeyParams, body: withdrawBody },
    // The document's schema says `{withdraw: {account: transaction}}`, its example `{transaction}`:
    // both are answered, the same withdrawal in each.
    response: z.strictObject({
      withdraw: z.strictObject({ account: withdrawalSchema }),
      transaction: withdrawalSchema,
    }),
    handler(ctx, { params, body }) {
      return ctx.db.transaction(() => {
        const row = requireSubaccount(ctx, params.id);
        const request = JSON.stringify({ subaccount: row.id, value: body.value ?? null });
        const earlier = earlierMove(ctx, 'WITHDRAWAL', body.correlationID, request);
        if (earlier) {
          const withdrawal = serializeWithdrawal(earlier);
          return { withdraw: { account: withdrawal }, transaction: withdrawal };
        }
        if (withdrawBlocked(row.pix_key))
          throw badRequest(
            `Withdrawals are blocked for this subaccount: its Pix key ${row.pix_key} cannot receive a Pix`,
          );
        const value = body.value ?? row.balance;
        requireBalance(row, value);
        const move = withdrawToKey(
          ctx.db,
          row,
          moveOf(ctx, 'WITHDRAWAL', value, {
            correlation_id: body.correlationID ?? newUuid(),
            from_subaccount_id: row.id,
            end_to_end_id: newEndToEndId(ctx.tenant.account.ispb, ctx.now),
            destination_alias: row.pix_key,
            request,
          }),
          ctx.now.toISOString(),
        );
        const withdrawal = serializeWithdrawal(move);
        return { withdraw: { account: withdrawal }, transaction: withdrawal };
      })();
    },
  }),

  transferBetweenSubaccounts: operation({
    method: 'POST',
    paths: ['/api/v1/subaccount/transfer'],
    scope: 'SUBACCOUNT_TRANSFER_POST',
    access: 'write',
    status: 200,
    summary:
      "Move money between two subaccounts of the company; refused beyond the origin's balance; a retry with the same correlationID moves it once",
    request: { body: subaccountTransferBody },
    response: z.strictObject({
      value: z.number().int().positive(),
      destinationSubaccount: transferSideSchema,
      originSubaccount: transferSideSchema,
    }),
    handler(ctx, { body }) {
      return ctx.db.transaction(() => {
        const from = requireSubaccount(ctx, body.from);
        const to = requireSubaccount(ctx, body.to);
        const request = JSON.stringify({ from: from.id, to: to.id, value: body.value });
        if (!earlierMove(ctx, 'TRANSFER', body.correlationID, request)) {
          requireBalance(from, body.value);
          transferBetween(
            ctx.db,
            from,
            to,
            moveOf(ctx, 'TRANSFER', body.value, {
              correlation_id: body.correlationID ?? null,
              from_subaccount_id: from.id,
              to_subaccount_id: to.id,
              request,
            }),
            ctx.now.toISOString(),
          );
        }
        return {
          value: body.value,
          destinationSubaccount: serializeTransferSide(reread(ctx, to)),
          originSubaccount: serializeTransferSide(reread(ctx, from)),
        };
      })();
    },
  }),

  getSubaccountStatement: operation({
    method: 'GET',
    paths: ['/api/v1/subaccount/:id/statement'],
    // No `security` on the operation and no name in the scopes list; its x-required-scope names this one.
    scope: 'SUBACCOUNT_STATEMENT_GET',
    access: 'read',
    status: 200,
    summary: "The subaccount's ledger entries, newest first, each with the balance after it",
    request: { params: pixKeyParams, query: statementQuery },
    response: z.array(statementEntrySchema),
    handler(ctx, { params, query }) {
      const row = requireSubaccount(ctx, params.id);
      return subaccountRepo(ctx.db)
        .entries(
          ctx.tenant.company.id,
          { subaccountId: row.id, start: query.start, end: query.end },
          query.skip,
          query.limit,
        )
        .map(serializeEntry);
    },
  }),
} satisfies Record<string, AnyOperation>;

/** A new move of the caller's company, the fields its kind does not use left empty. */
function moveOf(
  ctx: OperationContext,
  kind: SubaccountMoveRow['kind'],
  value: number,
  fields: Partial<Omit<SubaccountMoveRow, 'id' | 'company_id' | 'kind' | 'value' | 'created_at'>>,
): Omit<SubaccountMoveRow, 'id' | 'created_at'> {
  return {
    company_id: ctx.tenant.company.id,
    kind,
    value,
    correlation_id: null,
    from_subaccount_id: null,
    to_subaccount_id: null,
    account_id: null,
    charge_id: null,
    end_to_end_id: null,
    destination_alias: null,
    description: null,
    request: null,
    ...fields,
  };
}
