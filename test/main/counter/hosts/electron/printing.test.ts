import { existsSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import { PDFDocument } from 'pdf-lib';
import { beforeAll, beforeEach, describe, expect, it, vi } from 'vitest';

vi.mock('electron', async () => (await import('./fake-electron')).electronFake);

import { createElectronPrinting, pdfPageSizeInMicrons } from '#counter/hosts/electron/printing';
import { electronFake, FakeBrowserWindow, FakeWebContents } from './fake-electron';

const cashierContents = new FakeWebContents();
const printing = createElectronPrinting({ printerSource: () => cashierContents as never });
let thermalPdfBase64: string;

beforeAll(async () => {
  const document = await PDFDocument.create();
  document.addPage([226.77, 400]); // 80 mm wide, as the engine's thermal80 layout
  thermalPdfBase64 = Buffer.from(await document.save()).toString('base64');
});

beforeEach(() => {
  FakeBrowserWindow.instances.length = 0;
  cashierContents.printers = [
    { name: 'EPSON_TM_T20', displayName: 'EPSON TM-T20', description: '', options: { 'printer-is-default': 'true' } },
    { name: 'Office_A4', displayName: '', description: '', options: {} },
  ];
});

function job(printer?: string) {
  return {
    fileName: 'recibo.pdf',
    pdfBase64: thermalPdfBase64,
    layout: 'thermal80' as const,
    ...(printer ? { printer } : {}),
  };
}

describe('printers', () => {
  it("lists the cashier window's printers in the contract's shape", async () => {
    expect(await printing.listPrinters()).toEqual([
      { name: 'EPSON_TM_T20', displayName: 'EPSON TM-T20', isDefault: true },
      { name: 'Office_A4', displayName: 'Office_A4', isDefault: false },
    ]);
  });

  it('lists nothing when there is no window to ask', async () => {
    expect(await createElectronPrinting({ printerSource: () => undefined }).listPrinters()).toEqual([]);
  });
});

describe('printing a receipt', () => {
  it('prints the PDF silently on the chosen printer at its own page size, from a locked-down hidden window', async () => {
    expect(await printing.printReceipt(job('EPSON_TM_T20'))).toEqual({ printed: true });
    const [window] = FakeBrowserWindow.instances;
    expect(window!.options.show).toBe(false);
    expect(window!.options.webPreferences).toMatchObject({
      sandbox: true,
      contextIsolation: true,
      nodeIntegration: false,
      plugins: true,
    });
    expect(window!.options.webPreferences.preload).toBeUndefined();
    expect(window!.options.webPreferences.session).toBe(electronFake.session.fromPartition('balcao-print'));
    const [options] = window!.webContents.print.mock.calls[0]!;
    expect(options).toMatchObject({
      silent: true,
      deviceName: 'EPSON_TM_T20',
      pageSize: { width: expect.closeTo(80_000, -2), height: expect.closeTo(141_111, -2) },
    });
    // The temporary PDF is gone and so is the window.
    const pdfPath = fileURLToPath(window!.loadURL.mock.calls[0]![0]);
    expect(existsSync(pdfPath)).toBe(false);
    expect(window!.isDestroyed()).toBe(true);
  });

  it("passes on the printer's failure reason", async () => {
    const print = printing.printReceipt(job());
    await vi.waitFor(() => expect(FakeBrowserWindow.instances).toHaveLength(1));
    FakeBrowserWindow.instances[0]!.webContents.printOutcome = { success: false, failureReason: 'Print job failed' };
    expect(await print).toEqual({ printed: false, reason: 'Print job failed' });
  });

  it('says why when there is no printer, or not the one asked for, without opening a window', async () => {
    expect(await printing.printReceipt(job('Missing'))).toEqual({
      printed: false,
      reason: 'Impressora "Missing" não encontrada',
    });
    cashierContents.printers = [];
    expect(await printing.printReceipt(job())).toEqual({ printed: false, reason: 'Nenhuma impressora instalada' });
    expect(FakeBrowserWindow.instances).toHaveLength(0);
  });

  it('refuses bytes that are not a PDF', async () => {
    expect(await printing.printReceipt({ ...job(), pdfBase64: Buffer.from('hello').toString('base64') })).toEqual({
      printed: false,
      reason: 'O recibo não é um PDF válido',
    });
  });

  it('keeps the print session off the network and without permissions', () => {
    const session = electronFake.session.fromPartition('balcao-print');
    const decide = (url: string) => {
      const callback = vi.fn();
      session.beforeRequest?.({ url }, callback);
      return callback.mock.calls[0]![0].cancel;
    };
    expect(decide('https://example.com/x.js')).toBe(true);
    expect(decide('http://127.0.0.1/')).toBe(true);
    expect(decide('file:///tmp/balcao-receipt-x/recibo.pdf')).toBe(false);
    const callback = vi.fn();
    session.permissionRequest?.({}, 'media', callback);
    expect(callback).toHaveBeenCalledWith(false);
  });

  it('reads an A4 page as 210 × 297 mm', async () => {
    const document = await PDFDocument.create();
    document.addPage([595.28, 841.89]);
    expect(await pdfPageSizeInMicrons(await document.save())).toEqual({
      width: expect.closeTo(210_000, -2),
      height: expect.closeTo(297_000, -2),
    });
  });
});
