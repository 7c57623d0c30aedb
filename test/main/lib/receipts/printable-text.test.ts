import fc from 'fast-check';
import { PDFDocument, StandardFonts } from 'pdf-lib';
import { describe, expect, it } from 'vitest';
import { printableText } from '#lib/receipts/printable-text';

describe('printableText', () => {
  it('makes one line of words out of line breaks, tabs and runs of spaces', () => {
    expect(printableText('\r\n  Maria\nda\r\rPenha\u2028\u2029Souza\t\t Lima \n')).toBe('Maria da Penha Souza Lima');
  });

  it('leaves no trace of controls, invisible formatting or dropped emoji', () => {
    expect(printableText('\u202eAna\u200b\u200f \0🙏🏽 Souza\u2066\u2069')).toBe('Ana Souza');
  });

  it('keeps a no-break space unbreakable, and a run holding a plain space breakable', () => {
    expect(printableText('R$\u00a0\u00a012,34')).toBe('R$\u00a012,34');
    expect(printableText('R$\u00a0 12,34')).toBe('R$ 12,34');
  });

  it('keeps accents WinAnsi has and replaces what it cannot show', () => {
    expect(printableText('Conceic\u0327a\u0303o Erdős 李雷')).toBe('Conceição Erdos ??');
  });

  it('always returns trimmed, single-spaced text every standard font encodes, and is stable', async () => {
    const doc = await PDFDocument.create();
    const fonts = await Promise.all([
      doc.embedFont(StandardFonts.Helvetica),
      doc.embedFont(StandardFonts.HelveticaBold),
      doc.embedFont(StandardFonts.Courier),
    ]);
    const hostile = fc.constantFrom(
      '\n',
      '\r',
      '\u2028',
      '\u2029',
      '\u0085',
      '\t',
      '\0',
      '\u200b',
      '\u202e',
      '\u00a0',
      '\u3000',
      '🙏🏽',
      'e\u0301',
    );
    const text = fc
      .array(fc.oneof(hostile, fc.string({ unit: 'binary', maxLength: 12 })), { maxLength: 8 })
      .map((p) => p.join(''));
    fc.assert(
      fc.property(text, (raw) => {
        const printable = printableText(raw);
        for (const font of fonts) font.encodeText(printable);
        expect(printable).toBe(printable.trim());
        expect(printable).not.toMatch(/[ \u00a0]{2}/);
        expect(printableText(printable)).toBe(printable);
      }),
      { numRuns: 500 },
    );
  });
});
