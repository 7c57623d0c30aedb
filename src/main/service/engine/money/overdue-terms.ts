// The OVERDUE (cobv) terms of a charge: input schemas for `interests`, `fines` and `discount`
// (the API also accepts the discount object under the name `discountSettings`), and the
// creation-time validation rules. Units:
//   interests.value: PERCENTAGE (the default when `type` is missing) = basis points of `value` per
//                    calendar day late; FIXED = cents per calendar day late.
//   fines.value:     PERCENTAGE (default) = basis points of `value`, once; FIXED = cents, once.
//   discount.value / discountFixedDate[].value: cents for the FIXED_VALUE_… / VALUE_… modalities,
//                    basis points of `value` for the PERCENTAGE_… modalities.
// 100 bp = 1 %. See overdue-amount.ts for how the amount due is computed from these.
// Every `value` here is read like money (validation.ts `wholeNumber`: an integer, a float with no
// fraction or a string of digits), since for FIXED terms it is money; but not with a `.00` tail,
// because the unit comes from `type`/`modality` and `"2.00"` may mean 2 % rather than 2 bp.

import { z } from 'zod';
import { wholeNumber } from '../validation';
import { addDays, type CalendarDay } from '#shared/lib/calendar-day';
import { saoPauloDate } from '#shared/lib/sao-paulo-time';
import {
  DISCOUNT_MODALITIES,
  anticipationDays,
  fixedDateEntryDiscount,
  isBusinessDayModality,
  isFixedDateModality,
  isPercentageModality,
  perDayDiscount,
} from './discounts';

export {
  DISCOUNT_MODALITIES,
  FIXED_DATE_DISCOUNT_MODALITIES,
  PER_DAY_DISCOUNT_MODALITIES,
  isFixedDateModality,
  isPerDayModality,
  type DiscountModality,
  type FixedDateDiscountModality,
  type PerDayDiscountModality,
} from './discounts';

/** 10000 bp = 100 %. A percentage discount must stay strictly below it. */
export const BASIS_POINTS_100_PERCENT = 10_000;

export const overdueRateTypeSchema = z.enum(['FIXED', 'PERCENTAGE']);
export type OverdueRateType = z.infer<typeof overdueRateTypeSchema>;

/** `interests`: charged per calendar day late. `type` missing = PERCENTAGE (basis points). */
export const interestsSchema = z.object({
  value: wholeNumber('value'),
  type: overdueRateTypeSchema.optional(),
});
export type Interests = z.infer<typeof interestsSchema>;

/** `fines`: charged once, from the day after the due day. `type` missing = PERCENTAGE (basis points). */
export const finesSchema = z.object({
  value: wholeNumber('value'),
  type: overdueRateTypeSchema.optional(),
});
export type Fines = z.infer<typeof finesSchema>;

export const discountModalitySchema = z.enum(DISCOUNT_MODALITIES);

/** One tier of a *_UNTIL_SPECIFIED_DATE discount: active through creation day + daysActive. */
export const discountFixedDateEntrySchema = z.object({
  daysActive: z.int().min(1),
  value: wholeNumber('value', { min: 1 }),
});
export type DiscountFixedDateEntry = z.infer<typeof discountFixedDateEntrySchema>;

/**
 * `discount` / `discountSettings`. Structural only: which of `discountFixedDate` / `value` the
 * modality needs is checked by `validateOverdueTerms`, which reports it as a readable error.
 */
export const discountSchema = z.object({
  modality: discountModalitySchema,
  discountFixedDate: z.array(discountFixedDateEntrySchema).min(1).max(3).optional(),
  value: wholeNumber('value', { min: 1 }).optional(),
});
export type Discount = z.infer<typeof discountSchema>;

/** Everything the OVERDUE math needs about a charge. Money in integer cents. */
export interface OverdueTerms {
  /** The charge value, cents. */
  value: number;
  /** Creation instant; its São Paulo calendar day is the "creation day". */
  createdAt: Date;
  /** Due instant; its São Paulo calendar day is the "due day". */
  dueDate: Date;
  /** Calendar days after the due day during which the charge can still be paid. */
  daysAfterDueDate: number;
  interests?: Interests | undefined;
  fines?: Fines | undefined;
  discount?: Discount | undefined;
}

/**
 * Creation-time rules for an OVERDUE charge. Returns human-readable English messages; an empty
 * list means the terms are valid.
 *
 * - `value` is an integer number of cents > 0.
 * - The due day is not before the creation day (both São Paulo calendar days).
 * - `daysAfterDueDate` is an integer ≥ 0.
 * - `interests`, `fines`, `discount` match their schemas.
 * - Modality shape: the *_UNTIL_SPECIFIED_DATE modalities need `discountFixedDate` and take no
 *   `value`; the *_ADVANCE modalities need `value` and take no `discountFixedDate`.
 * - A fixed-date entry's date, creation day + daysActive, is not after the due day.
 * - PERCENTAGE discounts (entries or per-day rate) are basis points below 10000.
 * - No discount may ever reach the value: each fixed-date entry's amount, and a per-day rate
 *   multiplied by the maximum anticipation (the running or business days d with
 *   creation day < d ≤ due day, as the modality counts them), must stay below `value`.
 */
