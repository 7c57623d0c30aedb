// The raw TCP transport against the virtual printer (test/support/virtual-printer.ts), a real
// socket that reads ESC/POS as a printer does: a receipt printed and confirmed; an address that is
// no printer, a closed port, a printer that never answers, paper out, cover open; a connection
// dropped before and after the body was confirmed; a printer that reads 1 KB a second.
import { createServer } from 'node:http';
import { createServer as createTcpServer } from 'node:net';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { printRaw, printerCondition, type PrinterAddress } from '#counter/printing/raw-printer';
import { parsePrinterAddress } from '#shared/counter/paper-printer';
import { sheetText } from '#test/support/escpos-decoder';
import { serialLineTo } from '#test/support/serial-line';
import { startVirtualPrinter, type VirtualPrinter } from '#test/support/virtual-printer';
import { SAMPLE_E2E, sampleReceiptJob } from './paper-fixtures';

const E2E = SAMPLE_E2E;
const job = () => sampleReceiptJob('epson');

let printer: VirtualPrinter;
let address: PrinterAddress;

beforeEach(async () => {
  printer = await startVirtualPrinter();
  address = { host: printer.host, port: printer.port };
});
afterEach(async () => {
  await printer.close();
});

describe('printing raw over TCP', () => {
  it('prints a receipt whole, cut, and says so once the printer confirmed it', async () => {
    expect(await printRaw(address, job())).toEqual({ kind: 'printed', paperNearEnd: false });
    const sheets = printer.sheets();
    expect(sheets).toHaveLength(1);
    expect(sheetText(sheets[0]!).replace(/\u00a0/g, ' ')).toContain('R$ 12,34');
    expect(sheetText(sheets[0]!).replace(/\n/g, '')).toContain(E2E);
    expect(sheets[0]!.at(-1)).toEqual({ kind: 'cut' });
  });

  it('reads the printer’s condition: ready, paper near its end, out, cover open', async () => {
    expect(await printerCondition(address)).toEqual({ ready: true, paperNearEnd: false });
    printer.setPaper('near-end');
    expect(await printerCondition(address)).toEqual({ ready: true, paperNearEnd: true });
    printer.setPaper('out');
    expect(await printerCondition(address)).toEqual({ ready: false, problem: 'paper-out' });
    printer.setPaper('ok');
    printer.setCover('open');
    expect(await printerCondition(address)).toEqual({ ready: false, problem: 'cover-open' });
  });

  it('prints nothing while the paper is out, and says why', async () => {
    printer.setPaper('out');
    expect(await printRaw(address, job())).toMatchObject({ kind: 'not-printed', reason: 'paper-out' });
    expect(printer.blocks()).toEqual([]);
    printer.setPaper('ok');
    expect(await printRaw(address, job())).toMatchObject({ kind: 'printed' });
    expect(printer.sheets()).toHaveLength(1);
  });

  it('tells a closed port, an HTTP server and a silent peer from a printer, quickly', async () => {
    const probe = createTcpServer();
    await new Promise<void>((resolve) => probe.listen(0, '127.0.0.1', resolve));
    const closedPort = (probe.address() as { port: number }).port;
    await new Promise((resolve) => probe.close(resolve));
    expect(await printRaw({ host: '127.0.0.1', port: closedPort }, job())).toMatchObject({
      kind: 'not-printed',
      reason: 'unreachable',
    });

    const http = createServer((_request, response) => response.end('ok'));
    await new Promise<void>((resolve) => http.listen(0, '127.0.0.1', resolve));
    const httpPort = (http.address() as { port: number }).port;
    const atHttp = await printRaw({ host: '127.0.0.1', port: httpPort }, job(), { answerTimeoutMs: 1_000 });
    expect(atHttp.kind).toBe('not-printed');
    expect(['not-a-printer', 'no-answer']).toContain((atHttp as { reason: string }).reason);
    await new Promise((resolve) => http.close(resolve));

    printer.setFault({ kind: 'stall' });
    const started = Date.now();
    expect(await printRaw(address, job(), { answerTimeoutMs: 500 })).toMatchObject({
      kind: 'not-printed',
      reason: 'no-answer',
    });
    expect(Date.now() - started).toBeLessThan(5_000);
  });

  it('knows a job dropped before its body was confirmed was never cut, and one dropped at the cut may be whole', async () => {
    const { body } = job();
    printer.setFault({ kind: 'drop-after', bytes: 9 + Math.floor(body.length / 2) });
    expect(await printRaw(address, job())).toMatchObject({ kind: 'interrupted', mayBeWhole: false });
    expect(printer.blocks().some((block) => block.kind === 'cut')).toBe(false);

    printer.setFault({ kind: 'drop-after', bytes: 9 + body.length + 3 + 1 });
    expect(await printRaw(address, job())).toMatchObject({ kind: 'interrupted', mayBeWhole: true });

    printer.setFault({ kind: 'none' });
    expect(await printRaw(address, job())).toMatchObject({ kind: 'printed' });
    expect(printer.blocks().filter((block) => block.kind === 'cut')).toHaveLength(1);
  });

  it('waits for a printer that reads 1 KB a second', async () => {
    printer.setFault({ kind: 'slow', bytesPerSecond: 1_024 });
    expect(await printRaw(address, job())).toMatchObject({ kind: 'printed' });
    expect(printer.sheets()).toHaveLength(1);
  });

  it('reads a printer’s address as the owner types it', () => {
    expect(parsePrinterAddress('192.168.0.50')).toEqual({ host: '192.168.0.50', port: 9100 });
    expect(parsePrinterAddress(' impressora.local:9101 ')).toEqual({ host: 'impressora.local', port: 9101 });
    expect(parsePrinterAddress('http://192.168.0.50')).toBeNull();
    expect(parsePrinterAddress('192.168.0.50:70000')).toBeNull();
    expect(parsePrinterAddress('')).toBeNull();
  });
});

