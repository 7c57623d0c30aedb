// The till's sticker laid out for paper (fixed-qr-sticker.ts): the shop and "Pague com Pix aqui"
// large when their words fit a line at double size, the code as the QR, the till's name, that the
// amount shows on the cashier's screen, every line within the printer's columns, then the cut.
import { describe, expect, it } from 'vitest';
import { printableFor } from '#lib/receipts/paper/escpos-encode';
import { fixedQrSticker } from '#lib/receipts/paper/fixed-qr-sticker';
import { PRINTER_PROFILES } from '#lib/receipts/paper/printer-profiles';
import type { PaperDocument } from '#lib/receipts/paper/paper-document';

const printable = printableFor(PRINTER_PROFILES.epson);
const data = { shopName: 'Padaria Pão Quente', brCode: '000201-the-till-code', tillName: 'Caixa da frente' };

const lines = (paper: PaperDocument) => paper.blocks.flatMap((block) => (block.kind === 'text' ? [block] : []));

describe("the till's sticker on paper", () => {
  it('has the shop, the call to pay, the code, the till and where the amount shows, then the cut', () => {
    const paper = fixedQrSticker(data, { columns: 48, printable });
    const texts = lines(paper).map((line) => line.text);
    expect(texts).toEqual(
      expect.arrayContaining(['Padaria Pão Quente', 'Pague com Pix aqui', 'Caixa da frente', 'QR fixo do caixa']),
    );
    expect(texts.join(' ')).toContain('O valor da sua compra aparece na tela do caixa e no app do banco');
    expect(paper.blocks.filter((block) => block.kind === 'qr')).toEqual([{ kind: 'qr', payload: data.brCode }]);
    expect(lines(paper).find((line) => line.text === 'Padaria Pão Quente')).toMatchObject({ size: 2, bold: true });
    expect(paper.blocks.at(-1)).toEqual({ kind: 'cut' });
    expect(texts.join('')).not.toContain('AMBIENTE DE TESTES');
  });

  it('fits every line in 32 columns, a long name at normal size, and says when it is the sandbox', () => {
    const paper = fixedQrSticker(
      { ...data, shopName: 'Hortifrutigranjeiros Silva', environment: 'SANDBOX' },
      { columns: 32, printable },
    );
    for (const line of lines(paper)) expect(line.text.length * (line.size ?? 1)).toBeLessThanOrEqual(32);
    expect(lines(paper)[0]!.text).toBe('AMBIENTE DE TESTES - sem valor');
    expect(lines(paper).find((line) => line.text.startsWith('Hortifrutigranjeiros'))).toMatchObject({ bold: true });
    expect(lines(paper).find((line) => line.text.startsWith('Hortifrutigranjeiros'))?.size).toBeUndefined();
  });

  it('speaks English when the counter does', () => {
    const paper = fixedQrSticker(data, { columns: 48, printable, locale: 'en' });
    expect(lines(paper).map((line) => line.text)).toContain('Pay with Pix here');
  });
});
