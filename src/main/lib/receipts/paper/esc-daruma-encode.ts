// A paper document in ESC/Daruma, the command set of Daruma's receipt printers (DR700, DR800), which
// is not ESC/POS: alignment is ESC j, bold ESC E / ESC F, double width and height ESC W / ESC w,
// the QR code ESC 0x81 (centred by ESC j, text by spaces), the cut ESC m and the drawer ESC p with no timing. Written here rather
// than by the ESC/POS encoder because no kept library speaks it; the commands and the QR's
// parameters are those the ACBr project (ACBrEscDaruma) and PyESCPOS (escpos/impl/daruma.py)
// drive these printers with. Text is in CP850, the table the printers leave the factory with
// (ESC/Daruma selects none by ESC t).
import { encodeCodePage } from './code-pages';
import { qrModuleDots, type PaperDocument } from './paper-document';

const ESC = 0x1b;
const LF = 0x0a;

const ALIGN = { left: 0, center: 1, right: 2 } as const;

/** The cut alone: ESC m, the only cut ESC/Daruma has. */
export const DARUMA_CUT = Uint8Array.of(ESC, 0x6d);

/**
 * The document's bytes; `printable` has already fitted its text to CP850 (escpos-encode.ts's
 * printableFor), and what still is not in it is dropped, so nothing else reaches the wire.
 */
export function encodeDaruma(document: PaperDocument, printable: (text: string) => string): Uint8Array {
  const out: number[] = [ESC, 0x40];
  // Each line is fitted once (printable collapses runs of spaces, so never after the padding).
  const text = (fitted: string) => out.push(...encodeCodePage('cp850', fitted), LF);
  for (const block of document.blocks) {
    switch (block.kind) {
      case 'text': {
        // Placed with spaces, as the ESC/POS encoder places it, so a line measures the same on
        // every printer; the spaces print at normal size, the text at its own.
        const size = block.size ?? 1;
        const line = printable(block.text);
        const room = Math.max(0, document.columns - line.length * size);
        const indent = block.align === 'center' ? Math.floor(room / 2) : block.align === 'right' ? room : 0;
        out.push(...encodeCodePage('cp850', ' '.repeat(indent)));
        if (block.bold) out.push(ESC, 0x45);
        if (size === 2) out.push(ESC, 0x57, 1, ESC, 0x77, 1);
        text(line);
        if (size === 2) out.push(ESC, 0x57, 0, ESC, 0x77, 0);
        if (block.bold) out.push(ESC, 0x46);
        break;
      }
      case 'pair': {
        const left = printable(block.left);
        const right = printable(block.right);
        if (block.bold) out.push(ESC, 0x45);
        text(left + ' '.repeat(Math.max(1, document.columns - left.length - right.length)) + right);
        if (block.bold) out.push(ESC, 0x46);
        break;
      }
      case 'rule':
        text('-'.repeat(document.columns));
        break;
      case 'qr': {
        // ESC 0x81, the data's length plus 2 (low byte first), the module's width in dots (3-7),
        // the error correction ('M'), then the data.
        const data = [...Buffer.from(block.payload, 'latin1')];
        out.push(ESC, 0x6a, ALIGN.center, ESC, 0x81, (data.length + 2) & 0xff, (data.length + 2) >> 8);
        out.push(Math.min(7, qrModuleDots(document.columns)), 0x4d, ...data, LF);
        out.push(ESC, 0x6a, ALIGN.left);
        break;
      }
      case 'feed':
        for (let line = 0; line < block.lines; line++) out.push(LF);
        break;
      case 'cut':
        out.push(...DARUMA_CUT);
        break;
      case 'pulse':
        out.push(ESC, 0x70);
        break;
    }
  }
  return Uint8Array.from(out);
}
