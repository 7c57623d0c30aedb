/*
 * AMOUNT DUE OF AN OVERDUE (cobv) CHARGE ON A GIVEN PAYMENT INSTANT
 * =================================================================
 *
 * Days
 *   All rules work on calendar days in America/Sao_Paulo, written YYYY-MM-DD:
 *     creation day = São Paulo day of createdAt,  due day = São Paulo day of dueDate,
 *     payment day  = São Paulo day of the payment instant.
 *   So 2026-12-11T02:30:00Z is 23:30 on 2026-12-10 in São Paulo (UTC−3): payment day 2026-12-10.
 *   There is NO weekend/holiday roll of the due day (the central bank's cobv rule moves a due day
 *   that is not a business day to the next business day; this service does not).
 *
 * Three phases, by payment day (pd) against due day (dd)
 *   pd < dd : discount may apply; no fine, no interest.
 *   pd = dd : the plain value. No discount ("From the due date on, the discount is gone"), and no
 *             fine or interest yet (the charge can be paid "até esse dia, inclusive").
 *   pd > dd : no discount; the fine once plus interest for every calendar day late, on top of value.
 *
 * Discount (only when pd < dd)
 *   *_UNTIL_SPECIFIED_DATE: entry i is active while pd ≤ creation day + daysActive_i. The largest
 *     active discount wins. FIXED_VALUE_…: entry value in cents. PERCENTAGE_…: entry value in basis
 *     points of value, i.e. round_half_up(value × bp / 10000). An entry whose date is the due day
 *     itself is therefore active only until the day before the due day.
 *   *_ADVANCE (per day): discount = rate × n, where n counts the days d with pd < d ≤ dd — the
 *     payment day is excluded and the due day is included — all of them for *_RUNNING_DAY_*, only
 *     the business days among them (Mon–Fri, not a national holiday) for *_BUSINESS_DAY_*.
 *     For running days n = dd − pd. VALUE_…: rate in cents per day, discount = rate × n.
 *     PERCENTAGE_…: rate in basis points of value per day, discount = round_half_up(value × rate × n / 10000).
 *     A payment day before the creation day counts from the creation day (n never exceeds the
 *     maximum anticipation that validation checked).
 *   The discount is capped at value − 1, so the amount stays ≥ 1 cent and the identity below holds.
 *
 * Fine and interest (only when pd > dd; daysLate = pd − dd calendar days)
 *   fine     : once. PERCENTAGE (also when `type` is missing): round_half_up(value × bp / 10000);
 *              FIXED: fines.value cents.
 *   interest : per calendar day late. PERCENTAGE (also when `type` is missing):
 *              round_half_up(value × bp × daysLate / 10000); FIXED: interests.value × daysLate cents.
 *   The base is always `value` (the discount is gone by then).
 *
 * Arithmetic
 *   Each component is ONE exact rational computed in BigInt and rounded once to the nearest cent,
 *   halves up (no float, no per-day rounding). final = original − discount + fine + interest,
 *   and never below 1 cent.
 *
 * Payability
 *   lastPayableDay = dd + daysAfterDueDate; payable = pd ≤ lastPayableDay. The amounts are still
 *   computed for a later day (for display); callers must refuse the payment when !payable.
 *   daysEarly = max(0, dd − pd), daysLate = max(0, pd − dd), both in calendar days.
 *
 * Worked examples: value 10000 (R$ 100.00), created Tue 2026-12-01, due Thu 2026-12-10,
 * daysAfterDueDate 30 (lastPayableDay 2027-01-09).
 *   1. FIXED_VALUE_UNTIL_SPECIFIED_DATE, tiers {daysActive 2: 1000}, {daysActive 5: 500}
 *      (dates 12-03 and 12-06). Paid 12-03: both active, largest 1000 -> final 9000.
 *      Paid 12-04: only the 500 tier -> 9500. Paid 12-07: none -> 10000.
 *   2. PERCENTAGE_UNTIL_SPECIFIED_DATE, {daysActive 9: 250 bp} (date 12-10 = due day).
 *      Paid 12-09: 10000 × 250 / 10000 = 250 -> 9750. Paid 12-10 (due day): no discount -> 10000.
 *   3. VALUE_PER_RUNNING_DAY_ADVANCE 50 cents. Paid Sun 12-06: n = 4 (07, 08, 09, 10) -> 200 -> 9800.
 *   4. VALUE_PER_BUSINESS_DAY_ADVANCE 50 cents. Paid Fri 12-04: days 05 Sat, 06 Sun, 07 Mon,
 *      08 Tue, 09 Wed, 10 Thu -> n = 4 business days -> 200 -> 9800.
 *   5. PERCENTAGE_PER_RUNNING_DAY_ADVANCE 15 bp on value 12345. Paid 12-07: n = 3,
 *      12345 × 15 × 3 / 10000 = 55.5525 -> 56 -> final 12289.
 *   6. PERCENTAGE_PER_BUSINESS_DAY_ADVANCE 10 bp, due Mon 2026-12-28, paid Wed 12-23: days 24 Thu,
 *      25 Fri (Natal), 26 Sat, 27 Sun, 28 Mon -> n = 2 -> 10000 × 10 × 2 / 10000 = 20 -> 9980.
 *   7. fines {value 200} (2 %, type missing = PERCENTAGE), interests {value 33} (0.33 %/day).
 *      Paid 12-10: 10000. Paid 12-11 (1 day late): fine 200 + interest 33 -> 10233.
 *      Paid 12-15 (5 days late): fine 200 + interest 10000 × 33 × 5 / 10000 = 165 -> 10365.
 *   8. fines {500, FIXED}, interests {7, FIXED}, paid 12-13 (3 days late): 500 + 7 × 3 = 21 -> 10521.
 *   9. Rounding half up: interests 1 bp on 12345, 1 day late: 1.2345 -> 1; 5 days: 6.1725 -> 6.
 *      fines 100 bp on value 50: 0.5 -> 1.
 *  10. Paid 2027-01-09: payable, daysLate 30. Paid 2027-01-10: payable = false.
 */

