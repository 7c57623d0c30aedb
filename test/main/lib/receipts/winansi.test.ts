import fc from 'fast-check';
import { PDFDocument, StandardFonts } from 'pdf-lib';
import { describe, expect, it } from 'vitest';
import { isWinAnsi, toWinAnsi } from '#lib/receipts/winansi';

describe('toWinAnsi', () => {
  it('knows exactly the characters the standard fonts encode', async () => {
    const doc = await PDFDocument.create();
    const font = await doc.embedFont(StandardFonts.Helvetica);
    const fontSet = new Set(font.getCharacterSet());
    for (let cp = 0; cp <= 0x2200; cp++) expect(isWinAnsi(cp), cp.toString(16)).toBe(fontSet.has(cp));
  });

  it('leaves Portuguese untouched', () => {
    const text = 'Ação, coração, pão, órgão, você, à vontade — “aspas” R$ 1.234,56 €';
    expect(toWinAnsi(text)).toBe(text);
  });

  it('composes decomposed accents', () => {
    expect(toWinAnsi('Jose\u0301 Conceic\u0327a\u0303o')).toBe('José Conceição');
  });

  it('drops emoji, including joined, flagged and keycap sequences', () => {
    expect(toWinAnsi('Obrigado 🙏🏽! 👨‍👩‍👧 🇧🇷 1️⃣ ❤️')).toBe('Obrigado !   1 ');
  });

  it('strips accents outside Latin-1 and marks the rest', () => {
    expect(toWinAnsi('Erdős Łukasz')).toBe('Erdos ?ukasz');
    expect(toWinAnsi('李雷')).toBe('??');
    expect(toWinAnsi('\ud800x')).toBe('?x');
  });

  it('turns line breaks, tabs and other spaces into spaces, keeping no-break ones unbreakable', () => {
    expect(toWinAnsi('a\tb\r\nc\nd\re\u2028f\u2029g\u0085h\vi\fj\u2003k\u3000l\u1680m')).toBe(
      'a b  c d e f g h i j k l m',
    );
    expect(toWinAnsi('R$\u202f12\u2007345')).toBe('R$\u00a012\u00a0345');
  });

  it('drops controls and invisible formatting', () => {
    expect(toWinAnsi('a\0b\u0007c\u007fd\u009be\u00adf')).toBe('abcdef');
    expect(toWinAnsi('\u200bA\u200cn\u200da\u2060\ufeff \u200e\u200f\u061c\u202eS\u202c\u2066o\u2069\u180eu')).toBe(
      'Ana Sou',
    );
  });

  it('always returns text the fonts can encode', async () => {
    const doc = await PDFDocument.create();
    const fonts = await Promise.all([
      doc.embedFont(StandardFonts.Helvetica),
      doc.embedFont(StandardFonts.HelveticaBold),
      doc.embedFont(StandardFonts.Courier),
    ]);
    fc.assert(
      fc.property(fc.string({ unit: 'binary', maxLength: 40 }), (text) => {
        const safe = toWinAnsi(text);
        for (const font of fonts) font.encodeText(safe);
      }),
      { numRuns: 500 },
    );
  });
});
