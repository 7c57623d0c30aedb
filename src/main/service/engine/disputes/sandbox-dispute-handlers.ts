import { z } from 'zod';
import { transactionSchema } from '#shared/service/resources';
import { operation } from '../operation';
import { assertSandbox } from '../sandbox/sandbox-handlers';
import { transactionRepo, type TransactionRow } from '../transactions/transaction-repo';
import { serializeTransaction } from '../transactions/transaction-serializer';
import type { OperationContext } from '../context';
import { idParams, positiveCents } from '../validation';
import { openDispute, resolveDispute } from './dispute-money';
import { disputeSchema, serializeDispute } from './dispute-serializer';

const text = (name: string, max: number) =>
  z
    .string({ error: `${name} must be a string` })
    .trim()
    .min(1, { error: `${name} must not be empty` })
    .max(max, { error: `${name} is too long (max ${max} characters)` });

const openBody = z.object(
  {
    endToEndId: text('endToEndId', 255),
    value: positiveCents('value').optional(),
    reason: text('reason', 500).optional(),
    name: text('name', 140).optional(),
    email: z.email({ error: 'email must be an e-mail address' }).max(254).optional(),
    phoneNumber: z
      .string({ error: 'phoneNumber must be a string' })
      .regex(/^\+?\d{10,15}$/, { error: 'phoneNumber must be 10 to 15 digits, optionally after +' })
      .optional(),
  },
  { error: 'body must be a JSON object with endToEndId' },
);

const resolveBody = z.object(
  { status: z.enum(['ACCEPTED', 'REJECTED', 'CANCELED'], { error: 'status must be ACCEPTED, REJECTED or CANCELED' }) },
  { error: 'body must be a JSON object with status' },
);

function transactionOf(ctx: OperationContext, row: TransactionRow) {
  return serializeTransaction(transactionRepo(ctx.db).findById(ctx.tenant.company.id, row.id)!);
}

/**
 * The payer's side of MED, which the real sandbox does not expose: a payer's bank opens a dispute
 * against a Pix this company received, and the dispute is decided. They exist so every dispute
 * status, its DISPUTE_* webhook and what it does to the balance (dispute-money.ts) can be seen
 * and tested. Sandbox companies only (403 elsewhere); any valid AppID of one may call them.
 */
export const sandboxDisputeOperations = {
  sandboxOpenDispute: operation({
    method: 'POST',
    paths: ['/openpix/testing/dispute'],
    scope: null,
    access: 'write',
    status: 200,
    errors: [403, 404],
    summary: 'Sandbox: a payer opens a MED dispute against a received Pix (the disputed value is blocked)',
    request: { body: openBody },
    response: z.strictObject({ dispute: disputeSchema, transaction: transactionSchema }),
    handler(ctx, { body }) {
      assertSandbox(ctx);
      const { dispute, block } = openDispute(ctx, body);
      return { dispute: serializeDispute(dispute), transaction: transactionOf(ctx, block) };
    },
  }),

  sandboxResolveDispute: operation({
    method: 'POST',
    paths: ['/openpix/testing/dispute/:id/resolve'],
    scope: null,
    access: 'write',
    status: 200,
    errors: [403, 404],
    summary: 'Sandbox: decide a dispute: ACCEPTED returns the money to the payer, REJECTED or CANCELED lifts the block',
    request: { params: idParams, body: resolveBody },
    response: z.strictObject({ dispute: disputeSchema, transaction: transactionSchema.nullable() }),
    handler(ctx, { params, body }) {
      assertSandbox(ctx);
      const { dispute, transaction } = resolveDispute(ctx, params.id, body.status);
      return { dispute: serializeDispute(dispute), transaction: transaction ? transactionOf(ctx, transaction) : null };
    },
  }),
};
