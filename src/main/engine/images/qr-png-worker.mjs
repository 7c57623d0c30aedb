// Runs inside a worker thread of the QR PNG pool (qr-png-pool.ts), so that drawing a large PNG
// (about a second of CPU at 4096 px) never holds the engine's event loop. Plain JavaScript that
// imports only `qrcode`: it loads as it is under vitest, tsx and from the electron-vite build
// (which copies it next to out/main/index.js), with no TypeScript loader in the worker.
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
