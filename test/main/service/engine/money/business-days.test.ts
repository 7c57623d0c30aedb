import { afterEach, describe, expect, it } from 'vitest';
import fc from 'fast-check';
import { addDays } from '#shared/lib/calendar-day';
import { businessDaysBetween, isBusinessDay, isNationalHoliday } from '#service/engine/money/business-days';

describe('business days', () => {
  it('weekends are not business days', () => {
    expect(isBusinessDay('2026-12-04')).toBe(true); // Fri
    expect(isBusinessDay('2026-12-05')).toBe(false); // Sat
    expect(isBusinessDay('2026-12-06')).toBe(false); // Sun
    expect(isBusinessDay('2026-12-07')).toBe(true); // Mon
  });

  it('national holidays are not business days', () => {
    expect(isNationalHoliday('2026-12-25')).toBe(true); // Natal, a Friday
    expect(isBusinessDay('2026-12-25')).toBe(false);
    expect(isBusinessDay('2026-12-24')).toBe(true); // Christmas Eve is a normal Thursday
    expect(isBusinessDay('2026-04-03')).toBe(false); // Sexta-feira Santa 2026
    expect(isBusinessDay('2026-04-21')).toBe(false); // Tiradentes, Tuesday
    expect(isBusinessDay('2026-11-20')).toBe(false); // Consciência Negra, national since 2024
    expect(isBusinessDay('2023-11-20')).toBe(true); // ... but not yet in 2023 (Monday)
    expect(isBusinessDay('2027-01-01')).toBe(false); // Ano novo
  });

  it('optional days (Carnaval, Corpus Christi) stay business days', () => {
    expect(isNationalHoliday('2026-02-17')).toBe(false); // Carnaval, Tuesday
    expect(isBusinessDay('2026-02-17')).toBe(true);
    expect(isBusinessDay('2026-06-04')).toBe(true); // Corpus Christi, Thursday
  });

  it('businessDaysBetween counts a < d ≤ b', () => {
    // Fri 12-04 -> Mon 12-07: Sat, Sun skipped, Mon counted.
    expect(businessDaysBetween('2026-12-04', '2026-12-07')).toBe(1);
    // Sat 12-05 -> Mon 12-07: Sun skipped, Mon counted.
    expect(businessDaysBetween('2026-12-05', '2026-12-07')).toBe(1);
    // Mon 12-07 -> Mon 12-14: Tue..Fri + Mon = 5.
    expect(businessDaysBetween('2026-12-07', '2026-12-14')).toBe(5);
    // Wed 12-23 -> Mon 12-28: 24 Thu ✓, 25 Fri Natal ✗, 26 Sat ✗, 27 Sun ✗, 28 Mon ✓ = 2.
    expect(businessDaysBetween('2026-12-23', '2026-12-28')).toBe(2);
    // Across the year end: Thu 12-31 -> Mon 2027-01-04: 01 Fri Ano novo ✗, 02 Sat, 03 Sun, 04 Mon ✓ = 1.
    expect(businessDaysBetween('2026-12-31', '2027-01-04')).toBe(1);
    expect(businessDaysBetween('2026-12-10', '2026-12-10')).toBe(0);
    expect(businessDaysBetween('2026-12-28', '2026-12-23')).toBe(-2);
  });

  it('businessDaysBetween equals a day-by-day count (property)', () => {
    fc.assert(
      fc.property(fc.integer({ min: 40_000, max: 48_000 }), fc.integer({ min: 0, max: 800 }), (start, length) => {
        const a = addDays('1970-01-01', start);
        const b = addDays(a, length);
        let naive = 0;
        for (let i = 1; i <= length; i++) if (isBusinessDay(addDays(a, i))) naive++;
        expect(businessDaysBetween(a, b)).toBe(naive);
        expect(businessDaysBetween(b, a)).toBe(naive === 0 ? 0 : -naive); // +0, never -0
      }),
      { numRuns: 200 },
    );
  });
});

describe('independence from the process time zone', () => {
  const original = process.env.TZ;
  afterEach(() => {
    if (original === undefined) delete process.env.TZ;
    else process.env.TZ = original;
  });

  // Each case reads a year no other test has touched, so the holiday table is built under that TZ.
  it.each([
    ['UTC', 2040],
    ['Asia/Tokyo', 2041],
    ['America/Los_Angeles', 2042],
    ['Pacific/Kiritimati', 2043],
    ['America/Sao_Paulo', 2044],
  ] as const)('same answers with TZ=%s (year %i)', (tz, year) => {
    process.env.TZ = tz;
    expect(isNationalHoliday(`${year}-12-25`)).toBe(true);
    expect(isNationalHoliday(`${year}-12-24`)).toBe(false);
    expect(isNationalHoliday(`${year}-12-26`)).toBe(false);
    expect(isNationalHoliday(`${year}-01-01`)).toBe(true);
    expect(isNationalHoliday(`${year}-11-02`)).toBe(true); // Finados
    expect(isNationalHoliday(`${year}-11-01`)).toBe(false);
  });
});
