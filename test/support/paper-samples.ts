// `npm run paper`: receipts printed as the counter prints them (laid out, encoded for each printer
// profile, sent over TCP to the virtual printer and confirmed) and the virtual printer's paper saved
// as PNG strips in test-artifacts/paper/, for a person to look at: 80 mm (48 and 42 columns) and
// 58 mm (32), each profile, a first printing and a "2ª via", a payer name that needs wrapping; and
// a refund's slip, the register's report, and a sale's QR slip (for counters without a customer
// display).
import { join } from 'node:path';
import { buildReceiptModel } from '#lib/receipts/receipt-model';
import { encodeJob, printableFor } from '#lib/receipts/paper/escpos-encode';
import { PRINTER_PROFILES, type PrinterProfileId } from '#lib/receipts/paper/printer-profiles';
import { receiptPaper } from '#lib/receipts/paper/receipt-paper';
import { chargeQrSlip } from '#lib/receipts/paper/charge-qr-slip';
import { reportPaper } from '#lib/receipts/paper/report-paper';
import type { PaperDocument } from '#lib/receipts/paper/paper-document';
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
  { profile: 'daruma', columns: 48 },
];

/** Prints a document on a fresh virtual printer of the profile's language and saves its paper. */
async function printSample(
  profileId: PrinterProfileId,
  columns: number,
  name: string,
  layout: (printable: (text: string) => string) => PaperDocument,
) {
  const profile = PRINTER_PROFILES[profileId];
  const printer = await startVirtualPrinter({ language: profile.language });
  const outcome = await printRaw(
    { host: printer.host, port: printer.port },
    encodeJob(layout(printableFor(profile)), profile),
    {
      language: profile.language,
    },
  );
  if (outcome.kind !== 'printed') throw new Error(`${profileId}: ${JSON.stringify(outcome)}`);
  await savePaperPng(printer.sheets(), join(OUT, name), columns);
  await printer.close();
  console.log(join('test-artifacts', 'paper', name));
}

for (const sample of samples)
  await printSample(
    sample.profile,
    sample.columns,
    `comprovante-${sample.profile}-${sample.columns}col${sample.reprint ? '-2a-via' : ''}.png`,
    (printable) =>
      receiptPaper(model, {
        columns: sample.columns,
        printable,
        qrPayload: pixReceiptCode(E2E, 1234),
        reprint: sample.reprint ?? false,
      }),
  );

await printSample('epson', 48, 'qr-da-venda-epson-48col.png', (printable) =>
  chargeQrSlip(
    {
      shopName: 'Padaria Pão Dourado',
      value: 1234,
      brCode:
        '00020101021226810014br.gov.bcb.pix2559qr.woovi-sandbox.com/qr/v2/cob/6f1c2a9e1b7d4f7e9a510c2d3e4f5a6b520400005303986540512.345802BR5919PADARIA PAO DOURADO6009SAO PAULO62070503***6304ABCD',
      expiresAt: '2026-12-07T15:34:00Z',
      sale: { number: 42, operatorName: 'Marta', tillName: 'Caixa 1' },
      environment: 'SANDBOX',
    },
    { columns: 48, printable },
  ),
);

await printSample('epson', 48, 'devolucao-epson-48col.png', (printable) =>
  receiptPaper(
    buildReceiptModel({
      kind: 'pix-refund',
      endToEndId: 'D18236120202612071530s9876543210',
      originalEndToEndId: E2E,
      value: 500,
      time: '2026-12-07T15:30:00Z',
      payer: { name: 'Padaria Pão Dourado' },
      receiver: { name: 'Maria das Graças Conceição de Souza Albuquerque' },
      description: 'Troca de produto',
      sale: { number: 42, operatorName: 'Marta', tillName: 'Caixa 1' },
      header: { title: 'Padaria Pão Dourado', lines: ['CNPJ 12.345.678/0001-95'] },
      environment: 'SANDBOX',
    }),
    { columns: 48, printable, qrPayload: pixReceiptCode('D18236120202612071530s9876543210', 500, 'DEVOLUCAO') },
  ),
);

await printSample('epson', 48, 'relatorio-do-caixa-epson-48col.png', (printable) =>
  reportPaper(
    {
      title: 'Fechamento de caixa',
      header: ['Padaria Pão Dourado', 'Caixa 1 · Marta', '07/12/2026 08:00 - 18:02'],
      warnings: [],
      blocks: [
        {
          heading: 'Resumo',
          rows: [
            { label: 'Vendas pagas (2)', value: 'R$ 24,68' },
            { label: 'Devoluções (1)', value: '- R$ 5,00' },
            { label: 'Líquido', value: 'R$ 19,68', strong: true },
          ],
        },
        {
          heading: 'Vendas',
          columns: ['Venda', 'Hora', 'Operador', 'Situação', 'Valor'],
          widths: [0.2, 0.15, 0.3, 0.15, 0.2],
          rows: [
            ['Venda 0041', '12:02', 'Marta', 'Pago', 'R$ 12,34'],
            ['Venda 0042', '12:19', 'Marta', 'Devolvido em parte', 'R$ 12,34'],
          ],
          empty: 'Nenhuma venda.',
        },
      ],
      footer: ['Gerado pelo Balcão'],
      metadata: { title: 'Fechamento de caixa', subject: 'Caixa 1' },
    },
    48,
    printable,
  ),
);
