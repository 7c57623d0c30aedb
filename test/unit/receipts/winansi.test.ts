import fc from 'fast-check';
import { PDFDocument, StandardFonts } from 'pdf-lib';
import { describe, expect, it } from 'vitest';
import { isWinAnsi, toWinAnsi } from '../../../src/main/engine/receipts/winansi';

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

  it('normalizes spacing and control characters', () => {
    expect(toWinAnsi('a\tb\r\nc\u0007d\u2028e\u202ff\u00adg')).toBe('a b\ncd\ne\u00a0fg');
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
        for (const line of safe.split('\n')) for (const font of fonts) font.encodeText(line);
      }),
      { numRuns: 500 },
    );
  });
});
