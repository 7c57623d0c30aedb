import { describe, expect, it } from 'vitest';
import { saleNumberText } from '#shared/counter/sale-number';

describe('saleNumberText ("Venda 0042")', () => {
  it('pads to four digits and keeps longer numbers whole', () => {
    expect(saleNumberText(42)).toBe('0042');
    expect(saleNumberText(1)).toBe('0001');
    expect(saleNumberText(9999)).toBe('9999');
    expect(saleNumberText(12345)).toBe('12345');
  });

  it('gives nothing for a sale without a number', () => {
    expect(saleNumberText(undefined)).toBeUndefined();
    expect(saleNumberText(0)).toBeUndefined();
    expect(saleNumberText(-3)).toBeUndefined();
    expect(saleNumberText(2.5)).toBeUndefined();
  });
});
