import { addDays } from '#shared/lib/calendar-day';
import { saoPauloDate } from '#shared/lib/sao-paulo-time';
import type { TaxId } from '#shared/service/resources';
import { chargeAmountDue } from '../charges/charge-amount';
import { CHARGE_EVENTS } from '../charges/charge-handlers';
import { chargeRepo } from '../charges/charge-repo-instance';
import { serializeCharge } from '../charges/charge-serializer';
import type { OperationContext } from '../context';
import { badRequest } from '../errors';
import { newTransactionId } from '../ids';
import { SANDBOX_INFO_PAGADOR, SANDBOX_PAYER_BANK } from '../sandbox/sandbox-payer';
import { recordIncomingPix } from '../transactions/record-incoming-pix';
import { installmentRepo, type CobrRow, type CobrTryRow } from './installment-repo';
import { installmentStatus, serializeInstallment } from './installment-serializer';
import type { InstallmentRow, SubscriptionRow } from './subscription-repo';
import { installmentDue } from './subscription-schedule';

// The Pix Automático cobr of an installment: created by POST /installments/{id}/cobr, retried by
// …/cobr/retry after a rejected try, and settled by the payer's bank, which the sandbox stands in
// for with POST /openpix/testing/installments/{id}/cobr (the real sandbox's "simulate payment"
// button). Each step emits the PIX_AUTOMATIC_COBR_* event the OpenAPI file names for it, in the
// caller's transaction.
//
// States: a cobr is CREATED, and at once APPROVED (the sandbox has no payer's bank to wait for,
// as the recurrence itself is approved from the start), with its first try (AGND) REQUESTED for
// its charge date. A rejected try leaves it APPROVED when the retry policy allows another
// (THREE_RETRIES_7_DAYS: up to three new tries, NTAG, until the expiry date), and REJECTED for
// good otherwise (NON_PERMITED, or the fourth try). A paid try makes it COMPLETED.

export const COBR_EVENTS = {
  created: 'PIX_AUTOMATIC_COBR_CREATED',
  approved: 'PIX_AUTOMATIC_COBR_APPROVED',
  rejected: 'PIX_AUTOMATIC_COBR_REJECTED',
  completed: 'PIX_AUTOMATIC_COBR_COMPLETED',
  tryRequested: 'PIX_AUTOMATIC_COBR_TRY_REQUESTED',
  tryRejected: 'PIX_AUTOMATIC_COBR_TRY_REJECTED',
} as const;

/** The first try and three retries: THREE_RETRIES_7_DAYS. */
const MAX_TRIES = 4;
/** The retry window after the charge date (THREE_RETRIES_7_DAYS). */
const RETRY_WINDOW_DAYS = 7;
/** The reject code a simulated refusal carries when none is given: AM04, insufficient funds. */
export const DEFAULT_REJECT_CODE = 'AM04';

interface RecurringOptions {
  retryPolicy: 'NON_PERMITED' | 'THREE_RETRIES_7_DAYS';
  journey: string;
  minimumValue?: number;
}

function recurringOptions(sub: SubscriptionRow): RecurringOptions | null {
  return sub.pix_recurring_options === null ? null : (JSON.parse(sub.pix_recurring_options) as RecurringOptions);
}

/**
 * Whether the recurrence takes a different value for each cobr: one created with a
 * `pixRecurringOptions.minimumValue` (BCB's valorMinimoRecebedor) has no fixed value.
 */
export function acceptsDynamicValue(sub: SubscriptionRow): boolean {
  return recurringOptions(sub)?.minimumValue !== undefined;
}

/** The value of a cobr or try: the installment's, or the one given where the recurrence accepts it. */
function cobrValue(sub: SubscriptionRow, fallback: number, given: number | undefined): number {
  if (given === undefined || given === fallback) return fallback;
  const minimum = recurringOptions(sub)?.minimumValue;
  if (minimum === undefined) {
    throw badRequest(
      `value must be ${fallback} cents: the recurrence has a fixed value (no pixRecurringOptions.minimumValue)`,
    );
  }
  if (given < minimum) throw badRequest(`value must be at least the recurrence's minimumValue (${minimum} cents)`);
  return given;
}

/** A recurrence id in BCB's layout: RR, the receiver's ISPB, the day it was made, 11 characters of its own. */
function recurrencyId(ctx: OperationContext, sub: SubscriptionRow): string {
  const ispb = ctx.tenancy.account(sub.account_id)?.ispb ?? '00000000';
  return `RR${ispb.padStart(8, '0')}${sub.created_at.slice(0, 10).replaceAll('-', '')}${sub.id.slice(-11)}`;
}

