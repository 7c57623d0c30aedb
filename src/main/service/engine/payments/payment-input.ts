import { z } from 'zod';
import { correlationId, positiveCents } from '../validation';

/** At most 30 keys (service-spec.md, "Limits"); short keys and plain values, like the charge's additionalInfo. */
const metadata = z
  .record(
    z
      .string()
      .min(1, { error: 'metadata keys must not be empty' })
      .max(100, { error: 'metadata keys are at most 100 characters' }),
    z.union([z.string().max(500, { error: 'metadata values are at most 500 characters' }), z.number(), z.boolean()], {
      error: 'metadata values must be strings, numbers or booleans',
    }),
    { error: 'metadata must be an object' },
  )
  .refine((record) => Object.keys(record).length <= 30, { error: 'metadata has at most 30 keys' })
  // The refinement, as the derived document states it.
  .meta({ maxProperties: 30 });

const common = {
  correlationID: correlationId,
  comment: z
    .string({ error: 'comment must be a string' })
    .max(140, { error: 'comment is at most 140 characters' })
    .optional(),
  metadata: metadata.optional(),
  autoApprove: z.boolean({ error: 'autoApprove must be true or false' }).optional(),
  /** The account the money leaves from; the application's account when absent. */
  sourceAccountId: z.string().trim().min(1).max(64).optional(),
};

const text = (name: string, max: number) =>
  z
    .string({ error: (issue) => (issue.input === undefined ? `${name} is required` : `${name} must be a string`) })
    .trim()
    .min(1, { error: `${name} is required` })
    .max(max, { error: `${name} is too long (max ${max} characters)` });

export const DESTINATION_ALIAS_TYPES = ['CPF', 'CNPJ', 'EMAIL', 'PHONE', 'RANDOM'] as const;

const pixKeyPayment = z.object({
  type: z.literal('PIX_KEY'),
  ...common,
  value: positiveCents('value'),
  destinationAlias: text('destinationAlias', 77),
  destinationAliasType: z.enum(DESTINATION_ALIAS_TYPES, {
    error: `destinationAliasType must be one of ${DESTINATION_ALIAS_TYPES.join(', ')}`,
  }),
  pixKeyEndToEndId: text('pixKeyEndToEndId', 64).optional(),
});

const qrCodePayment = z.object({
  type: z.literal('QR_CODE'),
  ...common,
  qrCode: text('qrCode', 2048),
  /** Only for a code without a fixed amount (see the handler). */
  value: positiveCents('value').optional(),
});

const taxIdInput = z.object(
  {
    taxID: text('holder.taxID.taxID', 18),
    type: z.enum(['BR:CPF', 'BR:CNPJ'], { error: 'holder.taxID.type must be BR:CPF or BR:CNPJ' }),
  },
  { error: 'holder.taxID must be an object with taxID and type' },
);

/**
 * The OpenAPI file types `psp` as a string but every example sends `{id, name}` with the ISPB as
 * id; both are accepted and read as the ISPB.
 */
const psp = z.union(
  [
    z.string().regex(/^\d{8}$/, { error: 'psp must be an 8-digit ISPB' }),
    z.object({
      id: z.string().regex(/^\d{8}$/, { error: 'psp.id must be an 8-digit ISPB' }),
      name: z.string().max(140).optional(),
    }),
  ],
  { error: 'psp must be an ISPB or {id, name}' },
);

const manualPayment = z.object({
  type: z.literal('MANUAL'),
  ...common,
  value: positiveCents('value'),
  pixKeyEndToEndId: text('pixKeyEndToEndId', 64).optional(),
  psp,
  holder: z.object(
    { name: text('holder.name', 140), taxID: taxIdInput },
    { error: 'holder is required: {name, taxID}' },
  ),
  account: z.object(
    {
      account: z.string().regex(/^\d{1,20}$/, { error: 'account.account must be 1 to 20 digits' }),
      branch: z.string().regex(/^\d{1,4}$/, { error: 'account.branch must be 1 to 4 digits' }),
      accountType: z.enum(['TRAN', 'CACC', 'SVGS', 'SLRY'], {
        error: 'account.accountType must be TRAN, CACC, SVGS or SLRY',
      }),
    },
    { error: 'account is required: {account, branch, accountType}' },
  ),
});

const boletoPayment = z.object({
  type: z.literal('BOLETO'),
  ...common,
  boletoBarcode: text('boletoBarcode', 64),
});

const TYPES = ['PIX_KEY', 'QR_CODE', 'MANUAL', 'BOLETO'] as const;

export const paymentCreateBody = z.discriminatedUnion(
  'type',
  [pixKeyPayment, qrCodePayment, manualPayment, boletoPayment],
  {
    error: (issue) => (issue.code === 'invalid_union' ? `must be one of ${TYPES.join(', ')}` : undefined),
  },
);
export type PaymentCreateInput = z.output<typeof paymentCreateBody>;

export const paymentApproveBody = z.object(
  { correlationID: correlationId },
  { error: 'body must be a JSON object with correlationID' },
);
