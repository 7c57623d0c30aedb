import { describe, expect, it } from 'vitest';
import fc from 'fast-check';
import { computeAmountDue } from '#service/engine/money/overdue-amount';
import { basisPointsOf } from '#service/engine/money/basis-points';
import { addDays } from '#shared/lib/calendar-day';
import { saoPauloDate } from '#shared/lib/sao-paulo-time';
import {
  DISCOUNT_MODALITIES,
  isFixedDateModality,
  validateOverdueTerms,
  type Discount,
  type OverdueTerms,
} from '#service/engine/money/overdue-terms';

const DAY_MS = 86_400_000;
const START_2024_SP = Date.parse('2024-01-01T00:00:00-03:00');

/** An instant on São Paulo day `day` (UTC−3 from 2019 on), `msIntoDay` after local midnight. */
const atSaoPaulo = (day: string, msIntoDay: number): Date => new Date(Date.parse(`${day}T00:00:00-03:00`) + msIntoDay);

const rateArb = fc.record(
  { value: fc.integer({ min: 0, max: 2_000 }), type: fc.constantFrom('FIXED' as const, 'PERCENTAGE' as const) },
  { requiredKeys: ['value'] },
);

const discountArb: fc.Arbitrary<Discount> = fc.constantFrom(...DISCOUNT_MODALITIES).chain((modality) =>
  isFixedDateModality(modality)
    ? fc
        .array(fc.record({ daysActive: fc.integer({ min: 1, max: 60 }), value: fc.integer({ min: 1, max: 12_000 }) }), {
          minLength: 1,
          maxLength: 3,
        })
        .map((discountFixedDate): Discount => ({ modality, discountFixedDate }))
    : fc.integer({ min: 1, max: 3_000 }).map((value): Discount => ({ modality, value })),
);

/** Schema-valid terms; not necessarily passing validateOverdueTerms (the computation must be total anyway). */
const termsArb: fc.Arbitrary<OverdueTerms> = fc
  .record({
    value: fc.oneof(fc.integer({ min: 1, max: 200 }), fc.integer({ min: 1, max: 50_000_000 })),
    createdOffsetMs: fc.integer({ min: 0, max: 1_500 * DAY_MS }),
    dueAfterMs: fc.integer({ min: 0, max: 90 * DAY_MS }),
    daysAfterDueDate: fc.integer({ min: 0, max: 60 }),
    interests: fc.option(rateArb, { nil: undefined }),
    fines: fc.option(rateArb, { nil: undefined }),
    discount: fc.option(discountArb, { nil: undefined }),
  })
  .map(({ createdOffsetMs, dueAfterMs, ...rest }) => ({
    ...rest,
    createdAt: new Date(START_2024_SP + createdOffsetMs),
    dueDate: new Date(START_2024_SP + createdOffsetMs + dueAfterMs),
  }));

/** Days relative to the due day, biased toward the boundaries. */
const offsetArb = fc.oneof(fc.constantFrom(-1, 0, 1), fc.integer({ min: -100, max: 100 }));
const msIntoDayArb = fc.integer({ min: 0, max: DAY_MS - 1 });

const payOn = (terms: OverdueTerms, offset: number, msIntoDay: number): Date =>
  atSaoPaulo(addDays(saoPauloDate(terms.dueDate), offset), msIntoDay);

