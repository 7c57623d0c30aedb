import { z } from 'zod';
import { correlationId } from '../validation';
import { parseTaxId } from '#shared/lib/tax-id';
import { STATE_PATTERN, ufOfStateName } from './brazilian-states';
import { EMAIL_MAX_LENGTH, normalizeEmail, normalizePhone } from './contact';

// Input rules shared by POST /customer, PATCH /customer and the customer embedded in a charge.

/** "x is required" when the field is missing, "x must be a string" when it has another type. */
const text = (name: string, what = 'a string') =>
  z.string({ error: (issue) => (issue.input === undefined ? `${name} is required` : `${name} must be ${what}`) });

export const customerName = text('name')
  .trim()
  .min(1, { error: 'name is required' })
  .max(140, { error: 'name is too long (max 140 characters)' });

/**
 * normalizeEmail's rules (#shared/lib/contact) as one pattern, for the derived document: spaces
 * around, one `@`, a local part of 1 to 64 characters without spaces, `<>(),;:"\[]`, a leading or
 * trailing dot or two dots in a row; a domain of dot-separated labels (letters, digits, inner
 * hyphens, up to 63) whose last is 2 to 63 letters; any case.
 */
export const EMAIL_PATTERN =
  '^\\s*(?!\\.)(?![^@]*\\.\\.)[^\\s@<>(),;:"\\\\\\[\\]]{1,64}(?<!\\.)@(?:[A-Za-z0-9](?:[A-Za-z0-9-]{0,61}[A-Za-z0-9])?\\.)+[A-Za-z]{2,63}\\s*$';

export const customerEmail = text('email')
  .max(EMAIL_MAX_LENGTH, { error: `email is too long (max ${EMAIL_MAX_LENGTH} characters)` })
  .transform((s, ctx) => {
    const email = normalizeEmail(s);
    if (email === null) {
      ctx.addIssue({ code: 'custom', message: 'email is not a valid e-mail address' });
      return z.NEVER;
    }
    return email;
  })
  .meta({ pattern: EMAIL_PATTERN, description: 'An e-mail address; stored lower-cased' });

/** A separator normalizePhone ignores, any number of them. */
const SEP = '[\\s().-]*';
const DIGIT = `\\d${SEP}`;
/** A Brazilian national number: area code 11-99 with no zero digit, then 8 digits, or 9 and 8 digits. */
const BR_NATIONAL = `[1-9]${SEP}[1-9]${SEP}(?:9${SEP})?(?:${DIGIT}){8}`;

/**
 * normalizePhone's rules (#shared/lib/contact) as one pattern, for the derived document:
 * separators anywhere; `+` and a country code: 55 and a Brazilian number, or another country's
 * 8 to 15 digits (no leading 0); no `+`: 55 and a Brazilian number, or one with trunk zeros before.
 */
export const PHONE_PATTERN =
  `^${SEP}(?:\\+${SEP}(?:5${SEP}5${SEP}${BR_NATIONAL}|(?:[1-46-9]${SEP}(?:${DIGIT}){7,14}|5${SEP}[0-46-9]${SEP}(?:${DIGIT}){6,13}))` +
  `|5${SEP}5${SEP}${BR_NATIONAL}|(?:0${SEP})*${BR_NATIONAL})$`;

/** Stored in E.164 (+55…): accepts "11 98765-4321", "5511987654321" or "+5511987654321". */
export const customerPhone = text('phone')
  .max(30, { error: 'phone is too long (max 30 characters)' })
  .transform((s, ctx) => {
    const result = normalizePhone(s);
    if (!result.ok) {
      ctx.addIssue({ code: 'custom', message: result.reason });
      return z.NEVER;
    }
    return result.phone;
  })
  // normalizePhone's rules, all of them (PHONE_PATTERN).
  .meta({
    pattern: PHONE_PATTERN,
    description:
      'A phone: Brazilian with its area code (10 or 11 digits, a 9-digit number starting with 9; 55 before them optional), ' +
      'or +country code and 8 to 15 digits; spaces, dashes, dots and parentheses ignored. Stored in E.164 (+5511987654321).',
    'x-format': 'phone-br-or-e164',
  });

/** parseTaxId's shapes (separators . - / and spaces ignored): a CPF's 11 digits; a CNPJ's 12 digits or letters and 2 digits. */
const TAX_SEP = '[.\\-/\\s]*';
const CPF_SHAPE = `(?:\\d${TAX_SEP}){11}`;
const CNPJ_SHAPE = `(?:[0-9A-Za-z]${TAX_SEP}){12}(?:\\d${TAX_SEP}){2}`;

/** What the derived document says of a CPF-or-CNPJ text: its shape; its check digits are described, and named by x-format. */
export const TAX_ID_META = {
  pattern: `^${TAX_SEP}(?:${CPF_SHAPE}|${CNPJ_SHAPE})$`,
  description: 'A CPF (11 digits) or CNPJ (14 characters), with or without its mask; its check digits must be right',
  'x-format': 'br-cpf-or-cnpj',
} as const;

/** The same of a CPF only. */
export const CPF_META = {
  pattern: `^${TAX_SEP}${CPF_SHAPE}$`,
  description: 'A CPF (11 digits), with or without its mask; its check digits must be right',
  'x-format': 'br-cpf',
} as const;

