// A sale's QR slip on thermal paper, read back as the printer reads it: on every profile and paper
// width, the shop, "Pague com Pix", the amount large, the QR carrying the BR Code whole (the
// printer's own QR, or the image a phone reads), the sale's facts, until when it is valid, that it
// proves no payment, one cut; every line within the paper, whatever the names (fuzzed).
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { buildDynamicBrCode, buildStaticBrCode } from '#lib/pix';
import { chargeQrSlip, type ChargeQrSlipData } from '#lib/receipts/paper/charge-qr-slip';
import { encodePaper, printableFor } from '#lib/receipts/paper/escpos-encode';
import { PAPER_COLUMNS, PRINTER_PROFILES, type PrinterProfileId } from '#lib/receipts/paper/printer-profiles';
import { decodeEscPos, qrInImage, sheetsOf, sheetText, type PrintedBlock } from '#test/support/escpos-decoder';

const PROFILES = Object.keys(PRINTER_PROFILES) as PrinterProfileId[];

/** A service's charge as long as they come: a 77-character location, the longest name and city. */
const DYNAMIC = buildDynamicBrCode({
  locationUrl: `pix.example.com/qr/v2/cob/${'9fb5f17dd6874337a88cd2abd98f9d43b'.repeat(2)}`.slice(0, 77),
  amountCents: 1234,
  merchantName: 'Padaria São José da Esquina',
  merchantCity: 'São José dos Campos',
});
/** An offline sale's own code: a static code to a random key, the amount, a txid. */
const STATIC = buildStaticBrCode({
  pixKey: '123e4567-e12b-12d1-a456-426655440000',
  amountCents: 1234,
  txid: 'BALCAOab12CD34ef56GH78ij9',
  merchantName: 'Padaria Sao Jose',
  merchantCity: 'Recife',
});

function slip(overrides: Partial<ChargeQrSlipData> = {}): ChargeQrSlipData {
  return {
    shopName: 'Padaria São José',
    value: 1234,
    brCode: DYNAMIC,
    expiresAt: '2026-12-07T15:34:00Z',
    sale: { number: 42, operatorName: 'Marta', tillName: 'Caixa 1' },
    ...overrides,
  };
}

/** The slip printed on a profile and paper, read back: its one sheet. */
function printed(
  profileId: PrinterProfileId,
  columns: number,
  data = slip(),
  options: { locale?: 'pt-BR' | 'en'; reprint?: boolean } = {},
) {
  const profile = PRINTER_PROFILES[profileId];
  const paper = chargeQrSlip(data, { columns, printable: printableFor(profile), ...options });
  const sheets = sheetsOf(decodeEscPos(encodePaper(paper, profile), { language: profile.language }).blocks);
  expect(sheets).toHaveLength(1);
  return sheets[0]!;
}

/** Every line fits the paper: `columns` characters, half as many at double size. */
function expectFits(sheet: PrintedBlock[], columns: number) {
  for (const block of sheet) if (block.kind === 'text') expect(block.width, block.text).toBeLessThanOrEqual(columns);
}

/** What the slip's QR says, however the profile drew it. */
function qrPayloads(sheet: PrintedBlock[]): (string | null)[] {
  return sheet.flatMap((block) =>
    block.kind === 'qr' ? [block.payload] : block.kind === 'image' ? [qrInImage(block)] : [],
  );
}

const flat = (sheet: PrintedBlock[]) => sheetText(sheet).replace(/\u00a0/g, ' ');

describe('a sale’s QR slip on thermal paper', () => {
  for (const profile of PROFILES)
    for (const columns of PAPER_COLUMNS)
      it(`prints whole on ${profile} at ${columns} columns: the shop, the amount large, the BR Code in the QR, not a receipt, one cut`, () => {
        for (const brCode of [DYNAMIC, STATIC]) {
          const sheet = printed(profile, columns, slip({ brCode }));
          expectFits(sheet, columns);
          expect(qrPayloads(sheet)).toEqual([brCode]);
          const text = flat(sheet);
          expect(text).toContain('Padaria São José');
          expect(text).toContain('Pague com Pix');
          const amount = sheet.find((block) => block.kind === 'text' && block.text.includes('12,34'));
          expect(amount).toMatchObject({ bold: true, size: 2 });
          expect(text).toMatch(/Venda\s+0042/);
          expect(text).toMatch(/Operador\s+Marta/);
          expect(text).toMatch(/Caixa\s+Caixa 1/);
          // São Paulo's time: 15:34 UTC is 12:34 there.
          expect(text).toMatch(/Válido até\s+07\/12\/2026 12:34:00/);
          expect(text.replace(/\s+/g, ' ')).toContain('Aguardando pagamento - não é comprovante');
          expect(text).not.toContain('Não é documento fiscal');
          expect(text).not.toContain('2ª via');
          expect(sheet.at(-1)).toEqual({ kind: 'cut' });
          expect(sheet.filter((block) => block.kind === 'cut')).toHaveLength(1);
        }
      });

  it('prints no sale facts a sale made before the register was set up does not have', () => {
    const text = flat(printed('epson', 48, slip({ sale: undefined })));
    expect(text).not.toMatch(/Venda|Operador|Caixa/);
    expect(text).toMatch(/Válido até/);
  });

  it('says so on a test environment’s slip, and marks a copy that may be on paper already', () => {
    const text = flat(printed('epson', 42, slip({ environment: 'SANDBOX' }), { reprint: true }));
    expect(text).toContain('AMBIENTE DE TESTES - sem valor');
    expect(text).toContain('2ª via');
  });

  it('speaks English when the counter does', () => {
    const text = flat(printed('elgin', 48, slip(), { locale: 'en' }));
    expect(text).toContain('Pay with Pix');
    expect(text).toMatch(/Sale\s+0042/);
    expect(text.replace(/\s+/g, ' ')).toContain('Awaiting payment - not a receipt');
    expect(text).not.toContain('Pague com Pix');
  });

  it('prints the largest amount whole, at normal size where double would not fit the line', () => {
    for (const columns of PAPER_COLUMNS) {
      const sheet = printed('epson', columns, slip({ value: 99_999_999_999 }));
      expectFits(sheet, columns);
      const amount = sheet.find((block) => block.kind === 'text' && block.text.includes('999.999.999,99'));
      expect(amount, String(columns)).toMatchObject({ bold: true });
    }
  });

  it('keeps every line on the paper and the QR whole, whatever the names (fuzzed)', () => {
    const anyText = fc.string({ unit: 'binary', maxLength: 120 });
    fc.assert(
      fc.property(
        fc.constantFrom(...PROFILES),
        fc.constantFrom(...PAPER_COLUMNS),
        anyText,
        anyText,
        anyText,
        fc.integer({ min: 1, max: 99_999_999_999 }),
        fc.constantFrom(DYNAMIC, STATIC),
        (profile, columns, shopName, operatorName, tillName, value, brCode) => {
          const sheet = printed(profile, columns, slip({ shopName, value, brCode, sale: { operatorName, tillName } }));
          expectFits(sheet, columns);
          expect(qrPayloads(sheet)).toEqual([brCode]);
          const text = sheetText(sheet);
          expect([...text].filter((ch) => ch !== '\n' && ch < ' ')).toEqual([]);
        },
      ),
      { numRuns: 60 },
    );
  });
});
