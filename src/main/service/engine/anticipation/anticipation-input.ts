import { z } from 'zod';
import { parseTaxId } from '#shared/lib/tax-id';
import { CPF_META, TAX_ID_META, customerEmail, customerPhone, customerTaxId } from '../customers/customer-input';
import { integerRangePattern, pageQuery } from '../pagination';
import { cents, correlationId, pathIdParam, positiveCents, queryBoolean, wholeNumber } from '../validation';
import { ANTICIPATION_STATUSES } from './anticipation-repo';

// The request schemas of the anticipation operations (resources/woovi-openapi.json, tag
// "anticipation"): every bound the document gives is stated here, so the derived document shows it.

/** A payout key: a CPF or CNPJ with or without its mask, read as its canonical digits. */
export const payoutKey = customerTaxId.describe('A CPF or CNPJ (check digits verified), with or without its mask');

/** `:taxID` of activate and deactivate. */
export const beneficiaryParams = z.object({ taxID: pathIdParam.pipe(payoutKey).meta(TAX_ID_META) });

/**
 * `:id` of approve and reject: the document's ids are 24-hex object ids, and it answers 400
 * "Invalid id" for anything else (404 only for a well-formed id no request of yours has).
 */
export const anticipationIdParams = z.object({
  id: z.string().regex(/^[0-9a-fA-F]{24}$/, { error: 'Invalid id: an anticipation id is 24 hexadecimal digits' }),
});

const nullable = <T extends z.ZodType>(schema: T) => schema.nullable().optional();

const CPF_REQUIRED = 'cpf is required when taxID is a CNPJ';

/** A CNPJ as parseTaxId reads one: 14 letters or digits, separators (. - / spaces) aside. */
const CNPJ_SHAPE = '^[.\\-/\\s]*(?:[0-9A-Za-z][.\\-/\\s]*){14}$';

/** POST /api/v1/anticipation/beneficiary (AnticipationBeneficiaryCreatePayload). */
export const beneficiaryCreateBody = z
  .object(
    {
      name: z
        .string({ error: (issue) => (issue.input === undefined ? 'name is required' : 'name must be a string') })
        .trim()
        .min(2, { error: 'name must have at least 2 characters' })
        .max(120, { error: 'name is too long (max 120 characters)' }),
      taxID: payoutKey,
      cpf: nullable(
        z
          .string({ error: 'cpf must be a string' })
          .max(20, { error: 'cpf is too long' })
          .refine((value) => parseTaxId(value)?.type === 'BR:CPF', { error: 'cpf is not a valid CPF' })
          .transform((value) => parseTaxId(value)!.taxID)
          .meta({
            ...CPF_META,
            description: "The person's CPF (check digits verified); required when taxID is a CNPJ",
          }),
      ),
      notifyEmail: nullable(customerEmail),
      notifyPhone: nullable(customerPhone),
      availableAmount: nullable(cents('availableAmount')),
      maxAdvanceableAmount: nullable(cents('maxAdvanceableAmount')),
      autoApprove: nullable(z.boolean({ error: 'autoApprove must be true or false' })),
      feeDestinationAccountId: nullable(
        z
          .string({ error: 'feeDestinationAccountId must be a string' })
          .trim()
          .min(1, { error: 'feeDestinationAccountId must not be empty' })
          .max(255, { error: 'feeDestinationAccountId is too long' }),
      ),
      paymentDaysOverride: nullable(
        z
          .array(wholeNumber('paymentDaysOverride', { min: 1, max: 31 }), {
            error: 'paymentDaysOverride must be a list of days of the month (1-31)',
          })
          .max(31, { error: 'paymentDaysOverride has at most 31 days' }),
      ),
      frequencyOverride: nullable(
        z.object(
          {
            maxAdvances: wholeNumber('frequencyOverride.maxAdvances', { min: 1, max: 1000 }).optional(),
            periodDays: wholeNumber('frequencyOverride.periodDays', { min: 1, max: 366 }).optional(),
          },
          { error: 'frequencyOverride must be an object with maxAdvances and periodDays' },
        ),
      ),
      correlationID: nullable(correlationId),
    },
    { error: 'body must be a JSON object with name and taxID' },
  )
  .superRefine((body, ctx) => {
    // The document: "The person's CPF. Required when taxID is a CNPJ."
    if (body.taxID.type === 'BR:CNPJ' && !body.cpf)
      ctx.addIssue({ code: 'custom', message: CPF_REQUIRED, path: ['cpf'] });
    // The balance batch's rule ("Cannot exceed availableAmount"), held at registration too.
    if (
      body.availableAmount != null &&
      body.maxAdvanceableAmount != null &&
      body.maxAdvanceableAmount > body.availableAmount
    ) {
      ctx.addIssue({
        code: 'custom',
        message: 'maxAdvanceableAmount cannot exceed availableAmount',
        path: ['maxAdvanceableAmount'],
      });
    }
  })
  // The CPF rule above, as the derived document states it: a taxID of a CNPJ's 14 characters
  // (separators aside) requires a cpf, not null. (maxAdvanceableAmount against availableAmount
  // compares two values, which JSON Schema cannot.)
  .meta({
    if: { properties: { taxID: { pattern: CNPJ_SHAPE } }, required: ['taxID'] },
    then: { required: ['cpf'], properties: { cpf: { type: 'string', minLength: 1 } } },
  });

