// The virtual printer's paper as a picture, for a person to look at: each sheet drawn on a strip
// as wide as 80 mm (or 58 mm) paper, text in a fixed-width font at the printer's columns, bold and
// double size as printed, QR codes and raster images dot for dot, the cut as a dashed line. Drawn
// as a PDF (pdf-lib) and rasterised by poppler's pdftoppm at the printer's 203 dpi.
import { spawnSync } from 'node:child_process';
import { mkdirSync, mkdtempSync, renameSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { dirname, join } from 'node:path';
import { PDFDocument, rgb, StandardFonts, type PDFPage } from 'pdf-lib';
import QRCode from 'qrcode';
import { toWinAnsi } from '#lib/receipts/winansi';
import type { PrintedBlock } from './escpos-decoder';

const MM = 72 / 25.4;
/** Printer dots (203 dpi) in PDF points. */
const DOT = 72 / 203;
const MARGIN = 3 * MM;

/** Writes the sheets, one under the other, as one PNG strip at `file`. */
export async function savePaperPng(sheets: readonly PrintedBlock[][], file: string, columns = 48): Promise<void> {
  const paperWidth = (columns === 32 ? 58 : 80) * MM;
  const charWidth = (paperWidth - 2 * MARGIN) / columns;
  // Courier's advance is 0.6 of its size.
  const fontSize = charWidth / 0.6;
  const lineHeight = fontSize * 1.35;
  const blocks = sheets.flat();
  const height = MARGIN * 2 + blocks.reduce((sum, block) => sum + blockHeight(block, lineHeight), 0);

  const pdf = await PDFDocument.create();
  const regular = await pdf.embedFont(StandardFonts.Courier);
  const bold = await pdf.embedFont(StandardFonts.CourierBold);
  const page = pdf.addPage([paperWidth, height]);
  let y = height - MARGIN;
  for (const block of blocks) {
    const taken = blockHeight(block, lineHeight);
    if (block.kind === 'text') {
      page.drawText(toWinAnsi(block.text.trimStart().replace(/ /g, '\u00a0')), {
        x: MARGIN + block.indent * charWidth,
        y: y - lineHeight * block.size + (lineHeight - fontSize) / 2,
        size: fontSize * block.size,
        font: block.bold ? bold : regular,
      });
    } else if (block.kind === 'qr') {
      drawQr(page, block.payload, paperWidth, y);
    } else if (block.kind === 'image') {
      drawDots(page, block.width, block.height, (x, row) => block.dots[row * block.width + x] === 1, paperWidth, y);
    } else if (block.kind === 'cut') {
      page.drawLine({
        start: { x: 0, y: y - taken / 2 },
        end: { x: paperWidth, y: y - taken / 2 },
        dashArray: [4, 3],
        thickness: 0.6,
        color: rgb(0.4, 0.4, 0.4),
      });
    } else if (block.kind === 'pulse') {
      page.drawText('[gaveta]', {
        x: MARGIN,
        y: y - lineHeight,
        size: fontSize,
        font: regular,
        color: rgb(0.5, 0.5, 0.5),
      });
    }
    y -= taken;
  }

  const work = mkdtempSync(join(tmpdir(), 'balcao-paper-'));
  try {
    writeFileSync(join(work, 'paper.pdf'), await pdf.save());
    const run = spawnSync('pdftoppm', [
      '-png',
      '-r',
      '203',
      '-singlefile',
      join(work, 'paper.pdf'),
      join(work, 'paper'),
    ]);
    if (run.status !== 0) throw new Error(`pdftoppm failed: ${run.stderr.toString()}`);
    mkdirSync(dirname(file), { recursive: true });
    renameSync(join(work, 'paper.png'), file);
  } finally {
    rmSync(work, { recursive: true, force: true });
  }
}

function blockHeight(block: PrintedBlock, lineHeight: number): number {
  if (block.kind === 'text') return lineHeight * block.size;
  if (block.kind === 'qr')
    return (QRCode.create(block.payload, { errorCorrectionLevel: 'M' }).modules.size + 8) * 6 * DOT;
  if (block.kind === 'image') return block.height * DOT;
  return lineHeight;
}

function drawQr(page: PDFPage, payload: string, paperWidth: number, top: number): void {
  const { modules } = QRCode.create(payload, { errorCorrectionLevel: 'M' });
  const side = (modules.size + 8) * 6;
  drawDots(
    page,
    side,
    side,
    (x, y) => {
      const column = Math.floor(x / 6) - 4;
      const row = Math.floor(y / 6) - 4;
      return (
        column >= 0 && row >= 0 && column < modules.size && row < modules.size && Boolean(modules.get(row, column))
      );
    },
    paperWidth,
    top,
  );
}

/** Dark dots as runs of rectangles, row by row, centred on the paper. */
function drawDots(
  page: PDFPage,
  width: number,
  height: number,
  dark: (x: number, y: number) => boolean,
  paperWidth: number,
  top: number,
): void {
  const left = (paperWidth - width * DOT) / 2;
  for (let y = 0; y < height; y++) {
    let x = 0;
    while (x < width) {
      if (!dark(x, y)) {
        x++;
        continue;
      }
      const start = x;
      while (x < width && dark(x, y)) x++;
      page.drawRectangle({
        x: left + start * DOT,
        y: top - (y + 1) * DOT,
        width: (x - start) * DOT,
        height: DOT,
        color: rgb(0, 0, 0),
      });
    }
  }
}
