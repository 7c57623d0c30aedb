// Renders a register report (the end-of-day report of a session) as a PDF: an 80 mm roll as tall
// as its content, or A4 pages, as many as the sales list needs. Pure like the receipts: the
// document comes in already worded (see src/main/counter/register/session-report.ts), PDF bytes go out.
// Standard fonts only; every text goes through printableText, so nothing a cashier typed can make
// the font throw.
import { PDFDocument, type PDFFont, type PDFPage, StandardFonts, rgb } from 'pdf-lib';
import { printableText } from './printable-text';
import type { ReceiptLayout } from './receipt-data';

export interface ReportTable {
  heading: string;
  /** Column titles; the last column is right-aligned (the amounts). */
  columns: string[];
  /** Share of the width of each column (they add up to 1). */
  widths: number[];
  rows: string[][];
  /** Shown instead of the rows when there are none. */
  empty: string;
}

export interface ReportSection {
  heading: string;
  /** Label and value pairs; a row marked `strong` is printed bold (the net). */
  rows: Array<{ label: string; value: string; strong?: boolean }>;
}

export interface ReportDocument {
  title: string;
  /** The shop's name and header lines, then what the report is of. */
  header: string[];
  /** Warnings printed in a box under the header (pending commands, unconfirmed sales). */
  warnings: string[];
  blocks: Array<ReportSection | ReportTable>;
  footer: string[];
  metadata: { title: string; subject: string; creationDate?: Date };
}

interface Geometry {
  pageWidth: number;
  pageHeight?: number;
  margin: number;
  size: { title: number; text: number; heading: number; small: number };
}

const THERMAL: Geometry = { pageWidth: 226.77, margin: 10, size: { title: 12, text: 8, heading: 9, small: 7 } };
const A4: Geometry = {
  pageWidth: 595.28,
  pageHeight: 841.89,
  margin: 48,
  size: { title: 18, text: 10, heading: 12, small: 8.5 },
};
const LEADING = 1.35;
const INK = rgb(0.1, 0.1, 0.12);
const MUTED = rgb(0.38, 0.38, 0.42);
const RULE = rgb(0.75, 0.75, 0.78);
const WARN_FILL = rgb(1, 0.95, 0.85);
const WARN_INK = rgb(0.45, 0.27, 0);

type Line =
  | {
      kind: 'text';
      parts: Array<{ text: string; x: number; width: number; align: 'left' | 'right' | 'center' }>;
      font: 'regular' | 'bold';
      size: number;
      color: typeof INK;
      fill?: typeof INK;
    }
  | { kind: 'rule' }
  | { kind: 'gap'; height: number };

export async function renderReportPdf(report: ReportDocument, layout: ReceiptLayout): Promise<Uint8Array> {
  const geometry = layout === 'thermal80' ? THERMAL : A4;
  const doc = await PDFDocument.create({ updateMetadata: false });
  doc.setTitle(report.metadata.title);
  doc.setSubject(report.metadata.subject);
  doc.setLanguage('pt-BR');
  doc.setCreator('Balcão');
  doc.setProducer('Balcão');
  if (report.metadata.creationDate) {
    doc.setCreationDate(report.metadata.creationDate);
    doc.setModificationDate(report.metadata.creationDate);
  }
  const fonts = {
    regular: await doc.embedFont(StandardFonts.Helvetica),
    bold: await doc.embedFont(StandardFonts.HelveticaBold),
  };
  const lines = composeReport(report, geometry, fonts);
  paint(doc, lines, geometry, fonts);
  return doc.save();
}

