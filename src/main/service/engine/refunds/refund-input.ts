import { z } from 'zod';
import { correlationId, positiveCents } from '../validation';

/** pacs.004 RmtInf holds 140 characters; the spec caps the refund comment there too. */
export const REFUND_COMMENT_MAX_LENGTH = 140;

const comment = z
  .string({ error: 'comment must be a string' })
  .max(REFUND_COMMENT_MAX_LENGTH, { error: `comment is too long (max ${REFUND_COMMENT_MAX_LENGTH} characters)` });

// JSON null on an optional field means "not given", as in the charge body.
const dropNulls = (body: unknown) =>
  body && typeof body === 'object' && !Array.isArray(body)
    ? Object.fromEntries(Object.entries(body).filter(([, v]) => v !== null))
    : body;

/** POST /api/v1/refund. */
export const refundCreateBody = z.preprocess(
  dropNulls,
  z.object({
    value: positiveCents('value'),
    transactionEndToEndId: z
      .string({ error: 'transactionEndToEndId must be a string (the transaction endToEndId or id)' })
      .trim()
      .min(1, { error: 'transactionEndToEndId is required' })
      .max(255, { error: 'transactionEndToEndId is too long (max 255 characters)' }),
    correlationID: correlationId,
    comment: comment.optional(),
  }),
);

/** POST /api/v1/charge/:id/refund: without `value` the whole remaining amount is refunded. */
export const chargeRefundCreateBody = z.preprocess(
  dropNulls,
  z.object({
    correlationID: correlationId,
    value: positiveCents('value').optional(),
    comment: comment.optional(),
  }),
);

export type RefundCreateInput = z.output<typeof refundCreateBody>;
export type ChargeRefundCreateInput = z.output<typeof chargeRefundCreateBody>;
