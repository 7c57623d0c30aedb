import { describe, expect, it } from 'vitest';
import {
  discountSchema,
  finesSchema,
  interestsSchema,
  validateOverdueTerms,
  type Discount,
  type OverdueTerms,
} from '#service/engine/money/overdue-terms';

/** Noon in São Paulo (UTC−3) on a calendar day. */
const sp = (day: string, time = '12:00'): Date => new Date(`${day}T${time}:00-03:00`);

/** value R$ 100.00, created Tue 2026-12-01, due Thu 2026-12-10 (9 running days, 7 business days ahead). */
const base: OverdueTerms = {
  value: 10_000,
  createdAt: sp('2026-12-01'),
  dueDate: sp('2026-12-10'),
  daysAfterDueDate: 30,
};

const withDiscount = (discount: Discount, overrides: Partial<OverdueTerms> = {}): OverdueTerms => ({
  ...base,
  ...overrides,
  discount,
});

describe('schemas', () => {
  it('accept the documented shapes', () => {
    expect(interestsSchema.parse({ value: 10, type: 'PERCENTAGE' })).toEqual({ value: 10, type: 'PERCENTAGE' });
    expect(finesSchema.parse({ value: 20, type: 'FIXED' })).toEqual({ value: 20, type: 'FIXED' });
    expect(finesSchema.parse({ value: 0 })).toEqual({ value: 0 }); // type optional
    expect(
      discountSchema.parse({
        modality: 'FIXED_VALUE_UNTIL_SPECIFIED_DATE',
        discountFixedDate: [{ daysActive: 1, value: 1 }],
      }),
    ).toEqual({ modality: 'FIXED_VALUE_UNTIL_SPECIFIED_DATE', discountFixedDate: [{ daysActive: 1, value: 1 }] });
    expect(discountSchema.parse({ modality: 'VALUE_PER_RUNNING_DAY_ADVANCE', value: 1 })).toEqual({
      modality: 'VALUE_PER_RUNNING_DAY_ADVANCE',
      value: 1,
    });
  });

  it('drop the read-only `data` of a fixed-date entry echoed back by a client', () => {
    const parsed = discountSchema.parse({
      modality: 'FIXED_VALUE_UNTIL_SPECIFIED_DATE',
      discountFixedDate: [{ daysActive: 2, value: 100, data: '2026-12-03' }],
    });
    expect(parsed.discountFixedDate).toEqual([{ daysActive: 2, value: 100 }]);
  });

  it('reject bad numbers, types and entry counts', () => {
    expect(interestsSchema.safeParse({ value: -1 }).success).toBe(false);
    expect(interestsSchema.safeParse({ value: 1.5 }).success).toBe(false);
    expect(interestsSchema.safeParse({ value: 10, type: 'MONTHLY' }).success).toBe(false);
    expect(finesSchema.safeParse({ value: '10.00' }).success).toBe(false); // the unit is type's: "2.00" may mean 2 %
    expect(discountSchema.safeParse({ modality: 'SOMETHING', value: 1 }).success).toBe(false);
    expect(discountSchema.safeParse({ modality: 'VALUE_PER_RUNNING_DAY_ADVANCE', value: 0 }).success).toBe(false);
    const entry = { daysActive: 1, value: 1 };
    const fixed = 'FIXED_VALUE_UNTIL_SPECIFIED_DATE';
    expect(discountSchema.safeParse({ modality: fixed, discountFixedDate: [] }).success).toBe(false);
    expect(discountSchema.safeParse({ modality: fixed, discountFixedDate: [entry, entry, entry] }).success).toBe(true);
    expect(discountSchema.safeParse({ modality: fixed, discountFixedDate: [entry, entry, entry, entry] }).success).toBe(
      false,
    );
    expect(
      discountSchema.safeParse({ modality: fixed, discountFixedDate: [{ daysActive: 0, value: 1 }] }).success,
    ).toBe(false);
    expect(
      discountSchema.safeParse({ modality: fixed, discountFixedDate: [{ daysActive: 1, value: 0 }] }).success,
    ).toBe(false);
  });
});

