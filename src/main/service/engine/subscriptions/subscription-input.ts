import { z } from 'zod';
import { additionalInfoInput } from '../charges/additional-info-input';
import { customerInput } from '../customers/customer-input';
import { RFC3339_PATTERN, correlationId, positiveCents } from '../validation';
import { FREQUENCIES } from './subscription-schedule';

// POST /api/v1/subscriptions (remote-api-notes §6.6, the OpenAPI file's SubscriptionPayload).

export const SUBSCRIPTION_TYPES = ['PIX_RECURRING', 'RECURRENT'] as const;
export const SUBSCRIPTION_CHARGE_TYPES = ['DYNAMIC', 'OVERDUE', 'BOLETO'] as const;
export const RETRY_POLICIES = ['NON_PERMITED', 'THREE_RETRIES_7_DAYS'] as const;
export const JOURNEYS = ['PAYMENT_ON_APPROVAL', 'ONLY_RECURRENCY'] as const;

/** The OpenAPI file's default day of generation. */
export const DEFAULT_DAY_GENERATE_CHARGE = 5;
/** The OpenAPI file's default (and minimum) number of days until a generated charge is due. */
export const DEFAULT_DAY_DUE = 7;
const MIN_DAY_DUE = 3;
/** A charge due more than a year after it is generated is a typo, not a plan. */
const MAX_DAY_DUE = 365;
/** A hundred years of monthly charges. */
const MAX_INSTALLMENTS = 1200;

/** A date-time with its offset: without one, the first generation would depend on the server's zone. */
const dateTime = z
  .string()
  // The shared RFC 3339 pattern (real months, days and hours): what is enforced is what the
  // derived document states. Its own texts stay: the union below answers with its one message.
  .regex(new RegExp(RFC3339_PATTERN), {
    error: (issue) =>
      typeof issue.input === 'string' && /^\d{4}-\d{2}-\d{2}T/i.test(issue.input)
        ? 'dayGenerateCharge is not a valid date-time'
        : 'dayGenerateCharge must be a day of the month (1 to 31) or an ISO 8601 date-time with offset, e.g. 2026-12-05T00:00:00Z',
  })
  .transform((s) => new Date(s).toISOString());

const dayOfMonth = z
  .number()
  .int({ error: 'dayGenerateCharge must be a whole day of the month' })
  .min(1, { error: 'dayGenerateCharge must be between 1 and 31' })
  .max(31, { error: 'dayGenerateCharge must be between 1 and 31' });

const pixRecurringOptions = z.object(
  {
    retryPolicy: z
      .enum(RETRY_POLICIES, { error: 'pixRecurringOptions.retryPolicy must be NON_PERMITED or THREE_RETRIES_7_DAYS' })
      .default('NON_PERMITED'),
    journey: z
      .enum(JOURNEYS, { error: 'pixRecurringOptions.journey must be PAYMENT_ON_APPROVAL or ONLY_RECURRENCY' })
      .default('ONLY_RECURRENCY'),
    minimumValue: positiveCents('pixRecurringOptions.minimumValue').optional(),
  },
  { error: 'pixRecurringOptions must be an object' },
);

/** JSON `null` on an optional field means "not given" (JS clients send it), as for charges. */
function dropNulls(body: unknown): unknown {
  return body && typeof body === 'object' && !Array.isArray(body)
    ? Object.fromEntries(Object.entries(body).filter(([, v]) => v !== null))
    : body;
}

