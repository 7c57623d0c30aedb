// A receipt on thermal paper, read back as the printer reads it: every profile, every paper width,
// Portuguese in the printer's code page, the amount large, the QR the printer draws (or the image
// a phone reads), the end-to-end id whole, the cut; and no text whatever, however hostile, turns
// into bytes outside the commands a profile sends.
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { buildReceiptModel } from '#lib/receipts/receipt-model';
import type { ReceiptData } from '#lib/receipts';
import { encodePaper, printableFor } from '#lib/receipts/paper/escpos-encode';
import { breakAnywhere, wrapWords } from '#lib/receipts/paper/paper-document';
import { PAPER_COLUMNS, PRINTER_PROFILES, type PrinterProfileId } from '#lib/receipts/paper/printer-profiles';
import { receiptPaper } from '#lib/receipts/paper/receipt-paper';
import { reportPaper } from '#lib/receipts/paper/report-paper';
import { decodeEscPos, sheetsOf, sheetText, type PrintedBlock } from '#test/support/escpos-decoder';

const PROFILES = Object.keys(PRINTER_PROFILES) as PrinterProfileId[];
const E2E = 'E18236120202612071519s0123456789';

function receipt(overrides: Partial<ReceiptData> = {}): ReceiptData {
  return {
    kind: 'pix-in',
    endToEndId: E2E,
    value: 1234,
    time: '2026-12-07T15:19:00Z',
    payer: { name: 'João da Conceição' },
    receiver: { name: 'Padaria São José' },
    sale: { number: 42, operatorName: 'Marta', tillName: 'Caixa 1' },
    header: { title: 'Padaria São José', lines: ['Rua das Flores, 12'] },
    ...overrides,
  };
}

/** The receipt printed on a profile and paper, read back: its one sheet. */
function printed(
  profileId: PrinterProfileId,
  columns: number,
  data = receipt(),
  options = { qrPayload: 'balcao:1234' },
) {
  const profile = PRINTER_PROFILES[profileId];
  const paper = receiptPaper(buildReceiptModel(data), { columns, printable: printableFor(profile), ...options });
  const sheets = sheetsOf(decodeEscPos(encodePaper(paper, profile), { language: profile.language }).blocks);
  expect(sheets).toHaveLength(1);
  return sheets[0]!;
}

/** Every line fits the paper: `columns` characters, half as many at double size. */
function expectFits(sheet: PrintedBlock[], columns: number) {
  for (const block of sheet) if (block.kind === 'text') expect(block.width, block.text).toBeLessThanOrEqual(columns);
}

