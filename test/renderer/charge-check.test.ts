import { describe, expect, it } from 'vitest';
import { DEFAULT_CONFIRM_ABOVE_CENTS, MAX_CHARGE_CENTS } from '#shared/counter/large-sale';
import { chargeCheck } from '#renderer/lib/charge-check';
import { positiveCents } from '#service/engine/validation';
import { counterMethods } from '#shared/counter/counter-methods';

const base = { touched: true, confirmedCents: null, confirmAbove: DEFAULT_CONFIRM_ABOVE_CENTS };

describe('what Cobrar does with the amount', () => {
  it('ignores an Enter on an entry nothing was typed in (the second Enter on "Pago")', () => {
    expect(chargeCheck({ ...base, cents: 0, touched: false })).toBe('ignore');
  });

  it('asks for an amount once the cashier typed and erased it', () => {
    expect(chargeCheck({ ...base, cents: 0, touched: true })).toBe('amountRequired');
  });

  it('charges at once up to the limit, R$ 10.000,00 by default', () => {
    expect(DEFAULT_CONFIRM_ABOVE_CENTS).toBe(1_000_000);
    expect(chargeCheck({ ...base, cents: 1 })).toBe('ok');
    expect(chargeCheck({ ...base, cents: 1_000_000 })).toBe('ok');
  });

  it('asks above the limit, and charges once that very amount is confirmed', () => {
    expect(chargeCheck({ ...base, cents: 1_000_001 })).toBe('confirm');
    expect(chargeCheck({ ...base, cents: 9_999_999, confirmedCents: 9_999_999 })).toBe('ok');
    // A different amount than the one confirmed asks again.
    expect(chargeCheck({ ...base, cents: 99_999_999, confirmedCents: 9_999_999 })).toBe('confirm');
  });

  it("follows the owner's limit", () => {
    expect(chargeCheck({ ...base, cents: 50_001, confirmAbove: 50_000 })).toBe('confirm');
    expect(chargeCheck({ ...base, cents: 5_000_000, confirmAbove: 10_000_000 })).toBe('ok');
  });

  it('refuses more than the service accepts (R$ 999.999.999,99), confirmed or not', () => {
    expect(MAX_CHARGE_CENTS).toBe(99_999_999_999);
    expect(chargeCheck({ ...base, cents: MAX_CHARGE_CENTS, confirmedCents: MAX_CHARGE_CENTS })).toBe('ok');
    expect(chargeCheck({ ...base, cents: MAX_CHARGE_CENTS + 1, confirmedCents: MAX_CHARGE_CENTS + 1 })).toBe(
      'tooLarge',
    );
  });

  it("uses the very limit of the service's charge value and of the counter's IPC schema", () => {
    expect(positiveCents().safeParse(MAX_CHARGE_CENTS).success).toBe(true);
    expect(positiveCents().safeParse(MAX_CHARGE_CENTS + 1).success).toBe(false);
    expect(counterMethods.createSale.input.safeParse({ value: MAX_CHARGE_CENTS }).success).toBe(true);
    expect(counterMethods.createSale.input.safeParse({ value: MAX_CHARGE_CENTS + 1 }).success).toBe(false);
  });
});