export const subscriptionCreateBody = z.preprocess(
  dropNulls,
  z
    .object(
      {
        customer: customerInput,
        value: positiveCents('value'),
        name: z
          .string({ error: 'name must be a string' })
          .trim()
          .min(1, { error: 'name must not be empty' })
          .max(140, { error: 'name is too long (max 140 characters)' })
          .optional(),
        comment: z
          .string({ error: 'comment must be a string' })
          .max(140, { error: 'comment is too long (max 140 characters)' })
          .optional(),
        dayGenerateCharge: z
          .union([dayOfMonth, dateTime], {
            error: 'dayGenerateCharge must be a day of the month (1 to 31) or an ISO 8601 date-time',
          })
          .default(DEFAULT_DAY_GENERATE_CHARGE),
        frequency: z
          .enum(FREQUENCIES, { error: `frequency must be one of ${FREQUENCIES.join(', ')}` })
          .default('MONTHLY'),
        type: z.enum(SUBSCRIPTION_TYPES, {
          error: (issue) =>
            issue.input === undefined
              ? 'type is required (PIX_RECURRING or RECURRENT)'
              : 'type must be PIX_RECURRING or RECURRENT',
        }),
        dayDue: z
          .number({ error: 'dayDue must be a number of days' })
          .int({ error: 'dayDue must be a whole number of days' })
          .min(MIN_DAY_DUE, { error: `dayDue must be at least ${MIN_DAY_DUE} days` })
          .max(MAX_DAY_DUE, { error: `dayDue must be at most ${MAX_DAY_DUE} days` })
          .default(DEFAULT_DAY_DUE),
        installmentCount: z
          .number({ error: 'installmentCount must be a number' })
          .int({ error: 'installmentCount must be a whole number' })
          .min(1, { error: 'installmentCount must be at least 1' })
          .max(MAX_INSTALLMENTS, { error: `installmentCount must be at most ${MAX_INSTALLMENTS}` })
          .optional(),
        correlationID: correlationId,
        additionalInfo: additionalInfoInput.optional(),
        pixRecurringOptions: pixRecurringOptions.optional(),
        chargeType: z
          .enum(SUBSCRIPTION_CHARGE_TYPES, { error: 'chargeType must be DYNAMIC, OVERDUE or BOLETO' })
          .default('DYNAMIC'),
      },
      { error: 'body must be a JSON object' },
    )
    .superRefine((body, ctx) => {
      if (body.type === 'PIX_RECURRING' && body.frequency === 'BIMONTHLY') {
        ctx.addIssue({
          code: 'custom',
          path: ['frequency'],
          message:
            'BIMONTHLY is not a Pix Automático frequency (use WEEKLY, MONTHLY, QUARTERLY, SEMIANNUALLY or ANNUALLY)',
        });
      }
      if (body.type !== 'PIX_RECURRING' && body.pixRecurringOptions !== undefined) {
        ctx.addIssue({
          code: 'custom',
          path: ['pixRecurringOptions'],
          message: 'pixRecurringOptions applies only to type PIX_RECURRING',
        });
      }
      const minimum = body.pixRecurringOptions?.minimumValue;
      if (minimum !== undefined && minimum > body.value) {
        ctx.addIssue({
          code: 'custom',
          path: ['pixRecurringOptions', 'minimumValue'],
          message: 'minimumValue must not exceed value',
        });
      }
    })
    // The first two rules above, as the derived document states them (minimumValue against value
    // compares two values, which JSON Schema cannot): a Pix Automático is never BIMONTHLY, and
    // pixRecurringOptions (an object: a null is dropped, as not given) needs type PIX_RECURRING.
    .meta({
      allOf: [
        {
          if: { properties: { type: { const: 'PIX_RECURRING' } }, required: ['type'] },
          then: { properties: { frequency: { not: { const: 'BIMONTHLY' } } } },
        },
        {
          if: { properties: { pixRecurringOptions: { type: 'object' } }, required: ['pixRecurringOptions'] },
          then: { properties: { type: { const: 'PIX_RECURRING' } } },
        },
      ],
    }),
);

export type SubscriptionCreateInput = z.output<typeof subscriptionCreateBody>;

/** The parsed body with its keys sorted: equal texts mean the same request, whatever the key order. */
export function canonicalRequest(input: SubscriptionCreateInput): string {
  return JSON.stringify(input, (_key, value: unknown) =>
    value && typeof value === 'object' && !Array.isArray(value)
      ? Object.fromEntries(Object.entries(value).sort(([a], [b]) => (a < b ? -1 : a > b ? 1 : 0)))
      : value,
  );
}
