// The counter's receipts on paper: the printer the settings name, and each print job laid out
// from the sale's records as the PDF receipt is (counter-receipt.ts), in the printer's columns
// and code page, with a QR code that carries the payment's end-to-end id and value; and a sale's
// QR slip, with the code the customer pays.
import { buildReceiptModel } from '#lib/receipts/receipt-model';
import { chargeQrSlip } from '#lib/receipts/paper/charge-qr-slip';
import { printableFor } from '#lib/receipts/paper/escpos-encode';
import type { PaperDocument } from '#lib/receipts/paper/paper-document';
import { receiptPaper } from '#lib/receipts/paper/receipt-paper';
import { reportPaper } from '#lib/receipts/paper/report-paper';
import type { ReportDocument } from '#lib/receipts';
import type { PrintResult, ReceiptRequest, Sale, Settings } from '#shared/counter/counter-api';
import { CounterError } from '#shared/counter/counter-errors';
import { shopHeader } from '#shared/counter/receipt-header';
import { isWaitingStatus } from '#shared/counter/waiting-sale';
import type { PrintJobRow, PrintJobs } from '../printing/print-jobs';
import type { PaperPrinter } from '../printing/paper-printer';
import type { ContractCompany } from '../sync/remote/service-contract';
import type { SaleRecords } from '../sync/sales/sale-views';
import { counterReceiptData, receiptSaleOf, type PdvOrderOf, type ReceiptEnvironment } from './counter-receipt';

/**
 * What a receipt's QR says: Balcão's own text, not a Pix code (paying it again is not possible),
 * so a phone at the counter, or the shop's ERP, reads which payment (or refund) this paper is.
 */
export function pixReceiptCode(endToEndId: string, cents: number, what: 'PIX' | 'DEVOLUCAO' = 'PIX'): string {
  return `BALCAO ${what} E2E=${endToEndId} VALOR=${(cents / 100).toFixed(2)}`;
}

export interface PaperReceiptSources {
  /** The PDV's order a sale charged, printed on its receipt. */
  orderOf?: PdvOrderOf;
  records: (correlationID: string) => SaleRecords;
  /** The sale a refund belongs to. */
  saleOfRefund: (refundCorrelationID: string) => string | undefined;
  /** A register session's end-of-day report (register/session-report-document.ts). */
  sessionReport: (sessionId: string) => ReportDocument;
  sale: (correlationID: string) => Sale;
  /** The sale, when it is one of the current service's (the QR slip's: any other is not printed). */
  findSale: (correlationID: string) => Sale | undefined;
  tillOfSession: (sessionId: string) => string | undefined;
  company: () => Promise<ContractCompany | null>;
  settings: () => Settings;
  environment: () => ReceiptEnvironment;
  now: () => Date;
}

/**
 * A job's paper (see PrintQueueOptions.paperFor): a paid sale's receipt, a confirmed refund's, a
 * closed register's report, or a sale's QR slip.
 * Throws while the records it needs are not read yet (the payment, the refund's end-to-end id).
 */
export function paperReceipts(sources: PaperReceiptSources) {
  return async (job: PrintJobRow, printer: PaperPrinter, reprint: boolean): Promise<PaperDocument | null> => {
    if (job.document === 'register-report')
      return reportPaper(sources.sessionReport(job.subject), printer.columns, printableFor(printer.profile));
    if (job.document === 'charge-qr') return chargeQrPaper(sources, job.subject, printer, reprint);
    const saleId = job.document === 'refund-slip' ? sources.saleOfRefund(job.subject) : job.subject;
    if (job.document !== 'sale-receipt' && job.document !== 'refund-slip') return null;
    // A refund the counter no longer has (another service's store) has nothing to print.
    if (saleId === undefined) return null;
    const records = sources.records(saleId);
    let request: { kind: 'pix-in' | 'pix-refund'; endToEndId: string; value: number };
    if (job.document === 'sale-receipt') {
      if (!records.payment) throw new Error('the payment is not read yet');
      request = { kind: 'pix-in', endToEndId: records.payment.endToEndId, value: records.payment.value };
    } else {
      const refund = records.refunds.find((candidate) => candidate.correlationID === job.subject);
      if (!refund?.endToEndId) throw new Error('the refund is not read yet');
      request = { kind: 'pix-refund', endToEndId: refund.endToEndId, value: refund.value };
    }
    const settings = sources.settings();
    const data = counterReceiptData(
      { kind: request.kind, endToEndId: request.endToEndId, correlationID: saleId, layout: 'thermal80' },
      records,
      { company: await sources.company(), settings, environment: sources.environment() },
      receiptSaleOf(sources.sale(saleId), sources.tillOfSession, sources.orderOf),
    );
    const paper = receiptPaper(buildReceiptModel(data, settings.locale), {
      columns: printer.columns,
      printable: printableFor(printer.profile),
      qrPayload: pixReceiptCode(request.endToEndId, request.value, request.kind === 'pix-in' ? 'PIX' : 'DEVOLUCAO'),
      reprint,
    });
    // The drawer opens as a paid sale's first receipt starts printing, when the shop wants it;
    // never for a copy or a reprint.
    const opensDrawer = job.document === 'sale-receipt' && job.copy === 1 && !reprint;
    if (opensDrawer && settings.paperPrinter?.drawerOnPaid) paper.blocks.unshift({ kind: 'pulse' });
    return paper;
  };
}

