import { z } from 'zod';
import { customerEmail, customerName, customerPhone, customerTaxId } from '../customers/customer-input';
import { CALENDAR_DAY_PATTERN, correlationId, positiveCents, rfc3339 } from '../validation';
import { saoPauloDayBounds } from '#shared/lib/sao-paulo-time';

// What the invoice operations read, as the OpenAPI file's request bodies name it. Every constraint
// the handlers rely on is stated here, so the derived document shows it.

// ---- The integration's settings ----

/** A tax field: text, "" clears it (stored as null). */
const taxText = (name: string, max = 60) =>
  z
    .string({ error: `${name} must be a string` })
    .trim()
    .max(max, { error: `${name} is too long (max ${max} characters)` });

/** The tax fields POST and PUT share (PUT adds legalNature). */
const taxFields = {
  cityServiceCode: taxText('cityServiceCode').optional(),
  municipalSubscription: taxText('municipalSubscription').optional(),
  rpsNumber: taxText('rpsNumber', 20)
    .regex(/^\d*$/, { error: 'rpsNumber must be digits (the next RPS number)' })
    // The pattern is checked after the trim: as the document states it, spaces around are taken.
    .meta({ pattern: '^\\s*\\d*\\s*$' })
    .optional(),
  specialTax: taxText('specialTax').optional(),
  taxRegime: taxText('taxRegime').optional(),
  federalTaxDetermination: taxText('federalTaxDetermination').optional(),
  municipalTaxDetermination: taxText('municipalTaxDetermination').optional(),
  isPortalNacional: z.boolean({ error: 'isPortalNacional must be true or false' }).optional(),
};

/** POST /api/v1/invoice/integration: the body is optional (a bare POST creates the integration). */
export const integrationUpsertBody = z
  .object(
    { ...taxFields, isActive: z.boolean({ error: 'isActive must be true or false' }).optional() },
    { error: 'body must be a JSON object' },
  )
  // Every field is optional, and a JSON null body is read as no body (objectBody, for every
  // operation): here that is a bare POST, accepted, so the document says null too.
  .meta({ type: ['object', 'null'] });

/** PUT /api/v1/invoice/integration: only the tax fields. */
export const integrationTaxBody = z
  .object({ ...taxFields, legalNature: taxText('legalNature').optional() }, { error: 'body must be a JSON object' })
  // A JSON null body is read as no body (objectBody), which changes nothing here: stated so.
  .meta({ type: ['object', 'null'] });

export type IntegrationTaxInput = z.output<typeof integrationTaxBody>;

/** PATCH /api/v1/invoice/integration. */
export const integrationActiveBody = z.object(
  { isActive: z.boolean({ error: 'isActive is required: true or false' }) },
  { error: 'body must be a JSON object with isActive' },
);

/** Base64 as clients write it: line breaks (MIME encoders wrap at 76) are dropped before the check. */
const BASE64 = /^(?:[A-Za-z0-9+/]{4})*(?:[A-Za-z0-9+/]{2}==|[A-Za-z0-9+/]{3}=)?$/;

/** A real A1 certificate is a few kilobytes; this bounds what the sandbox decodes. */
const MAX_CERTIFICATE_BASE64 = 100_000;

/**
 * POST /api/v1/invoice/integration/certificate. The field is `pcks12` as the OpenAPI file spells
 * it (the format is PKCS#12); `test: true` skips the certificate's check, as the file says.
 */
export const certificateBody = z.object(
  {
    pcks12: z.preprocess(
      (input) => (typeof input === 'string' ? input.replace(/\s+/g, '') : input),
      z
        .string({
          error: (issue) =>
            issue.input === undefined ? 'pcks12 is required' : 'pcks12 must be a base64-encoded string',
        })
        .min(1, { error: 'pcks12 is required' })
        .max(MAX_CERTIFICATE_BASE64, { error: 'pcks12 is too large (max 100000 base64 characters)' })
        .regex(BASE64, { error: 'pcks12 must be a base64-encoded string' }),
    ),
    passphrase: z
      .string({
        error: (issue) => (issue.input === undefined ? 'passphrase is required' : 'passphrase must be a string'),
      })
      .max(256, { error: 'passphrase is too long (max 256 characters)' }),
    test: z.boolean({ error: 'test must be true or false' }).optional(),
  },
  { error: 'body must be a JSON object with pcks12 and passphrase' },
);

// ---- Invoices ----

/**
 * An id naming a record (a charge, a customer, an invoice in the path): some text that is not
 * only blanks, said with a pattern so the derived document states it (a refinement would not be).
 */
const recordId = (name: string) =>
  z
    .string({ error: (issue) => (issue.input === undefined ? `${name} is required` : `${name} must be a string`) })
    .max(255, { error: `${name} is too long (max 255 characters)` })
    .regex(/\S/, { error: `${name} is required` });

const addressText = (name: string, max: number) =>
  z
    .string({
      error: (issue) =>
        issue.input === undefined
          ? `customer.address.${name} is required`
          : `customer.address.${name} must be a string`,
    })
    .trim()
    .min(1, { error: `customer.address.${name} is required` })
    .max(max, { error: `customer.address.${name} is too long (max ${max} characters)` });

