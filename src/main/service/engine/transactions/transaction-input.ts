import { z } from 'zod';
import { transactionTypeSchema } from '#shared/service/resources';
import { queryBoolean, rfc3339 } from '../validation';

export const TRANSACTION_TYPES = transactionTypeSchema.options;

const reference = (name: string) =>
  z
    .string()
    .trim()
    .min(1, { error: `${name} must not be empty` })
    .max(255, { error: `${name} is too long (max 255 characters)` });

/** GET /api/v1/transaction filters (paging is parsed apart). */
export const transactionListQuery = z
  .object({
    // The refinement below (start not after end), as the derived document can say it: in words.
    start: rfc3339.optional().meta({ description: 'RFC 3339; not after `end`', 'x-not-after': 'end' }),
    end: rfc3339.optional(),
    charge: reference('charge').optional(),
    pixQrCode: reference('pixQrCode').optional(),
    withdrawal: reference('withdrawal').optional(),
    hasWebhook: queryBoolean.optional(),
    type: z.enum(TRANSACTION_TYPES, { error: `type must be one of ${TRANSACTION_TYPES.join(', ')}` }).optional(),
  })
  .refine((q) => q.start === undefined || q.end === undefined || q.start <= q.end, {
    error: 'start must not be after end',
    path: ['start'],
  });

export type TransactionListQuery = z.output<typeof transactionListQuery>;