import { addDays, daysBetween, type CalendarDay } from '#shared/lib/calendar-day';
import { saoPauloDate } from '#shared/lib/sao-paulo-time';
import { basisPointsOf, timesCents } from './basis-points';
import { anticipationDays, fixedDateEntryDiscount, isFixedDateModality, perDayDiscount } from './discounts';
import type { Discount, Fines, Interests, OverdueTerms } from './overdue-terms';

/** The amount due on one payment day. All amounts are integer cents; days are calendar days. */
export interface AmountDue {
  /** The charge value. */
  original: number;
  discount: number;
  fine: number;
  interest: number;
  /** original − discount + fine + interest, never below 1. */
  final: number;
  /** Calendar days from the payment day to the due day when paying early, else 0. */
  daysEarly: number;
  /** Calendar days from the due day to the payment day when paying late, else 0. */
  daysLate: number;
  /** São Paulo day of the payment instant. */
  paymentDay: CalendarDay;
  dueDay: CalendarDay;
  /** dueDay + daysAfterDueDate. */
  lastPayableDay: CalendarDay;
  /** paymentDay ≤ lastPayableDay. */
  payable: boolean;
}

/**
 * The amount due if paid at `paymentInstant` (see the rules at the top of this file).
 * Expects terms that passed `validateOverdueTerms`; throws RangeError on a non-positive or
 * non-integer value, an invalid Date or a negative daysAfterDueDate.
 */
export function computeAmountDue(terms: OverdueTerms, paymentInstant: Date): AmountDue {
  const { value } = terms;
  if (!Number.isSafeInteger(value) || value < 1) {
    throw new RangeError(`computeAmountDue: value must be a positive integer number of cents (got ${value})`);
  }
  if (!Number.isSafeInteger(terms.daysAfterDueDate) || terms.daysAfterDueDate < 0) {
    throw new RangeError(`computeAmountDue: daysAfterDueDate must be an integer >= 0 (got ${terms.daysAfterDueDate})`);
  }
  const creationDay = saoPauloDate(terms.createdAt);
  const dueDay = saoPauloDate(terms.dueDate);
  const paymentDay = saoPauloDate(paymentInstant);
  const lastPayableDay = addDays(dueDay, terms.daysAfterDueDate);

  const offset = daysBetween(dueDay, paymentDay); // < 0 early, 0 on the due day, > 0 late
  const daysEarly = offset < 0 ? -offset : 0;
  const daysLate = offset > 0 ? offset : 0;

  const discount =
    offset < 0 ? Math.min(discountOn(terms.discount, value, creationDay, dueDay, paymentDay), value - 1) : 0;
  const fine = daysLate > 0 ? fineOf(terms.fines, value) : 0;
  const interest = daysLate > 0 ? interestOf(terms.interests, value, daysLate) : 0;
  const total = value - discount + fine + interest;
  if (!Number.isSafeInteger(total))
    throw new RangeError('computeAmountDue: amount exceeds the safe integer range of cents');

  return {
    original: value,
    discount,
    fine,
    interest,
    final: Math.max(1, total),
    daysEarly,
    daysLate,
    paymentDay,
    dueDay,
    lastPayableDay,
    payable: paymentDay <= lastPayableDay,
  };
}

// ---------------------------------------------------------------------------------------------

/** The raw discount for a payment day strictly before the due day (before the value − 1 cap). */
function discountOn(
  discount: Discount | undefined,
  value: number,
  creationDay: CalendarDay,
  dueDay: CalendarDay,
  paymentDay: CalendarDay,
): number {
  if (discount === undefined) return 0;
  const { modality } = discount;
  if (isFixedDateModality(modality)) {
    let best = 0;
    for (const entry of discount.discountFixedDate ?? []) {
      if (paymentDay <= addDays(creationDay, entry.daysActive)) {
        best = Math.max(best, fixedDateEntryDiscount(modality, entry.value, value));
      }
    }
    return best;
  }
  if (discount.value === undefined) return 0;
  const from = paymentDay < creationDay ? creationDay : paymentDay;
  return perDayDiscount(modality, discount.value, value, anticipationDays(modality, from, dueDay));
}

function fineOf(fines: Fines | undefined, value: number): number {
  if (fines === undefined) return 0;
  return fines.type === 'FIXED' ? fines.value : basisPointsOf(value, fines.value);
}

function interestOf(interests: Interests | undefined, value: number, daysLate: number): number {
  if (interests === undefined) return 0;
  return interests.type === 'FIXED'
    ? timesCents(interests.value, daysLate)
    : basisPointsOf(value, interests.value, daysLate);
}
