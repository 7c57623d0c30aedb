// The counter's receipts on paper: the printer the settings name, and each print job laid out
// from the sale's records as the PDF receipt is (counter-receipt.ts), in the printer's columns
// and code page, with a QR code that carries the payment's end-to-end id and value.
import { buildReceiptModel } from '#lib/receipts/receipt-model';
import { printableFor } from '#lib/receipts/paper/escpos-encode';
import type { PaperDocument } from '#lib/receipts/paper/paper-document';
import { PRINTER_PROFILES } from '#lib/receipts/paper/printer-profiles';
import { receiptPaper } from '#lib/receipts/paper/receipt-paper';
import type { Sale, Settings } from '#shared/counter/counter-api';
import { parsePrinterAddress } from '#shared/counter/paper-printer';
import type { PrintJobRow } from '../printing/print-jobs';
import type { PaperPrinter } from '../printing/print-queue';
import type { ContractCompany } from '../sync/remote/service-contract';
import type { SaleRecords } from '../sync/sales/sale-views';
import { counterReceiptData, receiptSaleOf, type ReceiptEnvironment } from './counter-receipt';

/** The receipt printer the settings name, or null when none is set (or its address is no address). */
export function paperPrinterOf(settings: Settings): PaperPrinter | null {
  const printer = settings.paperPrinter;
  const address = printer ? parsePrinterAddress(printer.address) : null;
  if (!printer || !address) return null;
  return { address, profile: PRINTER_PROFILES[printer.profile], columns: printer.columns };
}

/**
 * What a paid sale's receipt's QR says: Balcão's own text, not a Pix code (paying it again is not
 * possible), so a phone at the counter, or the shop's ERP, reads which payment this paper is.
 */
export function pixReceiptCode(endToEndId: string, cents: number): string {
  return `BALCAO PIX E2E=${endToEndId} VALOR=${(cents / 100).toFixed(2)}`;
}

export interface PaperReceiptSources {
  records: (correlationID: string) => SaleRecords;
  sale: (correlationID: string) => Sale;
  tillOfSession: (sessionId: string) => string | undefined;
  company: () => Promise<ContractCompany | null>;
  settings: () => Settings;
  environment: () => ReceiptEnvironment;
}

/** A job's paper (see PrintQueueOptions.paperFor). Throws while the sale's payment is not read yet. */
export function paperReceipts(sources: PaperReceiptSources) {
  return async (job: PrintJobRow, printer: PaperPrinter, reprint: boolean): Promise<PaperDocument | null> => {
    if (job.document !== 'sale-receipt') return null;
    const records = sources.records(job.subject);
    const { payment } = records;
    if (!payment) throw new Error('the payment is not read yet');
    const settings = sources.settings();
    const data = counterReceiptData(
      { kind: 'pix-in', endToEndId: payment.endToEndId, correlationID: job.subject, layout: 'thermal80' },
      records,
      { company: await sources.company(), settings, environment: sources.environment() },
      receiptSaleOf(sources.sale(job.subject), sources.tillOfSession),
    );
    return receiptPaper(buildReceiptModel(data, settings.locale), {
      columns: printer.columns,
      printable: printableFor(printer.profile),
      qrPayload: pixReceiptCode(payment.endToEndId, payment.value),
      reprint,
    });
  };
}