function emitInstallment(ctx: OperationContext, name: string, row: InstallmentRow, sub: SubscriptionRow): void {
  ctx.emit(name, { installment: serializeInstallment(ctx.db, row, sub) });
}

function refuseUnlessPixAutomatic(sub: SubscriptionRow): void {
  if (sub.type !== 'PIX_RECURRING') {
    throw badRequest('Only installments of a Pix Automático subscription (type PIX_RECURRING) have a cobr');
  }
  if (sub.cancelled_at !== null) throw badRequest('The recurrence was canceled: no cobr can be sent');
  // Ended with its account (subscription EXPIRED, pixRecurringOptions.status EXPIRED).
  if (sub.status === 'EXPIRED') throw badRequest('The recurrence expired: no cobr can be sent');
}

function refuseWhenPaid(ctx: OperationContext, row: InstallmentRow, cobr: CobrRow | undefined): void {
  if (installmentStatus(ctx.db, row, cobr) === 'COMPLETED') throw badRequest('The installment is already paid');
}

/**
 * POST /installments/{id}/cobr: the installment's one cobr, approved, with its first try
 * requested for the charge date (the installment's due day, or today if that has passed).
 */
export function createCobr(
  ctx: OperationContext,
  row: InstallmentRow,
  sub: SubscriptionRow,
  given: number | undefined,
): void {
  refuseUnlessPixAutomatic(sub);
  const repo = installmentRepo(ctx.db);
  const existing = repo.findCobr(row.id);
  if (existing) {
    throw badRequest(
      `The installment already has a cobr (${existing.status}); a rejected try is retried with POST /api/v1/installments/{id}/cobr/retry`,
    );
  }
  refuseWhenPaid(ctx, row, undefined);
  const value = cobrValue(sub, row.value, given);
  const today = saoPauloDate(ctx.now);
  const dueDay = installmentDue(new Date(row.scheduled_at), sub.day_due).dueDay;
  const chargeDate = dueDay > today ? dueDay : today;
  const retries = recurringOptions(sub)?.retryPolicy === 'THREE_RETRIES_7_DAYS';
  const at = ctx.now.toISOString();
  const cobr: CobrRow = {
    installment_id: row.id,
    company_id: row.company_id,
    subscription_id: sub.id,
    identifier_id: newTransactionId(),
    recurrency_id: recurrencyId(ctx, sub),
    status: 'CREATED',
    value,
    reject_code: null,
    end_to_end_id: null,
    charge_date: chargeDate,
    expiry_date: retries ? addDays(chargeDate, RETRY_WINDOW_DAYS) : chargeDate,
    payment_date: null,
    description: sub.comment ?? sub.name ?? `Parcela ${row.installment_number}`,
    created_at: at,
    updated_at: at,
  };
  repo.insertCobr(cobr);
  emitInstallment(ctx, COBR_EVENTS.created, row, sub);
  repo.updateCobr({ ...cobr, status: 'APPROVED' }, 'CREATED');
  emitInstallment(ctx, COBR_EVENTS.approved, row, sub);
  requestTry(ctx, row, sub, { number: 1, purpose: 'AGND', value, day: chargeDate });
}

function requestTry(
  ctx: OperationContext,
  row: InstallmentRow,
  sub: SubscriptionRow,
  t: { number: number; purpose: CobrTryRow['finality_purpose']; value: number; day: string },
): void {
  const at = ctx.now.toISOString();
  installmentRepo(ctx.db).insertTry({
    installment_id: row.id,
    try_number: t.number,
    status: 'REQUESTED',
    finality_purpose: t.purpose,
    value: t.value,
    reject_code: null,
    requested_execution_date: t.day,
    created_at: at,
    updated_at: at,
  });
  emitInstallment(ctx, COBR_EVENTS.tryRequested, row, sub);
}

/**
 * POST /installments/{id}/cobr/retry: a new try (NTAG) after a rejected one, where the retry
 * policy allows it, for today; with another value only where the recurrence accepts one.
 */
