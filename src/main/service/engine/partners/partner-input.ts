import { z } from 'zod';
import { parseTaxId, sanitizeMerchantName, type TaxId, type TaxIdType } from '#lib/pix';
import { EMAIL_MAX_LENGTH, normalizeEmail, normalizePhone } from '../customers/contact';
import { applicationName, scopeList } from '../applications/application-input';
import { CNPJ_META, CPF_META, EMAIL_PATTERN, PHONE_PATTERN, TAX_ID_META } from '../customers/customer-input';

// Input rules of the partner operations. Messages omit the field: the engine prefixes each with
// its path ("user.email: is not a valid e-mail address").

const requiredText = (max: number) =>
  z
    .string({ error: (issue) => (issue.input === undefined ? 'is required' : 'must be a string') })
    .trim()
    // abort: the checks after this one (a BR Code-safe name) would only repeat the problem.
    .min(1, { error: 'is required', abort: true })
    .max(max, { error: `is too long (max ${max} characters)`, abort: true });

const TAX_ID_TYPES = ['BR:CNPJ', 'BR:CPF'] as const;
const label = (type: TaxIdType) => (type === 'BR:CNPJ' ? 'CNPJ' : 'CPF');

/**
 * A `{taxID, type}` object (remote-api-notes §1: partner bodies use the object form), checked
 * against its own type: "Invalid CNPJ" for a CNPJ whose check digits are wrong, as the real
 * service words it. `only` restricts the type (a company's pre-registration is a CNPJ, its user
 * a CPF: service-spec.md "Partner records"). Masks are accepted; the canonical digits are kept.
 */
const TYPE_IS = (type: TaxIdType) => ({ properties: { type: { const: type } }, required: ['type'] });

export function taxIdObject(only?: TaxIdType) {
  return (
    z
      .object(
        {
          taxID: z
            .string({ error: (issue) => (issue.input === undefined ? 'is required' : 'must be a string') })
            .trim()
            .min(1, { error: 'is required' })
            .max(20, { error: 'is too long' })
            .meta(only === 'BR:CPF' ? CPF_META : only === 'BR:CNPJ' ? CNPJ_META : TAX_ID_META),
          type: z.enum(only ? [only] : TAX_ID_TYPES, { error: `must be ${only ?? TAX_ID_TYPES.join(' or ')}` }),
        },
        { error: (issue) => (issue.input === undefined ? 'is required' : 'must be an object {taxID, type}') },
      )
      // The type check below, as the derived document states it: the taxID has its type's shape.
      .meta({
        allOf: [
          { if: TYPE_IS('BR:CPF'), then: { properties: { taxID: { pattern: CPF_META.pattern } } } },
          { if: TYPE_IS('BR:CNPJ'), then: { properties: { taxID: { pattern: CNPJ_META.pattern } } } },
        ],
      })
      .transform((value, ctx): TaxId => {
        const parsed = parseTaxId(value.taxID);
        if (!parsed || parsed.type !== value.type) {
          ctx.addIssue({ code: 'custom', message: `Invalid ${label(value.type)}`, path: ['taxID'] });
          return z.NEVER;
        }
        return parsed;
      })
  );
}

/** A website as partners write it ("examplellc.com" or a full URL). */
const website = z
  .string({ error: 'must be a string' })
  .trim()
  .max(255, { error: 'is too long (max 255 characters)' })
  .regex(/^(https?:\/\/)?([a-z0-9](?:[a-z0-9-]*[a-z0-9])?\.)+[a-z]{2,}(?::\d{1,5})?(\/\S*)?$/i, {
    error: 'must be a website address, e.g. examplellc.com',
  });

/**
 * The company's name becomes the name its BR Codes carry once a partner application creates the
 * company, so it needs letters or digits a BR Code can hold.
 */
const companyName = requiredText(140).refine(
  (name) => {
    try {
      sanitizeMerchantName(name);
      return true;
    } catch {
      return false;
    }
  },
  { error: 'needs letters without accents or digits (a Pix QR code carries only those)' },
);

const email = z
  .string({ error: (issue) => (issue.input === undefined ? 'is required' : 'must be a string') })
  .max(EMAIL_MAX_LENGTH, { error: `is too long (max ${EMAIL_MAX_LENGTH} characters)` })
  .transform((value, ctx) => {
    const normalized = normalizeEmail(value);
    if (normalized === null) {
      ctx.addIssue({ code: 'custom', message: 'is not a valid e-mail address' });
      return z.NEVER;
    }
    return normalized;
  })
  .meta({ pattern: EMAIL_PATTERN });

/** Stored in E.164 (the OpenAPI file: "+5511912345678"). */
const phone = z
  .string({ error: (issue) => (issue.input === undefined ? 'is required' : 'must be a string') })
  .max(30, { error: 'is too long' })
  .transform((value, ctx) => {
    const result = normalizePhone(value);
    if (!result.ok) {
      ctx.addIssue({ code: 'custom', message: result.reason });
      return z.NEVER;
    }
    return result.phone;
  })
  .meta({ pattern: PHONE_PATTERN });

const objectOf = <T extends z.ZodRawShape>(shape: T) =>
  z.object(shape, { error: (issue) => (issue.input === undefined ? 'is required' : 'must be an object') });

/** POST /api/v1/partner/company (the OpenAPI file's PreRegistrationPayloadObject). */
export const preRegistrationBody = z.object({
  preRegistration: objectOf({
    name: companyName,
    website: website.optional(),
    taxID: taxIdObject('BR:CNPJ'),
  }),
  user: objectOf({
    firstName: requiredText(100),
    lastName: requiredText(100),
    email,
    phone,
    taxID: taxIdObject('BR:CPF'),
  }),
});
export type PreRegistrationInput = z.output<typeof preRegistrationBody>;

/** POST /api/v1/partner/application: the types of the OpenAPI file's ApplicationEnumTypePayload. */
export const partnerApplicationBody = z.object({
  application: objectOf({
    name: applicationName,
    type: z.enum(['API', 'PLUGIN', 'ORACLE'], {
      error: (issue) => (issue.input === undefined ? 'is required' : 'must be API, PLUGIN or ORACLE'),
    }),
    scopes: scopeList.optional(),
  }),
  taxID: taxIdObject(),
});

/** GET /api/v1/partner/company/{taxID}: the raw tax ID (a mask is accepted). */
export const taxIdParams = z.object({
  taxID: z
    .string({ error: 'is required' })
    .trim()
    .min(1, { error: 'is required' })
    .max(20, { error: 'is too long' })
    .meta(TAX_ID_META)
    .transform((value, ctx) => {
      const parsed = parseTaxId(value);
      if (!parsed) {
        ctx.addIssue({ code: 'custom', message: 'is not a valid CPF or CNPJ' });
        return z.NEVER;
      }
      return parsed;
    }),
});
