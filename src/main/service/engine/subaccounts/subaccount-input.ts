import { z } from 'zod';
import { normalizePixKey, type PixKeyType } from '#lib/pix';
import { pageQuery } from '../pagination';
import { correlationId, positiveCents, rfc3339 } from '../validation';

/** The published enum of the transfer's key types; RANDOM is the API's name for an EVP key. */
export const SUBACCOUNT_KEY_TYPES = ['CPF', 'CNPJ', 'EMAIL', 'PHONE', 'RANDOM'] as const;

/**
 * A subaccount's Pix key, as any client writes it (`Sub@Example.com`, a masked CPF), read into
 * its canonical form: the one stored, so every spelling names the same subaccount.
 */
export const subaccountPixKey = (label: string) =>
  z
    .string({ error: `${label} must be a Pix key string` })
    .trim()
    .min(1, { error: `${label} is required` })
    .max(77, { error: `${label} is too long (max 77 characters)` })
    .transform((key, ctx): { key: string; type: PixKeyType } => {
      const normalized = normalizePixKey(key);
      if (normalized) return normalized;
      ctx.addIssue({ code: 'custom', message: `${label} is not a valid Pix key (CPF, CNPJ, e-mail, phone or EVP)` });
      return z.NEVER;
    });

const description = z
  .string({ error: 'description must be a string' })
  .max(140, { error: 'description is too long (max 140 characters)' })
  .optional();

export const createSubaccountBody = z.object(
  {
    pixKey: subaccountPixKey('pixKey'),
    name: z
      .string({ error: 'name is required' })
      .trim()
      .min(1, { error: 'name is required' })
      .max(100, { error: 'name is too long (max 100 characters)' }),
  },
  { error: 'body must be a JSON object with pixKey and name' },
);

/** Credit (main account → subaccount) and debit (subaccount → main account). */
export const moveBody = z.object(
  { value: positiveCents('value'), description },
  { error: 'body must be a JSON object with value' },
);

/**
 * A withdrawal: the whole balance, or `value` for a partial one. `correlationID` is the sandbox's
 * addition (the published body has none): a retry with the same one withdraws once.
 */
export const withdrawBody = z.object(
  { value: positiveCents('value').optional(), correlationID: correlationId.optional() },
  { error: 'body must be a JSON object' },
);

export const subaccountTransferBody = z
  .object(
    {
      value: positiveCents('value'),
      fromPixKey: z
        .string({ error: 'fromPixKey is required' })
        .trim()
        .min(1, { error: 'fromPixKey is required' })
        .max(77),
      fromPixKeyType: z.enum(SUBACCOUNT_KEY_TYPES, {
        error: 'fromPixKeyType must be CPF, CNPJ, EMAIL, PHONE or RANDOM',
      }),
      toPixKey: z.string({ error: 'toPixKey is required' }).trim().min(1, { error: 'toPixKey is required' }).max(77),
      toPixKeyType: z.enum(SUBACCOUNT_KEY_TYPES, { error: 'toPixKeyType must be CPF, CNPJ, EMAIL, PHONE or RANDOM' }),
      correlationID: correlationId.optional(),
    },
    { error: 'body must be a JSON object' },
  )
  .transform((body, ctx) => {
    // Each key is read as the type the client names: "11 digits" is a CPF or a phone by its type.
    const from = normalizePixKey(body.fromPixKey, body.fromPixKeyType);
    const to = normalizePixKey(body.toPixKey, body.toPixKeyType);
    if (!from)
      ctx.addIssue({ code: 'custom', path: ['fromPixKey'], message: `is not a valid ${body.fromPixKeyType} Pix key` });
    if (!to)
      ctx.addIssue({ code: 'custom', path: ['toPixKey'], message: `is not a valid ${body.toPixKeyType} Pix key` });
    if (!from || !to) return z.NEVER;
    if (from.key === to.key) {
      ctx.addIssue({ code: 'custom', path: ['toPixKey'], message: 'must be another subaccount than fromPixKey' });
      return z.NEVER;
    }
    return { value: body.value, from: from.key, to: to.key, correlationID: body.correlationID };
  });

export const statementQuery = pageQuery.extend({ start: rfc3339.optional(), end: rfc3339.optional() });