export function retryCobr(
  ctx: OperationContext,
  row: InstallmentRow,
  sub: SubscriptionRow,
  given: number | undefined,
): void {
  refuseUnlessPixAutomatic(sub);
  const repo = installmentRepo(ctx.db);
  const cobr = repo.findCobr(row.id);
  if (!cobr)
    throw badRequest('The installment has no cobr to retry; create it with POST /api/v1/installments/{id}/cobr');
  if (recurringOptions(sub)?.retryPolicy !== 'THREE_RETRIES_7_DAYS') {
    throw badRequest('The recurrence does not permit retries (retryPolicy NON_PERMITED)');
  }
  refuseWhenPaid(ctx, row, cobr);
  if (cobr.status === 'REJECTED') throw badRequest(`The cobr was rejected for good (${cobr.reject_code ?? 'no code'})`);
  const tries = repo.tries(row.id);
  const last = tries.at(-1)!;
  if (last.status !== 'REJECTED') {
    throw badRequest(`The cobr's try ${last.try_number} is still ${last.status}: only a rejected try can be retried`);
  }
  const today = saoPauloDate(ctx.now);
  if (today > cobr.expiry_date) throw badRequest(`The cobr's retry window ended on ${cobr.expiry_date}`);
  const value = cobrValue(sub, cobr.value, given);
  if (value !== cobr.value) repo.updateCobr({ ...cobr, value, updated_at: ctx.now.toISOString() }, cobr.status);
  requestTry(ctx, row, sub, { number: last.try_number + 1, purpose: 'NTAG', value, day: today });
}

/** The outcome the sandbox's payer's bank gives a requested try. */
export type TryOutcome = { result: 'COMPLETED' } | { result: 'REJECTED'; rejectCode: string };

/**
 * Settles the cobr's requested try, as the payer's bank would. A refusal rejects the try (and the
 * cobr, when no retry may follow). A payment books the Pix: it pays the installment's charge when
 * that is still open for the same amount; otherwise it is received on the account's Pix key and
 * an open charge of the period expires, so one period is never paid twice.
 */
export function settleTry(ctx: OperationContext, row: InstallmentRow, sub: SubscriptionRow, outcome: TryOutcome): void {
  const repo = installmentRepo(ctx.db);
  const cobr = repo.findCobr(row.id);
  if (!cobr) throw badRequest('The installment has no cobr');
  const last = repo.tries(row.id).at(-1);
  if (!last || last.status !== 'REQUESTED' || cobr.status !== 'APPROVED') {
    throw badRequest(`The cobr (${cobr.status}) has no requested try to settle`);
  }
  const at = ctx.now.toISOString();
  if (outcome.result === 'REJECTED') {
    repo.settleTry(row.id, last.try_number, 'REJECTED', outcome.rejectCode, at);
    emitInstallment(ctx, COBR_EVENTS.tryRejected, row, sub);
    const retries = recurringOptions(sub)?.retryPolicy === 'THREE_RETRIES_7_DAYS';
    if (!retries || last.try_number >= MAX_TRIES) {
      repo.updateCobr({ ...cobr, status: 'REJECTED', reject_code: outcome.rejectCode, updated_at: at }, 'APPROVED');
      emitInstallment(ctx, COBR_EVENTS.rejected, row, sub);
    }
    return;
  }
  refuseWhenPaid(ctx, row, cobr);
  const endToEndId = receivePix(ctx, row, sub, last.value);
  repo.settleTry(row.id, last.try_number, 'COMPLETED', null, at);
  repo.updateCobr(
    {
      ...cobr,
      status: 'COMPLETED',
      value: last.value,
      end_to_end_id: endToEndId,
      payment_date: saoPauloDate(ctx.now),
      updated_at: at,
    },
    'APPROVED',
  );
  emitInstallment(ctx, COBR_EVENTS.completed, row, sub);
}

/** Books the debited Pix (transaction, ledger, its webhooks) and answers its end-to-end id. */
function receivePix(ctx: OperationContext, row: InstallmentRow, sub: SubscriptionRow, value: number): string {
  const customer = JSON.parse(sub.customer) as { name: string; taxID?: TaxId };
  const payer = {
    name: customer.name,
    ...(customer.taxID ? { taxID: customer.taxID } : {}),
    bank: { ...SANDBOX_PAYER_BANK },
  };
  const charges = chargeRepo(ctx.db);
  const charge = row.charge_id !== null ? charges.findById(row.company_id, row.charge_id) : undefined;
  const open = charge?.status === 'ACTIVE' ? charge : undefined;
  if (open && chargeAmountDue(open, ctx.now) === value) {
    return recordIncomingPix(ctx, { charge: open, value, payer, infoPagador: SANDBOX_INFO_PAGADOR }).end_to_end_id;
  }
  const pixKey = ctx.tenancy.defaultPixKey(sub.account_id);
  if (!pixKey) throw badRequest('The account has no Pix key to receive the cobr');
  const view = recordIncomingPix(ctx, { pixKey, value, payer, infoPagador: SANDBOX_INFO_PAGADOR });
  if (open) {
    const at = ctx.now.toISOString();
    charges.expire(open.id, at);
    ctx.emit(CHARGE_EVENTS.expired, {
      charge: serializeCharge({ ...open, status: 'EXPIRED', updated_at: at }, ctx, ctx.now),
    });
  }
  return view.end_to_end_id;
}
