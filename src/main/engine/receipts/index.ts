export type {
  ReceiptData,
  ReceiptHeader,
  ReceiptKind,
  ReceiptLayout,
  ReceiptLocale,
  ReceiptParty,
  ReceiptTaxId,
  TaxIdType,
} from './receipt-data';
export { type RenderReceiptOptions, renderReceiptPdf } from './receipt-pdf';
export { formatCnpj, maskCpf, maskPixKey, maskTaxId } from './tax-id-mask';
