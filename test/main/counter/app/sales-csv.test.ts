import { describe, expect, it } from 'vitest';
import ptBR from '#renderer/i18n/pt-BR.json';
import type { Sale } from '#shared/counter/counter-api';
import {
  REFUND_STATUS_WORDS,
  SALE_STATUS_WORDS,
  SALES_CSV_HEADER,
  csvCell,
  decimalComma,
  salesCsv,
  salesCsvFileName,
  saoPauloDateTime,
} from '#counter/app/sales-csv';

const range = {
  from: '2026-11-23',
  to: '2026-11-24',
  start: '2026-11-23T03:00:00.000Z',
  end: '2026-11-25T02:59:59.999Z',
};

function sale(overrides: Partial<Sale>): Sale {
  return {
    correlationID: 'balcao-1',
    value: 1000,
    status: 'COMPLETED',
    sync: { queued: 0 },
    expiresDate: '2026-11-24T18:00:00.000Z',
    createdAt: '2026-11-24T17:32:05.000Z',
    refunds: [],
    refundable: 0,
    ...overrides,
  };
}

/** The file's rows, cut as RFC 4180 says (quotes may hold ; and line breaks). */
function parseCsv(text: string): string[][] {
  const rows: string[][] = [];
  let row: string[] = [];
  let cell = '';
  let quoted = false;
  for (let i = 0; i < text.length; i++) {
    const c = text[i]!;
    if (quoted) {
      if (c === '"' && text[i + 1] === '"') {
        cell += '"';
        i++;
      } else if (c === '"') quoted = false;
      else cell += c;
    } else if (c === '"') quoted = true;
    else if (c === ';') {
      row.push(cell);
      cell = '';
    } else if (c === '\r' && text[i + 1] === '\n') {
      row.push(cell);
      rows.push(row);
      row = [];
      cell = '';
      i++;
    } else cell += c;
  }
  return rows;
}

describe('CSV cells', () => {
  it('quotes separators, quotes and line breaks (RFC 4180)', () => {
    expect(csvCell('plain')).toBe('plain');
    expect(csvCell('a;b')).toBe('"a;b"');
    expect(csvCell('say "oi"')).toBe('"say ""oi"""');
    expect(csvCell('two\nlines')).toBe('"two\nlines"');
    expect(csvCell('a,b')).toBe('a,b'); // the comma is the decimal mark here, not a separator
  });

  it.each(['=1+1', '+5511999', '-2', '@SUM(A1)', '\tx', '\rx'])('neutralises the formula start of %j', (text) => {
    expect(csvCell(text).replace(/^"|"$/g, '').startsWith(`'${text[0]}`)).toBe(true);
  });

  it('neutralises and quotes a formula that holds a separator', () => {
    expect(csvCell('=HYPERLINK("http://x";"y")')).toBe(`"'=HYPERLINK(""http://x"";""y"")"`);
  });
});

describe('pt-BR numbers and times', () => {
  it.each([
    [0, '0,00'],
    [5, '0,05'],
    [1234, '12,34'],
    [123456, '1234,56'],
    [9_999_999, '99999,99'],
  ])('%i cents → %s', (cents, text) => {
    expect(decimalComma(cents)).toBe(text);
  });

  it('writes São Paulo wall-clock time, whatever the machine zone', () => {
    expect(saoPauloDateTime('2026-11-24T17:32:05.000Z')).toBe('24/11/2026 14:32:05');
    expect(saoPauloDateTime('2026-11-25T02:30:00.000Z')).toBe('24/11/2026 23:30:00');
  });
});

describe('salesCsv', () => {
  const refunded = sale({
    correlationID: 'balcao-refunded',
    value: 250_000,
    number: 42,
    sessionId: 'session-a',
    operatorName: 'Ana',
    endToEndId: 'E12345678202611241732abcdefghijk',
    refunds: [
      {
        correlationID: 'r1',
        value: 50_000,
        status: 'CONFIRMED',
        endToEndId: 'D12345678202611241740abcdefghijk',
        time: '2026-11-24T17:40:00.000Z',
      },
      { correlationID: 'r2', value: 10_000, status: 'REJECTED', time: '2026-11-24T17:45:00.000Z' },
    ],
  });
  const cancelled = sale({
    correlationID: 'balcao-cancelled',
    value: 990,
    status: 'CANCELLED',
    number: 41,
    sessionId: 'session-a',
    operatorName: 'Bruno',
    comment: '=cmd|calc',
    createdAt: '2026-11-23T12:00:00.000Z',
    cancelledAt: '2026-11-23T12:05:00.000Z',
    cancelledBy: 'Bruno',
  });
  const { csv, fileName } = salesCsv({
    range,
    sales: [refunded, cancelled],
    tillOf: (id) => (id === 'session-a' ? 'Caixa Balcão; 1' : undefined),
    tillName: 'Caixa Balcão; 1',
  });

  it('starts with a UTF-8 BOM and ends each row with CRLF', () => {
    expect(csv.startsWith('\uFEFFVenda;Data e hora;Caixa;Sessão;')).toBe(true);
    expect(csv.endsWith('\r\n')).toBe(true);
    expect(csv.split('\r\n')).toHaveLength(4);
  });

  it('writes one row per sale, oldest first, in the screen words', () => {
    const rows = parseCsv(csv.slice(1));
    expect(rows[0]).toEqual([...SALES_CSV_HEADER]);
    const [first, second] = [rows[1]!, rows[2]!];
    expect(first).toEqual([
      '0041',
      '23/11/2026 09:00:00',
      'Caixa Balcão; 1',
      'session-a',
      'Bruno',
      '9,90',
      'Cancelada',
      '0,00',
      '',
      '',
      'balcao-cancelled',
      'Bruno',
      '23/11/2026 09:05:00',
    ]);
    expect(second.slice(0, 11)).toEqual([
      '0042',
      '24/11/2026 14:32:05',
      'Caixa Balcão; 1',
      'session-a',
      'Ana',
      '2500,00',
      'Devolvida em parte',
      '500,00', // the refused refund gave nothing back
      '500,00 Confirmada D12345678202611241740abcdefghijk | 100,00 Rejeitada',
      'E12345678202611241732abcdefghijk',
      'balcao-refunded',
    ]);
  });

  it('names the file after the till and the days', () => {
    expect(fileName).toBe('vendas-caixa-balcao-1-2026-11-23_2026-11-24.csv');
    expect(salesCsvFileName('***', { from: '2026-01-01', to: '2026-01-01' })).toBe(
      'vendas-caixa-2026-01-01_2026-01-01.csv',
    );
  });

  it('writes an empty day as its header alone', () => {
    expect(salesCsv({ range, sales: [], tillOf: () => undefined, tillName: 'Caixa 1' }).csv).toBe(
      `\uFEFF${SALES_CSV_HEADER.join(';')}\r\n`,
    );
  });
});

describe('status words', () => {
  // The CSV says what the screen says: the main process cannot import the renderer's strings,
  // so this holds the two together.
  it('match the history chips and refund statuses', () => {
    expect(SALE_STATUS_WORDS).toEqual(ptBR.status);
    expect(REFUND_STATUS_WORDS).toEqual(ptBR.refundStatus);
  });
});
