import { z } from 'zod';
import { customerInput } from '../customers/customer-input';
import { additionalInfoInput } from './additional-info-input';
import { discountSchema, finesSchema, interestsSchema } from '../money/overdue-terms';
import { validatePixKey } from '#lib/pix';
import { CALENDAR_DAY, correlationId, positiveCents, queryBoolean } from '../validation';

/** Ten years: long enough for any real charge, short enough to keep dates sane. */
const MAX_EXPIRES_IN_SECONDS = 10 * 365 * 24 * 3600;
const MIN_EXPIRES_IN_SECONDS = 300;

/** The shape of an ISO 8601 date-time or day, whatever its numbers (month 13 has this shape). */
const ISO_INSTANT_SHAPE = /^\d{4}-\d{2}-\d{2}(T\d{2}:\d{2}(:\d{2}(\.\d{1,9})?)?(Z|[+-]\d{2}:?\d{2})?)?$/i;

/**
 * ISO_INSTANT_SHAPE with real numbers, as one pattern (the shared calendar day, hours 00-23,
 * minutes and seconds 00-59, an offset of ±23:59 at most): both what is enforced and what the
 * derived document states. A text of another shape is not an ISO 8601 date-time; one of the shape
 * with an impossible date or time is not a valid date.
 */
export const ISO_INSTANT_PATTERN = `^${CALENDAR_DAY}(?:[Tt](?:[01]\\d|2[0-3]):[0-5]\\d(?::[0-5]\\d(?:\\.\\d{1,9})?)?(?:[Zz]|[+-](?:[01]\\d|2[0-3]):?[0-5]\\d)?)?$`;

/** ISO 8601 date-time, or a plain calendar day (YYYY-MM-DD) for due dates. */
const isoInstant = (name: string) =>
  z
    .string({ error: `${name} must be an ISO 8601 date-time string` })
    .regex(new RegExp(ISO_INSTANT_PATTERN), {
      error: (issue) =>
        typeof issue.input === 'string' && ISO_INSTANT_SHAPE.test(issue.input)
          ? `${name} is not a valid date`
          : `${name} must be an ISO 8601 date-time, e.g. 2026-12-10T12:00:00Z`,
    })
    // A safety net only: every text the pattern takes parses.
    .refine((s) => !Number.isNaN(Date.parse(s)), { error: `${name} is not a valid date` });

const pixKey = (name: string) =>
  z
    .string({ error: `${name} must be a Pix key string` })
    .trim()
    .min(1, { error: `${name} is required` })
    .max(77, { error: `${name} is too long (max 77 characters)` })
    .refine((key) => validatePixKey(key).valid, { error: `${name} is not a valid Pix key` });

const splitInput = z.object(
  {
    value: positiveCents('splits.value'),
    pixKey: pixKey('splits.pixKey'),
    splitType: z.enum(['SPLIT_INTERNAL_TRANSFER', 'SPLIT_SUB_ACCOUNT', 'SPLIT_PARTNER']).optional(),
  },
  { error: 'each split must be an object' },
);

const flag = (name: string) => z.boolean({ error: `${name} must be true or false` }).optional();

/**
 * Charge types of the real service that the sandbox does not implement: named in the 400, so a
 * client sending one (WooCommerce's Pix Parcelado and Pix Crediário gateways) learns why at once
 * instead of meeting a generic "must be one of".
 */
const UNIMPLEMENTED_CHARGE_TYPES = new Set(['PIX_CREDIT', 'PIX_CREDIARY']);

const chargeType = z
  .enum(['DYNAMIC', 'OVERDUE', 'BOLETO'], {
    error: (issue) =>
      typeof issue.input === 'string' && UNIMPLEMENTED_CHARGE_TYPES.has(issue.input)
        ? `type ${issue.input} is not implemented by this sandbox: use DYNAMIC, OVERDUE or BOLETO`
        : 'type must be DYNAMIC, OVERDUE or BOLETO',
  })
  .default('DYNAMIC');

/**
 * POST /api/v1/charge body. JSON `null` on an optional field means "not given" (JS clients
 * send it), so nulls are dropped before validation instead of failing the whole request.
 */