export type BeneficiaryCreateInput = z.output<typeof beneficiaryCreateBody>;

export const beneficiaryCreateQuery = z.object({ return_existing: queryBoolean.optional() });

/** Up to 1000 items (AnticipationBalanceBatchPayload). */
export const BALANCE_BATCH_MAX_ITEMS = 1000;

/**
 * POST /api/v1/anticipation/balance/batch. The amounts' types and bounds are the request's (400
 * for the whole batch); whether each taxID is a valid key of a beneficiary of yours, and the
 * maxAdvanceableAmount ≤ availableAmount rule, are reported per item, as the document's
 * per-item report is for ("so partial failures can be reconciled").
 */
export const balanceBatchBody = z.object(
  {
    items: z
      .array(
        z.object(
          {
            taxID: z
              .string({
                error: (issue) => (issue.input === undefined ? 'taxID is required' : 'taxID must be a string'),
              })
              .min(1, { error: 'taxID is required' })
              .max(20, { error: 'taxID is too long' }),
            availableAmount: cents('availableAmount'),
            maxAdvanceableAmount: cents('maxAdvanceableAmount'),
          },
          { error: 'each item must be an object with taxID, availableAmount and maxAdvanceableAmount' },
        ),
        { error: 'items must be a list' },
      )
      .min(1, { error: 'items must not be empty' })
      .max(BALANCE_BATCH_MAX_ITEMS, { error: `items has at most ${BALANCE_BATCH_MAX_ITEMS} entries` }),
  },
  { error: 'body must be a JSON object with items' },
);

/** The anticipation list's largest page: "default 100, capped at 1000". */
export const ANTICIPATION_MAX_LIMIT = 1000;

/**
 * GET /api/v1/anticipation: `status` and `limit` as documented (a limit above 1000 is refused,
 * not silently cut), and `skip` (ours: the document names none) from the shared pagination.
 */
export const anticipationListQuery = z.object({
  status: z
    .enum(ANTICIPATION_STATUSES, { error: `status must be one of ${ANTICIPATION_STATUSES.join(', ')}` })
    .optional(),
  limit: z
    .string()
    .regex(/^\d+$/, { error: 'limit must be a non-negative integer' })
    .transform(Number)
    .pipe(
      z
        .number()
        .min(1, { error: 'limit must be at least 1' })
        .max(ANTICIPATION_MAX_LIMIT, { error: `limit must be at most ${ANTICIPATION_MAX_LIMIT}` }),
    )
    .meta({
      pattern: integerRangePattern(1, ANTICIPATION_MAX_LIMIT),
      description: `An integer from 1 to ${ANTICIPATION_MAX_LIMIT}`,
    })
    .optional()
    .transform((limit) => limit ?? 100),
  skip: pageQuery.shape.skip,
});

/** POST /api/v1/anticipation/{id}/reject: the optional audited reason. */
export const rejectBody = z.object(
  {
    reason: z
      .string({ error: 'reason must be a string' })
      .trim()
      .max(500, { error: 'reason is too long (max 500 characters)' })
      .optional(),
  },
  { error: 'body must be a JSON object' },
);

/** The sandbox simulator's body: a beneficiary's request, as their app would send it. */
export const simulateRequestBody = z.object(
  {
    taxID: payoutKey,
    requestedAmount: positiveCents('requestedAmount'),
    daysUntilDue: wholeNumber('daysUntilDue', { min: 1, max: 365 }).optional(),
  },
  { error: 'body must be a JSON object with taxID and requestedAmount' },
);
