// "Exportar CSV": the history's sales (a day or a range) as a spreadsheet file for the owner.
//
// Format decisions, for the spreadsheet a Brazilian shop owner opens it with (Excel or LibreOffice
// set to pt-BR):
// - `;` separates cells and amounts are written with a decimal comma ("1234,56", no thousands
//   dot). pt-BR uses the comma as its decimal mark, so Excel pt-BR takes `;` as the list
//   separator: a file with `,` separators and `.` decimals opens as one column of text there.
// - A UTF-8 BOM starts the file: without it Excel reads a .csv as Windows-1252 and "Sessão",
//   "Devolução" and every operator named João come out garbled. LibreOffice and Google Sheets
//   skip the BOM.
// - Cells are quoted as RFC 4180 says: a cell holding `;`, `"`, CR or LF is wrapped in quotes and
//   its quotes doubled. Rows end with CRLF.
// - Formula injection (CSV injection, OWASP): a cell that starts with = + - @ tab or CR would be
//   run as a formula by the spreadsheet, and comments and customer names are typed by people.
//   Such a cell is prefixed with `'`, which spreadsheets show as text. Amounts never need it
//   (never negative), so numbers stay numbers.
// - Dates and times are São Paulo's wall clock, "dd/mm/aaaa hh:mm:ss", which Excel pt-BR reads
//   as a date.
// Written here rather than with a CSV package: none is installed (node_modules has no CSV
// writer) and the whole format is the few functions below.
import type { Sale, SaleRefund } from '#shared/counter/counter-api';
import { refundedValue } from '#shared/counter/refunds-counted';
import { saleDisplayStatus, type SaleDisplayStatus } from '#shared/counter/sale-display-status';
import { saleNumberText } from '#shared/counter/sale-number';
import { saoPauloClock } from '#shared/lib/sao-paulo-time';
import type { SalesRange } from './sales-range';

/** The sale's status as the history's chip shows it (src/renderer/src/i18n/pt-BR.json, "status"). */
export const SALE_STATUS_WORDS: Record<SaleDisplayStatus, string> = {
  ACTIVE: 'Aguardando',
  COMPLETED: 'Pago',
  EXPIRED: 'Expirada',
  REFUNDED: 'Devolvida',
  PARTIALLY_REFUNDED: 'Devolvida em parte',
  PENDING: 'Conectando',
  CANCELLED: 'Cancelada',
  REJECTED: 'Recusada',
  OFFLINE: 'Aguardando confirmação',
};

/** A refund's status as the sale's detail shows it (pt-BR.json, "refundStatus"). */
export const REFUND_STATUS_WORDS: Record<SaleRefund['status'], string> = {
  IN_PROCESSING: 'Em processamento',
  CONFIRMED: 'Confirmada',
  REJECTED: 'Rejeitada',
  QUEUED: 'Aguardando envio',
};

export const SALES_CSV_HEADER = [
  'Venda',
  'Data e hora',
  'Caixa',
  'Sessão',
  'Operador',
  'Valor (R$)',
  'Situação',
  'Devolvido (R$)',
  'Devoluções',
  'ID fim a fim',
  'correlationID',
  'Cancelada por',
  'Cancelada em',
] as const;

const BOM = '\uFEFF';
const SEPARATOR = ';';
const LINE_END = '\r\n';

export interface SalesCsvInput {
  range: SalesRange;
  /** The name of the till a session was opened on (undefined for sales made before the register). */
  tillOf: (sessionId: string) => string | undefined;
  /** The till the file is named after: the open session's, or the last one used. */
  tillName: string;
  sales: readonly Sale[];
}

export function salesCsv({ range, tillOf, tillName, sales }: SalesCsvInput): { fileName: string; csv: string } {
  // Oldest first: a spreadsheet reads top to bottom, the history screen shows the newest on top.
  const ordered = [...sales].sort((a, b) => (a.createdAt < b.createdAt ? -1 : a.createdAt > b.createdAt ? 1 : 0));
  const rows = [SALES_CSV_HEADER, ...ordered.map((sale) => saleRow(sale, tillOf))];
  const csv = BOM + rows.map((row) => row.map(csvCell).join(SEPARATOR)).join(LINE_END) + LINE_END;
  return { fileName: salesCsvFileName(tillName, range), csv };
}

/** `vendas-caixa-1-2026-11-20_2026-11-24.csv`: the till in plain ASCII, safe on every file system. */
export function salesCsvFileName(tillName: string, range: Pick<SalesRange, 'from' | 'to'>): string {
  const till =
    tillName
      .normalize('NFD')
      .replace(/[\u0300-\u036f]/g, '')
      .toLowerCase()
      .replace(/[^a-z0-9]+/g, '-')
      .replace(/^-+|-+$/g, '')
      .slice(0, 40) || 'caixa';
  return `vendas-${till}-${range.from}_${range.to}.csv`;
}

function saleRow(sale: Sale, tillOf: (sessionId: string) => string | undefined): string[] {
  const refunded = refundedValue(sale.refunds);
  return [
    saleNumberText(sale.number) ?? '',
    saoPauloDateTime(sale.createdAt),
    sale.sessionId ? (tillOf(sale.sessionId) ?? '') : '',
    sale.sessionId ?? '',
    sale.operatorName ?? '',
    decimalComma(sale.value),
    SALE_STATUS_WORDS[saleDisplayStatus(sale)],
    decimalComma(refunded),
    sale.refunds.map(refundText).join(' | '),
    sale.endToEndId ?? '',
    sale.correlationID,
    sale.cancelledBy ?? '',
    sale.cancelledAt ? saoPauloDateTime(sale.cancelledAt) : '',
  ];
}

/** "50,00 Confirmada D123…": one refund, compact; a refused one says so and counts for nothing. */
function refundText(refund: SaleRefund): string {
  return [decimalComma(refund.value), REFUND_STATUS_WORDS[refund.status], refund.endToEndId].filter(Boolean).join(' ');
}

/** Cents as a pt-BR spreadsheet number: 123456 -> "1234,56". */
export function decimalComma(cents: number): string {
  const sign = cents < 0 ? '-' : '';
  const abs = Math.abs(cents);
  return `${sign}${Math.floor(abs / 100)},${String(abs % 100).padStart(2, '0')}`;
}

/** "24/11/2026 14:32:05", São Paulo's wall clock. */
export function saoPauloDateTime(iso: string): string {
  const clock = saoPauloClock(new Date(iso));
  return `${clock.day}/${clock.month}/${clock.year} ${clock.hour}:${clock.minute}:${clock.second}`;
}

/** One cell: neutralised when a spreadsheet would read it as a formula, then quoted per RFC 4180. */
export function csvCell(value: string): string {
  const safe = /^[=+\-@\t\r]/.test(value) ? `'${value}` : value;
  return /[;"\r\n]/.test(safe) ? `"${safe.replaceAll('"', '""')}"` : safe;
}
