import { describe, expect, it } from 'vitest';
import { shopHeader } from '#shared/counter/receipt-header';

describe("the shop's header", () => {
  it("is the owner's title over the owner's lines", () => {
    expect(
      shopHeader({
        merchantName: 'Padaria Pão Quente',
        receiptHeader: { title: '  Pão Quente  ', lines: ['Rua A, 1', 'Tel. 11 5555-0000'] },
      }),
    ).toEqual({ title: 'Pão Quente', lines: ['Rua A, 1', 'Tel. 11 5555-0000'] });
  });

  it('falls back to the merchant name, and leaves blank lines out', () => {
    expect(
      shopHeader({
        merchantName: 'Padaria Pão Quente',
        receiptHeader: { title: '   ', lines: ['', 'Rua A, 1', '  '] },
      }),
    ).toEqual({ title: 'Padaria Pão Quente', lines: ['Rua A, 1'] });
    expect(shopHeader({ merchantName: 'Loja', receiptHeader: { lines: [] } })).toEqual({ title: 'Loja', lines: [] });
  });

  it('gives a list of its own: adding a line to it changes no settings', () => {
    const settings = { merchantName: 'Loja', receiptHeader: { lines: ['Rua A, 1'] } };
    shopHeader(settings).lines.push('CNPJ 12.345.678/0001-95');
    expect(settings.receiptHeader.lines).toEqual(['Rua A, 1']);
  });
});
