import { describe, expect, it } from 'vitest';
import { computeAmountDue } from '#service/engine/money/overdue-amount';
import { basisPointsOf, roundHalfUp } from '#service/engine/money/basis-points';
import type { Discount, OverdueTerms } from '#service/engine/money/overdue-terms';

/** A wall-clock time in São Paulo (UTC−3, no DST since 2019) on a calendar day. */
const sp = (day: string, time = '12:00'): Date => new Date(`${day}T${time}:00-03:00`);

/** R$ 100.00, created Tue 2026-12-01, due Thu 2026-12-10, payable 30 days after (through 2027-01-09). */
const base: OverdueTerms = {
  value: 10_000,
  createdAt: sp('2026-12-01', '09:15'),
  dueDate: sp('2026-12-10', '18:00'),
  daysAfterDueDate: 30,
};

const withDiscount = (discount: Discount, overrides: Partial<OverdueTerms> = {}): OverdueTerms => ({
  ...base,
  ...overrides,
  discount,
});

const finalOn = (terms: OverdueTerms, day: string, time = '12:00'): number =>
  computeAmountDue(terms, sp(day, time)).final;
const discountOn = (terms: OverdueTerms, day: string): number => computeAmountDue(terms, sp(day)).discount;

describe('exact basis-point arithmetic', () => {
  it('rounds half up, once', () => {
    // 12345 × 1 / 10000 = 1.2345 -> 1
    expect(basisPointsOf(12_345, 1)).toBe(1);
    // 12345 × 1 × 5 / 10000 = 6.1725 -> 6
    expect(basisPointsOf(12_345, 1, 5)).toBe(6);
    // 50 × 100 / 10000 = 0.5 -> 1 (half up)
    expect(basisPointsOf(50, 100)).toBe(1);
    // 49 × 100 / 10000 = 0.49 -> 0
    expect(basisPointsOf(49, 100)).toBe(0);
    // 150 × 100 / 10000 = 1.5 -> 2;  250 × 100 / 10000 = 2.5 -> 3 (not banker's 2)
    expect(basisPointsOf(150, 100)).toBe(2);
    expect(basisPointsOf(250, 100)).toBe(3);
    // 7/2 = 3.5 -> 4; 5/2 = 2.5 -> 3; 4/3 = 1.33 -> 1
    expect(roundHalfUp(7n, 2n)).toBe(4n);
    expect(roundHalfUp(5n, 2n)).toBe(3n);
    expect(roundHalfUp(4n, 3n)).toBe(1n);
  });

  it('does not drift where floats would', () => {
    // 1 bp/day on R$ 90 071 992 547 409.91 for 3 days: 9007199254740991 × 3 / 10000 = 2702159776422.2973 -> 2702159776422.
    // In floats 9007199254740991 × 3 is not representable.
    expect(basisPointsOf(Number.MAX_SAFE_INTEGER, 1, 3)).toBe(2_702_159_776_422);
    // 55 bp × 10 days of 100 cents: 100 × 55 × 10 / 10000 = 5.5 exactly -> 6.
    // In floats 100 × (55 / 10000) × 10 is 5.499999999999999, which Math.round makes 5.
    expect(100 * (55 / 10_000) * 10).toBeLessThan(5.5); // the float trap is real
    expect(basisPointsOf(100, 55, 10)).toBe(6);
    // The same through computeAmountDue: interest 55 bp/day on 100 cents, paid 10 days late -> 6.
    const t: OverdueTerms = { ...base, value: 100, interests: { value: 55 } };
    expect(computeAmountDue(t, sp('2026-12-20')).interest).toBe(6);
  });
});

