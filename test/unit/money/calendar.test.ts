import { afterEach, describe, expect, it } from 'vitest';
import fc from 'fast-check';
import {
  addDays,
  businessDaysBetween,
  dayOfWeek,
  daysBetween,
  isBusinessDay,
  isCalendarDay,
  isNationalHoliday,
  saoPauloDate,
} from '../../../src/main/engine/money/calendar';

describe('saoPauloDate', () => {
  it('is the São Paulo day, not the UTC day (UTC−3)', () => {
    // 02:30Z on the 11th = 23:30 on the 10th in São Paulo.
    expect(saoPauloDate(new Date('2026-12-11T02:30:00Z'))).toBe('2026-12-10');
    // 02:59:59.999Z is still the 10th; 03:00Z is local midnight of the 11th.
    expect(saoPauloDate(new Date('2026-12-11T02:59:59.999Z'))).toBe('2026-12-10');
    expect(saoPauloDate(new Date('2026-12-11T03:00:00Z'))).toBe('2026-12-11');
    expect(saoPauloDate(new Date('2026-12-10T00:00:00-03:00'))).toBe('2026-12-10');
  });

  it('follows the historical daylight-saving time (UTC−2 in January 2018)', () => {
    // 2018-01-15T01:30Z = 23:30 on the 14th in São Paulo under DST (UTC−2).
    expect(saoPauloDate(new Date('2018-01-15T01:30:00Z'))).toBe('2018-01-14');
    // 02:30Z = 00:30 on the 15th under DST (it would still be the 14th at UTC−3).
    expect(saoPauloDate(new Date('2018-01-15T02:30:00Z'))).toBe('2018-01-15');
  });

  it('rejects an invalid Date', () => {
    expect(() => saoPauloDate(new Date('nope'))).toThrow(RangeError);
  });
});

describe('day arithmetic', () => {
  it('addDays crosses months, years and leap days', () => {
    expect(addDays('2026-12-31', 1)).toBe('2027-01-01');
    expect(addDays('2028-02-28', 1)).toBe('2028-02-29'); // 2028 is a leap year
    expect(addDays('2027-02-28', 1)).toBe('2027-03-01'); // 2027 is not
    expect(addDays('2026-03-01', -1)).toBe('2026-02-28');
    expect(addDays('2026-12-10', 0)).toBe('2026-12-10');
    expect(addDays('2026-12-10', 30)).toBe('2027-01-09');
  });

  it('daysBetween is signed: b − a', () => {
    expect(daysBetween('2026-12-06', '2026-12-10')).toBe(4);
    expect(daysBetween('2026-12-10', '2026-12-06')).toBe(-4);
    expect(daysBetween('2026-12-10', '2026-12-10')).toBe(0);
    expect(daysBetween('2026-01-01', '2027-01-01')).toBe(365);
    expect(daysBetween('2028-01-01', '2029-01-01')).toBe(366);
  });

  it('dayOfWeek: 0 = Sunday', () => {
    expect(dayOfWeek('1970-01-01')).toBe(4); // Thursday
    expect(dayOfWeek('2026-12-06')).toBe(0); // Sunday
    expect(dayOfWeek('2026-12-10')).toBe(4); // Thursday
    expect(dayOfWeek('1969-12-31')).toBe(3); // Wednesday, before the epoch
  });

  it('rejects text that is not a real YYYY-MM-DD day', () => {
    for (const bad of ['2026-02-30', '2026-13-01', '2026-1-01', '20261201', '2026-12-01T00:00:00Z', '']) {
      expect(isCalendarDay(bad)).toBe(false);
      expect(() => addDays(bad, 1)).toThrow(RangeError);
    }
    expect(isCalendarDay('2028-02-29')).toBe(true);
    expect(() => addDays('2026-12-01', 1.5)).toThrow(RangeError);
  });

  it('addDays and daysBetween are inverse (property)', () => {
    fc.assert(
      fc.property(fc.integer({ min: 0, max: 80_000 }), fc.integer({ min: -5_000, max: 5_000 }), (base, n) => {
        const day = addDays('1900-01-01', base);
        expect(daysBetween(day, addDays(day, n))).toBe(n);
      }),
    );
  });
});

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
    expect(saoPauloDate(new Date('2026-12-11T02:30:00Z'))).toBe('2026-12-10');
  });
});
