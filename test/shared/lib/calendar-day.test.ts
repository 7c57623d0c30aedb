import { describe, expect, it } from 'vitest';
import fc from 'fast-check';
import { addDays, dayOfWeek, daysBetween, epochDayOf, isCalendarDay } from '#shared/lib/calendar-day';

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

  it('epochDayOf counts days from 1970-01-01, negative before it', () => {
    expect(epochDayOf('1970-01-01')).toBe(0);
    expect(epochDayOf('1969-12-31')).toBe(-1);
    expect(epochDayOf('2026-01-01')).toBe(20_454);
    expect(() => epochDayOf('2026-02-29')).toThrow(RangeError);
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