describe('the three phases around the due day', () => {
  const terms: OverdueTerms = {
    ...base,
    interests: { value: 33 },
    fines: { value: 200 },
    discount: { modality: 'VALUE_PER_RUNNING_DAY_ADVANCE', value: 50 },
  };

  it('day before the due day: discount only', () => {
    // Paid Wed 12-09: n = 1 running day (12-10) -> 50 × 1 = 50 -> 10000 − 50 = 9950.
    expect(computeAmountDue(terms, sp('2026-12-09'))).toEqual({
      original: 10_000,
      discount: 50,
      fine: 0,
      interest: 0,
      final: 9_950,
      daysEarly: 1,
      daysLate: 0,
      paymentDay: '2026-12-09',
      dueDay: '2026-12-10',
      lastPayableDay: '2027-01-09',
      payable: true,
    });
  });

  it('the due day itself: no discount, no fine, no interest', () => {
    // Paid Thu 12-10 at 23:59 local: 10000.
    expect(computeAmountDue(terms, sp('2026-12-10', '23:59'))).toMatchObject({
      discount: 0,
      fine: 0,
      interest: 0,
      final: 10_000,
      daysEarly: 0,
      daysLate: 0,
    });
    // ...and at 00:00 local.
    expect(finalOn(terms, '2026-12-10', '00:00')).toBe(10_000);
  });

  it('day after the due day: fine once + one day of interest', () => {
    // Paid Fri 12-11: fine 10000 × 200 / 10000 = 200; interest 10000 × 33 × 1 / 10000 = 33 -> 10233.
    expect(computeAmountDue(terms, sp('2026-12-11', '00:00'))).toMatchObject({
      discount: 0,
      fine: 200,
      interest: 33,
      final: 10_233,
      daysLate: 1,
    });
  });

  it('five days late: the fine stays, interest accrues per calendar day', () => {
    // Paid Tue 12-15 (5 days, weekend included): fine 200; interest 10000 × 33 × 5 / 10000 = 165 -> 10365.
    expect(computeAmountDue(terms, sp('2026-12-15'))).toMatchObject({
      fine: 200,
      interest: 165,
      final: 10_365,
      daysLate: 5,
    });
  });
});

describe('São Paulo calendar day of the payment instant', () => {
  const terms: OverdueTerms = {
    ...base,
    fines: { value: 200 },
    discount: { modality: 'VALUE_PER_RUNNING_DAY_ADVANCE', value: 50 },
  };

  it('23:30 local on the due day is 02:30 UTC the next day: still the due day', () => {
    const result = computeAmountDue(terms, new Date('2026-12-11T02:30:00Z'));
    expect(result.paymentDay).toBe('2026-12-10');
    expect(result.final).toBe(10_000); // no fine yet
  });

  it('00:00 local on the day after (03:00 UTC): late, fine applies', () => {
    // fine 200 -> 10200.
    expect(computeAmountDue(terms, new Date('2026-12-11T03:00:00Z')).final).toBe(10_200);
  });

  it('23:30 local the day before the due day (02:30 UTC on the due day): still early', () => {
    // Payment day 12-09: n = 1 -> discount 50 -> 9950.
    expect(computeAmountDue(terms, new Date('2026-12-10T02:30:00Z')).final).toBe(9_950);
  });

  it('the due day is the São Paulo day of dueDate, too', () => {
    // dueDate 2026-12-11T01:00Z is 22:00 on 12-10 in São Paulo: a payment on 12-11 (local) is late.
    expect(computeAmountDue({ ...terms, dueDate: new Date('2026-12-11T01:00:00Z') }, sp('2026-12-11')).final).toBe(
      10_200,
    );
  });
});

describe('FIXED_VALUE_UNTIL_SPECIFIED_DATE', () => {
  // Tiers: creation 12-01 + 2 = 12-03 -> 1000; + 5 = 12-06 -> 500. Listed small-first to show order does not matter.
  const terms = withDiscount({
    modality: 'FIXED_VALUE_UNTIL_SPECIFIED_DATE',
    discountFixedDate: [
      { daysActive: 5, value: 500 },
      { daysActive: 2, value: 1_000 },
    ],
  });

  it('the largest active tier wins', () => {
    // 12-01 and 12-03: both active, max(1000, 500) = 1000 -> 9000.
    expect(finalOn(terms, '2026-12-01')).toBe(9_000);
    expect(finalOn(terms, '2026-12-03', '23:59')).toBe(9_000);
    // 12-04: 12-04 > 12-03 so only the 500 tier (through 12-06) -> 9500.
    expect(finalOn(terms, '2026-12-04', '00:00')).toBe(9_500);
    expect(finalOn(terms, '2026-12-06')).toBe(9_500);
    // 12-07: no tier -> 10000.
    expect(finalOn(terms, '2026-12-07')).toBe(10_000);
  });

  it('a larger later tier wins over a smaller earlier one while both are active', () => {
    // 12-03 -> 300, 12-06 -> 800: on 12-02 both are active, 800 wins; 12-05 only 800; 12-07 none.
    const t = withDiscount({
      modality: 'FIXED_VALUE_UNTIL_SPECIFIED_DATE',
      discountFixedDate: [
        { daysActive: 2, value: 300 },
        { daysActive: 5, value: 800 },
      ],
    });
    expect(discountOn(t, '2026-12-02')).toBe(800);
    expect(discountOn(t, '2026-12-05')).toBe(800);
    expect(discountOn(t, '2026-12-07')).toBe(0);
  });

  it('three tiers', () => {
    // 12-02 -> 1500, 12-04 -> 1000, 12-08 -> 250.
    const t = withDiscount({
      modality: 'FIXED_VALUE_UNTIL_SPECIFIED_DATE',
      discountFixedDate: [
        { daysActive: 1, value: 1_500 },
        { daysActive: 3, value: 1_000 },
        { daysActive: 7, value: 250 },
      ],
    });
    expect(
      ['2026-12-02', '2026-12-03', '2026-12-04', '2026-12-05', '2026-12-08', '2026-12-09'].map((d) => discountOn(t, d)),
    ).toEqual([1_500, 1_000, 1_000, 250, 250, 0]);
  });

  it('a tier dated on the due day does not apply on the due day', () => {
    // 12-01 + 9 = 12-10 (the due day). 12-09 -> 700 off; 12-10 -> nothing.
    const t = withDiscount({
      modality: 'FIXED_VALUE_UNTIL_SPECIFIED_DATE',
      discountFixedDate: [{ daysActive: 9, value: 700 }],
    });
    expect(finalOn(t, '2026-12-09')).toBe(9_300);
    expect(finalOn(t, '2026-12-10')).toBe(10_000);
  });
});

