// The till's fixed QR on an A4 page ("QR fixo do caixa", issue 36), to print on any printer and
// stick on the counter: the shop's name large, "Pague com Pix aqui", the QR large (drawn as
// vector squares, sharp at any size), the till's name, and that the amount shows on the cashier's
// screen and in the bank's app. Pure like the receipts: data in, PDF bytes out; standard fonts
// only, every text through printableText.
import { PDFDocument, type PDFFont, type PDFPage, StandardFonts, rgb } from 'pdf-lib';
import QRCode from 'qrcode';
import { FIXED_QR_LABELS, type FixedQrStickerData } from './paper/fixed-qr-sticker';
import { printableText } from './printable-text';
import type { ReceiptLocale } from './receipt-data';
import { receiptLabels } from './receipt-labels';

const PAGE: [number, number] = [595.28, 841.89];
const MARGIN = 56;
/** The QR's side, quiet zone included: about 12 cm, read from a step away. */
const QR_SIDE = 340;
const INK = rgb(0.08, 0.08, 0.1);
const MUTED = rgb(0.35, 0.35, 0.4);
const ACCENT = rgb(0.02, 0.55, 0.42);

export interface FixedQrPdfOptions {
  locale?: ReceiptLocale;
  /** The PDF's dates (tests fix it, so the same data gives the same bytes). */
  creationDate?: Date;
}

export async function renderFixedQrPdf(data: FixedQrStickerData, options: FixedQrPdfOptions = {}): Promise<Uint8Array> {
  const locale = options.locale ?? 'pt-BR';
  const words = FIXED_QR_LABELS[locale];
  const doc = await PDFDocument.create({ updateMetadata: false });
  doc.setTitle(printableText(`${words.kind} · ${data.shopName} · ${data.tillName}`));
  doc.setSubject(printableText(words.title));
  doc.setLanguage(locale);
  doc.setCreator('Balcão');
  doc.setProducer('Balcão');
  if (options.creationDate) {
    doc.setCreationDate(options.creationDate);
    doc.setModificationDate(options.creationDate);
  }
  const [regular, bold] = await Promise.all([
    doc.embedFont(StandardFonts.Helvetica),
    doc.embedFont(StandardFonts.HelveticaBold),
  ]);
  const page = doc.addPage(PAGE);
  const width = PAGE[0] - 2 * MARGIN;
  let y = PAGE[1] - MARGIN;

  if (data.environment === 'SANDBOX') {
    y = centred(page, receiptLabels(locale).sandboxBanner, bold, 12, y, width, MUTED);
    y -= 8;
  }
  // The shop's name as large as fits, up to 40 pt, on up to two lines.
  y = centred(page, data.shopName, bold, 40, y, width, INK, 2);
  y -= 10;
  page.drawRectangle({ x: MARGIN, y, width, height: 2, color: ACCENT });
  y -= 40;
  y = centred(page, words.title, bold, 32, y, width, ACCENT);
  y -= 18;
  drawQr(page, data.brCode, (PAGE[0] - QR_SIDE) / 2, y - QR_SIDE, QR_SIDE);
  y -= QR_SIDE + 22;
  y = centred(page, words.scan, regular, 16, y, width, INK);
  y -= 6;
  y = centred(page, words.amount, regular, 14, y, width, MUTED, 2);
  y -= 26;
  y = centred(page, data.tillName.trim() || words.till, bold, 28, y, width, INK);
  page.drawText(printableText(words.kind), {
    x: MARGIN,
    y: MARGIN - 20,
    size: 9,
    font: regular,
    color: MUTED,
  });
  return doc.save();
}

/**
 * Text centred on the page, its size shrunk (to 60% at most) until its longest word fits, and
 * wrapped to at most `maxLines` lines (the rest is dropped with an ellipsis). Returns the next y.
 */
function centred(
  page: PDFPage,
  raw: string,
  font: PDFFont,
  largest: number,
  top: number,
  width: number,
  color: ReturnType<typeof rgb>,
  maxLines = 1,
): number {
  const text = printableText(raw);
  let size = largest;
  const fits = (candidate: number) =>
    text.split(' ').every((word) => font.widthOfTextAtSize(word, candidate) <= width) &&
    wrap(text, font, candidate, width).length <= maxLines;
  while (size > largest * 0.6 && !fits(size)) size -= 1;
  let lines = wrap(text, font, size, width);
  if (lines.length > maxLines) {
    lines = lines.slice(0, maxLines);
    let last = lines[maxLines - 1]!;
    while (last.length > 1 && font.widthOfTextAtSize(`${last}…`, size) > width) last = last.slice(0, -1);
    lines[maxLines - 1] = `${last}…`;
  }
  let y = top;
  for (const line of lines) {
    y -= size;
    const lineWidth = Math.min(width, font.widthOfTextAtSize(line, size));
    page.drawText(line, { x: (PAGE[0] - lineWidth) / 2, y, size, font, color });
    y -= size * 0.3;
  }
  return y;
}

/** Words wrapped to `width` points; a word wider than a line stays whole (the size was shrunk for it). */
function wrap(text: string, font: PDFFont, size: number, width: number): string[] {
  const lines: string[] = [];
  let current = '';
  for (const word of text.split(' ').filter((part) => part !== '')) {
    const candidate = current === '' ? word : `${current} ${word}`;
    if (current !== '' && font.widthOfTextAtSize(candidate, size) > width) {
      lines.push(current);
      current = word;
    } else current = candidate;
  }
  if (current !== '') lines.push(current);
  return lines;
}

/** The QR as black squares on white, with a quiet zone of four modules, `side` points wide. */
function drawQr(page: PDFPage, payload: string, x: number, y: number, side: number): void {
  const { modules } = QRCode.create(payload, { errorCorrectionLevel: 'M' });
  const cells = modules.size + 8;
  const cell = side / cells;
  page.drawRectangle({ x, y, width: side, height: side, color: rgb(1, 1, 1) });
  // One rectangle per run of dark modules in a row: no hairline seams between neighbours.
  for (let row = 0; row < modules.size; row++)
    for (let column = 0; column < modules.size;) {
      if (!modules.get(row, column)) {
        column++;
        continue;
      }
      let end = column;
      while (end < modules.size && modules.get(row, end)) end++;
      page.drawRectangle({
        x: x + (column + 4) * cell,
        y: y + side - (row + 5) * cell,
        width: (end - column) * cell,
        height: cell * 1.02,
        color: rgb(0, 0, 0),
      });
      column = end;
    }
}