describe('a receipt on thermal paper', () => {
  for (const profile of PROFILES)
    for (const columns of PAPER_COLUMNS)
      it(`prints whole on ${profile} at ${columns} columns: amount large, QR, end-to-end id, not fiscal, cut`, () => {
        const sheet = printed(profile, columns);
        expectFits(sheet, columns);
        const text = sheetText(sheet);
        const amount = sheet.find((block) => block.kind === 'text' && block.text.includes('12,34'));
        expect(amount).toMatchObject({ bold: true, size: 2 });
        // Centred: as much paper left of it as right.
        const amountLine = amount as { text: string; width: number };
        const before = amountLine.text.length - amountLine.text.trimStart().length;
        expect(Math.abs(before - (columns - amountLine.width))).toBeLessThanOrEqual(1);
        expect(text).toContain('[QR balcao:1234]');
        expect(text.replace(/\n/g, '')).toContain(E2E);
        expect(text).toContain('Não é documento fiscal');
        expect(text).toMatch(/Venda\s+0042/);
        // A label and its value fill the line: the value sits at the right edge.
        const saleRow = sheet.find((block) => block.kind === 'text' && /^Venda\s+0042$/.test(block.text));
        expect(saleRow, 'Venda 0042 on one line').toMatchObject({ width: columns });
        expect(text).toMatch(/Operador\s+Marta/);
        expect(sheet.at(-1)).toEqual({ kind: 'cut' });
        expect(sheet.filter((block) => block.kind === 'cut')).toHaveLength(1);
      });

  it('keeps every Portuguese letter in CP860 and in CP850', () => {
    const letters = 'ÁÀÂÃÉÊÍÓÔÕÚÜÇ áàâãéêíóôõúüç ªº';
    for (const profile of ['epson', 'bematech'] as const) {
      const text = sheetText(printed(profile, 48, receipt({ payer: { name: letters } })));
      expect(text, profile).toContain(letters);
    }
  });

  it('marks a copy printed again as "2ª via"', () => {
    const profile = PRINTER_PROFILES.epson;
    const paper = receiptPaper(buildReceiptModel(receipt()), {
      columns: 48,
      printable: printableFor(profile),
      reprint: true,
    });
    expect(sheetText(sheetsOf(decodeEscPos(encodePaper(paper, profile)).blocks)[0]!)).toContain('2ª via');
  });

  it('wraps a 200-character name with emoji and control characters into plain lines', () => {
    const name = `${'Maria\u0007 da Silva 👩‍👩‍👧 \u001b@\u001dV\u0000 '.repeat(8)}${'X'.repeat(60)}`;
    for (const profile of PROFILES) {
      const sheet = printed(profile, 32, receipt({ payer: { name }, description: '\r\n\t“Obrigado” — até já…' }));
      expectFits(sheet, 32);
      const text = sheetText(sheet);
      expect([...text].filter((ch) => ch !== '\n' && ch < ' ')).toEqual([]);
      expect(text).toContain('"Obrigado" - até já...');
    }
  });

  it('never writes a byte outside the profile’s commands, whatever the text (fuzzed)', () => {
    const anyText = fc.string({ unit: 'binary', maxLength: 120 });
    fc.assert(
      fc.property(
        fc.constantFrom(...PROFILES),
        fc.constantFrom(...PAPER_COLUMNS),
        anyText,
        anyText,
        anyText,
        (profile, columns, name, comment, header) => {
          const sheet = printed(
            profile,
            columns,
            receipt({ payer: { name }, description: comment, header: { title: header, lines: [comment] } }),
            { qrPayload: `balcao:${E2E}` },
          );
          expectFits(sheet, columns);
          expect(sheetText(sheet)).toContain(`[QR balcao:${E2E}]`);
        },
      ),
      { numRuns: 60 },
    );
  });
});

describe('wrapping', () => {
  it('breaks between words, and cuts a word longer than a line', () => {
    expect(wrapWords('Padaria São José da Esquina', 12)).toEqual(['Padaria São', 'José da', 'Esquina']);
    expect(wrapWords('ABCDEFGHIJKLMNOPQRSTUVWXYZ fim', 10)).toEqual(['ABCDEFGHIJ', 'KLMNOPQRST', 'UVWXYZ fim']);
    expect(wrapWords('   ', 10)).toEqual([]);
    expect(breakAnywhere('E1234567890', 4)).toEqual(['E123', '4567', '890']);
  });
});

describe('a register report on thermal paper', () => {
  const report = {
    title: 'Fechamento de caixa',
    header: ['Padaria São José', 'Caixa da frente com um nome bem comprido para o papel de 58 mm'],
    warnings: ['2 operações aguardando envio'],
    blocks: [
      { heading: 'Resumo', rows: [{ label: 'Líquido', value: 'R$ 1.234.567,89', strong: true }] },
      {
        heading: 'Vendas',
        columns: ['Venda', 'Hora', 'Operador', 'Situação', 'Valor'],
        widths: [0.2, 0.15, 0.3, 0.15, 0.2],
        rows: [
          ['Venda 0001', '14:12', 'Maria das Graças Conceição', 'Pago', 'R$ 49,90'],
          ['Venda 0002', '14:13', 'João', 'Offline, a confirmar', 'R$ 1.234.567,89'],
        ],
        empty: 'Nenhuma venda.',
      },
    ],
    footer: ['Gerado pelo Balcão'],
    metadata: { title: 'x', subject: 'y' },
  };

  for (const columns of PAPER_COLUMNS)
    it(`fits ${columns} columns: every line on the paper, every amount whole, the cut`, () => {
      const profile = PRINTER_PROFILES.epson;
      const paper = reportPaper(report, columns, printableFor(profile));
      const sheet = sheetsOf(decodeEscPos(encodePaper(paper, profile)).blocks)[0]!;
      expectFits(sheet, columns);
      const text = sheetText(sheet).replace(/\u00a0/g, ' ');
      expect(text).toContain('R$ 49,90');
      expect(text.match(/R\$ 1\.234\.567,89/g)).toHaveLength(2);
      expect(text).toContain('! 2 operações aguardando envio');
      expect(sheet.at(-1)).toEqual({ kind: 'cut' });
    });
});
