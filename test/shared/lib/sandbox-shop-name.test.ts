import { describe, expect, it } from 'vitest';
import { SANDBOX_SHOP_NAME, shopNameToShow } from '#shared/lib/sandbox-shop-name';

describe("the shop's name on the counter's screens", () => {
  it('is the name the owner gave, trimmed', () => {
    expect(shopNameToShow('Padaria Pão Dourado')).toBe('Padaria Pão Dourado');
    expect(shopNameToShow('  Mercadinho Boa Vista ')).toBe('Mercadinho Boa Vista');
  });

  it("is none while it is the sandbox's placeholder, or blank", () => {
    expect(shopNameToShow(SANDBOX_SHOP_NAME)).toBeNull();
    expect(shopNameToShow(` ${SANDBOX_SHOP_NAME} `)).toBeNull();
    expect(shopNameToShow('')).toBeNull();
    expect(shopNameToShow(undefined)).toBeNull();
  });
});
