import QRCode from 'qrcode';

/**
 * PNG of a BR Code, `size` pixels square. Quiet zone of 4 modules (ISO 18004 minimum, which
 * cashier scanners and phone cameras rely on); level M, as BCB's examples and most PSPs use,
 * a balance between damage tolerance and module size on small receipt printers.
 */
export async function renderQrPng(brCode: string, size: number): Promise<Uint8Array> {
  const png = await QRCode.toBuffer(brCode, { type: 'png', width: size, margin: 4, errorCorrectionLevel: 'M' });
  return new Uint8Array(png.buffer, png.byteOffset, png.byteLength);
}
