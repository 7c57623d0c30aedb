// A 'charge-qr' job's paper (paper-receipts.ts): the slip while its sale still waits for payment,
// with the code the sale's view carries (the service's charge, or an offline sale's own code), and
// nothing (null: the queue drops the job unprinted) once the sale is paid, expired, cancelled or
// refused, once its code's time is up, or for a sale the counter does not have.
import { describe, expect, it } from 'vitest';
import type { Sale, SaleStatus, Settings } from '#shared/counter/counter-api';
import { paperReceipts, type PaperReceiptSources } from '#counter/app/paper-receipts';
import type { PrintJobRow } from '#counter/printing/print-jobs';
import type { PaperPrinter } from '#counter/printing/paper-printer';
import { PRINTER_PROFILES } from '#lib/receipts/paper/printer-profiles';
import type { PaperDocument } from '#lib/receipts/paper/paper-document';

const NOW = new Date('2026-12-07T15:10:00.000Z');
const PRINTER: PaperPrinter = {
  address: { kind: 'tcp', host: '127.0.0.1', port: 9100 },
  profile: PRINTER_PROFILES.epson,
  columns: 48,
};

function waitingSale(overrides: Partial<Sale> = {}): Sale {
  return {
    correlationID: 'balcao-1',
    value: 1234,
    status: 'ACTIVE',
    expiresDate: '2026-12-07T15:15:00.000Z',
    createdAt: '2026-12-07T15:00:00.000Z',
    refunds: [],
    refundable: 0,
    sync: { queued: 0 },
    brCode: '00020101021226-the-service-charge',
    number: 7,
    operatorName: 'Marta',
    sessionId: 'session-1',
    ...overrides,
  };
}

function paperFor(sale: Sale | undefined) {
  const unused = () => {
    throw new Error('a QR slip reads only the sale');
  };
  const sources: PaperReceiptSources = {
    records: unused,
    saleOfRefund: unused,
    sessionReport: unused,
    sale: unused,
    findSale: (correlationID) => (sale?.correlationID === correlationID ? sale : undefined),
    tillOfSession: (sessionId) => (sessionId === 'session-1' ? 'Caixa da frente' : undefined),
    company: () => Promise.resolve(null),
    settings: () =>
      ({ merchantName: 'Padaria São José', receiptHeader: { lines: [] }, locale: 'pt-BR' }) as unknown as Settings,
    environment: () => 'PRODUCTION',
    now: () => NOW,
  };
  const job = { id: 1, document: 'charge-qr', subject: 'balcao-1', copy: 1, reprint: 0 } as PrintJobRow;
  return paperReceipts(sources)(job, PRINTER, false);
}

const texts = (paper: PaperDocument) =>
  paper.blocks.flatMap((block) =>
    block.kind === 'text' ? [block.text] : block.kind === 'pair' ? [`${block.left} ${block.right}`] : [],
  );

describe("a 'charge-qr' job's paper", () => {
  it('is the slip of a sale waiting for its Pix, with the code its view carries', async () => {
    const paper = (await paperFor(waitingSale()))!;
    expect(paper.blocks.filter((block) => block.kind === 'qr')).toEqual([
      { kind: 'qr', payload: '00020101021226-the-service-charge' },
    ]);
    expect(texts(paper)).toEqual(
      expect.arrayContaining(['Padaria São José', 'Venda 0007', 'Operador Marta', 'Caixa Caixa da frente']),
    );
    expect(paper.blocks.at(-1)).toEqual({ kind: 'cut' });
  });

  it('is the slip of an offline sale, with its own static code', async () => {
    const paper = (await paperFor(waitingSale({ status: 'OFFLINE', brCode: '000201-static-offline-code' })))!;
    expect(paper.blocks.filter((block) => block.kind === 'qr')).toEqual([
      { kind: 'qr', payload: '000201-static-offline-code' },
    ]);
  });

  it.each<SaleStatus>(['COMPLETED', 'EXPIRED', 'CANCELLED', 'REJECTED'])(
    'is nothing once the sale is %s',
    async (status) => {
      expect(await paperFor(waitingSale({ status }))).toBeNull();
    },
  );

  it('is nothing once the code’s time is up, even before the sale is read as expired', async () => {
    expect(await paperFor(waitingSale({ expiresDate: NOW.toISOString() }))).toBeNull();
    expect(await paperFor(waitingSale({ expiresDate: '2026-12-07T15:10:00.001Z' }))).not.toBeNull();
  });

  it('is nothing for a sale without a code yet, or one the counter does not have', async () => {
    expect(await paperFor(waitingSale({ status: 'PENDING', brCode: undefined }))).toBeNull();
    expect(await paperFor(undefined)).toBeNull();
  });
});
