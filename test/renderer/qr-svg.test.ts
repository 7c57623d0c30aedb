import QRCode from 'qrcode';
import { describe, expect, it } from 'vitest';
import { qrSvgDataUrl, qrSvgMarkup } from '#renderer/lib/qr-svg';

const brCode =
  '00020101021226810014br.gov.bcb.pix2559qr.example.com/pix/v2/cob/1234567890abcdef5204000053039865406123.455802BR5913Loja Exemplo6009SAO PAULO62070503***6304ABCD';

describe('QR as SVG', () => {
  it('draws a square symbol with a 4-module white quiet zone', () => {
    const svg = qrSvgMarkup(brCode);
    const size = Number(/viewBox="0 0 (\d+) \1"/.exec(svg)?.[1]);
    expect(size).toBeGreaterThanOrEqual(21 + 8);
    expect((size - 8 - 21) % 4).toBe(0); // QR versions grow by 4 modules
    expect(svg).toContain(`<rect width="${size}" height="${size}" fill="#fff"/>`);
    // Every dark run starts inside the quiet zone border.
    const starts = [...svg.matchAll(/M(\d+) (\d+)h/g)].map((match) => [Number(match[1]), Number(match[2])]);
    expect(starts.length).toBeGreaterThan(50);
    for (const [x, y] of starts) {
      expect(x).toBeGreaterThanOrEqual(4);
      expect(y).toBeGreaterThanOrEqual(4);
      expect(x).toBeLessThan(size - 4);
      expect(y).toBeLessThan(size - 4);
    }
    // The top-left finder pattern: a 7-module dark run on the first row.
    expect(svg).toContain('M4 4h7v1h-7z');
  });

  it('draws exactly the modules of the symbol the qrcode package encodes (error correction M)', () => {
    const { modules } = QRCode.create(brCode, { errorCorrectionLevel: 'M' });
    const drawn = new Uint8Array(modules.size * modules.size);
    for (const [, x, y, run] of qrSvgMarkup(brCode).matchAll(/M(\d+) (\d+)h(\d+)v1h-\3z/g)) {
      for (let col = Number(x) - 4; col < Number(x) - 4 + Number(run); col++)
        drawn[(Number(y) - 4) * modules.size + col] = 1;
    }
    expect(Array.from(drawn)).toEqual(Array.from(modules.data, (bit) => (bit ? 1 : 0)));
  });

  it('is deterministic and encodes the text it is given', () => {
    expect(qrSvgMarkup(brCode)).toBe(qrSvgMarkup(brCode));
    expect(qrSvgMarkup(brCode)).not.toBe(qrSvgMarkup(`${brCode.slice(0, -4)}0000`));
    expect(qrSvgDataUrl(brCode).startsWith('data:image/svg+xml;charset=utf-8,%3Csvg')).toBe(true);
  });
});
