// Draws a BR Code as an SVG data URL, synchronously: the QR is ready in the same tick the sale
// arrives, so the first paint of the QR screen already holds it (the Enter → QR budget).
import { create } from 'qrcode/lib/core/qrcode';

/** Banks' apps scan best with the 4-module quiet zone the QR standard asks for. */
const QUIET_ZONE = 4;

export function qrSvgMarkup(text: string): string {
  const { modules } = create(text, { errorCorrectionLevel: 'M' });
  const { size, data } = modules;
  const full = size + QUIET_ZONE * 2;
  let path = '';
  for (let row = 0; row < size; row++) {
    let col = 0;
    while (col < size) {
      if (!data[row * size + col]) {
        col++;
        continue;
      }
      const start = col;
      while (col < size && data[row * size + col]) col++;
      // One rectangle per horizontal run keeps the path short (fast to parse and paint).
      path += `M${start + QUIET_ZONE} ${row + QUIET_ZONE}h${col - start}v1h-${col - start}z`;
    }
  }
  return (
    `<svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 ${full} ${full}" shape-rendering="crispEdges">` +
    `<rect width="${full}" height="${full}" fill="#fff"/><path fill="#000" d="${path}"/></svg>`
  );
}

export function qrSvgDataUrl(text: string): string {
  return `data:image/svg+xml;charset=utf-8,${encodeURIComponent(qrSvgMarkup(text))}`;
}
