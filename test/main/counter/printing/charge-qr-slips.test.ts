// A sale's QR slip printing by itself, on a real runtime (real engine, real counter.db) and the
// virtual printer on a real socket, as paper-receipts.test.ts does for receipts: the owner ticks
// "Imprimir o QR Code sozinho…", a sale is charged → one slip whose QR is the sale's own BR Code
// (the one the screen shows) and whose text has the value; not ticked → none; a sale paid while
// the printer could not be reached → no slip once it is back (a QR for a paid sale would only
// confuse the customer), and the receipt still prints; an offline sale → its own static code.
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { join } from 'node:path';
import type { Sale } from '#shared/counter/counter-api';
import { decodeBrCode } from '#lib/pix';
import { createSandboxService } from '#service/index';
import { sheetText, type PrintedBlock } from '#test/support/escpos-decoder';
import { startFaultProxy } from '#test/support/fault-proxy';
import { savePaperPng } from '#test/support/virtual-paper-png';
import { startVirtualPrinter, type VirtualPrinter } from '#test/support/virtual-printer';
import { openRuntime, until, type RuntimeFixture } from '../app/runtime-fixture';
import { PAPER_ARTIFACTS, payAndWait, printerSettings } from './paper-fixtures';

let fixture: RuntimeFixture;
let printer: VirtualPrinter;

beforeEach(async () => {
  printer = await startVirtualPrinter();
  fixture = openRuntime();
});
afterEach(async () => {
  await fixture.dispose();
  await printer.close();
});

const api = () => fixture.runtime.api;
/** The printer set to print the QR slip by itself, and no receipt unless told. */
const printAt = (address: string, overrides: Parameters<typeof printerSettings>[1] = {}) =>
  printerSettings(address, { printWhenPaid: false, printWhenCharged: true, ...overrides });
const pay = (sale: Sale) => payAndWait(fixture, sale);

const sheets = () => printer.sheets().filter((sheet) => sheet.at(-1)?.kind === 'cut');
const flat = (sheet: readonly PrintedBlock[]) => sheetText(sheet).replace(/\u00a0/g, ' ');
const isSlip = (sheet: readonly PrintedBlock[]) => flat(sheet).includes('Pague com Pix');
const slips = () => sheets().filter(isSlip);
const qrOf = (sheet: readonly PrintedBlock[]) => sheet.flatMap((block) => (block.kind === 'qr' ? [block.payload] : []));

/** The sale's jobs as counter.db has them. */
const jobsOf = (correlationID: string) =>
  fixture.runtime.counterDb
    .prepare<[string], { document: string; state: string }>(
      'SELECT document, state FROM print_jobs WHERE subject = ? ORDER BY id',
    )
    .all(correlationID);

describe('the QR slip, printed by itself when a sale is charged', () => {
  it('prints one slip with the code the screen shows and the value, once', async () => {
    await api().saveSettings(printAt(printer.address));
    const sale = await api().createSale({ value: 1234 });
    expect(sale.brCode).toBeTruthy();
    await until(() => (slips().length === 1 ? true : undefined));
    const slip = slips()[0]!;
    expect(qrOf(slip)).toEqual([sale.brCode]);
    const text = flat(slip);
    expect(text).toContain('R$ 12,34');
    expect(text).toContain(fixture.runtime.settings.get().merchantName);
    // The embedded sandbox's money is not real, and the slip says so, as the receipt does.
    expect(text).toContain('AMBIENTE DE TESTES');
    expect(text.replace(/\s+/g, ' ')).toContain('Aguardando pagamento - não é comprovante');
    for (const block of slip) if (block.kind === 'text') expect(block.width, block.text).toBeLessThanOrEqual(48);
    await savePaperPng([slip], join(PAPER_ARTIFACTS, 'qr-da-cobranca-48col.png'));
    // The sale read again and paid: no second slip (receipts are off here: nothing else prints).
    await api().getSale({ correlationID: sale.correlationID });
    await pay(sale);
    await new Promise((resolve) => setTimeout(resolve, 500));
    expect(sheets()).toHaveLength(1);
    expect(jobsOf(sale.correlationID)).toEqual([{ document: 'charge-qr', state: 'printed' }]);
  });

  it('prints no slip when the owner did not ask for it, and the receipt as before', async () => {
    await api().saveSettings(printAt(printer.address, { printWhenCharged: false, printWhenPaid: true }));
    const sale = await pay(await api().createSale({ value: 2500 }));
    await until(() => (sheets().length === 1 ? true : undefined));
    await new Promise((resolve) => setTimeout(resolve, 500));
    expect(sheets()).toHaveLength(1);
    expect(flat(sheets()[0]!).replace(/\n/g, '')).toContain(sale.endToEndId);
    expect(slips()).toEqual([]);
    expect(jobsOf(sale.correlationID).map((job) => job.document)).toEqual(['sale-receipt']);
  });

  it('prints no slip for a sale paid before the printer was back, and the receipt still prints', async () => {
    await api().saveSettings(printAt(printer.address, { printWhenPaid: true }));
    printer.setFault({ kind: 'refuse' });
    const sale = await api().createSale({ value: 900 });
    await until(() => (fixture.runtime.status().paper?.owed === 1 ? true : undefined));
    const paid = await pay(sale);
    await until(() => (fixture.runtime.status().paper?.owed === 2 ? true : undefined));
    printer.setFault({ kind: 'none' });
    await until(() => (sheets().length === 1 && fixture.runtime.status().paper?.owed === 0 ? true : undefined), 15_000);
    await new Promise((resolve) => setTimeout(resolve, 500));
    expect(sheets()).toHaveLength(1);
    const receipt = flat(sheets()[0]!);
    expect(receipt).toContain('R$ 9,00');
    expect(receipt.replace(/\n/g, '')).toContain(paid.endToEndId);
    expect(slips()).toEqual([]);
    // The slip's job is done, never printed: it will not come back after a restart.
    expect(jobsOf(sale.correlationID)).toEqual([
      { document: 'charge-qr', state: 'printed' },
      { document: 'sale-receipt', state: 'printed' },
    ]);
  });

  it('prints an offline sale’s own static code, the one its screen shows', async () => {
    await fixture.dispose();
    const remote = createSandboxService({ dbPath: ':memory:' });
    const proxy = await startFaultProxy(await remote.listen(0));
    try {
      fixture = openRuntime({
        remote: { baseUrl: proxy.url, appId: remote.appId },
        requestTimeoutMs: 2_000,
        sync: { healthIntervalMs: 100, reconcileIntervalMs: 200, firstAnswerWaitMs: 1_000 },
      });
      await api().saveSettings(printAt(printer.address));
      // Online once, so the counter knows the key an offline code may pay into; then the network goes.
      await until(() => {
        const offline = fixture.runtime.status().offline;
        return offline.confirmedKey && (offline.readyCodes ?? 0) >= 1 ? true : undefined;
      }, 15_000);
      await proxy.cut('refuse');
      await until(() => (fixture.runtime.status().online ? undefined : true), 10_000);
      const sale = await api().createSale({ value: 1500 });
      expect(sale.status).toBe('OFFLINE');
      expect(decodeBrCode(sale.brCode!).pointOfInitiation).toBe('STATIC');
      await until(() => (slips().length === 1 ? true : undefined));
      expect(qrOf(slips()[0]!)).toEqual([sale.brCode]);
      expect(flat(slips()[0]!)).toContain('R$ 15,00');
      await new Promise((resolve) => setTimeout(resolve, 300));
      expect(slips()).toHaveLength(1);
    } finally {
      await fixture.runtime.close();
      await proxy.close();
      await remote.close();
    }
  });
});