function composeReport(report: ReportDocument, g: Geometry, fonts: Record<'regular' | 'bold', PDFFont>): Line[] {
  const width = g.pageWidth - 2 * g.margin;
  const lines: Line[] = [];
  const wrapped = (
    text: string,
    font: 'regular' | 'bold',
    size: number,
    color = INK,
    align: 'left' | 'center' = 'left',
    fill?: typeof INK,
  ) => {
    for (const piece of wrap(text, fonts[font], size, width))
      lines.push({ kind: 'text', parts: [{ text: piece, x: 0, width, align }], font, size, color, fill });
  };
  wrapped(report.title, 'bold', g.size.title, INK, 'center');
  for (const text of report.header) wrapped(text, 'regular', g.size.text, MUTED, 'center');
  lines.push({ kind: 'gap', height: g.size.text });
  for (const warning of report.warnings) wrapped(`! ${warning}`, 'bold', g.size.small, WARN_INK, 'left', WARN_FILL);
  for (const block of report.blocks) {
    lines.push({ kind: 'gap', height: g.size.text * 0.6 });
    wrapped(block.heading, 'bold', g.size.heading);
    lines.push({ kind: 'rule' });
    if ('rows' in block && !('columns' in block)) {
      for (const row of block.rows) {
        const font = row.strong ? 'bold' : 'regular';
        const valueWidth = Math.min(
          width * 0.5,
          fonts[font].widthOfTextAtSize(printableText(row.value), g.size.text) + 2,
        );
        const labelLines = wrap(row.label, fonts[font], g.size.text, width - valueWidth - 4);
        labelLines.forEach((label, index) =>
          lines.push({
            kind: 'text',
            parts: [
              { text: label, x: 0, width: width - valueWidth - 4, align: 'left' },
              ...(index === 0
                ? [
                    {
                      text: fit(row.value, fonts[font], g.size.text, valueWidth),
                      x: width - valueWidth,
                      width: valueWidth,
                      align: 'right' as const,
                    },
                  ]
                : []),
            ],
            font,
            size: g.size.text,
            color: INK,
          }),
        );
      }
      continue;
    }
    const table = block;
    const size = g.size.small;
    const columnsAt = table.widths.reduce<number[]>(
      (xs, share, i) => [...xs, i === 0 ? 0 : xs[i - 1]! + table.widths[i - 1]! * width],
      [],
    );
    const rowLine = (cells: string[], font: 'regular' | 'bold', color: typeof INK): Line => ({
      kind: 'text',
      parts: cells.map((cell, i) => {
        const cellWidth = table.widths[i]! * width - (i === cells.length - 1 ? 0 : 3);
        return {
          text: fit(cell, fonts[font], size, cellWidth),
          x: columnsAt[i]!,
          width: cellWidth,
          align: i === cells.length - 1 ? 'right' : 'left',
        };
      }),
      font,
      size,
      color,
    });
    if (table.rows.length === 0) {
      wrapped(table.empty, 'regular', size, MUTED);
      continue;
    }
    lines.push(rowLine(table.columns, 'bold', MUTED));
    for (const row of table.rows) lines.push(rowLine(row, 'regular', INK));
  }
  lines.push({ kind: 'gap', height: g.size.text });
  lines.push({ kind: 'rule' });
  for (const text of report.footer) wrapped(text, 'regular', g.size.small, MUTED, 'center');
  return lines;
}

function heightOf(line: Line): number {
  if (line.kind === 'rule') return 4;
  if (line.kind === 'gap') return line.height;
  return line.size * LEADING;
}

function paint(doc: PDFDocument, lines: Line[], g: Geometry, fonts: Record<'regular' | 'bold', PDFFont>): void {
  const total = lines.reduce((sum, line) => sum + heightOf(line), 0);
  // The roll is exactly as tall as the report; A4 breaks onto new pages (a long day's sales list).
  const pageHeight = g.pageHeight ?? total + 2 * g.margin;
  let page: PDFPage = doc.addPage([g.pageWidth, pageHeight]);
  let y = pageHeight - g.margin;
  for (const line of lines) {
    const height = heightOf(line);
    if (y - height < g.margin && g.pageHeight) {
      page = doc.addPage([g.pageWidth, pageHeight]);
      y = pageHeight - g.margin;
    }
    if (line.kind === 'rule') {
      page.drawLine({
        start: { x: g.margin, y: y - 2 },
        end: { x: g.pageWidth - g.margin, y: y - 2 },
        thickness: 0.6,
        color: RULE,
      });
    } else if (line.kind === 'text') {
      const font = fonts[line.font];
      if (line.fill)
        page.drawRectangle({
          x: g.margin - 2,
          y: y - height,
          width: g.pageWidth - 2 * g.margin + 4,
          height,
          color: line.fill,
        });
      // Centred in its line box: the gap below the glyphs' full height, then the descent.
      const full = font.heightAtSize(line.size);
      const descent = full - font.heightAtSize(line.size, { descender: false });
      const baseline = y - height + (height - full) / 2 + descent;
      for (const part of line.parts) {
        if (part.text === '') continue;
        const textWidth = font.widthOfTextAtSize(part.text, line.size);
        const offset =
          part.align === 'left' ? 0 : part.align === 'right' ? part.width - textWidth : (part.width - textWidth) / 2;
        page.drawText(part.text, {
          x: g.margin + part.x + offset,
          y: baseline,
          font,
          size: line.size,
          color: line.color,
        });
      }
    }
    y -= height;
  }
}

/** Wraps printable text into lines no wider than `width` (a word longer than the line is cut). */
function wrap(text: string, font: PDFFont, size: number, width: number): string[] {
  const words = printableText(text)
    .split(' ')
    .filter((word) => word !== '');
  const lines: string[] = [];
  let current = '';
  for (const word of words) {
    const candidate = current ? `${current} ${word}` : word;
    if (font.widthOfTextAtSize(candidate, size) <= width) {
      current = candidate;
      continue;
    }
    if (current) lines.push(current);
    current = fit(word, font, size, width);
  }
  if (current || lines.length === 0) lines.push(current);
  return lines;
}

/** The text on one line of `width`, ending in "…" when it had to be cut. */
function fit(text: string, font: PDFFont, size: number, width: number): string {
  const printable = printableText(text);
  if (font.widthOfTextAtSize(printable, size) <= width) return printable;
  let cut = printable;
  while (cut.length > 0 && font.widthOfTextAtSize(`${cut}…`, size) > width) cut = cut.slice(0, -1);
  return `${cut.trimEnd()}…`;
}
