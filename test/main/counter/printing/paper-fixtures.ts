// What the printing tests share: where their paper is saved for a person to look at, the
// receipt printer's settings as Configurações saves them, a sale paid through the sandbox as the
// payer's bank would pay it, and a receipt's job encoded for a profile.
import { join } from 'node:path';
import { buildReceiptModel } from '#lib/receipts/receipt-model';
import { encodeJob, printableFor } from '#lib/receipts/paper/escpos-encode';
import { PRINTER_PROFILES, type PrinterProfileId } from '#lib/receipts/paper/printer-profiles';
import { receiptPaper } from '#lib/receipts/paper/receipt-paper';
import type { Sale, SettingsInput } from '#shared/counter/counter-api';
import { until, type RuntimeFixture } from '../app/runtime-fixture';

/** The paper printed by the tests, as PNG strips. */
export const PAPER_ARTIFACTS = join(import.meta.dirname, '..', '..', '..', '..', 'test-artifacts', 'paper');

export const SAMPLE_PAYER = { name: 'Maria das Graças Souza', taxID: '52998224725' };
export const SAMPLE_E2E = 'E18236120202612071519s0123456789';

/** The receipt printer at `address`: Epson, 48 columns, the paid sale's receipt by itself, one copy. */
export function printerSettings(
  address: string,
  overrides: Partial<NonNullable<SettingsInput['paperPrinter']>> = {},
): SettingsInput {
  return {
    paperPrinter: {
      address,
      profile: 'epson',
      columns: 48,
      printWhenPaid: true,
      printWhenRefunded: false,
      printWhenClosed: false,
      printWhenCharged: false,
      drawerOnPaid: false,
      copies: 1,
      ...overrides,
    },
  };
}

/** Pays a sale's code from the sandbox; resolves once the counter has the payment (its end-to-end id). */
export async function payAndWait(fixture: RuntimeFixture, sale: Sale, payer = SAMPLE_PAYER): Promise<Sale> {
  const { sandbox, api } = fixture.runtime;
  await sandbox.engine.call(sandbox.appId, 'sandboxPayBrCode', { body: { brCode: sale.brCode, payer } });
  return until(async () => {
    const now = await api.getSale({ correlationID: sale.correlationID });
    return now.endToEndId ? now : undefined;
  });
}

/** A R$ 12,34 receipt's job (body and cut) in a profile's bytes, at 48 columns. */
export function sampleReceiptJob(profileId: PrinterProfileId, qrPayload = 'balcao:1') {
  const profile = PRINTER_PROFILES[profileId];
  const model = buildReceiptModel({
    kind: 'pix-in',
    endToEndId: SAMPLE_E2E,
    value: 1234,
    time: '2026-12-07T15:19:00Z',
    payer: { name: 'João da Conceição' },
    receiver: { name: 'Padaria São José' },
  });
  return encodeJob(receiptPaper(model, { columns: 48, printable: printableFor(profile), qrPayload }), profile);
}
