// The printers that are not ESC/POS on a socket or a serial line: a Daruma, which speaks ESC/Daruma
// and answers status to ENQ and GS ENQ, against the virtual printer in that language; and a
// printer written as a file (a Windows share, /dev/usb/lp0), which answers nothing, against the
// virtual printer reading a named pipe. Each through the same transport as every receipt, and the
// Daruma through a real runtime too: paid → one receipt; paper out → it waits and prints once.
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import { printRaw, printerCondition } from '#counter/printing/raw-printer';
import { parsePrinterAddress } from '#shared/counter/paper-printer';
import { sheetText } from '#test/support/escpos-decoder';
import { savePaperPng } from '#test/support/virtual-paper-png';
import { startVirtualPrinter, type VirtualPrinter } from '#test/support/virtual-printer';
import { openRuntime, until, type RuntimeFixture } from '../app/runtime-fixture';
import { PAPER_ARTIFACTS, SAMPLE_E2E, payAndWait, printerSettings, sampleReceiptJob } from './paper-fixtures';

const job = sampleReceiptJob;
const E2E = SAMPLE_E2E;

const cleanups: (() => Promise<void> | void)[] = [];
afterEach(async () => {
  for (const cleanup of cleanups.splice(0).reverse()) await cleanup();
});

async function virtualPrinter(language: 'esc-pos' | 'esc-daruma'): Promise<VirtualPrinter> {
  const printer = await startVirtualPrinter({ language });
  cleanups.push(() => printer.close());
  return printer;
}

describe('a Daruma, in ESC/Daruma', () => {
  const daruma = { language: 'esc-daruma' } as const;

  it('prints a receipt whole, its QR by the printer’s own command, and says so once the printer is idle again', async () => {
    const printer = await virtualPrinter('esc-daruma');
    const address = { host: printer.host, port: printer.port };
    expect(await printRaw(address, job('daruma'), daruma)).toEqual({ kind: 'printed', paperNearEnd: false });
    const sheets = printer.sheets();
    expect(sheets).toHaveLength(1);
    const text = sheetText(sheets[0]!);
    expect(text.replace(/\u00a0/g, ' ')).toContain('R$ 12,34');
    expect(text).toContain('João da Conceição');
    expect(text.replace(/\n/g, '')).toContain(E2E);
    expect(sheets[0]!.find((block) => block.kind === 'qr')).toEqual({ kind: 'qr', payload: 'balcao:1', via: 'daruma' });
    expect(sheets[0]!.at(-1)).toEqual({ kind: 'cut' });
  });

  it('reads its condition from ENQ and GS ENQ: ready, paper near its end, out, cover open', async () => {
    const printer = await virtualPrinter('esc-daruma');
    const address = { host: printer.host, port: printer.port };
    expect(await printerCondition(address, daruma)).toEqual({ ready: true, paperNearEnd: false });
    printer.setPaper('near-end');
    expect(await printerCondition(address, daruma)).toEqual({ ready: true, paperNearEnd: true });
    printer.setPaper('out');
    expect(await printerCondition(address, daruma)).toEqual({ ready: false, problem: 'paper-out' });
    expect(await printRaw(address, job('daruma'), daruma)).toMatchObject({ kind: 'not-printed', reason: 'paper-out' });
    printer.setPaper('ok');
    printer.setCover('open');
    expect(await printerCondition(address, daruma)).toEqual({ ready: false, problem: 'cover-open' });
    expect(printer.blocks()).toEqual([]);
  });

  it('knows a job dropped before its body was taken was never cut, and one dropped at the cut may be whole', async () => {
    const printer = await virtualPrinter('esc-daruma');
    const address = { host: printer.host, port: printer.port };
    const { body } = job('daruma');
    // 3 bytes ask the condition (ENQ, GS ENQ), then the body, 3 more ask whether it printed.
    printer.setFault({ kind: 'drop-after', bytes: 3 + Math.floor(body.length / 2) });
    expect(await printRaw(address, job('daruma'), daruma)).toMatchObject({ kind: 'interrupted', mayBeWhole: false });
    expect(printer.blocks().some((block) => block.kind === 'cut')).toBe(false);
    printer.setFault({ kind: 'drop-after', bytes: 3 + body.length + 3 + 1 });
    expect(await printRaw(address, job('daruma'), daruma)).toMatchObject({ kind: 'interrupted', mayBeWhole: true });
    printer.setFault({ kind: 'none' });
    expect(await printRaw(address, job('daruma'), daruma)).toMatchObject({ kind: 'printed' });
    expect(printer.blocks().filter((block) => block.kind === 'cut')).toHaveLength(1);
  });

  it('waits for a Daruma that reads 1 KB a second, asking until it is idle', async () => {
    const printer = await virtualPrinter('esc-daruma');
    printer.setFault({ kind: 'slow', bytesPerSecond: 1_024 });
    expect(await printRaw({ host: printer.host, port: printer.port }, job('daruma'), daruma)).toMatchObject({
      kind: 'printed',
    });
    expect(printer.sheets()).toHaveLength(1);
  });

  it('is asked in its own language: an ESC/POS printer does not pass for a Daruma, nor a Daruma for one', async () => {
    const escPos = await virtualPrinter('esc-pos');
    // ESC/POS reads ENQ as no command: it never answers, and nothing prints.
    expect(
      await printRaw({ host: escPos.host, port: escPos.port }, job('daruma'), { ...daruma, answerTimeoutMs: 300 }),
    ).toMatchObject({
      kind: 'not-printed',
    });
    const darumaPrinter = await virtualPrinter('esc-daruma');
    expect(
      await printRaw({ host: darumaPrinter.host, port: darumaPrinter.port }, job('epson'), { answerTimeoutMs: 300 }),
    ).toMatchObject({ kind: 'not-printed' });
    expect(darumaPrinter.blocks()).toEqual([]);
    expect(escPos.garbled()).toEqual([expect.stringContaining('byte 0x5')]);
    expect(darumaPrinter.garbled()).toEqual([expect.stringContaining('byte 0x10')]);
  });
});

