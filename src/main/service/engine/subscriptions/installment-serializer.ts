import { z } from 'zod';
import type { Db } from '#lib/store/database';
import { saoPauloInstant } from '#shared/lib/sao-paulo-time';
import { chargeRepo } from '../charges/charge-repo-instance';
import { toGlobalId } from '../ids';
import { INSTALLMENT_GLOBAL_TYPE, installmentRepo, type CobrRow, type CobrTryRow } from './installment-repo';
import type { InstallmentRow, SubscriptionRow } from './subscription-repo';
import { installmentDue } from './subscription-schedule';

// The OpenAPI file's `Installment` (GET /api/v1/installments/{id}, the subscription's list) and
// its `cobr`. The file types most fields as bare strings; the values are listed here so the
// derived document says which ones the sandbox answers.

export const COBR_STATUSES = ['CREATED', 'APPROVED', 'REJECTED', 'COMPLETED'] as const;
export const COBR_TRY_STATUSES = ['REQUESTED', 'REJECTED', 'COMPLETED'] as const;

/**
 * An installment's state: COMPLETED once its charge or its cobr is paid; REJECTED when its cobr
 * was finally refused by the payer's bank; ACTIVE while its cobr awaits a debit; EXPIRED when its charge can no longer be paid;
 * MISSED (the service was not running through its period) and FAILED (its charge was refused)
 * as the generation recorded them; ACTIVE otherwise.
 */
export const INSTALLMENT_STATUSES = ['ACTIVE', 'COMPLETED', 'EXPIRED', 'REJECTED', 'MISSED', 'FAILED'] as const;
export type InstallmentStatus = (typeof INSTALLMENT_STATUSES)[number];

const calendarDay = z.string().regex(/^\d{4}-\d{2}-\d{2}$/);

const cobrTrySchema = z.strictObject({
  tryStatus: z.enum(COBR_TRY_STATUSES),
  finalityPurpose: z.enum(['AGND', 'NTAG']),
  rejectCode: z.string().optional(),
  value: z.number().int(),
  requestedExecutionDate: z.iso.datetime(),
  createdAt: z.iso.datetime(),
  updatedAt: z.iso.datetime(),
});

export const cobrSchema = z.strictObject({
  identifierId: z.string(),
  recurrencyId: z.string(),
  /** The installment's globalID. */
  installmentId: z.string(),
  /** The Pix that paid it, once COMPLETED. */
  endToEndId: z.string().optional(),
  rejectCode: z.string().optional(),
  status: z.enum(COBR_STATUSES),
  value: z.number().int(),
  tries: z.array(cobrTrySchema),
  paymentDate: calendarDay.optional(),
  chargeDate: calendarDay,
  expiryDate: calendarDay,
  description: z.string().optional(),
  createdAt: z.iso.datetime(),
});

export const installmentSchema = z.strictObject({
  globalID: z.string(),
  installmentNumber: z.number().int(),
  /** In cents: what this period charges. */
  value: z.number().int(),
  status: z.enum(INSTALLMENT_STATUSES),
  /** When its charge was (to be) generated. */
  dateGenerateCharge: z.iso.datetime(),
  /** Seconds from its generation until its charge stops being payable (the end of its due day). */
  expiration: z.number().int(),
  createdAt: z.iso.datetime(),
  paymentSubscriptionGlobalID: z.string(),
  /** Its charge's correlationID (the subscription's with the installment number). */
  correlationID: z.string(),
  /** Its Pix Automático cobr; null until one is created. */
  cobr: cobrSchema.nullable(),
});
export type Installment = z.infer<typeof installmentSchema>;

export const installmentGlobalId = (row: InstallmentRow) => toGlobalId(INSTALLMENT_GLOBAL_TYPE, row.id);

/** The charge's status, or EXPIRED for one deleted since (it cannot be paid any more). */
function chargeStatus(db: Db, row: InstallmentRow): 'ACTIVE' | 'COMPLETED' | 'EXPIRED' | null {
  if (row.charge_id === null) return null;
  return chargeRepo(db).findById(row.company_id, row.charge_id)?.status ?? 'EXPIRED';
}

export function installmentStatus(db: Db, row: InstallmentRow, cobr: CobrRow | undefined): InstallmentStatus {
  const charge = chargeStatus(db, row);
  if (charge === 'COMPLETED' || cobr?.status === 'COMPLETED') return 'COMPLETED';
  if (cobr?.status === 'REJECTED') return 'REJECTED';
  // A cobr still to be debited keeps the period collectable, whatever became of its charge.
  if (cobr?.status === 'APPROVED' || cobr?.status === 'CREATED') return 'ACTIVE';
  if (row.outcome === 'MISSED' || row.outcome === 'FAILED') return row.outcome;
  return charge === 'ACTIVE' ? 'ACTIVE' : 'EXPIRED';
}

function serializeTry(row: CobrTryRow): z.infer<typeof cobrTrySchema> {
  return {
    tryStatus: row.status,
    finalityPurpose: row.finality_purpose,
    ...(row.reject_code !== null ? { rejectCode: row.reject_code } : {}),
    value: row.value,
    requestedExecutionDate: saoPauloInstant(row.requested_execution_date).toISOString(),
    createdAt: row.created_at,
    updatedAt: row.updated_at,
  };
}

function serializeCobr(db: Db, installment: InstallmentRow, row: CobrRow): z.infer<typeof cobrSchema> {
  const cobr: z.infer<typeof cobrSchema> = {
    identifierId: row.identifier_id,
    recurrencyId: row.recurrency_id,
    installmentId: installmentGlobalId(installment),
    status: row.status,
    value: row.value,
    tries: installmentRepo(db).tries(row.installment_id).map(serializeTry),
    chargeDate: row.charge_date,
    expiryDate: row.expiry_date,
    createdAt: row.created_at,
  };
  if (row.end_to_end_id !== null) cobr.endToEndId = row.end_to_end_id;
  if (row.reject_code !== null) cobr.rejectCode = row.reject_code;
  if (row.payment_date !== null) cobr.paymentDate = row.payment_date;
  if (row.description !== null) cobr.description = row.description;
  return cobr;
}

export function serializeInstallment(db: Db, row: InstallmentRow, subscription: SubscriptionRow): Installment {
  const cobr = installmentRepo(db).findCobr(row.id);
  const scheduledAt = new Date(row.scheduled_at);
  const { expiresAt } = installmentDue(scheduledAt, subscription.day_due);
  const charge = row.charge_id !== null ? chargeRepo(db).findById(row.company_id, row.charge_id) : undefined;
  return {
    globalID: installmentGlobalId(row),
    installmentNumber: row.installment_number,
    value: row.value,
    status: installmentStatus(db, row, cobr),
    dateGenerateCharge: row.scheduled_at,
    expiration: Math.round((expiresAt.getTime() - scheduledAt.getTime()) / 1000),
    createdAt: row.created_at,
    paymentSubscriptionGlobalID: subscription.global_id,
    correlationID: charge?.correlation_id ?? `${subscription.correlation_id}-${row.installment_number}`,
    cobr: cobr ? serializeCobr(db, row, cobr) : null,
  };
}
