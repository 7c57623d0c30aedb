import { z } from 'zod';
import { transactionSchema } from '#shared/service/resources';
import { accountRepo } from '../accounts/account-repo';
import { accountSchema, serializeAccount } from '../accounts/account-serializer';
import type { OperationContext } from '../context';
import { badRequest, unknownRecord } from '../errors';
import { newTransactionId } from '../ids';
import { newReturnId } from '#lib/pix';
import { ledger, type LedgerBucket } from '../ledger/ledger';
import { operation } from '../operation';
import { paymentRepo } from '../payments/payment-repo';
import { routeOf } from '../payments/payment-serializer';
import { bookTransaction } from '../transactions/book-transaction';
import { transactionRepo } from '../transactions/transaction-repo';
import { serializeTransaction } from '../transactions/transaction-serializer';
import { correlationId, positiveCents } from '../validation';
import { assertSandbox } from './sandbox-handlers';

export const BALANCE_EVENTS = {
  blocked: 'BALANCE_BLOCKED',
  unblocked: 'BALANCE_UNBLOCKED',
  reversed: 'PIX_OUT_REVERSED',
} as const;

const blockBody = z.object(
  {
    value: positiveCents('value'),
    reason: z.enum(['SECURITY', 'WITHDRAW_SAFETY'], { error: 'reason must be SECURITY or WITHDRAW_SAFETY' }),
  },
  { error: 'body must be a JSON object with value and reason' },
);

const BUCKET: Record<'SECURITY' | 'WITHDRAW_SAFETY', Extract<LedgerBucket, 'security' | 'withdraw_safety'>> = {
  SECURITY: 'security',
  WITHDRAW_SAFETY: 'withdraw_safety',
};

const balanceMoved = z.strictObject({ transaction: transactionSchema, account: accountSchema });

/**
 * Books a BALANCE_BLOCK or BALANCE_UNBLOCK transaction and its ledger entry on the application's
 * account; these move money between buckets, never in or out, so they carry no Pix end-to-end id.
 */
function moveBlock(ctx: OperationContext, kind: 'BALANCE_BLOCK' | 'BALANCE_UNBLOCK', body: z.output<typeof blockBody>) {
  assertSandbox(ctx);
  const { company, account } = ctx.tenant;
  const at = ctx.now.toISOString();
  return ctx.db
    .transaction(() => {
      const row = bookTransaction(ctx.db, {
        company_id: company.id,
        account_id: account.id,
        type: kind,
        value: body.value,
        end_to_end_id: `${kind === 'BALANCE_BLOCK' ? 'BLK' : 'UBK'}${newTransactionId()}`,
        time: at,
        info_pagador: body.reason === 'SECURITY' ? 'Bloqueio de segurança' : 'Bloqueio de segurança de saque',
      });
      const ref = { companyId: company.id, accountId: account.id };
      const cause = { kind, transactionId: row.id, at };
      const moved =
        kind === 'BALANCE_BLOCK'
          ? ledger(ctx.db).block(ref, BUCKET[body.reason], body.value, cause)
          : ledger(ctx.db).unblock(ref, BUCKET[body.reason], body.value, cause);
      if (!moved) {
        throw badRequest(
          kind === 'BALANCE_BLOCK'
            ? 'Account does not have enough available balance to block'
            : `Less than ${body.value} cents is blocked for ${body.reason}`,
        );
      }
      const transaction = serializeTransaction(transactionRepo(ctx.db).findById(company.id, row.id)!);
      const result = {
        transaction,
        account: serializeAccount(company, accountRepo(ctx.db).find(company.id, account.id)!),
      };
      ctx.emit(kind === 'BALANCE_BLOCK' ? BALANCE_EVENTS.blocked : BALANCE_EVENTS.unblocked, result);
      return result;
    })
    .immediate();
}

/**
 * The sandbox's stand-ins for what the service's own people and partners do to a balance: block
 * money (security review, withdrawal safety), lift a block, and a receiving bank returning a Pix
 * out. They exist so every transaction type the ledger produces can be reached in a test.
 */
