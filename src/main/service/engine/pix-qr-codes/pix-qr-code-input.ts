import { z } from 'zod';
import { correlationId, positiveCents } from '../validation';

/** Internal label ("uso interno"): no documented limit, so a storage sanity bound. */
export const NAME_MAX_LENGTH = 255;
/** The comment reaches the payer as infoPagador, which Pix caps at 140 characters. */
export const COMMENT_MAX_LENGTH = 140;
/** The identifier is the static BR Code's txid (62-05): at most 25 letters and digits. */
export const IDENTIFIER_MAX_LENGTH = 25;

/**
 * POST /api/v1/qrcode-static body. As for charges, JSON `null` on an optional field means
 * "not given" (`value: null` is therefore an open amount), so nulls are dropped first.
 */
export const pixQrCodeCreateBody = z.preprocess(
  (body) =>
    body && typeof body === 'object' && !Array.isArray(body)
      ? Object.fromEntries(Object.entries(body).filter(([, v]) => v !== null))
      : body,
  z.object(
    {
      name: z
        .string({ error: 'name is required and must be a string' })
        .trim()
        .min(1, { error: 'name is required' })
        .max(NAME_MAX_LENGTH, { error: `name is too long (max ${NAME_MAX_LENGTH} characters)` }),
      correlationID: correlationId.optional(),
      value: positiveCents('value').optional(),
      comment: z
        .string({ error: 'comment must be a string' })
        .max(COMMENT_MAX_LENGTH, { error: `comment is too long (max ${COMMENT_MAX_LENGTH} characters)` })
        .transform((s) => s.trim())
        .optional(),
      pixKey: z
        .string({ error: 'pixKey must be a string' })
        .trim()
        .min(1, { error: 'pixKey must not be empty' })
        .max(77, { error: 'pixKey is too long (max 77 characters)' })
        .optional(),
      identifier: z
        .string({ error: 'identifier must be a string' })
        .min(1, { error: 'identifier must not be empty' })
        .max(IDENTIFIER_MAX_LENGTH, { error: `identifier is too long (max ${IDENTIFIER_MAX_LENGTH} characters)` })
        .regex(/^[A-Za-z0-9]+$/, { error: 'identifier may hold only letters and digits (no spaces or symbols)' })
        .optional(),
    },
    { error: 'body must be a JSON object' },
  ),
);

export type PixQrCodeCreateInput = z.output<typeof pixQrCodeCreateBody>;
