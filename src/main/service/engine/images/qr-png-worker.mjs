// Runs inside a worker thread of the QR PNG pool (qr-png-pool.ts), so that drawing a large PNG
// (about a second of CPU at 4096 px) never holds the engine's event loop. Plain JavaScript that
// imports only `qrcode` and `bwip-js`: it loads as it is under vitest, tsx and from the
// electron-vite build (which copies it next to out/main/index.js), with no TypeScript loader in
// the worker.
import bwipjs from 'bwip-js';
import QRCode from 'qrcode';

/**
 * PNG of a BR Code, `size` pixels square. Quiet zone of 4 modules (ISO 18004 minimum, which
 * cashier scanners and phone cameras rely on); level M, as BCB's examples and most PSPs use,
 * a balance between damage tolerance and module size on small receipt printers.
 *
 * @param {{ brCode: string, size: number }} task
 * @returns {Promise<Uint8Array>} an exact-size copy, so posting it back clones only the PNG
 */
export default async function renderQrPng({ brCode, size }) {
  const png = await QRCode.toBuffer(brCode, { type: 'png', width: size, margin: 4, errorCorrectionLevel: 'M' });
  return new Uint8Array(png);
}

/**
 * PNG of a boleto's 44-digit barcode, as FEBRABAN lays it out: Interleaved 2 of 5 (the 44 digits
 * are an even count, so no padding digit, and no ITF check digit: the barcode carries its own),
 * wide elements 3 times the narrow ones, 13 mm high, quiet zones left and right, on white (a
 * transparent background reads as black in many viewers). Drawn by bwip-js (BWIPP's encoder),
 * so the bars are a maintained library's, not ours. Its first call costs tens of milliseconds
 * and each later one about ten: a worker's job, not the event loop's.
 *
 * @param {{ barcode: string }} task
 * @returns {Promise<Uint8Array>}
 */
export async function renderItfPng({ barcode }) {
  const png = await bwipjs.toBuffer({
    bcid: 'interleaved2of5',
    text: barcode,
    scale: 2,
    height: 13,
    barratio: 3,
    spaceratio: 3,
    includecheck: false,
    includetext: false,
    paddingwidth: 10,
    paddingheight: 2,
    backgroundcolor: 'FFFFFF',
  });
  return new Uint8Array(png);
}
