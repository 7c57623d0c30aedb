// Printing receipts from the Electron app. The receipt is the engine's PDF (pdf-lib), printed as
// is, so the paper matches the "save as PDF" file byte for byte:
//   1. the PDF goes to a private temporary file;
//   2. a hidden, sandboxed window in its own in-memory session (no network, no permissions, no
//      preload) opens it with Chromium's PDF viewer (`plugins: true` turns the viewer on);
//   3. webContents.print({ silent: true, deviceName }) sends it to the chosen printer.
// Silent printing of PDFs was broken in Electron 34–36 (electron/electron#47272) and fixed by
// #47377 and #47378 (Electron ≥ 37; we ship 45). The viewer renders after `did-finish-load`, so a
// short settle delay precedes print(). A timeout covers a callback that never comes.
// The paper size is the PDF's own first page (80 mm × the receipt's length, or A4), read with
// pdf-lib, so a thermal printer does not get an A4 job scaled down to a strip.
import { mkdtemp, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { pathToFileURL } from 'node:url';
import { BrowserWindow, session as electronSession, type Session, type WebContents } from 'electron';
import { PDFDocument } from 'pdf-lib';
import type { Printing } from '../../ports/printing-port';
import type { Printer, PrintResult } from '#shared/counter/counter-api';

const PRINT_PARTITION = 'balcao-print';
const VIEWER_SETTLE_MS = 700;
const PRINT_TIMEOUT_MS = 60_000;
const NETWORK_PROTOCOLS = new Set(['http:', 'https:', 'ws:', 'wss:', 'ftp:']);

export interface ElectronPrintingOptions {
  /** A live webContents to ask for the printer list (the cashier window's). */
  printerSource: () => WebContents | undefined;
}

let printSessionGuarded = false;

function printSession(): Session {
  const session = electronSession.fromPartition(PRINT_PARTITION);
  if (!printSessionGuarded) {
    printSessionGuarded = true;
    session.webRequest.onBeforeRequest((details, callback) => {
      let protocol = '';
      try {
        protocol = new URL(details.url).protocol;
      } catch {
        // an unparsable URL is refused below
      }
      callback({ cancel: !protocol || NETWORK_PROTOCOLS.has(protocol) });
    });
    session.setPermissionRequestHandler((_contents, _permission, callback) => callback(false));
    session.setPermissionCheckHandler(() => false);
  }
  return session;
}

export async function listElectronPrinters(source: WebContents | undefined): Promise<Printer[]> {
  if (!source || source.isDestroyed()) return [];
  const printers = await source.getPrintersAsync();
  return printers.map((printer) => ({
    name: printer.name,
    displayName: printer.displayName || printer.name,
    // `isDefault` left the PrinterInfo type; CUPS and Windows still report it in options.
    isDefault: (printer.options as Record<string, string> | undefined)?.['printer-is-default'] === 'true',
  }));
}

const MICRONS_PER_POINT = 25_400 / 72;

/** The first page's size in microns, as webContents.print's `pageSize` wants it. */
export async function pdfPageSizeInMicrons(pdf: Uint8Array): Promise<{ width: number; height: number }> {
  const document = await PDFDocument.load(pdf, { updateMetadata: false });
  const { width, height } = document.getPage(0).getSize();
  return { width: Math.round(width * MICRONS_PER_POINT), height: Math.round(height * MICRONS_PER_POINT) };
}

function printHiddenWindow(
  window: BrowserWindow,
  printer: string | undefined,
  pageSize: { width: number; height: number },
): Promise<PrintResult> {
  return new Promise((resolve) => {
    const timer = setTimeout(
      () => resolve({ printed: false, reason: 'A impressora não respondeu a tempo' }),
      PRINT_TIMEOUT_MS,
    );
    window.webContents.print(
      { silent: true, deviceName: printer, printBackground: true, pageSize, margins: { marginType: 'none' } },
      (success, failureReason) => {
        clearTimeout(timer);
        resolve(success ? { printed: true } : { printed: false, reason: failureReason || 'Falha ao imprimir' });
      },
    );
  });
}

/** Prints one PDF silently on `printer` (the system default when not given). */
export async function printPdf(
  pdf: Uint8Array,
  printer: string | undefined,
  source: WebContents | undefined,
): Promise<PrintResult> {
  const printers = await listElectronPrinters(source);
  if (printers.length === 0) return { printed: false, reason: 'Nenhuma impressora instalada' };
  if (printer && !printers.some((candidate) => candidate.name === printer)) {
    return { printed: false, reason: `Impressora "${printer}" não encontrada` };
  }
  let pageSize: { width: number; height: number };
  try {
    pageSize = await pdfPageSizeInMicrons(pdf);
  } catch {
    return { printed: false, reason: 'O recibo não é um PDF válido' };
  }
  const folder = await mkdtemp(join(tmpdir(), 'balcao-receipt-'));
  const file = join(folder, 'recibo.pdf');
  const window = new BrowserWindow({
    show: false,
    webPreferences: {
      session: printSession(),
      contextIsolation: true,
      sandbox: true,
      nodeIntegration: false,
      webSecurity: true,
      allowRunningInsecureContent: false,
      experimentalFeatures: false,
      plugins: true,
      spellcheck: false,
    },
  });
  window.webContents.setWindowOpenHandler(() => ({ action: 'deny' }));
  window.webContents.on('will-navigate', (event) => event.preventDefault());
  try {
    await writeFile(file, pdf, { mode: 0o600 });
    await window.loadURL(pathToFileURL(file).href);
    await new Promise((resolve) => setTimeout(resolve, VIEWER_SETTLE_MS));
    return await printHiddenWindow(window, printer, pageSize);
  } finally {
    window.destroy();
    await rm(folder, { recursive: true, force: true });
  }
}

/** The app's Printing port, backed by the printers the cashier window's Chromium can see. */
export function createElectronPrinting(options: ElectronPrintingOptions): Printing {
  return {
    listPrinters: () => listElectronPrinters(options.printerSource()),
    printReceipt: (job) => printPdf(Buffer.from(job.pdfBase64, 'base64'), job.printer, options.printerSource()),
  };
}