/** The tomador's address: the five fields the OpenAPI file requires, plus the optional ones the customer record has. */
const invoiceAddress = z.object(
  {
    country: addressText('country', 60),
    zipcode: addressText('zipcode', 9)
      .regex(/^\d{5}-?\d{3}$/, { error: 'customer.address.zipcode must be a CEP (8 digits, e.g. 01310-100)' })
      .transform((s) => s.replace('-', '')),
    street: addressText('street', 140),
    number: addressText('number', 20),
    state: addressText('state', 2)
      .regex(/^[A-Za-z]{2}$/, { error: 'customer.address.state must be a UF (two letters, e.g. SP)' })
      .transform((s) => s.toUpperCase()),
    neighborhood: addressText('neighborhood', 140).optional(),
    city: addressText('city', 140).optional(),
    complement: addressText('complement', 140).optional(),
  },
  { error: 'customer.address must be an object' },
);

/** The inline customer: every field the OpenAPI file marks required. */
const invoiceCustomer = z.object(
  { taxID: customerTaxId, name: customerName, email: customerEmail, phone: customerPhone, address: invoiceAddress },
  { error: 'customer must be an object' },
);

export type InvoiceCustomerInput = z.output<typeof invoiceCustomer>;

const ONE_OF_MESSAGE = 'send either charge (an invoice for a charge) or value (an invoice for a customer), not both';
const CUSTOMER_MESSAGE = 'customer or customerId is required for an invoice that is not for a charge';
const BOTH_CUSTOMERS_MESSAGE = 'send either customer or customerId, not both';

/**
 * POST /api/v1/invoice. The file's `oneOf`: billingDate and correlationID always, then a charge
 * (the note for that charge: its value, its customer unless one is named) or a value; a value
 * needs a customer, as an existing one (customerId: its correlationID or CPF/CNPJ) or inline.
 */
export const invoiceCreateBody = z
  .object(
    {
      correlationID: correlationId,
      billingDate: rfc3339,
      description: z
        .string({ error: 'description must be a string' })
        .trim()
        .max(2000, { error: 'description is too long (max 2000 characters)' })
        .optional(),
      charge: recordId('charge').optional(),
      value: positiveCents('value').optional(),
      customerId: recordId('customerId').optional(),
      customer: invoiceCustomer.optional(),
    },
    { error: 'body must be a JSON object' },
  )
  .superRefine((body, ctx) => {
    if ((body.charge === undefined) === (body.value === undefined))
      ctx.addIssue({ code: 'custom', message: ONE_OF_MESSAGE });
    if (body.customer !== undefined && body.customerId !== undefined)
      ctx.addIssue({ code: 'custom', message: BOTH_CUSTOMERS_MESSAGE });
    else if (body.value !== undefined && body.customer === undefined && body.customerId === undefined)
      ctx.addIssue({ code: 'custom', message: CUSTOMER_MESSAGE });
  })
  // The checks above, for the derived document (a refinement has no JSON Schema of its own).
  .meta({
    oneOf: [
      { required: ['value'], anyOf: [{ required: ['customer'] }, { required: ['customerId'] }] },
      { required: ['charge'] },
    ],
    not: { required: ['customer', 'customerId'] },
  });

export type InvoiceCreateInput = z.output<typeof invoiceCreateBody>;

/** The create request as stored: a retry must send the same one (keys sorted, so order does not matter). */
export function canonicalInvoiceRequest(body: InvoiceCreateInput): string {
  return JSON.stringify(body, (_key, value: unknown) =>
    value && typeof value === 'object' && !Array.isArray(value)
      ? Object.fromEntries(Object.entries(value).sort(([a], [b]) => a.localeCompare(b)))
      : value,
  );
}

/**
 * A bound of the list: a day (`2021-01-01`, as the OpenAPI file's example writes it, read as São
 * Paulo's calendar day) or an RFC 3339 date-time. `start` takes the day's first instant, `end` the
 * next day's (so `end=2021-01-01` includes that whole day).
 */
// A real calendar day (validation.ts), the pattern the derived document states.
const DAY = new RegExp(CALENDAR_DAY_PATTERN);
const listBound = (edge: 'start' | 'end') =>
  z.union(
    [
      z
        .string()
        .regex(DAY)
        .refine((day) => isCalendarDay(day), { error: `${edge} is not a valid day` })
        .transform((day) => saoPauloDayBounds(day)[edge]),
      rfc3339,
    ],
    { error: `${edge} must be a day (2021-01-01) or an RFC 3339 date-time` },
  );

function isCalendarDay(day: string): boolean {
  const parsed = new Date(`${day}T00:00:00Z`);
  return !Number.isNaN(parsed.getTime()) && parsed.toISOString().startsWith(day);
}

export const invoiceListFilters = { start: listBound('start').optional(), end: listBound('end').optional() };

/** The `{correlationID}` of the invoice paths (the invoice's id is taken as well). */
export const invoiceParams = z.object({ correlationID: recordId('correlationID') });