describe('validateOverdueTerms', () => {
  it('accepts valid terms, including every modality at its limit', () => {
    expect(validateOverdueTerms(base)).toEqual([]);
    expect(
      validateOverdueTerms({ ...base, interests: { value: 33 }, fines: { value: 200, type: 'PERCENTAGE' } }),
    ).toEqual([]);
    // Due on the creation day is allowed.
    expect(validateOverdueTerms({ ...base, dueDate: sp('2026-12-01', '23:59') })).toEqual([]);
    expect(validateOverdueTerms({ ...base, daysAfterDueDate: 0 })).toEqual([]);
    // Three tiers; the last is dated on the due day itself (creation 12-01 + 9 = 12-10).
    expect(
      validateOverdueTerms(
        withDiscount({
          modality: 'FIXED_VALUE_UNTIL_SPECIFIED_DATE',
          discountFixedDate: [
            { daysActive: 2, value: 1000 },
            { daysActive: 5, value: 500 },
            { daysActive: 9, value: 9_999 }, // value − 1 cent: the largest allowed
          ],
        }),
      ),
    ).toEqual([]);
    expect(
      validateOverdueTerms(
        withDiscount({
          modality: 'PERCENTAGE_UNTIL_SPECIFIED_DATE',
          discountFixedDate: [{ daysActive: 9, value: 9_999 }],
        }),
      ),
    ).toEqual([]);
    // 9 running days ahead at most: 1111 × 9 = 9999 < 10000.
    expect(validateOverdueTerms(withDiscount({ modality: 'VALUE_PER_RUNNING_DAY_ADVANCE', value: 1_111 }))).toEqual([]);
    // 7 business days (12-02..12-04, 12-07..12-10): 1428 × 7 = 9996 < 10000.
    expect(validateOverdueTerms(withDiscount({ modality: 'VALUE_PER_BUSINESS_DAY_ADVANCE', value: 1_428 }))).toEqual(
      [],
    );
    // 1111 bp × 9 = 9999 bp -> 9999 cents of 10000.
    expect(
      validateOverdueTerms(withDiscount({ modality: 'PERCENTAGE_PER_RUNNING_DAY_ADVANCE', value: 1_111 })),
    ).toEqual([]);
    expect(
      validateOverdueTerms(withDiscount({ modality: 'PERCENTAGE_PER_BUSINESS_DAY_ADVANCE', value: 1_428 })),
    ).toEqual([]);
  });

  it('rejects a value that is not > 0 integer cents', () => {
    expect(validateOverdueTerms({ ...base, value: 0 })).toEqual([
      'value must be a positive integer number of cents (got 0)',
    ]);
    expect(validateOverdueTerms({ ...base, value: -5 })).toHaveLength(1);
    expect(validateOverdueTerms({ ...base, value: 10.5 })).toHaveLength(1);
  });

  it('rejects a due day before the creation day (São Paulo days)', () => {
    expect(validateOverdueTerms({ ...base, dueDate: sp('2026-11-30') })).toEqual([
      'dueDate falls on 2026-11-30 (São Paulo), before the creation day 2026-12-01',
    ]);
    // 2026-12-01T02:00Z is still 2026-11-30 (23:00) in São Paulo, so this is before the creation day too.
    expect(validateOverdueTerms({ ...base, dueDate: new Date('2026-12-01T02:00:00Z') })).toHaveLength(1);
  });

  it('rejects invalid dates and a negative daysAfterDueDate', () => {
    expect(validateOverdueTerms({ ...base, createdAt: new Date('x') })).toEqual(['createdAt is not a valid date']);
    expect(validateOverdueTerms({ ...base, dueDate: new Date('x') })).toEqual(['dueDate is not a valid date']);
    expect(validateOverdueTerms({ ...base, daysAfterDueDate: -1 })).toEqual([
      'daysAfterDueDate must be an integer >= 0 (got -1)',
    ]);
    expect(validateOverdueTerms({ ...base, daysAfterDueDate: 1.5 })).toHaveLength(1);
  });

  it('reports schema errors of interests and fines with their path', () => {
    const errors = validateOverdueTerms({
      ...base,
      interests: { value: -1 },
      fines: { value: 1, type: 'X' as 'FIXED' },
    });
    expect(errors).toHaveLength(2);
    expect(errors[0]).toMatch(/^interests\.value: /);
    expect(errors[1]).toMatch(/^fines\.type: /);
  });

  it('rejects a fixed-date entry dated after the due day', () => {
    // creation 12-01 + 10 days = 12-11 > due 12-10.
    expect(
      validateOverdueTerms(
        withDiscount({
          modality: 'FIXED_VALUE_UNTIL_SPECIFIED_DATE',
          discountFixedDate: [{ daysActive: 10, value: 100 }],
        }),
      ),
    ).toEqual([
      'discount.discountFixedDate[0]: date 2026-12-11 (creation day 2026-12-01 + 10 days) is after the due day 2026-12-10',
    ]);
  });

  it('rejects a fixed-date discount that reaches the value', () => {
    expect(
      validateOverdueTerms(
        withDiscount({
          modality: 'FIXED_VALUE_UNTIL_SPECIFIED_DATE',
          discountFixedDate: [{ daysActive: 1, value: 10_000 }],
        }),
      ),
    ).toEqual([
      'discount.discountFixedDate[0]: a discount of 10000 cents is not below the charge value of 10000 cents',
    ]);
    // Rounding counts: 5000 bp of 1 cent = 0.5 -> 1 cent = the whole value.
    expect(
      validateOverdueTerms(
        withDiscount(
          { modality: 'PERCENTAGE_UNTIL_SPECIFIED_DATE', discountFixedDate: [{ daysActive: 1, value: 5_000 }] },
          { value: 1 },
        ),
      ),
    ).toEqual(['discount.discountFixedDate[0]: a discount of 1 cents is not below the charge value of 1 cents']);
  });

  it('rejects percentages of 10000 bp (100 %) or more', () => {
    expect(
      validateOverdueTerms(
        withDiscount({
          modality: 'PERCENTAGE_UNTIL_SPECIFIED_DATE',
          discountFixedDate: [{ daysActive: 1, value: 10_000 }],
        }),
      ),
    ).toEqual(['discount.discountFixedDate[0].value: 10000 bp is not below 10000 bp (100%)']);
    expect(
      validateOverdueTerms(withDiscount({ modality: 'PERCENTAGE_PER_RUNNING_DAY_ADVANCE', value: 12_000 })),
    ).toEqual(['discount.value: 12000 bp is not below 10000 bp (100%)']);
  });

  it('rejects a per-day discount that could reach the value over the maximum anticipation', () => {
    // 1112 × 9 running days = 10008 ≥ 10000.
    expect(validateOverdueTerms(withDiscount({ modality: 'VALUE_PER_RUNNING_DAY_ADVANCE', value: 1_112 }))).toEqual([
      'discount: 1112 cents per running day over the maximum anticipation of 9 running days (creation day 2026-12-01 to due day 2026-12-10) gives 10008 cents, which is not below the charge value of 10000 cents',
    ]);
    // 1429 × 7 business days = 10003 ≥ 10000.
    expect(validateOverdueTerms(withDiscount({ modality: 'VALUE_PER_BUSINESS_DAY_ADVANCE', value: 1_429 }))).toEqual([
      'discount: 1429 cents per business day over the maximum anticipation of 7 business days (creation day 2026-12-01 to due day 2026-12-10) gives 10003 cents, which is not below the charge value of 10000 cents',
    ]);
    // 1112 bp × 9 = 10008 bp -> 10008 cents.
    expect(
      validateOverdueTerms(withDiscount({ modality: 'PERCENTAGE_PER_RUNNING_DAY_ADVANCE', value: 1_112 })),
    ).toHaveLength(1);
    expect(
      validateOverdueTerms(withDiscount({ modality: 'PERCENTAGE_PER_BUSINESS_DAY_ADVANCE', value: 1_429 })),
    ).toHaveLength(1);
    // Rounding counts here too: 1 cent, 1 bp/day × 5000 days ahead = 0.5 -> 1 cent.
    expect(
      validateOverdueTerms(
        withDiscount(
          { modality: 'PERCENTAGE_PER_RUNNING_DAY_ADVANCE', value: 1 },
          { value: 1, dueDate: sp('2040-08-09') },
        ),
      ),
    ).toHaveLength(1); // 2026-12-01 -> 2040-08-09 is 5000 days
    // Huge rate × long anticipation beyond the safe-integer range is reported, not thrown.
    expect(
      validateOverdueTerms(
        withDiscount(
          { modality: 'VALUE_PER_RUNNING_DAY_ADVANCE', value: Number.MAX_SAFE_INTEGER },
          { dueDate: sp('2030-01-01') },
        ),
      ),
    ).toHaveLength(1);
  });

  it('rejects the wrong shape for the modality', () => {
    expect(
      validateOverdueTerms(
        withDiscount({
          modality: 'VALUE_PER_RUNNING_DAY_ADVANCE',
          value: 10,
          discountFixedDate: [{ daysActive: 1, value: 1 }],
        }),
      ),
    ).toEqual(['discount: modality VALUE_PER_RUNNING_DAY_ADVANCE takes a single value, not discountFixedDate entries']);
    expect(validateOverdueTerms(withDiscount({ modality: 'PERCENTAGE_PER_BUSINESS_DAY_ADVANCE' }))).toEqual([
      'discount: modality PERCENTAGE_PER_BUSINESS_DAY_ADVANCE requires value',
    ]);
    expect(
      validateOverdueTerms(
        withDiscount({
          modality: 'FIXED_VALUE_UNTIL_SPECIFIED_DATE',
          value: 10,
          discountFixedDate: [{ daysActive: 1, value: 1 }],
        }),
      ),
    ).toEqual([
      'discount: modality FIXED_VALUE_UNTIL_SPECIFIED_DATE takes discountFixedDate entries, not a single value',
    ]);
    expect(validateOverdueTerms(withDiscount({ modality: 'PERCENTAGE_UNTIL_SPECIFIED_DATE', value: 10 }))).toEqual([
      'discount: modality PERCENTAGE_UNTIL_SPECIFIED_DATE takes discountFixedDate entries, not a single value',
      'discount: modality PERCENTAGE_UNTIL_SPECIFIED_DATE requires discountFixedDate with 1 to 3 entries',
    ]);
  });

  it('reports several problems at once', () => {
    const errors = validateOverdueTerms({
      value: 0,
      createdAt: sp('2026-12-01'),
      dueDate: sp('2026-11-01'),
      daysAfterDueDate: -3,
      discount: { modality: 'FIXED_VALUE_UNTIL_SPECIFIED_DATE', discountFixedDate: [{ daysActive: 3, value: 5 }] },
    });
    expect(errors).toEqual([
      'value must be a positive integer number of cents (got 0)',
      'dueDate falls on 2026-11-01 (São Paulo), before the creation day 2026-12-01',
      'daysAfterDueDate must be an integer >= 0 (got -3)',
      'discount.discountFixedDate[0]: date 2026-12-04 (creation day 2026-12-01 + 3 days) is after the due day 2026-11-01',
    ]);
  });
});
