// Draws resources/icon.png (512×512): a Pix-green rounded square with a white diamond and a
// smaller green diamond inside, a mark that reads at 16 px. Run: node resources/make-icon.mjs
// A tiny PNG encoder (zlib + CRC32) keeps this free of image libraries.
import { writeFileSync } from 'node:fs';
import { deflateSync } from 'node:zlib';

const SIZE = 512;
const SAMPLES = 4; // 4×4 supersampling for smooth edges
const GREEN = [0x32, 0xbc, 0xad];
const WHITE = [0xff, 0xff, 0xff];

function insideRoundedSquare(x, y) {
  const margin = 24;
  const radius = 96;
  const lo = margin + radius;
  const hi = SIZE - margin - radius;
  const dx = Math.max(lo - x, 0, x - hi);
  const dy = Math.max(lo - y, 0, y - hi);
  return x >= margin && x <= SIZE - margin && y >= margin && y <= SIZE - margin && dx * dx + dy * dy <= radius * radius;
}

function insideDiamond(x, y, halfDiagonal) {
  return Math.abs(x - SIZE / 2) + Math.abs(y - SIZE / 2) <= halfDiagonal;
}

function colourAt(x, y) {
  if (!insideRoundedSquare(x, y)) return null;
  if (insideDiamond(x, y, 80)) return GREEN;
  if (insideDiamond(x, y, 170)) return WHITE;
  return GREEN;
}

const rows = [];
for (let py = 0; py < SIZE; py++) {
  const row = Buffer.alloc(1 + SIZE * 4); // filter byte 0, then RGBA
  for (let px = 0; px < SIZE; px++) {
    let r = 0, g = 0, b = 0, a = 0;
    for (let sy = 0; sy < SAMPLES; sy++) {
      for (let sx = 0; sx < SAMPLES; sx++) {
        const colour = colourAt(px + (sx + 0.5) / SAMPLES, py + (sy + 0.5) / SAMPLES);
        if (!colour) continue;
        r += colour[0]; g += colour[1]; b += colour[2]; a += 1;
      }
    }
    const offset = 1 + px * 4;
    if (a > 0) {
      row[offset] = Math.round(r / a);
      row[offset + 1] = Math.round(g / a);
      row[offset + 2] = Math.round(b / a);
    }
    row[offset + 3] = Math.round((255 * a) / (SAMPLES * SAMPLES));
  }
  rows.push(row);
}

const CRC_TABLE = Array.from({ length: 256 }, (_, n) => {
  let c = n;
  for (let k = 0; k < 8; k++) c = c & 1 ? 0xedb88320 ^ (c >>> 1) : c >>> 1;
  return c >>> 0;
});

function crc32(buffer) {
  let crc = 0xffffffff;
  for (const byte of buffer) crc = CRC_TABLE[(crc ^ byte) & 0xff] ^ (crc >>> 8);
  return (crc ^ 0xffffffff) >>> 0;
}

function chunk(type, data) {
  const length = Buffer.alloc(4);
  length.writeUInt32BE(data.length);
  const body = Buffer.concat([Buffer.from(type, 'ascii'), data]);
  const crc = Buffer.alloc(4);
  crc.writeUInt32BE(crc32(body));
  return Buffer.concat([length, body, crc]);
}

const header = Buffer.alloc(13);
header.writeUInt32BE(SIZE, 0);
header.writeUInt32BE(SIZE, 4);
header[8] = 8; // bit depth
header[9] = 6; // RGBA
const png = Buffer.concat([
  Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]),
  chunk('IHDR', header),
  chunk('IDAT', deflateSync(Buffer.concat(rows), { level: 9 })),
  chunk('IEND', Buffer.alloc(0)),
]);
writeFileSync(new URL('./icon.png', import.meta.url), png);
console.log(`resources/icon.png: ${SIZE}×${SIZE}, ${png.length} bytes`);