export const sandboxBalanceOperations = {
  sandboxBlockBalance: operation({
    method: 'POST',
    paths: ['/openpix/testing/balance/block'],
    scope: null,
    access: 'write',
    status: 200,
    summary: 'Sandbox: block part of the available balance (SECURITY or WITHDRAW_SAFETY)',
    request: { body: blockBody },
    response: balanceMoved,
    handler: (ctx, { body }) => moveBlock(ctx, 'BALANCE_BLOCK', body),
  }),

  sandboxUnblockBalance: operation({
    method: 'POST',
    paths: ['/openpix/testing/balance/unblock'],
    scope: null,
    access: 'write',
    status: 200,
    summary: 'Sandbox: lift (part of) a block',
    request: { body: blockBody },
    response: balanceMoved,
    handler: (ctx, { body }) => moveBlock(ctx, 'BALANCE_UNBLOCK', body),
  }),

  sandboxReversePayment: operation({
    method: 'POST',
    paths: ['/openpix/testing/payment/reverse'],
    scope: null,
    access: 'write',
    status: 200,
    summary: "Sandbox: the receiver's bank returns (part of) a confirmed Pix out, booked as a REVERSAL",
    request: {
      body: z.object(
        { correlationID: correlationId, value: positiveCents('value').optional() },
        { error: 'body must be a JSON object with correlationID' },
      ),
    },
    response: balanceMoved,
    handler(ctx, { body }) {
      assertSandbox(ctx);
      const { company } = ctx.tenant;
      const at = ctx.now.toISOString();
      return ctx.db
        .transaction(() => {
          const payment = paymentRepo(ctx.db).findByCorrelationId(company.id, body.correlationID);
          if (!payment) throw unknownRecord('Payment not found');
          if (payment.status !== 'CONFIRMED' || payment.transaction_id === null)
            throw badRequest('Only a CONFIRMED payment can be reversed');
          if (routeOf(payment).internal) {
            throw badRequest(
              'A Pix out delivered inside this service is returned by its receiver with a refund, not reversed by the sandbox',
            );
          }
          const reversed = ctx.db
            .prepare<[string, string], { total: number }>(
              "SELECT COALESCE(SUM(value), 0) AS total FROM transactions WHERE company_id = ? AND original_transaction_id = ? AND type = 'REVERSAL'",
            )
            .get(company.id, payment.transaction_id)!.total;
          const value = body.value ?? payment.value - reversed;
          if (value <= 0 || reversed + value > payment.value) {
            throw badRequest(`At most ${payment.value - reversed} cents of this payment can still be reversed`);
          }
          const original = transactionRepo(ctx.db).findById(company.id, payment.transaction_id)!;
          const row = bookTransaction(ctx.db, {
            company_id: company.id,
            account_id: payment.account_id,
            type: 'REVERSAL',
            value,
            // The returning bank signs the return id (D…), as the SPI has it for a devolução.
            end_to_end_id: newReturnId(
              /^\d{8}$/.test(routeOf(payment).destination.bank.ispb)
                ? routeOf(payment).destination.bank.ispb
                : ctx.tenant.account.ispb,
              ctx.now,
            ),
            original_transaction_id: original.id,
            payment_id: payment.id,
            time: at,
            info_pagador: 'Devolução recebida',
          });
          ledger(ctx.db).credit({ companyId: company.id, accountId: payment.account_id }, value, {
            kind: 'REVERSAL',
            transactionId: row.id,
            causeId: payment.id,
            at,
          });
          const transaction = serializeTransaction(transactionRepo(ctx.db).findById(company.id, row.id)!);
          const result = {
            transaction,
            account: serializeAccount(company, accountRepo(ctx.db).find(company.id, payment.account_id)!),
          };
          ctx.emit(BALANCE_EVENTS.reversed, result);
          return result;
        })
        .immediate();
    },
  }),
};
