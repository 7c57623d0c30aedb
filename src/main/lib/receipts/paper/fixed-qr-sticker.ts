// The till's fixed QR on thermal paper ("QR fixo do caixa", issue 36): a sticker left on the
// counter, whose one code pays whichever sale the till has now. The shop's name, "Pague com Pix
// aqui", the QR (the code the service gave the till's payment link), the till's name, and that
// the amount shows on the cashier's screen and in the bank's app (the code names no amount); then
// the cut. Laid out the receipt's way: every text through the profile's code page first.
import type { ReceiptLocale } from '../receipt-data';
import { receiptLabels } from '../receipt-labels';
import { wrapWords, type PaperBlock, type PaperDocument } from './paper-document';

export interface FixedQrStickerData {
  /** The shop as its receipts name it (the header's title, or the merchant name). */
  shopName: string;
  /** The till's code, exactly as the service gave it. */
  brCode: string;
  tillName: string;
  /** SANDBOX prints the test environment's banner, as the receipt does. */
  environment?: 'SANDBOX' | 'PRODUCTION';
}

export interface FixedQrStickerOptions {
  columns: number;
  /** The text as the printer's code page can print it, on one line (see character-set.ts). */
  printable: (text: string) => string;
  locale?: ReceiptLocale;
}

/** The sticker's words, on paper and on the A4 page (fixed-qr-pdf.ts). */
export const FIXED_QR_LABELS: Record<
  ReceiptLocale,
  { title: string; scan: string; amount: string; kind: string; till: string }
> = {
  'pt-BR': {
    title: 'Pague com Pix aqui',
    scan: 'Leia o QR Code no app do seu banco',
    amount: 'O valor da sua compra aparece na tela do caixa e no app do banco',
    kind: 'QR fixo do caixa',
    till: 'Caixa',
  },
  en: {
    title: 'Pay with Pix here',
    scan: 'Scan the QR code in your bank’s app',
    amount: 'The amount of your purchase shows on the cashier’s screen and in your bank’s app',
    kind: 'Fixed QR of the till',
    till: 'Till',
  },
};

export function fixedQrSticker(data: FixedQrStickerData, options: FixedQrStickerOptions): PaperDocument {
  const { columns, printable } = options;
  const locale = options.locale ?? 'pt-BR';
  const words = FIXED_QR_LABELS[locale];
  const blocks: PaperBlock[] = [];
  const centred = (text: string, style: { bold?: boolean; size?: 1 | 2 } = {}) => {
    for (const line of wrapWords(printable(text), columns / (style.size ?? 1)))
      blocks.push({ kind: 'text', text: line, align: 'center', ...style });
  };
  // Large when every word fits a line at double size; a long name prints at normal size, whole.
  const large = (text: string) => {
    const longest = Math.max(
      ...printable(text)
        .split(' ')
        .map((word) => word.length),
    );
    centred(text, { bold: true, ...(longest * 2 <= columns ? { size: 2 } : {}) });
  };

  if (data.environment === 'SANDBOX') centred(receiptLabels(locale).sandboxBanner, { bold: true });
  large(data.shopName);
  blocks.push({ kind: 'rule' });
  large(words.title);
  blocks.push({ kind: 'qr', payload: data.brCode });
  centred(words.scan);
  blocks.push({ kind: 'feed', lines: 1 });
  centred(words.amount);
  blocks.push({ kind: 'feed', lines: 1 });
  centred(data.tillName.trim() || words.till, { bold: true });
  blocks.push({ kind: 'rule' });
  centred(words.kind);
  blocks.push({ kind: 'feed', lines: 3 }, { kind: 'cut' });
  return { columns, blocks };
}
