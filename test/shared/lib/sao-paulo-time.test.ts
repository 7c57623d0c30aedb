import { afterEach, describe, expect, it } from 'vitest';
import fc from 'fast-check';
import { addDays } from '#shared/lib/calendar-day';
import {
  saoPauloClock,
  saoPauloDate,
  saoPauloDayBounds,
  saoPauloFormatter,
  saoPauloInstant,
  saoPauloOffsetMinutes,
} from '#shared/lib/sao-paulo-time';

const at = (iso: string) => new Date(iso);

describe('saoPauloDate', () => {
  it('is the São Paulo day, not the UTC day (UTC−3)', () => {
    // 02:30Z on the 11th = 23:30 on the 10th in São Paulo.
    expect(saoPauloDate(at('2026-12-11T02:30:00Z'))).toBe('2026-12-10');
    expect(saoPauloDate(at('2026-12-10T00:00:00-03:00'))).toBe('2026-12-10');
  });

  it('turns at 03:00 UTC, not at 00:00 UTC', () => {
    // 00:00Z is still the evening before in São Paulo (21:00).
    expect(saoPauloDate(at('2026-12-11T00:00:00Z'))).toBe('2026-12-10');
    expect(saoPauloDate(at('2026-12-10T23:59:59.999Z'))).toBe('2026-12-10');
    expect(saoPauloDate(at('2026-12-11T02:59:59.999Z'))).toBe('2026-12-10');
    expect(saoPauloDate(at('2026-12-11T03:00:00.000Z'))).toBe('2026-12-11');
  });

  it('keeps New Year’s Eve until 03:00 UTC of January 1st, and a leap day', () => {
    expect(saoPauloDate(at('2027-01-01T00:00:00Z'))).toBe('2026-12-31');
    expect(saoPauloDate(at('2027-01-01T02:59:59.999Z'))).toBe('2026-12-31');
    expect(saoPauloDate(at('2027-01-01T03:00:00Z'))).toBe('2027-01-01');
    expect(saoPauloDate(at('2028-03-01T02:00:00Z'))).toBe('2028-02-29');
  });

  it('follows the historical daylight-saving time (UTC−2 in January 2018)', () => {
    // 2018-01-15T01:30Z = 23:30 on the 14th in São Paulo under DST (UTC−2).
    expect(saoPauloDate(at('2018-01-15T01:30:00Z'))).toBe('2018-01-14');
    // 02:30Z = 00:30 on the 15th under DST (it would still be the 14th at UTC−3).
    expect(saoPauloDate(at('2018-01-15T02:30:00Z'))).toBe('2018-01-15');
  });

  it('rejects an invalid Date', () => {
    expect(() => saoPauloDate(new Date('nope'))).toThrow(RangeError);
  });
});

describe('saoPauloDayBounds: [start, end) of a São Paulo day', () => {
  it('runs from 03:00 UTC to the next day’s 03:00 UTC today (UTC−3)', () => {
    expect(saoPauloDayBounds('2026-11-22')).toEqual({
      start: '2026-11-22T03:00:00.000Z',
      end: '2026-11-23T03:00:00.000Z',
    });
  });

  it('crosses the year end and the leap day', () => {
    expect(saoPauloDayBounds('2026-12-31')).toEqual({
      start: '2026-12-31T03:00:00.000Z',
      end: '2027-01-01T03:00:00.000Z',
    });
    expect(saoPauloDayBounds('2027-01-01')).toEqual({
      start: '2027-01-01T03:00:00.000Z',
      end: '2027-01-02T03:00:00.000Z',
    });
    expect(saoPauloDayBounds('2028-02-29')).toEqual({
      start: '2028-02-29T03:00:00.000Z',
      end: '2028-03-01T03:00:00.000Z',
    });
  });

  it('follows the old daylight-saving days: 24 h in summer, 23 h when clocks jumped, 25 h when they went back', () => {
    expect(saoPauloDayBounds('2018-01-15')).toEqual({
      start: '2018-01-15T02:00:00.000Z',
      end: '2018-01-16T02:00:00.000Z',
    });
    // 2018-11-04: midnight never happened, clocks went from 23:59:59 (−3) to 01:00 (−2).
    expect(saoPauloDayBounds('2018-11-04')).toEqual({
      start: '2018-11-04T03:00:00.000Z',
      end: '2018-11-05T02:00:00.000Z',
    });
    // 2019-02-16: the hour 23:00–23:59 happened twice, so the day lasted 25 hours.
    expect(saoPauloDayBounds('2019-02-16')).toEqual({
      start: '2019-02-16T02:00:00.000Z',
      end: '2019-02-17T03:00:00.000Z',
    });
  });

  it('is exactly the set of instants whose São Paulo day it is (property, 1990–2040)', () => {
    fc.assert(
      fc.property(fc.integer({ min: 0, max: 18_600 }), (n) => {
        const day = addDays('1990-01-01', n);
        const { start, end } = saoPauloDayBounds(day);
        expect(saoPauloDate(at(start))).toBe(day);
        expect(saoPauloDate(new Date(Date.parse(start) - 1))).toBe(addDays(day, -1));
        expect(saoPauloDate(new Date(Date.parse(end) - 1))).toBe(day);
        expect(saoPauloDate(at(end))).toBe(addDays(day, 1));
        expect(end).toBe(saoPauloDayBounds(addDays(day, 1)).start);
      }),
      { numRuns: 300 },
    );
  });

  it('refuses a day that is not on the calendar', () => {
    expect(() => saoPauloDayBounds('2026-02-30')).toThrow(RangeError);
    expect(() => saoPauloDayBounds('22/11/2026')).toThrow(RangeError);
  });
});