describe('PERCENTAGE_UNTIL_SPECIFIED_DATE', () => {
  it('basis points of the value while the tier is active', () => {
    // 250 bp (2.5 %), through 12-10 (= due day). 12-09: 10000 × 250 / 10000 = 250 -> 9750. 12-10: 10000.
    const t = withDiscount({
      modality: 'PERCENTAGE_UNTIL_SPECIFIED_DATE',
      discountFixedDate: [{ daysActive: 9, value: 250 }],
    });
    expect(finalOn(t, '2026-12-09')).toBe(9_750);
    expect(finalOn(t, '2026-12-10')).toBe(10_000);
  });

  it('rounds half up and the largest tier wins', () => {
    // value 12345. Tier A through 12-03: 1 bp -> 1.2345 -> 1. Tier B through 12-05: 5 bp -> 6.1725 -> 6.
    // 12-02: both active, max(1, 6) = 6 -> 12339.  12-05: B -> 12339. 12-06: 12345.
    const t = withDiscount(
      {
        modality: 'PERCENTAGE_UNTIL_SPECIFIED_DATE',
        discountFixedDate: [
          { daysActive: 2, value: 1 },
          { daysActive: 4, value: 5 },
        ],
      },
      { value: 12_345 },
    );
    expect(finalOn(t, '2026-12-02')).toBe(12_339);
    expect(finalOn(t, '2026-12-05')).toBe(12_339);
    expect(finalOn(t, '2026-12-06')).toBe(12_345);
    // 10 bp of 12345 = 12.345 -> 12; 15 bp = 18.5175 -> 19.
    const u = withDiscount(
      { modality: 'PERCENTAGE_UNTIL_SPECIFIED_DATE', discountFixedDate: [{ daysActive: 4, value: 15 }] },
      { value: 12_345 },
    );
    expect(discountOn(u, '2026-12-02')).toBe(19);
  });
});

describe('VALUE_PER_RUNNING_DAY_ADVANCE', () => {
  const t = withDiscount({ modality: 'VALUE_PER_RUNNING_DAY_ADVANCE', value: 50 });
  it('rate × running days d with paymentDay < d ≤ dueDay', () => {
    // Sun 12-06: d = 07, 08, 09, 10 -> n = 4 -> 200 -> 9800.
    expect(computeAmountDue(t, sp('2026-12-06'))).toMatchObject({ discount: 200, final: 9_800, daysEarly: 4 });
    // Creation day 12-01: n = 9 -> 450.
    expect(discountOn(t, '2026-12-01')).toBe(450);
    // 12-09: n = 1 -> 50. 12-10: 0.
    expect(discountOn(t, '2026-12-09')).toBe(50);
    expect(discountOn(t, '2026-12-10')).toBe(0);
  });

  it('a payment day before the creation day counts from the creation day', () => {
    // 11-28 is before creation (12-01): n = 9 as on 12-01, not 12.
    expect(discountOn(t, '2026-11-28')).toBe(450);
  });
});

