// Names, comments and the shop's header come from payers' banks, cashiers and settings: any
// Unicode at all. A receipt must print whatever they hold (issue 8: a line break in a payer's
// name made the thermal layout throw).

import fc from 'fast-check';
import { PDFDocument } from 'pdf-lib';
import { describe, expect, it } from 'vitest';
import type { ReceiptData, ReceiptLayout, ReceiptParty } from '#lib/receipts/receipt-data';
import { renderReceiptPdf } from '#lib/receipts/receipt-pdf';
import { PIX_IN, PIX_REFUND, pdfText, savePdf } from './fixtures';

const LAYOUTS: ReceiptLayout[] = ['a4', 'thermal80'];
const SAMPLES = { 'pix-in': PIX_IN, 'pix-refund': PIX_REFUND } as const;
type Kind = keyof typeof SAMPLES;
const KINDS = Object.keys(SAMPLES) as Kind[];

/** Characters that have broken text renderers: breaks, controls, invisible formatting, emoji, other scripts. */
const HOSTILE = [
  '\n',
  '\r',
  '\r\n',
  '\u2028',
  '\u2029',
  '\u0085',
  '\t',
  '\v',
  '\f',
  '\0',
  '\u0007',
  '\u007f',
  '\u009b',
  '\u00ad',
  '\u200b',
  '\u200c',
  '\u200d',
  '\u2060',
  '\ufeff',
  '\u180e',
  '\u200e',
  '\u200f',
  '\u061c',
  '\u202a',
  '\u202b',
  '\u202e',
  '\u2066',
  '\u2067',
  '\u2069',
  '🙏🏽',
  '👨‍👩‍👧',
  '🇧🇷',
  '1️⃣',
  '❤️',
  'e\u0301',
  '\u0301\u0302',
  'a\u0308\u0323\u0330',
  'العربية',
  'עברית',
  '李雷',
  'Łukasz',
  'Ǆ',
  '\ud800',
  '\udfff',
  ' ',
  '   ',
  '\u00a0',
  '\u3000',
  '\u1680',
  '\u202f',
];

const longWord = fc.string({ unit: fc.constantFrom('a', 'W', 'é', '-', '/', '.', '0'), minLength: 60, maxLength: 300 });
const piece = fc.oneof(
  fc.constantFrom(...HOSTILE),
  fc.string({ unit: 'binary', maxLength: 20 }),
  fc.string({ unit: 'grapheme', maxLength: 20 }),
  fc.string({ unit: 'binary-ascii', maxLength: 20 }),
  longWord,
);
const anyText = fc.array(piece, { maxLength: 8 }).map((pieces) => pieces.join(''));

const anyParty: fc.Arbitrary<ReceiptParty> = fc.record({
  name: anyText,
  bankName: anyText,
  branch: anyText,
  account: anyText,
  pixKey: anyText,
});

const anyReceipt = fc.record({
  kind: fc.constantFrom(...KINDS),
  customer: anyParty,
  shop: anyParty,
  description: anyText,
  chargeCorrelationID: anyText,
  header: fc.record({ title: anyText, lines: fc.array(anyText, { maxLength: 4 }) }),
});

/** The sample of that kind, with the customer (payer of a payment, receiver of a refund) and the shop replaced. */
function receiptOf(kind: Kind, customer: ReceiptParty, shop: ReceiptParty, rest: Partial<ReceiptData>): ReceiptData {
  const sample = SAMPLES[kind];
  const parties = kind === 'pix-in' ? { payer: customer, receiver: shop } : { payer: shop, receiver: customer };
  return { ...sample, ...parties, ...rest };
}

describe('receipts of arbitrary Unicode text', () => {
  it('render as a one-page PDF in both layouts, never throwing', async () => {
    await fc.assert(
      fc.asyncProperty(anyReceipt, async ({ kind, customer, shop, ...rest }) => {
        const data = receiptOf(kind, customer, shop, rest);
        for (const layout of LAYOUTS) {
          const bytes = await renderReceiptPdf(data, { layout });
          const doc = await PDFDocument.load(bytes);
          expect(doc.getPageCount()).toBe(1);
        }
      }),
      { numRuns: 80 },
    );
  });

  describe.each(LAYOUTS)('%s', (layout) => {
    it.each(KINDS)('%s prints line breaks and invisible characters as plain spacing', async (kind) => {
      const customer = { ...PIX_IN.payer, name: 'Ana\nde\rSouza\u2028Lima\tCosta\r\n\u202eRocha\u200b\u200f' };
      const data = receiptOf(kind, customer, PIX_IN.receiver, {
        description: 'Pedido 42\r\n\r\n2 pães\u2029e 1 café',
        header: {
          title: 'Padaria\nPão Quente',
          lines: ['Rua das Acácias, 123\u2028Centro', 'Aberto\u0085das 6h\0 às 20h'],
        },
      });
      const text = pdfText(savePdf(`line-breaks-${kind}-${layout}`, await renderReceiptPdf(data, { layout }))).replace(
        /\s+/g,
        ' ',
      );
      expect(text).toContain('Ana de Souza Lima Costa Rocha');
      expect(text).toContain('Pedido 42 2 pães e 1 café');
      expect(text).toContain('Padaria Pão Quente');
      expect(text).toContain('Rua das Acácias, 123 Centro');
      expect(text).toContain('Aberto das 6h às 20h');
    });
  });
});
