// The six discount modalities (BCB cobv `desconto.modalidade` 1–6, Woovi names) and the math of one
// discount element. Shared by validation (overdue-terms.ts: "could this ever reach the value?") and
// by the amount due (overdue-amount.ts), so both use the very same formula.

import { basisPointsOf, timesCents } from './basis-points';
import { daysBetween, type CalendarDay } from '#shared/lib/calendar-day';
import { businessDaysBetween } from './business-days';

/** Modalities 1 and 2: a table of up to three `{daysActive, value}` entries (`discountFixedDate`). */
export const FIXED_DATE_DISCOUNT_MODALITIES = [
  'FIXED_VALUE_UNTIL_SPECIFIED_DATE',
  'PERCENTAGE_UNTIL_SPECIFIED_DATE',
] as const;

/** Modalities 3–6: one `value` per day of anticipation. */
export const PER_DAY_DISCOUNT_MODALITIES = [
  'VALUE_PER_RUNNING_DAY_ADVANCE',
  'VALUE_PER_BUSINESS_DAY_ADVANCE',
  'PERCENTAGE_PER_RUNNING_DAY_ADVANCE',
  'PERCENTAGE_PER_BUSINESS_DAY_ADVANCE',
] as const;

export const DISCOUNT_MODALITIES = [...FIXED_DATE_DISCOUNT_MODALITIES, ...PER_DAY_DISCOUNT_MODALITIES] as const;

export type FixedDateDiscountModality = (typeof FIXED_DATE_DISCOUNT_MODALITIES)[number];
export type PerDayDiscountModality = (typeof PER_DAY_DISCOUNT_MODALITIES)[number];
export type DiscountModality = (typeof DISCOUNT_MODALITIES)[number];

export function isFixedDateModality(modality: DiscountModality): modality is FixedDateDiscountModality {
  return (FIXED_DATE_DISCOUNT_MODALITIES as readonly string[]).includes(modality);
}

export function isPerDayModality(modality: DiscountModality): modality is PerDayDiscountModality {
  return (PER_DAY_DISCOUNT_MODALITIES as readonly string[]).includes(modality);
}

/** True for the modalities whose value is in basis points (PERCENTAGE_*); the others are in cents. */
export function isPercentageModality(modality: DiscountModality): boolean {
  return modality.startsWith('PERCENTAGE_');
}

/** True for the *_BUSINESS_DAY_ADVANCE modalities. */
export function isBusinessDayModality(modality: DiscountModality): boolean {
  return modality.endsWith('_BUSINESS_DAY_ADVANCE');
}

/**
 * Discount in cents of one `discountFixedDate` entry, when it is active:
 * FIXED_VALUE_… -> `entryValue` cents; PERCENTAGE_… -> round_half_up(chargeValue × entryValue / 10000).
 */
export function fixedDateEntryDiscount(
  modality: FixedDateDiscountModality,
  entryValue: number,
  chargeValue: number,
): number {
  return isPercentageModality(modality) ? basisPointsOf(chargeValue, entryValue) : entryValue;
}

/**
 * Days of anticipation n for a per-day modality: the days d with paymentDay < d ≤ dueDay, all of
 * them for *_RUNNING_DAY_*, only the business days among them for *_BUSINESS_DAY_*. 0 when the
 * payment day is on or after the due day.
 */
export function anticipationDays(
  modality: PerDayDiscountModality,
  paymentDay: CalendarDay,
  dueDay: CalendarDay,
): number {
  if (paymentDay >= dueDay) return 0;
  return isBusinessDayModality(modality) ? businessDaysBetween(paymentDay, dueDay) : daysBetween(paymentDay, dueDay);
}

/**
 * Discount in cents of a per-day modality over n days of anticipation:
 * VALUE_… -> rate × n cents; PERCENTAGE_… -> round_half_up(chargeValue × rate × n / 10000).
 */
export function perDayDiscount(modality: PerDayDiscountModality, rate: number, chargeValue: number, n: number): number {
  return isPercentageModality(modality) ? basisPointsOf(chargeValue, rate, n) : timesCents(rate, n);
}
