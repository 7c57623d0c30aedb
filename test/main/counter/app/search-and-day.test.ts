import { describe, expect, it } from 'vitest';
import { parseAmountSearch } from '#counter/app/sale-search';
import { saoPauloDayRange } from '#counter/app/sales-range';

describe('amount search', () => {
  it.each([
    ['12,34', 1234],
    ['12.34', 1234],
    ['1234', 123_400], // whole numbers are reais: "1500" is R$ 1.500,00
    ['1500', 150_000],
    ['R$ 7', 700],
    ['R$ 12,34', 1234],
    ['r$1.234,56', 123456],
    ['0,5', 50],
    ['7,05', 705],
    ['1.234', null], // thousands or decimals? Neither is safe to guess.
    ['balcao-12', null],
    ['', null],
  ])('%s → %s', (text, cents) => {
    expect(parseAmountSearch(text)).toBe(cents);
  });
});

describe('São Paulo day', () => {
  it('spans the local day, whatever the machine time zone', () => {
    expect(saoPauloDayRange('2026-11-22')).toEqual({
      start: '2026-11-22T03:00:00.000Z',
      end: '2026-11-23T02:59:59.999Z',
    });
  });

  it('follows the old daylight-saving days (UTC−2 in January 2018)', () => {
    expect(saoPauloDayRange('2018-01-15')).toEqual({
      start: '2018-01-15T02:00:00.000Z',
      end: '2018-01-16T01:59:59.999Z',
    });
  });
});
