// The receipt renderer: receipt data in, PDF bytes out. Pure (pdf-lib, no database, no Electron,
// no HTTP), so the engine's receipt endpoint and the counter's receipts draw the same PDFs.
export type {
  ReceiptData,
  ReceiptHeader,
  ReceiptKind,
  ReceiptLayout,
  ReceiptLocale,
  ReceiptParty,
  ReceiptSale,
  ReceiptTaxId,
  TaxIdType,
} from './receipt-data';
export { type RenderReceiptOptions, renderReceiptPdf } from './receipt-pdf';
export { formatCnpj, maskCpf, maskPixKey, maskTaxId } from './tax-id-mask';
export { type ReportDocument, type ReportSection, type ReportTable, renderReportPdf } from './report-pdf';
export { formatReceiptTime } from './receipt-time';
