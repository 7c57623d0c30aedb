// A register report (the end-of-day report of a session, worded in register/session-report.ts) on
// thermal paper, as the 80 mm PDF lays it out: the title, the shop and the session, the warnings,
// each section's label and value, each table in columns sized by its shares of the line (the
// last, the amounts, to the right), the footer, the cut.
import type { ReportDocument, ReportTable } from '../report-pdf';
import { wrapWords, type PaperBlock, type PaperDocument } from './paper-document';

export function reportPaper(
  report: ReportDocument,
  columns: number,
  printable: (text: string) => string,
): PaperDocument {
  const blocks: PaperBlock[] = [];
  const centred = (text: string, bold = false) => {
    for (const line of wrapWords(printable(text), columns))
      blocks.push({ kind: 'text', text: line, align: 'center', ...(bold ? { bold } : {}) });
  };
  const left = (text: string, bold = false) => {
    for (const line of wrapWords(printable(text), columns))
      blocks.push({ kind: 'text', text: line, ...(bold ? { bold } : {}) });
  };

  centred(report.title, true);
  for (const line of report.header) centred(line);
  for (const warning of report.warnings) {
    blocks.push({ kind: 'rule' });
    left(`! ${warning}`, true);
  }
  for (const block of report.blocks) {
    blocks.push({ kind: 'rule' });
    left(block.heading, true);
    if ('columns' in block) blocks.push(...tableLines(block, columns, printable));
    else
      for (const row of block.rows) {
        const label = printable(row.label);
        const value = printable(row.value);
        if (value !== '' && label.length + 1 + value.length <= columns)
          blocks.push({ kind: 'pair', left: label, right: value, ...(row.strong ? { bold: true } : {}) });
        else {
          left(label, row.strong);
          left(value, row.strong);
        }
      }
  }
  blocks.push({ kind: 'rule' });
  for (const line of report.footer) centred(line);
  blocks.push({ kind: 'feed', lines: 3 }, { kind: 'cut' });
  return { columns, blocks };
}

/**
 * A table in columns: each as wide as its longest cell, a space between, the last one (the
 * amounts) aligned right. When they do not fit the line, the widest of the other columns gives
 * up room, one character at a time, and its cells are cut there; the amounts never are. Spaces
 * are no-break ones, so the printer's own wrapping keeps the columns where they are.
 */
function tableLines(table: ReportTable, columns: number, printable: (text: string) => string): PaperBlock[] {
  if (table.rows.length === 0) return [{ kind: 'text', text: printable(table.empty) }];
  const rows = [table.columns, ...table.rows].map((row) => row.map((cell) => printable(cell)));
  const count = table.columns.length;
  const widths = Array.from({ length: count }, (_, index) => Math.max(...rows.map((row) => (row[index] ?? '').length)));
  widths[count - 1] = Math.min(widths[count - 1]!, Math.floor(columns / 2));
  while (widths.reduce((sum, width) => sum + width, 0) + count - 1 > columns) {
    const widest = widths.slice(0, -1).reduce((best, width, index) => (width > widths[best]! ? index : best), 0);
    if (widths[widest]! <= 1) break;
    widths[widest]!--;
  }
  const line = (cells: readonly string[], bold = false): PaperBlock => {
    const text = cells
      .map((cell, index) =>
        index === count - 1
          ? cell.slice(0, widths[index]).padStart(widths[index]!)
          : cell.slice(0, widths[index]).padEnd(widths[index]!),
      )
      .join(' ')
      .replace(/ /g, '\u00a0');
    return { kind: 'text', text, ...(bold ? { bold } : {}) };
  };
  return rows.map((cells, index) => line(cells, index === 0));
}
