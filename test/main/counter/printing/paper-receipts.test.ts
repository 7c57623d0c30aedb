// Receipts that print themselves, exactly once, on a real runtime (real engine, real counter.db)
// and the virtual printer on a real socket: paid → one receipt carrying that sale's value and
// end-to-end id in its text and its QR; paper out → the job waits, the sales go on, and it prints
// once the paper is back; a printer unreachable, then back; a counter closed with a job owed and
// opened again; a printer set up later does not print the past.
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { createServer } from 'node:http';
import { join } from 'node:path';
import { sheetText } from '#test/support/escpos-decoder';
import { savePaperPng } from '#test/support/virtual-paper-png';
import { serialLineTo } from '#test/support/serial-line';
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
const printAt = printerSettings;
const paidSale = async (value: number) => payAndWait(fixture, await api().createSale({ value }));

const receipts = () => printer.sheets().filter((sheet) => sheet.at(-1)?.kind === 'cut');

describe('receipts on paper, printed by themselves', () => {
  it('prints one receipt when a sale is paid, with its value and end-to-end id in the text and the QR', async () => {
    await api().saveSettings(printAt(printer.address));
    const sale = await paidSale(1234);
    await until(() => (receipts().length === 1 ? true : undefined));
    const text = sheetText(receipts()[0]!).replace(/\u00a0/g, ' ');
    expect(text).toContain('R$ 12,34');
    expect(text.replace(/\n/g, '')).toContain(sale.endToEndId);
    expect(text).toContain('Maria das Graças Souza');
    expect(text).toContain('Não é documento fiscal');
    expect(text).toContain(`[QR BALCAO PIX E2E=${sale.endToEndId} VALOR=12.34]`);
    // Nothing more comes: a second look, and the sale's later updates, print nothing again.
    await api().getSale({ correlationID: sale.correlationID });
    await new Promise((resolve) => setTimeout(resolve, 500));
    expect(receipts()).toHaveLength(1);
  });

  it('prints the receipt on a serial printer as on a network one', async () => {
    const line = await serialLineTo(printer.port);
    try {
      await api().saveSettings(printAt(line.path));
      const sale = await paidSale(1250);
      await until(() => (receipts().length === 1 ? true : undefined));
      expect(sheetText(receipts()[0]!).replace(/\n/g, '')).toContain(sale.endToEndId);
    } finally {
      await fixture.runtime.close();
      await line.close();
    }
  });

  it('prints two copies when the owner asks for the shop’s and the customer’s', async () => {
    await api().saveSettings(printAt(printer.address, { copies: 2 }));
    await paidSale(500);
    await until(() => (receipts().length === 2 ? true : undefined));
    await new Promise((resolve) => setTimeout(resolve, 300));
    expect(receipts()).toHaveLength(2);
  });

  it('waits while the paper is out, says why, lets the sales go on, and prints once the paper is back', async () => {
    await api().saveSettings(printAt(printer.address));
    printer.setPaper('out');
    await paidSale(700);
    await until(() => (fixture.runtime.status().paper?.problem === 'paper-out' ? true : undefined));
    // Sales go on meanwhile.
    const next = await api().createSale({ value: 300 });
    expect(next.status).toBe('ACTIVE');
    expect(printer.blocks()).toEqual([]);
    printer.setPaper('ok');
    await until(() => (receipts().length === 1 ? true : undefined), 15_000);
    expect(sheetText(receipts()[0]!).replace(/\u00a0/g, ' ')).toContain('R$ 7,00');
    await until(() => (fixture.runtime.status().paper?.owed === 0 ? true : undefined));
  });

  it('prints once a printer that could not be reached comes back', async () => {
    await api().saveSettings(printAt(printer.address));
    printer.setFault({ kind: 'refuse' });
    await paidSale(900);
    await until(() => (fixture.runtime.status().paper?.owed === 1 ? true : undefined));
    printer.setFault({ kind: 'none' });
    await until(() => (receipts().length === 1 ? true : undefined), 15_000);
    await new Promise((resolve) => setTimeout(resolve, 300));
    expect(receipts()).toHaveLength(1);
  });

  it('prints a job owed before the counter closed once it opens again, and once only', async () => {
    await api().saveSettings(printAt(printer.address));
    printer.setPaper('out');
    await paidSale(1100);
    await until(() => (fixture.runtime.status().paper?.owed === 1 ? true : undefined));
    await fixture.runtime.close();
    printer.setPaper('ok');
    fixture = openRuntime({ dataDir: fixture.dataDir });
    await until(() => (receipts().length === 1 ? true : undefined), 15_000);
    await new Promise((resolve) => setTimeout(resolve, 300));
    expect(receipts()).toHaveLength(1);
  });

  it('prints a refund’s slip once the service confirmed it, when the owner asked for slips', async () => {
    await api().saveSettings(printAt(printer.address, { printWhenRefunded: true }));
    const sale = await paidSale(2000);
    await until(() => (receipts().length === 1 ? true : undefined));
    await api().refundSale({ correlationID: sale.correlationID, value: 750, reason: 'Troca' });
    await until(() => (receipts().length === 2 ? true : undefined));
    const slip = sheetText(receipts()[1]!).replace(/\u00a0/g, ' ');
    expect(slip).toContain('Comprovante de devolução Pix');
    expect(slip).toContain('R$ 7,50');
    const refunded = await api().getSale({ correlationID: sale.correlationID });
    const refundE2e = refunded.refunds[0]!.endToEndId!;
    expect(slip.replace(/\n/g, '')).toContain(refundE2e);
    expect(slip).toContain(`[QR BALCAO DEVOLUCAO E2E=${refundE2e} VALOR=7.50]`);
    await new Promise((resolve) => setTimeout(resolve, 500));
    expect(receipts()).toHaveLength(2);
  });

  it('prints no refund slip when the owner did not ask for them', async () => {
    await api().saveSettings(printAt(printer.address));
    const sale = await paidSale(2100);
    await until(() => (receipts().length === 1 ? true : undefined));
    await api().refundSale({ correlationID: sale.correlationID, value: 100, reason: 'Troca' });
    await until(async () =>
      (await api().getSale({ correlationID: sale.correlationID })).refunds[0]?.status === 'CONFIRMED'
        ? true
        : undefined,
    );
    await new Promise((resolve) => setTimeout(resolve, 500));
    expect(receipts()).toHaveLength(1);
  });

  it('prints the register’s report when it is closed, when the owner asked for it', async () => {
    const h = api();
    let state = await h.createOperator({ name: 'Marta', role: 'MANAGER', pin: '4321' });
    const marta = state.operators.find((operator) => operator.name === 'Marta')!.id;
    const manager = { operatorId: marta, pin: '4321' };
    state = await h.signIn({ operatorId: marta, pin: '4321' });
    await h.openRegister({ tillName: 'Caixa da frente', openingNote: 'Troco R$ 100,00' });
    await h.saveSettings({ ...printAt(printer.address, { printWhenClosed: true }), manager });
    await paidSale(4990);
    await until(() => (receipts().length === 1 ? true : undefined));
    await h.closeRegister({ manager, confirmPending: true });
    const reports = () => printer.sheets().filter((sheet) => sheetText(sheet).includes('Fechamento de caixa'));
    await until(() => (reports().length === 1 ? true : undefined));
    const report = sheetText(reports()[0]!).replace(/\u00a0/g, ' ');
    expect(report).toContain('Fechado em');
    expect(report).toContain('Marta');
    expect(report).toContain('R$ 49,90');
    expect(reports()[0]!.at(-1)).toEqual({ kind: 'cut' });
    for (const block of reports()[0]!)
      if (block.kind === 'text') expect(block.width, block.text).toBeLessThanOrEqual(48);
    await savePaperPng([reports()[0]!], join(PAPER_ARTIFACTS, 'relatorio-do-caixa-48col.png'));
    await new Promise((resolve) => setTimeout(resolve, 500));
    expect(reports()).toHaveLength(1);
  });

  it('prints the receipt again as "2ª via" when the connection dropped at its cut, and whole without it when it dropped before', async () => {
    await api().saveSettings(printAt(printer.address));
    // Dropped mid-body: the copy on paper has no cut; the next attempt prints it whole, not as a copy.
    printer.setFault({ kind: 'drop-after', bytes: 9 + 300 });
    await paidSale(1700);
    await until(() => (printer.connections() >= 1 ? true : undefined));
    printer.setFault({ kind: 'none' });
    await until(() => (receipts().length === 1 ? true : undefined), 15_000);
    expect(sheetText(receipts()[0]!)).not.toContain('2ª via');

    // Dropped once the body was confirmed, before the cut: the first copy may be whole, so the
    // next one says "2ª via".
    printer.setFault({ kind: 'drop-after-answers', answers: 4 });
    const before = printer.connections();
    await paidSale(1800);
    await until(() => (printer.connections() > before ? true : undefined));
    printer.setFault({ kind: 'none' });
    await until(() => (receipts().length === 2 ? true : undefined), 15_000);
    const second = sheetText(receipts()[1]!).replace(/\u00a0/g, ' ');
    expect(second).toContain('2ª via');
    expect(second).toContain('R$ 18,00');
    await new Promise((resolve) => setTimeout(resolve, 500));
    expect(receipts()).toHaveLength(2);
  });

  it('keeps selling while the printer hangs mid-receipt: nothing waits for the paper', async () => {
    await api().saveSettings(printAt(printer.address));
    // The printer says it can print, then reads nothing more: the receipt stays on its way.
    printer.setFault({ kind: 'stall-after-status' });
    await paidSale(1900);
    await until(() => (printer.connections() >= 1 ? true : undefined));
    for (let i = 0; i < 5; i++) expect((await api().createSale({ value: 100 + i })).status).toBe('ACTIVE');
    expect(receipts()).toHaveLength(0);
    // Once the printer reads again, the receipt prints, once.
    printer.setFault({ kind: 'none' });
    await until(() => (receipts().length === 1 ? true : undefined), 20_000);
    await new Promise((resolve) => setTimeout(resolve, 300));
    expect(receipts()).toHaveLength(1);
  });

  it('says in the status bar that an address is no printer, and sells on', async () => {
    const http = createServer((_request, response) => response.end('ok'));
    await new Promise<void>((resolve) => http.listen(0, '127.0.0.1', resolve));
    try {
      await api().saveSettings(printAt(`127.0.0.1:${(http.address() as { port: number }).port}`));
      await paidSale(2200);
      await until(() => {
        const problem = fixture.runtime.status().paper?.problem;
        return problem === 'not-a-printer' || problem === 'no-answer' ? true : undefined;
      }, 10_000);
      const next = await api().createSale({ value: 300 });
      expect(next.status).toBe('ACTIVE');
    } finally {
      await new Promise((resolve) => http.close(resolve));
    }
  });

  it('opens the cash drawer through the printer: on a manager’s PIN once the register is set up, and with each paid sale when asked', async () => {
    const h = api();
    expect(await h.openCashDrawer({})).toEqual({ opened: false, problem: 'no-printer' });
    await h.saveSettings(printAt(printer.address, { drawerOnPaid: true }));
    expect(await h.openCashDrawer({})).toEqual({ opened: true });
    expect(printer.blocks().filter((block) => block.kind === 'pulse')).toHaveLength(1);

    // A paid sale's receipt kicks the drawer as it starts; its 2ª via does not.
    const pulses = () => printer.blocks().filter((block) => block.kind === 'pulse').length;
    const sale = await paidSale(2300);
    await until(() => (receipts().length === 1 ? true : undefined));
    expect(pulses()).toBe(2);
    await h.printReceipt({
      correlationID: sale.correlationID,
      kind: 'pix-in',
      endToEndId: sale.endToEndId!,
      layout: 'thermal80',
    });
    await until(() => (receipts().length === 2 ? true : undefined));
    expect(pulses()).toBe(2);

    // Once there is a manager, the drawer needs one's PIN.
    const state = await h.createOperator({ name: 'Marta', role: 'MANAGER', pin: '4321' });
    const marta = state.operators.find((operator) => operator.name === 'Marta')!.id;
    await h.signIn({ operatorId: marta, pin: '4321' });
    await expect(h.openCashDrawer({})).rejects.toMatchObject({ code: 'MANAGER_REQUIRED' });
    // A wrong PIN opens nothing: the printer gets no pulse.
    const before = pulses();
    await expect(h.openCashDrawer({ manager: { operatorId: marta, pin: '0000' } })).rejects.toMatchObject({
      code: 'PIN_REFUSED',
    });
    expect(pulses()).toBe(before);
    expect(await h.openCashDrawer({ manager: { operatorId: marta, pin: '4321' } })).toEqual({ opened: true });
    expect(pulses()).toBe(before + 1);
  });

  it('does not print the sales paid before a printer was set up', async () => {
    await paidSale(1300);
    await api().saveSettings(printAt(printer.address));
    const later = await paidSale(1500);
    await until(() => (receipts().length === 1 ? true : undefined));
    expect(sheetText(receipts()[0]!).replace(/\n/g, '')).toContain(later.endToEndId);
  });
});
