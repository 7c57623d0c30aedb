// A receipt laid out on thermal paper: the same model the PDF draws (receipt-model.ts), in lines
// of the printer's width (48 or 42 columns on 80 mm, 32 on 58 mm). Every text first goes through
// the profile's code page (`printable`), so what is measured is what prints: a 200-character
// name, an emoji or a control character becomes words that wrap, never a command.
import type { ReceiptModel, ReceiptRow } from '../receipt-model';
import { breakAnywhere, wrapWords, type PaperBlock, type PaperDocument } from './paper-document';

export interface ReceiptPaperOptions {
  /** Characters per line at normal size. */
  columns: number;
  /** The text as the printer's code page can print it, on one line (see character-set.ts). */
  printable: (text: string) => string;
  /** What the QR code under the amount says, when the receipt carries one. */
  qrPayload?: string;
  /** A copy printed again: the "2ª via" mark under the title. */
  reprint?: boolean;
}

export function receiptPaper(model: ReceiptModel, options: ReceiptPaperOptions): PaperDocument {
  const { columns, printable } = options;
  const blocks: PaperBlock[] = [];
  const centred = (text: string, style: { bold?: boolean; size?: 1 | 2 } = {}) => {
    for (const line of wrapWords(printable(text), columns / (style.size ?? 1)))
      blocks.push({ kind: 'text', text: line, align: 'center', ...style });
  };
  const left = (text: string, bold = false) => blocks.push({ kind: 'text', text, ...(bold ? { bold } : {}) });
  const row = (row: ReceiptRow) => blocks.push(...labelledRow(row, columns, printable));

  if (model.header) {
    if (model.header.title) centred(model.header.title, { bold: true });
    for (const line of model.header.lines) centred(line);
    blocks.push({ kind: 'rule' });
  }
  if (model.banner) centred(model.banner, { bold: true });
  centred(model.title, { bold: true });
  if (options.reprint) centred(model.paperLabels.reprint, { bold: true });
  centred(model.paperLabels.notFiscal);
  blocks.push({ kind: 'feed', lines: 1 });
  centred(model.amountLabel);
  centred(model.amount, { bold: true, size: 2 });
  if (options.qrPayload) blocks.push({ kind: 'qr', payload: options.qrPayload });
  blocks.push({ kind: 'feed', lines: 1 });
  row({ label: model.dateTimeLabel, value: model.dateTime });

  for (const section of model.sections) {
    blocks.push({ kind: 'rule' });
    if (section.heading) left(printable(section.heading), true);
    for (const each of section.rows) row(each);
  }
  blocks.push({ kind: 'rule' });
  centred(model.footer);
  blocks.push({ kind: 'feed', lines: 3 }, { kind: 'cut' });
  return { columns, blocks };
}

/**
 * One row as printed: label at the left and value at the right of one line when both fit; else
 * the label, then the value on lines of its own (identifiers cut anywhere, text wrapped on words).
 * The QR slip (charge-qr-slip.ts) prints its rows the same way.
 */
export function labelledRow(row: ReceiptRow, columns: number, printable: (text: string) => string): PaperBlock[] {
  const label = printable(row.label);
  const value = printable(row.value);
  if (!row.id && !row.long && value !== '' && label.length + 1 + value.length <= columns)
    return [{ kind: 'pair', left: label, right: value }];
  const lines = [...wrapWords(label, columns), ...(row.id ? breakAnywhere(value, columns) : wrapWords(value, columns))];
  return lines.map((text) => ({ kind: 'text', text }));
}