describe('printing raw on a serial line', () => {
  it('prints a receipt through a tty, each step confirmed, as over the network', async () => {
    const line = await serialLineTo(printer.port);
    try {
      const address = parsePrinterAddress(`${line.path}@115200`)!;
      expect(address).toEqual({ kind: 'serial', path: line.path, baudRate: 115_200 });
      expect(await printerCondition(address)).toEqual({ ready: true, paperNearEnd: false });
      expect(await printRaw(address, job())).toEqual({ kind: 'printed', paperNearEnd: false });
      const sheets = printer.sheets();
      expect(sheets).toHaveLength(1);
      expect(sheetText(sheets[0]!).replace(/\n/g, '')).toContain(E2E);
      printer.setPaper('out');
      expect(await printRaw(address, job())).toMatchObject({ kind: 'not-printed', reason: 'paper-out' });
    } finally {
      await line.close();
    }
  });

  it('says a serial port that is not there is unreachable, quickly', async () => {
    expect(await printRaw({ kind: 'serial', path: '/dev/ttyBALCAO-none', baudRate: 9600 }, job())).toMatchObject({
      kind: 'not-printed',
      reason: 'unreachable',
    });
  });

  it('reads serial addresses as the owner types them', () => {
    expect(parsePrinterAddress('COM3')).toEqual({ kind: 'serial', path: 'COM3', baudRate: 9600 });
    expect(parsePrinterAddress('/dev/ttyUSB0')).toEqual({ kind: 'serial', path: '/dev/ttyUSB0', baudRate: 9600 });
    expect(parsePrinterAddress('/dev/ttyACM0@19200')).toEqual({
      kind: 'serial',
      path: '/dev/ttyACM0',
      baudRate: 19_200,
    });
    expect(parsePrinterAddress('/dev/ttyUSB0@fast')).toBeNull();
  });
});