export function validateOverdueTerms(terms: OverdueTerms): string[] {
  const errors: string[] = [];
  const { value } = terms;

  const valueOk = Number.isSafeInteger(value) && value > 0;
  if (!valueOk) errors.push(`value must be a positive integer number of cents (got ${String(value)})`);

  const creationDay = dayOf(terms.createdAt, 'createdAt', errors);
  const dueDay = dayOf(terms.dueDate, 'dueDate', errors);
  if (creationDay !== null && dueDay !== null && dueDay < creationDay) {
    errors.push(`dueDate falls on ${dueDay} (São Paulo), before the creation day ${creationDay}`);
  }

  if (!Number.isSafeInteger(terms.daysAfterDueDate) || terms.daysAfterDueDate < 0) {
    errors.push(`daysAfterDueDate must be an integer >= 0 (got ${String(terms.daysAfterDueDate)})`);
  }

  if (terms.interests !== undefined) schemaErrors(interestsSchema, terms.interests, 'interests', errors);
  if (terms.fines !== undefined) schemaErrors(finesSchema, terms.fines, 'fines', errors);

  if (terms.discount !== undefined && schemaErrors(discountSchema, terms.discount, 'discount', errors)) {
    const discount = terms.discount;
    const { modality } = discount;
    const percentage = isPercentageModality(modality);

    if (isFixedDateModality(modality)) {
      if (discount.value !== undefined) {
        errors.push(`discount: modality ${modality} takes discountFixedDate entries, not a single value`);
      }
      if (discount.discountFixedDate === undefined) {
        errors.push(`discount: modality ${modality} requires discountFixedDate with 1 to 3 entries`);
      }
      (discount.discountFixedDate ?? []).forEach((entry, i) => {
        const where = `discount.discountFixedDate[${i}]`;
        if (creationDay !== null && dueDay !== null) {
          const entryDay = safeAddDays(creationDay, entry.daysActive);
          if (entryDay === null || entryDay > dueDay) {
            errors.push(
              `${where}: date ${entryDay ?? 'out of range'} (creation day ${creationDay} + ${entry.daysActive} days) is after the due day ${dueDay}`,
            );
          }
        }
        if (percentage && entry.value >= BASIS_POINTS_100_PERCENT) {
          errors.push(`${where}.value: ${entry.value} bp is not below ${BASIS_POINTS_100_PERCENT} bp (100%)`);
        } else if (valueOk) {
          const amount = guarded(() => fixedDateEntryDiscount(modality, entry.value, value));
          if (amount === null || amount >= value) {
            errors.push(
              `${where}: a discount of ${amount ?? 'more than the maximum'} cents is not below the charge value of ${value} cents`,
            );
          }
        }
      });
    } else {
      if (discount.discountFixedDate !== undefined) {
        errors.push(`discount: modality ${modality} takes a single value, not discountFixedDate entries`);
      }
      const rate = discount.value;
      if (rate === undefined) {
        errors.push(`discount: modality ${modality} requires value`);
      } else if (percentage && rate >= BASIS_POINTS_100_PERCENT) {
        errors.push(`discount.value: ${rate} bp is not below ${BASIS_POINTS_100_PERCENT} bp (100%)`);
      } else if (valueOk && creationDay !== null && dueDay !== null && dueDay >= creationDay) {
        const maxDays = anticipationDays(modality, creationDay, dueDay);
        const amount = guarded(() => perDayDiscount(modality, rate, value, maxDays));
        if (amount === null || amount >= value) {
          const unit = percentage ? 'bp' : 'cents';
          const kind = isBusinessDayModality(modality) ? 'business' : 'running';
          errors.push(
            `discount: ${rate} ${unit} per ${kind} day over the maximum anticipation of ${maxDays} ${kind} days ` +
              `(creation day ${creationDay} to due day ${dueDay}) gives ${amount ?? 'more than the maximum'} cents, ` +
              `which is not below the charge value of ${value} cents`,
          );
        }
      }
    }
  }

  return errors;
}

// ---------------------------------------------------------------------------------------------

function dayOf(instant: Date, name: string, errors: string[]): CalendarDay | null {
  if (!(instant instanceof Date) || Number.isNaN(instant.getTime())) {
    errors.push(`${name} is not a valid date`);
    return null;
  }
  return saoPauloDate(instant);
}

function safeAddDays(day: CalendarDay, n: number): CalendarDay | null {
  return guarded(() => addDays(day, n));
}

function guarded<T>(compute: () => T): T | null {
  try {
    return compute();
  } catch (error) {
    if (error instanceof RangeError) return null;
    throw error;
  }
}

/** Pushes one message per schema issue; true when the input matches the schema. */
function schemaErrors(schema: z.ZodType, input: unknown, name: string, errors: string[]): boolean {
  const result = schema.safeParse(input);
  if (result.success) return true;
  for (const issue of result.error.issues) {
    const path = issue.path.map((key) => (typeof key === 'number' ? `[${key}]` : `.${String(key)}`)).join('');
    errors.push(`${name}${path}: ${issue.message}`);
  }
  return false;
}