/** The same of a CNPJ only. */
export const CNPJ_META = {
  pattern: `^${TAX_SEP}${CNPJ_SHAPE}$`,
  description: 'A CNPJ (14 characters), with or without its mask; its check digits must be right',
  'x-format': 'br-cnpj',
} as const;

export const customerTaxId = text('taxID', 'a string with a CPF or CNPJ')
  .trim()
  .max(20, { error: 'taxID is too long' })
  .transform((s, ctx) => {
    const parsed = parseTaxId(s);
    if (!parsed) {
      ctx.addIssue({ code: 'custom', message: 'taxID is not a valid CPF or CNPJ' });
      return z.NEVER;
    }
    return parsed;
  })
  // parseTaxId's shape (separators . - / and spaces ignored): 11 digits, or a CNPJ's 12 digits or
  // letters and 2 digits. Its check digits no pattern can say: described, and named by x-format.
  .meta(TAX_ID_META);

// Address fields: an empty string means "no value" (forms send them for blank inputs); on PATCH
// it clears the field. Only non-empty values are held to a format.
const addressText = (name: string, max = 140) =>
  z
    .string({ error: `address.${name} must be a string` })
    .trim()
    .max(max, { error: `address.${name} is too long (max ${max} characters)` });

const STATE_MESSAGE = "address.state must be a UF (e.g. SP) or a Brazilian state's name (e.g. São Paulo)";

/**
 * `state`: two letters, kept uppercase (a UF, as every example writes it; any two letters, as
 * before, since an address abroad has codes of its own), or a Brazilian state's full name with or
 * without accents, in any case. A name is stored, and so answered, as its UF: one state then has
 * one spelling in every answer and every comparison, whichever way a client sent it (the address
 * answer is the same object the request fills, and the OpenAPI file's answers show UFs).
 */
const addressState = addressText('state', 60)
  .transform((s, ctx) => {
    if (s === '' || /^[A-Za-z]{2}$/.test(s)) return s.toUpperCase();
    const uf = ufOfStateName(s);
    if (uf !== undefined) return uf;
    ctx.addIssue({ code: 'custom', message: STATE_MESSAGE });
    return z.NEVER;
  })
  .meta({ pattern: STATE_PATTERN, description: "A UF (two letters, e.g. SP) or a Brazilian state's full name" });

export const addressInput = z.object(
  {
    zipcode: addressText('zipcode', 9)
      .regex(/^(\d{5}-?\d{3})?$/, { error: 'address.zipcode must be a CEP (8 digits, e.g. 01310-100)' })
      .transform((s) => s.replace('-', ''))
      .optional(),
    street: addressText('street').optional(),
    number: addressText('number', 20).optional(),
    neighborhood: addressText('neighborhood').optional(),
    city: addressText('city').optional(),
    state: addressState.optional(),
    complement: addressText('complement').optional(),
    country: addressText('country', 60).optional(),
  },
  { error: 'address must be an object' },
);

export type AddressInput = z.output<typeof addressInput>;

const CONTACT_REQUIRED = 'a customer needs taxID, email or phone besides name';

/** A customer given inline (charge) or created: name plus at least one of taxID, email, phone. */
export const customerInput = z
  .object(
    {
      name: customerName,
      taxID: customerTaxId.optional(),
      email: customerEmail.optional(),
      phone: customerPhone.optional(),
      correlationID: correlationId.optional(),
      address: addressInput.optional(),
    },
    { error: 'customer must be an object' },
  )
  .refine((c) => c.taxID !== undefined || c.email !== undefined || c.phone !== undefined, { error: CONTACT_REQUIRED })
  // The refinement, as the derived document states it (a charge's and a subscription's customer too).
  .meta({ anyOf: [{ required: ['taxID'] }, { required: ['email'] }, { required: ['phone'] }] });

export type CustomerInput = z.output<typeof customerInput>;

const CHANGED_FIELDS = ['name', 'email', 'phone', 'taxID'] as const;
const ADDRESS_FIELDS = Object.keys(addressInput.shape);

/** PATCH /customer/:correlationID: only the fields to change, at least one of them. */
export const customerPatchInput = z
  .object(
    {
      name: customerName.optional(),
      taxID: customerTaxId.optional(),
      email: customerEmail.optional(),
      phone: customerPhone.optional(),
      // Accepted only so a client echoing the record back is not refused; it cannot change.
      correlationID: correlationId.optional(),
      address: addressInput.optional(),
    },
    { error: 'body must be an object' },
  )
  .refine(
    (patch) =>
      CHANGED_FIELDS.some((field) => patch[field] !== undefined) ||
      (patch.address !== undefined && ADDRESS_FIELDS.some((field) => patch.address![field as never] !== undefined)),
    { error: 'send at least one of name, email, phone, taxID or address to update' },
  )
  // The refinement, as the derived document states it: one of the fields, or an address naming
  // one of its own (unknown address fields are dropped, so they change nothing).
  .meta({
    anyOf: [
      ...CHANGED_FIELDS.map((field) => ({ required: [field] })),
      {
        required: ['address'],
        properties: { address: { type: 'object', anyOf: ADDRESS_FIELDS.map((field) => ({ required: [field] })) } },
      },
    ],
  });

export type CustomerPatchInput = z.output<typeof customerPatchInput>;
