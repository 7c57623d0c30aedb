import { z } from 'zod';
import { isHttpUrl } from '#shared/lib/http-url';
import { parseTaxId } from '#shared/lib/tax-id';
import { HTTP_URL_META } from '../openapi';
import { correlationId } from '../validation';
import { CNPJ_META, CPF_META } from '../customers/customer-input';

// The body of POST /api/v1/kyc/onboarding (OpenAPI KycOnboardingRequest): a CNPJ with or without
// its mask (numeric or alphanumeric), an optional correlationID (default: the CNPJ), an optional
// http(s) redirectUrl and the partners' CPFs with optional names.

/** Bounds that keep one request and one page small; the API documents none. */
export const MAX_REPRESENTATIVES = 20;
export const MAX_NAME_LENGTH = 255;
const MAX_URL_LENGTH = 2048;

/** Text a person types has no control characters: they would only garble the page and the events. */
// eslint-disable-next-line no-control-regex -- matching control characters is this pattern's job
export const CONTROL_CHARACTERS = /[\u0000-\u001f\u007f]/;

const personName = (label: string) =>
  z
    .string({ error: `${label} must be a string` })
    .trim()
    .max(MAX_NAME_LENGTH, { error: `${label} is too long (max ${MAX_NAME_LENGTH} characters)` })
    .refine((s) => !CONTROL_CHARACTERS.test(s), { error: `${label} must not contain control characters` });

const companyTaxId = z
  .string({ error: (issue) => (issue.input === undefined ? 'Required' : 'must be a string with a CNPJ') })
  .max(30, { error: 'Invalid CNPJ' })
  .transform((s, ctx) => {
    const parsed = parseTaxId(s.trim());
    if (parsed?.type !== 'BR:CNPJ') {
      ctx.addIssue({ code: 'custom', message: 'Invalid CNPJ' });
      return z.NEVER;
    }
    return parsed.taxID;
  })
  .meta(CNPJ_META);

const representativeTaxId = z
  .string({ error: (issue) => (issue.input === undefined ? 'Required' : 'must be a string with a CPF') })
  .max(20, { error: 'Invalid CPF' })
  .transform((s, ctx) => {
    const parsed = parseTaxId(s.trim());
    if (parsed?.type !== 'BR:CPF') {
      ctx.addIssue({ code: 'custom', message: 'Invalid CPF' });
      return z.NEVER;
    }
    return parsed.taxID;
  })
  .meta(CPF_META);

const representative = z.object(
  {
    taxID: representativeTaxId,
    name: personName('name').optional(),
  },
  { error: 'each representative must be an object with taxID and name' },
);

export const kycOnboardingBody = z.object({
  taxID: companyTaxId,
  correlationID: correlationId.optional(),
  // null is the response's "no redirect"; a client echoing it back means the same.
  redirectUrl: z
    .string({ error: 'redirectUrl must be a string' })
    .trim()
    .max(MAX_URL_LENGTH, { error: `redirectUrl is too long (max ${MAX_URL_LENGTH} characters)` })
    .refine(isHttpUrl, { error: 'redirectUrl must be an http(s) URL' })
    .meta(HTTP_URL_META)
    .nullable()
    .optional(),
  representatives: z
    .array(representative, { error: 'representatives must be an array' })
    .max(MAX_REPRESENTATIVES, { error: `at most ${MAX_REPRESENTATIVES} representatives` })
    .refine((list) => new Set(list.map((r) => r.taxID)).size === list.length, {
      error: 'a representative CPF appears twice',
    })
    .optional(),
});

export type KycOnboardingInput = z.output<typeof kycOnboardingBody>;