describe('VALUE_PER_BUSINESS_DAY_ADVANCE', () => {
  const t = withDiscount({ modality: 'VALUE_PER_BUSINESS_DAY_ADVANCE', value: 50 });
  it('counts only business days, across a weekend', () => {
    // Fri 12-04: 05 Sat ✗, 06 Sun ✗, 07 Mon ✓, 08 Tue ✓, 09 Wed ✓, 10 Thu ✓ -> n = 4 -> 200 -> 9800.
    expect(computeAmountDue(t, sp('2026-12-04'))).toMatchObject({ discount: 200, final: 9_800, daysEarly: 6 });
    // Sat 12-05 and Sun 12-06: also n = 4 (the weekend days are not in the window or do not count).
    expect(discountOn(t, '2026-12-05')).toBe(200);
    expect(discountOn(t, '2026-12-06')).toBe(200);
    // Thu 12-03: + Fri 12-04 -> n = 5 -> 250.
    expect(discountOn(t, '2026-12-03')).toBe(250);
  });

  it('counts only business days, across Natal (2026-12-25, a Friday)', () => {
    // Due Mon 12-28; paid Wed 12-23: 24 Thu ✓, 25 Fri ✗ (Natal), 26 Sat ✗, 27 Sun ✗, 28 Mon ✓ -> n = 2 -> 100.
    const c = withDiscount(
      { modality: 'VALUE_PER_BUSINESS_DAY_ADVANCE', value: 50 },
      { createdAt: sp('2026-12-20'), dueDate: sp('2026-12-28') },
    );
    expect(computeAmountDue(c, sp('2026-12-23'))).toMatchObject({ discount: 100, final: 9_900, daysEarly: 5 });
    // Thu 12-24: only 28 Mon -> n = 1 -> 50.
    expect(discountOn(c, '2026-12-24')).toBe(50);
    // The same dates with running days: 12-23 -> n = 5 -> 250.
    const r = { ...c, discount: { modality: 'VALUE_PER_RUNNING_DAY_ADVANCE', value: 50 } } as const;
    expect(discountOn(r, '2026-12-23')).toBe(250);
  });
});

describe('PERCENTAGE_PER_RUNNING_DAY_ADVANCE', () => {
  it('basis points per running day, one rounding', () => {
    // value 12345, 15 bp/day, paid 12-07: n = 3 -> 12345 × 15 × 3 / 10000 = 55.5525 -> 56 -> 12289.
    const t = withDiscount({ modality: 'PERCENTAGE_PER_RUNNING_DAY_ADVANCE', value: 15 }, { value: 12_345 });
    expect(computeAmountDue(t, sp('2026-12-07'))).toMatchObject({ discount: 56, final: 12_289 });
    // Rounding per day first would give 3 × round(18.5175) = 57: it must be 56.
    // 1 bp on 12345, paid 12-09 (n = 1): 1.2345 -> 1.  Paid 12-05 (n = 5): 6.1725 -> 6.
    const one = withDiscount({ modality: 'PERCENTAGE_PER_RUNNING_DAY_ADVANCE', value: 1 }, { value: 12_345 });
    expect(discountOn(one, '2026-12-09')).toBe(1);
    expect(discountOn(one, '2026-12-05')).toBe(6);
  });
});

describe('PERCENTAGE_PER_BUSINESS_DAY_ADVANCE', () => {
  it('basis points per business day, across Natal', () => {
    // Due Mon 12-28, paid Wed 12-23: n = 2 (24, 28) -> 10000 × 10 × 2 / 10000 = 20 -> 9980.
    const t = withDiscount(
      { modality: 'PERCENTAGE_PER_BUSINESS_DAY_ADVANCE', value: 10 },
      { createdAt: sp('2026-12-20'), dueDate: sp('2026-12-28') },
    );
    expect(finalOn(t, '2026-12-23')).toBe(9_980);
  });

  it('basis points per business day, across a weekend with half-up rounding', () => {
    // value 12345, 1 bp/day, paid Fri 12-04 -> due Thu 12-10: n = 4 -> 4.938 -> 5.
    // Paid Wed 12-02: n = 6 (03, 04, 07, 08, 09, 10) -> 7.407 -> 7.
    const t = withDiscount({ modality: 'PERCENTAGE_PER_BUSINESS_DAY_ADVANCE', value: 1 }, { value: 12_345 });
    expect(discountOn(t, '2026-12-04')).toBe(5);
    expect(discountOn(t, '2026-12-02')).toBe(7);
  });
});