/**
 * A sale's QR slip, with the code the screen shows (the service's charge, or an offline sale's own
 * code: saleView's brCode), while the sale still waits for it to be paid. Null once it no longer
 * does (paid, expired, cancelled, refused), or when the sale is not the current service's: the
 * queue then drops the job unprinted, since a QR for a sale already paid would only confuse the
 * customer, and one already expired could not be paid.
 */
function chargeQrPaper(
  sources: PaperReceiptSources,
  correlationID: string,
  printer: PaperPrinter,
  reprint: boolean,
): PaperDocument | null {
  const sale = sources.findSale(correlationID);
  if (!sale?.brCode || !isWaitingStatus(sale.status)) return null;
  if (Date.parse(sale.expiresDate) <= sources.now().getTime()) return null;
  const settings = sources.settings();
  const facts = receiptSaleOf(sale, sources.tillOfSession);
  return chargeQrSlip(
    {
      shopName: shopHeader(settings).title,
      value: sale.value,
      brCode: sale.brCode,
      expiresAt: sale.expiresDate,
      environment: sources.environment(),
      ...(facts ? { sale: facts } : {}),
    },
    { columns: printer.columns, printable: printableFor(printer.profile), locale: settings.locale, reprint },
  );
}

export interface PaperReprintDeps {
  jobs: PrintJobs;
  queue: { kick(): void };
  records: (correlationID: string) => SaleRecords;
  now: () => Date;
  /** How long the cashier's "Imprimir" waits for the printer's word before answering. */
  waitMs?: number;
}

/**
 * "Imprimir" in the receipt dialog with a receipt printer set: the receipt again, as a new job
 * marked "2ª via", printed once. Waits a few seconds for the printer to confirm it; a printer
 * that cannot print now leaves it waiting (it prints when the printer is back), and says why.
 */
export async function reprintOnPaper(request: ReceiptRequest, deps: PaperReprintDeps): Promise<PrintResult> {
  const records = deps.records(request.correlationID);
  let document: 'sale-receipt' | 'refund-slip';
  let subject: string;
  if (request.kind === 'pix-in') {
    if (records.payment?.endToEndId !== request.endToEndId) throw new CounterError('RECEIPT_NOT_FOUND');
    document = 'sale-receipt';
    subject = request.correlationID;
  } else {
    const refund = records.refunds.find((candidate) => candidate.endToEndId === request.endToEndId);
    if (!refund?.correlationID) throw new CounterError('RECEIPT_NOT_FOUND');
    document = 'refund-slip';
    subject = refund.correlationID;
  }
  const reprint = deps.jobs.addReprint(document, subject, deps.now().toISOString());
  deps.queue.kick();
  const deadline = Date.now() + (deps.waitMs ?? 5_000);
  for (;;) {
    const job = deps.jobs.ofSubject(subject).find((row) => row.document === document && row.reprint === reprint);
    if (job?.state === 'printed') return { printed: true };
    if (Date.now() >= deadline)
      return {
        printed: false,
        reason: `a impressora ainda não confirmou${job?.last_problem ? ` (${job.last_problem})` : ''}; a 2ª via sai assim que ela imprimir`,
      };
    await new Promise((resolve) => setTimeout(resolve, 50));
  }
}