export const chargeCreateBody = z.preprocess(
  (body) =>
    body && typeof body === 'object' && !Array.isArray(body)
      ? Object.fromEntries(Object.entries(body).filter(([, v]) => v !== null))
      : body,
  z
    .object(
      {
        correlationID: correlationId,
        value: positiveCents('value'),
        type: chargeType,
        comment: z
          .string({ error: 'comment must be a string' })
          .max(140, { error: 'comment is too long (max 140 characters)' })
          .optional(),
        expiresIn: z
          .number({ error: 'expiresIn must be a number of seconds' })
          .int({ error: 'expiresIn must be a whole number of seconds' })
          .min(MIN_EXPIRES_IN_SECONDS, { error: `expiresIn must be at least ${MIN_EXPIRES_IN_SECONDS} seconds` })
          .max(MAX_EXPIRES_IN_SECONDS, { error: 'expiresIn is too large (max 10 years)' })
          .optional(),
        expiresDate: isoInstant('expiresDate').optional(),
        dueDate: isoInstant('dueDate').optional(),
        customer: customerInput.optional(),
        // The superRefine below, stated for the derived document: true needs customer.taxID.
        ensureSameTaxID: flag('ensureSameTaxID').meta({
          description: 'Only the customer’s own CPF/CNPJ may pay; true needs customer.taxID',
          'x-requires': 'customer.taxID',
        }),
        fixedLocation: flag('fixedLocation'),
        paymentLinkID: z
          .string({ error: 'paymentLinkID must be a string' })
          .trim()
          .min(1, { error: 'paymentLinkID must not be empty' })
          .max(64, { error: 'paymentLinkID is too long (max 64 characters)' })
          .regex(/^[A-Za-z0-9_-]+$/, { error: 'paymentLinkID may hold only letters, digits, - and _' })
          .optional(),
        daysForDueDate: z
          .number({ error: 'daysForDueDate must be a number of days' })
          .int()
          .min(0)
          .max(3650)
          .optional(),
        daysAfterDueDate: z
          .number({ error: 'daysAfterDueDate must be a number of days' })
          .int()
          .min(0)
          .max(3650)
          .optional(),
        interests: interestsSchema.optional(),
        fines: finesSchema.optional(),
        discount: discountSchema.optional(),
        discountSettings: discountSchema.optional(),
        additionalInfo: additionalInfoInput.optional(),
        enableCashbackPercentage: flag('enableCashbackPercentage'),
        enableCashbackExclusivePercentage: flag('enableCashbackExclusivePercentage'),
        subaccount: pixKey('subaccount').optional(),
        splits: z
          .array(splitInput, { error: 'splits must be an array' })
          .max(20, { error: 'splits has too many items (max 20)' })
          .optional(),
      },
      { error: 'body must be a JSON object' },
    )
    .superRefine((body, ctx) => {
      if (body.ensureSameTaxID && !body.customer?.taxID) {
        ctx.addIssue({ code: 'custom', path: ['ensureSameTaxID'], message: 'ensureSameTaxID needs customer.taxID' });
      }
      const splitTotal = (body.splits ?? []).reduce((sum, split) => sum + split.value, 0);
      if (splitTotal > body.value) {
        ctx.addIssue({ code: 'custom', path: ['splits'], message: 'the splits add up to more than the charge value' });
      }
      if (body.discount && body.discountSettings) {
        ctx.addIssue({
          code: 'custom',
          path: ['discount'],
          message: 'send either discount or discountSettings, not both',
        });
      }
    })
    // The rules above, as the derived document states them (the splits' sum against the value
    // compares values, which JSON Schema cannot): ensureSameTaxID true needs customer.taxID, and
    // discount and discountSettings are never both objects (a null is dropped, as not given).
    .meta({
      allOf: [
        {
          if: { properties: { ensureSameTaxID: { const: true } }, required: ['ensureSameTaxID'] },
          then: { required: ['customer'], properties: { customer: { required: ['taxID'] } } },
        },
        {
          not: {
            required: ['discount', 'discountSettings'],
            properties: { discount: { type: 'object' }, discountSettings: { type: 'object' } },
          },
        },
      ],
    }),
);

export type ChargeCreateInput = z.output<typeof chargeCreateBody>;

export const chargeCreateQuery = z.object({
  return_existing: queryBoolean.optional(),
});

export const chargeExpirationBody = z.object(
  { expiresDate: isoInstant('expiresDate') },
  { error: 'body must be a JSON object with expiresDate' },
);

export const chargeListQuery = z.object({
  status: z
    .enum(['ACTIVE', 'COMPLETED', 'EXPIRED'], { error: 'status must be ACTIVE, COMPLETED or EXPIRED' })
    .optional(),
  customer: z.string().trim().min(1).max(255).optional(),
  subscription: z.string().trim().min(1).max(255).optional(),
});