describe('fines and interests', () => {
  it('missing type means PERCENTAGE (basis points)', () => {
    // fine 200 bp = 200; interest 33 bp/day × 5 = 165 -> 10365 (same as explicit PERCENTAGE).
    const implicit: OverdueTerms = { ...base, fines: { value: 200 }, interests: { value: 33 } };
    const explicit: OverdueTerms = {
      ...base,
      fines: { value: 200, type: 'PERCENTAGE' },
      interests: { value: 33, type: 'PERCENTAGE' },
    };
    expect(finalOn(implicit, '2026-12-15')).toBe(10_365);
    expect(finalOn(explicit, '2026-12-15')).toBe(10_365);
  });

  it('FIXED is cents: once for the fine, per day for interest', () => {
    // Paid 12-13 (3 days late): fine 500 + interest 7 × 3 = 21 -> 10521.
    const t: OverdueTerms = { ...base, fines: { value: 500, type: 'FIXED' }, interests: { value: 7, type: 'FIXED' } };
    expect(computeAmountDue(t, sp('2026-12-13'))).toMatchObject({
      fine: 500,
      interest: 21,
      final: 10_521,
      daysLate: 3,
    });
  });

  it('round half up on interest and fine', () => {
    // value 12345, interest 1 bp/day: 1 day -> 1.2345 -> 1; 5 days -> 6.1725 -> 6; 4 days -> 4.938 -> 5.
    const t: OverdueTerms = { ...base, value: 12_345, interests: { value: 1 } };
    expect(computeAmountDue(t, sp('2026-12-11')).interest).toBe(1);
    expect(computeAmountDue(t, sp('2026-12-15')).interest).toBe(6);
    expect(computeAmountDue(t, sp('2026-12-14')).interest).toBe(5);
    // value 50, fine 100 bp: 0.5 -> 1. value 49: 0.49 -> 0.
    expect(computeAmountDue({ ...base, value: 50, fines: { value: 100 } }, sp('2026-12-11')).fine).toBe(1);
    expect(computeAmountDue({ ...base, value: 49, fines: { value: 100 } }, sp('2026-12-11')).fine).toBe(0);
  });

  it('no discount once late, even with an anticipation discount configured', () => {
    const t: OverdueTerms = {
      ...base,
      fines: { value: 200 },
      discount: { modality: 'VALUE_PER_RUNNING_DAY_ADVANCE', value: 50 },
    };
    expect(computeAmountDue(t, sp('2026-12-20'))).toMatchObject({ discount: 0, fine: 200, final: 10_200 });
  });
});

describe('payability', () => {
  const t: OverdueTerms = { ...base, interests: { value: 10 } };
  it('payable through dueDay + daysAfterDueDate', () => {
    // Last payable 12-10 + 30 = 2027-01-09: 30 days late, interest 10000 × 10 × 30 / 10000 = 300.
    expect(computeAmountDue(t, sp('2027-01-09', '23:59'))).toMatchObject({
      payable: true,
      daysLate: 30,
      interest: 300,
      final: 10_300,
      lastPayableDay: '2027-01-09',
    });
    // 2027-01-10 00:00 local: no longer payable (amount still computed).
    expect(computeAmountDue(t, sp('2027-01-10', '00:00'))).toMatchObject({
      payable: false,
      daysLate: 31,
      interest: 310,
    });
  });

  it('daysAfterDueDate 0: only through the due day', () => {
    const z: OverdueTerms = { ...t, daysAfterDueDate: 0 };
    expect(computeAmountDue(z, sp('2026-12-10', '23:59')).payable).toBe(true);
    expect(computeAmountDue(z, new Date('2026-12-11T03:00:00Z')).payable).toBe(false);
  });
});

describe('floor of 1 cent and the discount cap', () => {
  it('caps an over-large discount at value − 1 (terms that skipped validation)', () => {
    // 2000 cents off a 1000-cent charge would be negative: capped at 999 -> final 1.
    const t = withDiscount(
      { modality: 'FIXED_VALUE_UNTIL_SPECIFIED_DATE', discountFixedDate: [{ daysActive: 5, value: 2_000 }] },
      { value: 1_000 },
    );
    expect(computeAmountDue(t, sp('2026-12-02'))).toMatchObject({ discount: 999, final: 1 });
    // 1-cent charge: no discount possible.
    const one = withDiscount({ modality: 'PERCENTAGE_PER_RUNNING_DAY_ADVANCE', value: 5_000 }, { value: 1 });
    expect(computeAmountDue(one, sp('2026-12-02'))).toMatchObject({ discount: 0, final: 1 });
  });

  it('rejects terms it cannot compute', () => {
    expect(() => computeAmountDue({ ...base, value: 0 }, sp('2026-12-02'))).toThrow(RangeError);
    expect(() => computeAmountDue({ ...base, value: 1.5 }, sp('2026-12-02'))).toThrow(RangeError);
    expect(() => computeAmountDue({ ...base, daysAfterDueDate: -1 }, sp('2026-12-02'))).toThrow(RangeError);
    expect(() => computeAmountDue(base, new Date('nope'))).toThrow(RangeError);
  });
});
