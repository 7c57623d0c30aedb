import { describe, expect, it } from 'vitest';
import { parseSaleSearch } from '#renderer/lib/sale-search';

describe('history search parsing', () => {
  it('empty or blank is no search', () => {
    expect(parseSaleSearch('')).toEqual({ kind: 'none' });
    expect(parseSaleSearch('   ')).toEqual({ kind: 'none' });
  });

  it('reads money in the ways a cashier types it', () => {
    expect(parseSaleSearch('12,34')).toMatchObject({ kind: 'amount', cents: 1234 });
    expect(parseSaleSearch('12.34')).toMatchObject({ kind: 'amount', cents: 1234 });
    // Whole numbers are reais: "1500" is R$ 1.500,00 (issue 13), the screen says so.
    expect(parseSaleSearch('1500')).toMatchObject({ kind: 'amount', cents: 150_000 });
    expect(parseSaleSearch('1234')).toMatchObject({ kind: 'amount', cents: 123_400 });
    expect(parseSaleSearch('R$ 7')).toMatchObject({ kind: 'amount', cents: 700 });
    expect(parseSaleSearch('r$12,3')).toMatchObject({ kind: 'amount', cents: 1230 });
    expect(parseSaleSearch('1.234,56')).toMatchObject({ kind: 'amount', cents: 123456 });
    expect(parseSaleSearch(' 5,00 ')).toMatchObject({ kind: 'amount', cents: 500, text: '5,00' });
  });

  it('anything else is a correlationID fragment', () => {
    expect(parseSaleSearch('balcao-3f2a')).toEqual({ kind: 'id', text: 'balcao-3f2a' });
    expect(parseSaleSearch('12,345')).toEqual({ kind: 'id', text: '12,345' });
    expect(parseSaleSearch('1.234')).toEqual({ kind: 'id', text: '1.234' });
    expect(parseSaleSearch('123456789012')).toEqual({ kind: 'id', text: '123456789012' });
    expect(parseSaleSearch('1234567890')).toEqual({ kind: 'id', text: '1234567890' });
  });

  it('caps the text at the bridge limit', () => {
    const long = 'x'.repeat(150);
    expect(parseSaleSearch(long)).toEqual({ kind: 'id', text: 'x'.repeat(100) });
  });
});
