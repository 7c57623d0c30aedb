// A paper document in a printer's own bytes. ESC/POS is written by @point-of-sale/receipt-printer-encoder
// (MIT, kept up by Niels Leenheer for the @point-of-sale family, used in Node and browsers alike):
// it knows the code pages and ESC t's numbering, text styles, GS ( k QR codes and raster images,
// and takes raw bytes for what a profile does its own way (Bematech's QR, cut and drawer). Chosen
// over node-thermal-printer because it only encodes: no transport, no file queue, no native
// module, so the main process and the tests hold the same bytes and send them however they like.
import ReceiptPrinterEncoder from '@point-of-sale/receipt-printer-encoder';
import QRCode from 'qrcode';
import { toCharacterSet } from '../character-set';
import { codePageHas } from './code-pages';
import { qrModuleDots, type PaperDocument } from './paper-document';
import { DARUMA_CUT, encodeDaruma } from './esc-daruma-encode';
import type { PrinterProfile } from './printer-profiles';

const ESC = 0x1b;
const GS = 0x1d;

/** Text a profile's code page prints as it is (see character-set.ts): what a layout must measure. */
export function printableFor(profile: PrinterProfile): (text: string) => string {
  return (text) =>
    toCharacterSet(text, (codePoint) => codePageHas(profile.codePage, codePoint))
      .replace(/ {2,}/g, ' ')
      .trim();
}

/**
 * A print job in two parts: everything but the final cut, and the cut. A transport sends the
 * body, waits for the printer to say it printed it, then sends the cut: a job dropped before the
 * cut is known never to have been cut, so printing it again whole needs no "2ª via".
 */
export function encodeJob(document: PaperDocument, profile: PrinterProfile): { body: Uint8Array; cut: Uint8Array } {
  const last = document.blocks.at(-1);
  if (last?.kind !== 'cut') throw new Error('a print job ends with its cut');
  return {
    body: encodePaper({ ...document, blocks: document.blocks.slice(0, -1) }, profile),
    cut:
      profile.language === 'esc-daruma'
        ? DARUMA_CUT
        : Uint8Array.from(profile.cut === 'gs-v' ? [GS, 0x56, 0x01] : [ESC, 0x6d]),
  };
}

export function encodePaper(document: PaperDocument, profile: PrinterProfile): Uint8Array {
  if (profile.language === 'esc-daruma') return encodeDaruma(document, printableFor(profile));
  const encoder = new ReceiptPrinterEncoder({
    language: 'esc-pos',
    columns: document.columns,
    codepageMapping: profile.codePageNumbers,
    newline: '\n',
    imageMode: 'raster',
    feedBeforeCut: 0,
    createCanvas: null,
  });
  encoder.initialize().codepage(profile.codePage);
  const printable = printableFor(profile);
  for (const block of document.blocks) {
    switch (block.kind) {
      case 'text':
        encoder
          .align(block.align ?? 'left')
          .bold(block.bold ?? false)
          .size(block.size ?? 1, block.size ?? 1)
          // Laid out already; passed through the code page once more, so nothing else can reach the wire.
          .line(printable(block.text))
          .size(1, 1)
          .bold(false);
        break;
      case 'pair':
        encoder
          .align('left')
          .bold(block.bold ?? false)
          .table(
            [
              { width: document.columns - block.right.length, align: 'left' },
              { width: block.right.length, align: 'right' },
            ],
            [[printable(block.left), printable(block.right)]],
          );
        encoder.bold(false);
        break;
      case 'rule':
        encoder.align('left').line('-'.repeat(document.columns));
        break;
      case 'qr':
        encoder.align('center');
        if (profile.qr === 'gs-k')
          encoder.qrcode(block.payload, { model: 2, size: qrModuleDots(document.columns), errorlevel: 'm' });
        else if (profile.qr === 'bematech') encoder.raw(bematechQr(block.payload)).newline();
        else
          encoder.image(
            qrImage(block.payload, qrModuleDots(document.columns)),
            ...qrImageSize(block.payload, qrModuleDots(document.columns)),
            'threshold',
          );
        encoder.align('left');
        break;
      case 'feed':
        encoder.newline(block.lines);
        break;
      case 'cut':
        if (profile.cut === 'gs-v') encoder.cut('partial');
        else encoder.raw([ESC, 0x6d]);
        break;
      case 'pulse':
        if (profile.pulse === 'esc-p') encoder.pulse();
        else encoder.raw([ESC, 0x76, 200]);
        break;
    }
  }
  return encoder.encode();
}

/**
 * Bematech's QR (GS k Q): four parameters, then the data's length, low byte first. Bematech
 * documents the command only in partner articles; the parameters (3, 8, 8, 1: error correction,
 * module size and two mode bytes) are those the ACBr project prints Brazil's NFC-e QR codes with.
 */
function bematechQr(payload: string): number[] {
  const data = [...Buffer.from(payload, 'latin1')];
  return [GS, 0x6b, 0x51, 3, 8, 8, 1, data.length & 0xff, data.length >> 8, ...data];
}

/** The QR's side in dots, rounded up to whole bytes of 8 dots as a raster image needs. */
function qrImageSize(payload: string, moduleDots: number): [number, number] {
  const side =
    Math.ceil(((QRCode.create(payload, { errorCorrectionLevel: 'M' }).modules.size + 8) * moduleDots) / 8) * 8;
  return [side, side];
}

/** The QR as a black-on-white image with a quiet zone of four modules, for printers without a QR command. */
function qrImage(payload: string, moduleDots: number): { width: number; height: number; data: Uint8ClampedArray } {
  const { modules } = QRCode.create(payload, { errorCorrectionLevel: 'M' });
  const [side] = qrImageSize(payload, moduleDots);
  const data = new Uint8ClampedArray(side * side * 4).fill(255);
  const quiet = 4 * moduleDots;
  for (let row = 0; row < modules.size; row++)
    for (let column = 0; column < modules.size; column++) {
      if (!modules.get(row, column)) continue;
      for (let y = 0; y < moduleDots; y++)
        for (let x = 0; x < moduleDots; x++) {
          const at = ((quiet + row * moduleDots + y) * side + quiet + column * moduleDots + x) * 4;
          data[at] = data[at + 1] = data[at + 2] = 0;
        }
    }
  return { width: side, height: side, data };
}
