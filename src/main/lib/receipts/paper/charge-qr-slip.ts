// A sale's QR slip on thermal paper (issue 35), for a counter without a customer display: the code
// the screen shows, on paper for the customer to pay with. The shop, "Pague com Pix", the amount
// large, the QR (the sale's BR Code itself), the sale's number, operator and till when it has
// them, until when the code can be paid, and that this paper proves no payment (the receipt does,
// once paid); then the cut. Laid out the receipt's way (receipt-paper.ts): every text through the
// profile's code page first, so what is measured is what prints, in lines of the printer's columns.
import { saleNumberText } from '#shared/counter/sale-number';
import { formatBRL } from '#shared/lib/money';
import type { ReceiptLocale, ReceiptSale } from '../receipt-data';
import { receiptLabels } from '../receipt-labels';
import type { ReceiptRow } from '../receipt-model';
import { formatReceiptTime } from '../receipt-time';
import { wrapWords, type PaperBlock, type PaperDocument } from './paper-document';
import { labelledRow } from './receipt-paper';

export interface ChargeQrSlipData {
  /** The shop as its receipts name it (the header's title, or the merchant name). */
  shopName: string;
  /** Cents. */
  value: number;
  /** What the customer pays: the sale's BR Code, exactly as the screen shows it. */
  brCode: string;
  /** ISO time the code stops being payable. */
  expiresAt: string;
  sale?: ReceiptSale;
  /** SANDBOX prints the test environment's banner, as the receipt does: no real money is asked for. */
  environment?: 'SANDBOX' | 'PRODUCTION';
}

export interface ChargeQrSlipOptions {
  /** Characters per line at normal size. */
  columns: number;
  /** The text as the printer's code page can print it, on one line (see character-set.ts). */
  printable: (text: string) => string;
  locale?: ReceiptLocale;
  /** A slip that may be on paper already: the "2ª via" mark. */
  reprint?: boolean;
}

/** The slip's own words; the rest (the sale's labels, the banner, "2ª via") are the receipt's. */
const SLIP_LABELS: Record<ReceiptLocale, { title: string; scan: string; validUntil: string; notProof: string }> = {
  'pt-BR': {
    title: 'Pague com Pix',
    scan: 'Leia o QR Code no app do seu banco',
    validUntil: 'Válido até',
    notProof: 'Aguardando pagamento — não é comprovante',
  },
  en: {
    title: 'Pay with Pix',
    scan: 'Scan the QR code in your bank’s app',
    validUntil: 'Valid until (Brasília)',
    notProof: 'Awaiting payment — not a receipt',
  },
};

export function chargeQrSlip(data: ChargeQrSlipData, options: ChargeQrSlipOptions): PaperDocument {
  const { columns, printable } = options;
  const locale = options.locale ?? 'pt-BR';
  const words = SLIP_LABELS[locale];
  const labels = receiptLabels(locale);
  const blocks: PaperBlock[] = [];
  const centred = (text: string, style: { bold?: boolean; size?: 1 | 2 } = {}) => {
    for (const line of wrapWords(printable(text), columns / (style.size ?? 1)))
      blocks.push({ kind: 'text', text: line, align: 'center', ...style });
  };

  if (data.environment === 'SANDBOX') centred(labels.sandboxBanner, { bold: true });
  centred(data.shopName, { bold: true });
  blocks.push({ kind: 'rule' });
  centred(words.title, { bold: true });
  if (options.reprint) centred(labels.reprint, { bold: true });
  blocks.push({ kind: 'feed', lines: 1 });
  centred(labels.value);
  // Large when it fits the line at double size; the largest amounts print at normal size, whole.
  const amount = printable(formatBRL(data.value));
  centred(amount, { bold: true, ...(amount.length * 2 <= columns ? { size: 2 } : {}) });
  blocks.push({ kind: 'qr', payload: data.brCode });
  centred(words.scan);
  blocks.push({ kind: 'feed', lines: 1 });

  const rows: ReceiptRow[] = [];
  const number = saleNumberText(data.sale?.number);
  if (number) rows.push({ label: labels.saleNumber, value: number });
  if (data.sale?.operatorName?.trim()) rows.push({ label: labels.operator, value: data.sale.operatorName.trim() });
  if (data.sale?.tillName?.trim()) rows.push({ label: labels.till, value: data.sale.tillName.trim() });
  rows.push({ label: words.validUntil, value: formatReceiptTime(data.expiresAt, locale) });
  for (const row of rows) blocks.push(...labelledRow(row, columns, printable));

  blocks.push({ kind: 'rule' });
  centred(words.notProof, { bold: true });
  blocks.push({ kind: 'feed', lines: 3 }, { kind: 'cut' });
  return { columns, blocks };
}