describe('saoPauloInstant', () => {
  it('is the instant São Paulo’s clocks show a time of a day', () => {
    expect(saoPauloInstant('2026-12-10', '12:00').toISOString()).toBe('2026-12-10T15:00:00.000Z');
    expect(saoPauloInstant('2026-12-31', '23:59:59').toISOString()).toBe('2027-01-01T02:59:59.000Z');
    expect(saoPauloInstant('2026-12-10').toISOString()).toBe('2026-12-10T03:00:00.000Z');
  });

  it('refuses a time that is no time of day', () => {
    for (const bad of ['24:00', '12:60', '7:00', '12:00:60', 'noon'])
      expect(() => saoPauloInstant('2026-12-10', bad), bad).toThrow(RangeError);
  });
});

describe('saoPauloClock and saoPauloOffsetMinutes', () => {
  it('reads the wall clock with 00 at midnight, never 24', () => {
    expect(saoPauloClock(at('2026-12-11T03:00:05Z'))).toEqual({
      year: '2026',
      month: '12',
      day: '11',
      hour: '00',
      minute: '00',
      second: '05',
    });
    expect(saoPauloClock(Date.parse('2027-01-01T02:59:59Z'))).toEqual({
      year: '2026',
      month: '12',
      day: '31',
      hour: '23',
      minute: '59',
      second: '59',
    });
  });

  it('gives −180 minutes today and −120 in the old summers', () => {
    expect(saoPauloOffsetMinutes(at('2026-07-01T12:00:00Z'))).toBe(-180);
    expect(saoPauloOffsetMinutes(at('2026-12-31T12:00:00Z'))).toBe(-180);
    expect(saoPauloOffsetMinutes(Date.parse('2018-01-15T12:00:00Z'))).toBe(-120);
  });
});

describe('saoPauloFormatter', () => {
  it('formats in São Paulo time for any locale, and reuses the formatter', () => {
    const time = saoPauloFormatter('pt-BR', { hour: '2-digit', minute: '2-digit', hourCycle: 'h23' });
    expect(time.format(at('2026-12-11T02:30:00Z'))).toBe('23:30');
    expect(saoPauloFormatter('pt-BR', { hour: '2-digit', minute: '2-digit', hourCycle: 'h23' })).toBe(time);
    expect(
      saoPauloFormatter('en-US', { day: '2-digit', month: '2-digit', year: 'numeric' }).format(
        at('2027-01-01T02:00:00Z'),
      ),
    ).toBe('12/31/2026');
  });
});

describe('independence from the process time zone', () => {
  const original = process.env.TZ;
  afterEach(() => {
    if (original === undefined) delete process.env.TZ;
    else process.env.TZ = original;
  });

  it.each(['UTC', 'Asia/Tokyo', 'America/Los_Angeles', 'Pacific/Kiritimati'])('same answers with TZ=%s', (tz) => {
    process.env.TZ = tz;
    expect(saoPauloDate(at('2026-12-11T02:30:00Z'))).toBe('2026-12-10');
    expect(saoPauloDayBounds('2026-12-31')).toEqual({
      start: '2026-12-31T03:00:00.000Z',
      end: '2027-01-01T03:00:00.000Z',
    });
    expect(saoPauloInstant('2018-11-04').toISOString()).toBe('2018-11-04T03:00:00.000Z');
  });
});
