// A small PNG reader for tests that check pixels (QR images, boleto barcodes), so no decoder
// package is needed in package.json.
import { inflateSync } from 'node:zlib';
import { expect } from 'vitest';

export interface Raster {
  width: number;
  height: number;
  /** Whether the pixel is dark (luma below half). */
  dark(x: number, y: number): boolean;
}

/**
 * A small PNG reader (8-bit grey/RGB/RGBA, non-interlaced: what the qrcode package and bwip-js write), so
 * the test checks the pixels without a decoder package in package.json.
 */
export function readPng(bytes: Uint8Array): Raster {
  const buf = Buffer.from(bytes);
  expect(buf.subarray(0, 8).toString('hex')).toBe('89504e470d0a1a0a');
  let offset = 8;
  let width = 0;
  let height = 0;
  let colorType = -1;
  const idat: Buffer[] = [];
  while (offset < buf.length) {
    const length = buf.readUInt32BE(offset);
    const type = buf.toString('latin1', offset + 4, offset + 8);
    const data = buf.subarray(offset + 8, offset + 8 + length);
    if (type === 'IHDR') {
      width = data.readUInt32BE(0);
      height = data.readUInt32BE(4);
      expect(data[8]).toBe(8);
      colorType = data[9]!;
      expect(data[12]).toBe(0);
    } else if (type === 'IDAT') idat.push(data);
    else if (type === 'IEND') break;
    offset += 12 + length;
  }
  const channels = ({ 0: 1, 2: 3, 4: 2, 6: 4 } as Record<number, number>)[colorType];
  if (!channels) throw new Error(`unsupported PNG colour type ${colorType}`);
  const raw = inflateSync(Buffer.concat(idat));
  const stride = width * channels;
  const pixels = Buffer.alloc(stride * height);
  for (let y = 0; y < height; y++) {
    const filter = raw[y * (stride + 1)]!;
    const line = raw.subarray(y * (stride + 1) + 1, (y + 1) * (stride + 1));
    for (let i = 0; i < stride; i++) {
      const a = i >= channels ? pixels[y * stride + i - channels]! : 0;
      const b = y > 0 ? pixels[(y - 1) * stride + i]! : 0;
      const c = y > 0 && i >= channels ? pixels[(y - 1) * stride + i - channels]! : 0;
      let predictor = 0;
      if (filter === 1) predictor = a;
      else if (filter === 2) predictor = b;
      else if (filter === 3) predictor = (a + b) >> 1;
      else if (filter === 4) {
        const p = a + b - c;
        const pa = Math.abs(p - a);
        const pb = Math.abs(p - b);
        const pc = Math.abs(p - c);
        predictor = pa <= pb && pa <= pc ? a : pb <= pc ? b : c;
      }
      pixels[y * stride + i] = (line[i]! + predictor) & 0xff;
    }
  }
  return {
    width,
    height,
    dark(x, y) {
      const at = y * stride + x * channels;
      const luma = channels >= 3 ? (pixels[at]! + pixels[at + 1]! + pixels[at + 2]!) / 3 : pixels[at]!;
      return luma < 128;
    },
  };
}