describe('computeAmountDue properties', () => {
  it('final ≥ 1 cent, all components are non-negative integers, and final = original − discount + fine + interest', () => {
    fc.assert(
      fc.property(termsArb, offsetArb, msIntoDayArb, (terms, offset, ms) => {
        const r = computeAmountDue(terms, payOn(terms, offset, ms));
        for (const n of [r.original, r.discount, r.fine, r.interest, r.final]) {
          expect(Number.isSafeInteger(n) && n >= 0).toBe(true);
        }
        expect(r.final).toBeGreaterThanOrEqual(1);
        expect(r.final).toBe(r.original - r.discount + r.fine + r.interest);
        expect(r.discount).toBeLessThan(r.original);
      }),
      { numRuns: 1_000 },
    );
  });

  it('the discount never applies on or after the due day', () => {
    fc.assert(
      fc.property(termsArb, fc.integer({ min: 0, max: 100 }), msIntoDayArb, (terms, offset, ms) => {
        const r = computeAmountDue(terms, payOn(terms, offset, ms));
        expect(r.paymentDay >= r.dueDay).toBe(true);
        expect(r.discount).toBe(0);
      }),
      { numRuns: 500 },
    );
  });

  it('fine and interest are 0 on or before the due day, and the fine is charged once (constant) after it', () => {
    fc.assert(
      fc.property(
        termsArb,
        fc.integer({ min: -100, max: 0 }),
        msIntoDayArb,
        fc.integer({ min: 1, max: 60 }),
        (terms, offset, ms, late) => {
          const before = computeAmountDue(terms, payOn(terms, offset, ms));
          expect(before.fine).toBe(0);
          expect(before.interest).toBe(0);
          expect(before.daysLate).toBe(0);
          const dayAfter = computeAmountDue(terms, payOn(terms, 1, ms));
          const later = computeAmountDue(terms, payOn(terms, late, ms));
          expect(later.fine).toBe(dayAfter.fine);
          expect(later.daysLate).toBe(late);
        },
      ),
      { numRuns: 500 },
    );
  });

  it('interest is non-decreasing in the days late (and so is final once late)', () => {
    fc.assert(
      fc.property(termsArb, fc.integer({ min: 0, max: 200 }), msIntoDayArb, (terms, late, ms) => {
        const a = computeAmountDue(terms, payOn(terms, late, ms));
        const b = computeAmountDue(terms, payOn(terms, late + 1, ms));
        expect(b.interest).toBeGreaterThanOrEqual(a.interest);
        expect(b.final).toBeGreaterThanOrEqual(a.final);
      }),
      { numRuns: 500 },
    );
  });

  it('the discount is non-increasing as the payment day approaches the due day', () => {
    fc.assert(
      fc.property(termsArb, fc.integer({ min: -100, max: 0 }), msIntoDayArb, (terms, offset, ms) => {
        const earlier = computeAmountDue(terms, payOn(terms, offset - 1, ms));
        const later = computeAmountDue(terms, payOn(terms, offset, ms));
        expect(earlier.discount).toBeGreaterThanOrEqual(later.discount);
      }),
      { numRuns: 500 },
    );
  });

  it('only the São Paulo calendar day of the payment instant matters', () => {
    fc.assert(
      fc.property(termsArb, offsetArb, msIntoDayArb, msIntoDayArb, (terms, offset, ms1, ms2) => {
        expect(computeAmountDue(terms, payOn(terms, offset, ms1))).toEqual(
          computeAmountDue(terms, payOn(terms, offset, ms2)),
        );
      }),
      { numRuns: 300 },
    );
  });

  it('terms that pass validation never need the value − 1 cap, on any day', () => {
    fc.assert(
      fc.property(termsArb, offsetArb, msIntoDayArb, (terms, offset, ms) => {
        fc.pre(terms.discount !== undefined && validateOverdueTerms(terms).length === 0);
        const r = computeAmountDue(terms, payOn(terms, offset, ms));
        // Recompute the uncapped discount independently for the fixed-date modalities (exact by construction)
        // and check that the result is strictly below the value in any case.
        expect(r.discount).toBeLessThan(r.original);
        if (terms.discount?.discountFixedDate && r.paymentDay < r.dueDay) {
          const creationDay = saoPauloDate(terms.createdAt);
          const active = terms.discount.discountFixedDate.filter(
            (e) => r.paymentDay <= addDays(creationDay, e.daysActive),
          );
          const amounts = active.map((e) =>
            terms.discount?.modality === 'PERCENTAGE_UNTIL_SPECIFIED_DATE'
              ? basisPointsOf(r.original, e.value)
              : e.value,
          );
          expect(r.discount).toBe(Math.max(0, ...amounts));
        }
      }),
      { numRuns: 500 },
    );
  });
});

describe('basisPointsOf properties', () => {
  it('is the nearest cent with halves up: −0.5 < result − exact ≤ 0.5', () => {
    fc.assert(
      fc.property(
        fc.integer({ min: 0, max: Number.MAX_SAFE_INTEGER }),
        fc.integer({ min: 0, max: 100_000 }),
        fc.integer({ min: 0, max: 10_000 }),
        (cents, bp, days) => {
          const exactTimes10000 = BigInt(cents) * BigInt(bp) * BigInt(days);
          let result: number;
          try {
            result = basisPointsOf(cents, bp, days);
          } catch (error) {
            expect(error).toBeInstanceOf(RangeError); // only when the result leaves the safe range
            expect(exactTimes10000 / 10_000n > BigInt(Number.MAX_SAFE_INTEGER) - 1n).toBe(true);
            return;
          }
          const diff = BigInt(result) * 10_000n - exactTimes10000; // (result − exact) × 10000
          expect(diff > -5_000n && diff <= 5_000n).toBe(true);
        },
      ),
      { numRuns: 2_000 },
    );
  });
});
