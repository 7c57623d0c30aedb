import { z } from 'zod';
import { ANTICIPATION_STATUSES, type AnticipationRow, type BeneficiaryRow } from './anticipation-repo';

// The answers' schemas, field for field the document's AnticipationBeneficiary and
// AnticipationRequest (resources/woovi-openapi.json), nullable exactly where it says so.

export const beneficiarySchema = z.strictObject({
  name: z.string(),
  taxID: z.strictObject({ taxID: z.string(), type: z.enum(['BR:CPF', 'BR:CNPJ']) }),
  isActive: z.boolean(),
  availableAmount: z.number().int().nullable(),
  maxAdvanceableAmount: z.number().int(),
  notifyEmail: z.string().nullable(),
  notifyPhone: z.string().nullable(),
  verified: z.boolean(),
  createdAt: z.string().nullable(),
});

export const anticipationSchema = z.strictObject({
  id: z.string(),
  status: z.enum(ANTICIPATION_STATUSES),
  beneficiaryTaxID: z.string().nullable(),
  requestedAmount: z.number().int(),
  feeAmount: z.number().int(),
  netAmount: z.number().int(),
  feeMode: z.string(),
  monthlyFeePercentage: z.number(),
  daysUntilDue: z.number().int(),
  dueDate: z.string().nullable(),
  approvedAt: z.string().nullable(),
  cancelledAt: z.string().nullable(),
  cancelReason: z.string().nullable(),
  endToEndId: z.string().nullable(),
  failureCode: z.string().nullable(),
  failureReason: z.string().nullable(),
  createdAt: z.string().nullable(),
});

export function serializeBeneficiary(row: BeneficiaryRow): z.input<typeof beneficiarySchema> {
  return {
    name: row.name,
    taxID: { taxID: row.tax_id, type: row.tax_id_type },
    isActive: row.is_active === 1,
    availableAmount: row.available_amount,
    maxAdvanceableAmount: row.max_advanceable_amount,
    notifyEmail: row.notify_email,
    notifyPhone: row.notify_phone,
    // "Whether the beneficiary completed identity verification (pix-auth)": the sandbox has no
    // pix-auth flow, so no beneficiary of it ever completed one.
    verified: false,
    createdAt: row.created_at,
  };
}

export function serializeAnticipation(row: AnticipationRow): z.input<typeof anticipationSchema> {
  return {
    id: row.id,
    status: row.status,
    beneficiaryTaxID: row.beneficiary_tax_id,
    requestedAmount: row.requested_amount,
    feeAmount: row.fee_amount,
    netAmount: row.net_amount,
    feeMode: row.fee_mode,
    monthlyFeePercentage: row.monthly_fee_percentage,
    daysUntilDue: row.days_until_due,
    dueDate: row.due_date,
    approvedAt: row.approved_at,
    cancelledAt: row.cancelled_at,
    cancelReason: row.cancel_reason,
    endToEndId: row.end_to_end_id,
    failureCode: row.failure_code,
    failureReason: row.failure_reason,
    createdAt: row.created_at,
  };
}
