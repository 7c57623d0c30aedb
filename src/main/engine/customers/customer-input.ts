import { z } from 'zod';
import { parseTaxId } from '../pix/tax-id';

// Input rules shared by POST /customer, PATCH /customer and the customer embedded in a charge.

const EMAIL = /^[^\s@]+@[^\s@]+\.[^\s@]+$/;

export const customerName = z
  .string({ error: 'name must be a string' })
  .trim()
  .min(1, { error: 'name is required' })
  .max(140, { error: 'name is too long (max 140 characters)' });

export const customerEmail = z
  .string({ error: 'email must be a string' })
  .trim()
  .max(254, { error: 'email is too long' })
  .regex(EMAIL, { error: 'email is not a valid e-mail address' })
  .transform((s) => s.toLowerCase());

/** Brazilian phone, stored in E.164 (+55…): accepts "11 98765-4321", "5511987654321" or "+5511987654321". */
export const customerPhone = z
  .string({ error: 'phone must be a string' })
  .trim()
  .max(30, { error: 'phone is too long' })
  .transform((s, ctx) => {
    const digits = s.replace(/[\s().-]/g, '');
    const match = /^\+?(\d{10,15})$/.exec(digits);
    if (!match) {
      ctx.addIssue({ code: 'custom', message: 'phone must have 10 to 15 digits' });
      return z.NEVER;
    }
    const number = match[1]!;
    return number.length <= 11 ? `+55${number}` : `+${number}`;
  });

export const customerTaxId = z
  .string({ error: 'taxID must be a string with a CPF or CNPJ' })
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

const addressText = (name: string, max = 140) =>
  z.string({ error: `address.${name} must be a string` }).trim().max(max, { error: `address.${name} is too long` });

export const addressInput = z.object(
  {
    zipcode: addressText('zipcode', 9).regex(/^\d{5}-?\d{3}$/, { error: 'address.zipcode must be a CEP (8 digits)' }).optional(),
    street: addressText('street').optional(),
    number: addressText('number', 20).optional(),
    neighborhood: addressText('neighborhood').optional(),
    city: addressText('city').optional(),
    state: addressText('state', 2).regex(/^[A-Za-z]{2}$/, { error: 'address.state must be a 2-letter UF' }).optional(),
    complement: addressText('complement').optional(),
    country: addressText('country', 60).optional(),
  },
  { error: 'address must be an object' },
);

export type AddressInput = z.output<typeof addressInput>;

/** A customer given inline (charge) or created: name plus at least one of taxID, email, phone. */
export const customerInput = z
  .object(
    {
      name: customerName,
      taxID: customerTaxId.optional(),
      email: customerEmail.optional(),
      phone: customerPhone.optional(),
      correlationID: z.string({ error: 'correlationID must be a string' }).trim().min(1).max(255).optional(),
      address: addressInput.optional(),
    },
    { error: 'customer must be an object' },
  )
  .refine((c) => c.taxID !== undefined || c.email !== undefined || c.phone !== undefined, {
    error: 'customer needs name plus taxID, email or phone',
  });

export type CustomerInput = z.output<typeof customerInput>;
