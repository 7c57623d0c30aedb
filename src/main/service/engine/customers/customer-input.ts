import { z } from 'zod';
import { correlationId } from '../validation';
import { parseTaxId } from '#shared/lib/tax-id';
import { ufOfStateName } from './brazilian-states';
import { EMAIL_MAX_LENGTH, normalizeEmail, normalizePhone } from './contact';

// Input rules shared by POST /customer, PATCH /customer and the customer embedded in a charge.

/** "x is required" when the field is missing, "x must be a string" when it has another type. */
const text = (name: string, what = 'a string') =>
  z.string({ error: (issue) => (issue.input === undefined ? `${name} is required` : `${name} must be ${what}`) });

export const customerName = text('name')
  .trim()
  .min(1, { error: 'name is required' })
  .max(140, { error: 'name is too long (max 140 characters)' });

export const customerEmail = text('email')
  .max(EMAIL_MAX_LENGTH, { error: `email is too long (max ${EMAIL_MAX_LENGTH} characters)` })
  .transform((s, ctx) => {
    const email = normalizeEmail(s);
    if (email === null) {
      ctx.addIssue({ code: 'custom', message: 'email is not a valid e-mail address' });
      return z.NEVER;
    }
    return email;
  });

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
  });

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
  });

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
const addressState = addressText('state', 60).transform((s, ctx) => {
  if (s === '' || /^[A-Za-z]{2}$/.test(s)) return s.toUpperCase();
  const uf = ufOfStateName(s);
  if (uf !== undefined) return uf;
  ctx.addIssue({ code: 'custom', message: STATE_MESSAGE });
  return z.NEVER;
});

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
  .refine((c) => c.taxID !== undefined || c.email !== undefined || c.phone !== undefined, { error: CONTACT_REQUIRED });

export type CustomerInput = z.output<typeof customerInput>;

/** PATCH /customer/:correlationID: only the fields to change. */
export const customerPatchInput = z.object(
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
);

export type CustomerPatchInput = z.output<typeof customerPatchInput>;