describe('a printer written as a file (a Windows share, a USB printer on Linux)', () => {
  function fifo(printer: VirtualPrinter): string {
    const folder = mkdtempSync(join(tmpdir(), 'balcao-usb-'));
    cleanups.push(() => rmSync(folder, { recursive: true, force: true }));
    const path = join(folder, 'lp0');
    printer.listenOnFifo(path);
    return path;
  }

  it('prints a receipt whole by writing its bytes, and says the printer could not confirm it', async () => {
    const printer = await virtualPrinter('esc-pos');
    const path = fifo(printer);
    expect(await printRaw({ kind: 'file', path }, job('epson'))).toEqual({
      kind: 'printed',
      paperNearEnd: false,
      unconfirmed: true,
    });
    expect(await printRaw({ kind: 'file', path }, job('epson'))).toMatchObject({ kind: 'printed' });
    await printer.cutsReached(2, 5_000);
    const sheets = printer.sheets();
    expect(sheets).toHaveLength(2);
    expect(sheetText(sheets[1]!).replace(/\n/g, '')).toContain(E2E);
  });

  it('says a share or a device that is not there is unreachable, and creates no file in its place', async () => {
    const folder = mkdtempSync(join(tmpdir(), 'balcao-usb-'));
    cleanups.push(() => rmSync(folder, { recursive: true, force: true }));
    expect(await printRaw({ kind: 'file', path: join(folder, 'lp9') }, job('epson'))).toMatchObject({
      kind: 'not-printed',
      reason: 'unreachable',
      detail: 'ENOENT',
    });
    expect(await printRaw({ kind: 'file', path: folder }, job('epson'))).toMatchObject({
      kind: 'not-printed',
      reason: 'unreachable',
    });
    expect(await printerCondition({ kind: 'file', path: join(folder, 'lp9') })).toMatchObject({
      reason: 'unreachable',
    });
  });

  it('reads shares and USB devices as the owner types them', () => {
    expect(parsePrinterAddress('\\\\localhost\\EPSON TM-T20')).toEqual({
      kind: 'file',
      path: '\\\\localhost\\EPSON TM-T20',
    });
    expect(parsePrinterAddress(' \\\\caixa-2\\ELGIN ')).toEqual({ kind: 'file', path: '\\\\caixa-2\\ELGIN' });
    expect(parsePrinterAddress('/dev/usb/lp0')).toEqual({ kind: 'file', path: '/dev/usb/lp0' });
    expect(parsePrinterAddress('/dev/lp1')).toEqual({ kind: 'file', path: '/dev/lp1' });
    expect(parsePrinterAddress('\\\\localhost\\')).toBeNull();
    expect(parsePrinterAddress('\\\\localhost\\a\\b')).toBeNull();
    expect(parsePrinterAddress('\\\\local host\\EPSON')).toBeNull();
    expect(parsePrinterAddress('C:\\Windows\\notepad.exe')).toBeNull();
  });
});

describe('a Daruma at the counter', () => {
  let fixture: RuntimeFixture;

  const paidSale = async (value: number) =>
    payAndWait(fixture, await fixture.runtime.api.createSale({ value }), {
      name: 'Açougue do Zé',
      taxID: '52998224725',
    });

  it('prints one receipt when a sale is paid, waits while the paper is out, then prints the next once', async () => {
    const printer = await virtualPrinter('esc-daruma');
    fixture = openRuntime();
    cleanups.push(() => fixture.dispose());
    await fixture.runtime.api.saveSettings(printerSettings(printer.address, { profile: 'daruma' }));
    const receipts = () => printer.sheets().filter((sheet) => sheet.at(-1)?.kind === 'cut');
    const first = await paidSale(1990);
    await until(() => (receipts().length === 1 ? true : undefined));
    const text = sheetText(receipts()[0]!);
    expect(text.replace(/\u00a0/g, ' ')).toContain('R$ 19,90');
    expect(text.replace(/\n/g, '')).toContain(first.endToEndId);
    expect(text).toContain(`[QR BALCAO PIX E2E=${first.endToEndId} VALOR=19.90]`);
    await savePaperPng(receipts(), join(PAPER_ARTIFACTS, 'daruma-48col.png'), 48);

    printer.setPaper('out');
    const second = await paidSale(500);
    await until(() => (fixture.runtime.status().paper?.problem === 'paper-out' ? true : undefined));
    expect(receipts()).toHaveLength(1);
    printer.setPaper('ok');
    await until(() => (receipts().length === 2 ? true : undefined), 20_000);
    expect(sheetText(receipts()[1]!).replace(/\n/g, '')).toContain(second.endToEndId);
    await new Promise((resolve) => setTimeout(resolve, 500));
    expect(receipts()).toHaveLength(2);
  });
});
