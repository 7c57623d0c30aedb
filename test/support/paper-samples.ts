// `npm run paper`: receipts printed as the counter prints them (laid out, encoded for each printer
// profile, sent over TCP to the virtual printer and confirmed) and the virtual printer's paper saved
// as PNG strips in test-artifacts/paper/, for a person to look at: 80 mm (48 and 42 columns) and
// 58 mm (32), each profile, a first printing and a "2ª via", a payer name that needs wrapping.
import { join } from 'node:path';
import { buildReceiptModel } from '#lib/receipts/receipt-model';
import { encodeJob, printableFor } from '#lib/receipts/paper/escpos-encode';
import { PRINTER_PROFILES, type PrinterProfileId } from '#lib/receipts/paper/printer-profiles';
import { receiptPaper } from '#lib/receipts/paper/receipt-paper';
import { printRaw } from '#counter/printing/raw-printer';
import { pixReceiptCode } from '#counter/app/paper-receipts';
import { startVirtualPrinter } from '#test/support/virtual-printer';
import { savePaperPng } from '#test/support/virtual-paper-png';

const OUT = join(import.meta.dirname, '..', '..', 'test-artifacts', 'paper');
const E2E = 'E18236120202612071519s0123456789';

const model = buildReceiptModel({
  kind: 'pix-in',
  endToEndId: E2E,
  value: 1234,
  time: '2026-12-07T15:19:00Z',
  payer: { name: 'Maria das Graças Conceição de Souza Albuquerque', taxID: { taxID: '52998224725', type: 'BR:CPF' } },
  receiver: { name: 'Padaria Pão Dourado', pixKey: 'caixa@paodourado.com.br' },
  description: 'Pão francês e café — obrigada!',
  chargeCorrelationID: 'balcao-6f1c2a9e-1b7d-4f7e-9a51-0c2d3e4f5a6b',
  sale: { number: 42, operatorName: 'Marta', tillName: 'Caixa 1' },
  header: { title: 'Padaria Pão Dourado', lines: ['Rua das Flores, 10 — Centro', 'CNPJ 12.345.678/0001-95'] },
  environment: 'SANDBOX',
});

const samples: { profile: PrinterProfileId; columns: number; reprint?: boolean }[] = [
  { profile: 'epson', columns: 48 },
  { profile: 'epson', columns: 48, reprint: true },
  { profile: 'elgin', columns: 42 },
  { profile: 'bematech', columns: 48 },
  { profile: 'generic', columns: 32 },
];

for (const sample of samples) {
  const printer = await startVirtualPrinter();
  const profile = PRINTER_PROFILES[sample.profile];
  const paper = receiptPaper(model, {
    columns: sample.columns,
    printable: printableFor(profile),
    qrPayload: pixReceiptCode(E2E, 1234),
    reprint: sample.reprint ?? false,
  });
  const outcome = await printRaw({ host: printer.host, port: printer.port }, encodeJob(paper, profile));
  if (outcome.kind !== 'printed') throw new Error(`${sample.profile}: ${JSON.stringify(outcome)}`);
  const name = `comprovante-${sample.profile}-${sample.columns}col${sample.reprint ? '-2a-via' : ''}.png`;
  await savePaperPng(printer.sheets(), join(OUT, name), sample.columns);
  await printer.close();
  console.log(join('test-artifacts', 'paper', name));
}
