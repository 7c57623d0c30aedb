// Reads the bytes a receipt printer receives, as the printer would: ESC/POS (and the few
// Bematech commands the profiles use) into lines of text with their style, QR codes, raster
// images, cuts and drawer pulses. Strict on purpose: a byte that is no command the profiles may
// send, or a command cut short, is an error, so a test fails on a broken stream rather than
// printing garbage the way a real printer would. Daruma's ESC/Daruma is read the same way, when
// told (`language`): its own commands, its status requests (ENQ, GS ENQ), CP850 from the start.
//
// Its code pages are its own (Python's cp860 and cp850), not the app's, so a wrong table in the
// app shows as wrong letters here.
import jsQR from 'jsqr';

const UPPER_HALF: Record<number, string> = {
  // ESC t 2: CP850
  2: 'ÇüéâäàåçêëèïîìÄÅÉæÆôöòûùÿÖÜø£Ø×ƒáíóúñÑªº¿®¬½¼¡«»░▒▓│┤ÁÂÀ©╣║╗╝¢¥┐└┴┬├─┼ãÃ╚╔╩╦╠═╬¤ðÐÊËÈıÍÎÏ┘┌█▄¦Ì▀ÓßÔÒõÕµþÞÚÛÙýÝ¯´\u00ad±‗¾¶§÷¸°¨·¹³²■\u00a0',
  // ESC t 3: CP860
  3: 'ÇüéâãàÁçêÊèÍÔìÃÂÉÀÈôõòÚùÌÕÜ¢£Ù₧ÓáíóúñÑªº¿Ò¬½¼¡«»░▒▓│┤╡╢╖╕╣║╗╝╜╛┐└┴┬├─┼╞╟╚╔╩╦╠═╬╧╨╤╥╙╘╒╓╫╪┘┌█▄▌▐▀αßΓπΣσµτΦΘΩδ∞φε∩≡±≥≤⌠⌡÷≈°∙·√ⁿ²■\u00a0',
};

export interface PrintedLine {
  kind: 'text';
  /** As printed, the spaces that place it included. */
  text: string;
  /** The style of its first printed (non-space) character. */
  bold: boolean;
  /** 1 normal, 2 double width and height. */
  size: number;
  /** ESC a's alignment when the line began (an encoder may place text with spaces instead). */
  align: 'left' | 'center' | 'right';
  /** How wide it prints, in columns of normal size (a double-size character takes two). */
  width: number;
  /** How far in its first printed character starts, in columns of normal size (the spaces before it). */
  indent: number;
}

export interface PrintedImage {
  kind: 'image';
  width: number;
  height: number;
  /** One byte per dot: 1 black. */
  dots: Uint8Array;
}

export type PrintedBlock =
  | PrintedLine
  | { kind: 'qr'; payload: string; via: 'gs-k' | 'bematech' | 'daruma' }
  | PrintedImage
  | { kind: 'cut' }
  | { kind: 'pulse' };

export interface DecodedStream {
  blocks: PrintedBlock[];
  /**
   * Status requests, in order: the printer answers each. DLE EOT n (real time) and GS r n (in
   * turn, once all before it is printed) in ESC/POS; ENQ and GS ENQ (real time) in ESC/Daruma.
   */
  statusRequests: StatusRequest[];
  /** Bytes read as whole commands; with `partial`, a command still arriving is left after them. */
  consumed: number;
}

export type StatusRequest =
  { command: 'dle-eot'; n: number } | { command: 'gs-r'; n: number } | { command: 'enq' } | { command: 'gs-enq' };

/** The command sets the app writes (src/main/lib/receipts/paper/printer-profiles.ts's PrinterLanguage). */
export type PrinterLanguage = 'esc-pos' | 'esc-daruma';

export class EscPosError extends Error {}

/** A command whose bytes have not all arrived (yet). */
class CutShort extends EscPosError {}

/**
 * The stream as a printer reads it. `partial`: the bytes are what has arrived so far, so a
 * command cut short at the end is left unread (see `consumed`) instead of an error, and so is a
 * line not yet ended.
 */
export function decodeEscPos(
  bytes: Uint8Array,
  { partial = false, language = 'esc-pos' }: { partial?: boolean; language?: PrinterLanguage } = {},
): DecodedStream {
  const blocks: PrintedBlock[] = [];
  const statusRequests: DecodedStream['statusRequests'] = [];
  const daruma = language === 'esc-daruma';
  // ESC/Daruma selects no table: its printers leave the factory in CP850 (ESC t 2's table here).
  const resetCodePage = daruma ? 2 : 0;
  let codePage = resetCodePage;
  let bold = false;
  let size = 1;
  let align: PrintedLine['align'] = 'left';
  let line: PrintedLine | null = null;
  let qrStored: string | null = null;
  let at = 0;

  const need = (count: number, what: string) => {
    if (at + count > bytes.length) throw new CutShort(`${what} cut short at byte ${at}`);
  };
  const byte = (what: string) => {
    need(1, what);
    return bytes[at++]!;
  };
  const endLine = () => {
    blocks.push(line ?? { kind: 'text', text: '', bold, size, align, width: 0, indent: 0 });
    line = null;
  };
  const character = (code: number) => {
    let ch: string;
    if (code >= 0x20 && code <= 0x7e) ch = String.fromCharCode(code);
    else if (code >= 0x80 && UPPER_HALF[codePage]) ch = UPPER_HALF[codePage]![code - 0x80]!;
    else throw new EscPosError(`byte 0x${code.toString(16)} at ${at - 1} is no character in code page ${codePage}`);
    line ??= { kind: 'text', text: '', bold, size, align, width: 0, indent: 0 };
    if (line.text.trim() === '') Object.assign(line, { bold, size, indent: line.width });
    line.text += ch;
    line.width += size;
  };

  let commandStart = 0;
  try {
    while (at < bytes.length) {
      commandStart = at;
      if (daruma) darumaStep();
      else step();
    }
  } catch (error) {
    if (!(partial && error instanceof CutShort)) throw error;
    return { blocks, statusRequests, consumed: commandStart };
  }
  if (line && !partial) throw new EscPosError('the stream ends in the middle of a line');
  return { blocks, statusRequests, consumed: bytes.length };

  /** One command or character of ESC/Daruma (src/main/lib/receipts/paper/esc-daruma-encode.ts). */
  function darumaStep(): void {
    const b = bytes[at++]!;
    if (b === 0x0a) endLine();
    else if (b === 0x05) statusRequests.push({ command: 'enq' });
    else if (b === 0x1d) {
      if (byte('GS') !== 0x05) throw new EscPosError(`GS at ${at - 2}: only GS ENQ is ESC/Daruma here`);
      statusRequests.push({ command: 'gs-enq' });
    } else if (b === 0x1b) {
      const command = byte('ESC');
      switch (command) {
        case 0x40: // ESC @
          codePage = resetCodePage;
          bold = false;
          size = 1;
          align = 'left';
          break;
        case 0x6a: {
          // ESC j n: alignment
          const n = byte('ESC j');
          if (n > 2) throw new EscPosError(`ESC j ${n} is no alignment`);
          align = n === 1 ? 'center' : n === 2 ? 'right' : 'left';
          break;
        }
        case 0x45: // ESC E: bold on
        case 0x46: // ESC F: bold off
          bold = command === 0x45;
          break;
        case 0x57: // ESC W n: double width
        case 0x77: {
          // ESC w n: double height (the app sets both, so size follows double width)
          const n = byte(command === 0x57 ? 'ESC W' : 'ESC w');
          if (n > 1) throw new EscPosError(`ESC ${String.fromCharCode(command)} ${n} is not 0 or 1`);
          if (command === 0x57) size = n + 1;
          break;
        }
        case 0x81: {
          // ESC 0x81 nL nH width level data: the QR code (n = the data's length + 2)
          need(2, 'ESC 0x81');
          const length = bytes[at]! + bytes[at + 1]! * 256 - 2;
          at += 2;
          if (length < 1) throw new EscPosError('ESC 0x81 with no data');
          const width = byte('ESC 0x81 width');
          const level = byte('ESC 0x81 level');
          if (width < 3 || width > 7) throw new EscPosError(`ESC 0x81: module width ${width} out of 3-7`);
          if (![0, 0x4d, 0x51, 0x48].includes(level)) throw new EscPosError(`ESC 0x81: error level ${level}`);
          need(length, 'ESC 0x81 data');
          if (line) endLine();
          blocks.push({
            kind: 'qr',
            payload: Buffer.from(bytes.subarray(at, at + length)).toString('latin1'),
            via: 'daruma',
          });
          at += length;
          break;
        }
        case 0x6d: // ESC m: the cut
          if (line) endLine();
          blocks.push({ kind: 'cut' });
          break;
        case 0x70: // ESC p: the drawer
          blocks.push({ kind: 'pulse' });
          break;
        default:
          throw new EscPosError(`ESC 0x${command.toString(16)} at ${at - 2} is not ESC/Daruma the app sends`);
      }
    } else character(b);
  }

  function step(): void {
    const b = bytes[at++]!;
    if (b === 0x0a) endLine();
    else if (b === 0x0d) return;
    else if (b === 0x1b) {
      const command = byte('ESC');
      switch (command) {
        case 0x40: // ESC @
          codePage = resetCodePage;
          bold = false;
          size = 1;
          align = 'left';
          break;
        case 0x74: // ESC t n
          codePage = byte('ESC t');
          if (codePage !== 0 && !UPPER_HALF[codePage])
            throw new EscPosError(`ESC t ${codePage}: no such code page here`);
          break;
        case 0x4d: // ESC M n: font
        case 0x33: // ESC 3 n: line spacing (images are sent without gaps between bands)
          byte(command === 0x4d ? 'ESC M' : 'ESC 3');
          break;
        case 0x32: // ESC 2: default line spacing
          break;
        case 0x45: // ESC E n: bold
          bold = (byte('ESC E') & 1) === 1;
          break;
        case 0x61: {
          // ESC a n
          const n = byte('ESC a') % 48;
          align = n === 1 ? 'center' : n === 2 ? 'right' : 'left';
          break;
        }
        case 0x64: // ESC d n: feed n lines
          for (let count = byte('ESC d'); count > 0; count--) endLine();
          break;
        case 0x70: // ESC p m t1 t2: drawer
          need(3, 'ESC p');
          at += 3;
          blocks.push({ kind: 'pulse' });
          break;
        case 0x76: // ESC v n: Bematech's drawer
          byte('ESC v');
          blocks.push({ kind: 'pulse' });
          break;
        case 0x6d: // ESC m: partial cut (the older command, Bematech's)
        case 0x69: // ESC i: full cut
          if (line) endLine();
          blocks.push({ kind: 'cut' });
          break;
        default:
          throw new EscPosError(`ESC 0x${command.toString(16)} at ${at - 2} is not a command the profiles send`);
      }
    } else if (b === 0x1c) {
      const command = byte('FS');
      if (command !== 0x2e) throw new EscPosError(`FS 0x${command.toString(16)} is not a command the profiles send`);
    } else if (b === 0x1d) {
      const command = byte('GS');
      if (command === 0x21) {
        // GS ! n: character size
        const n = byte('GS !');
        size = Math.max((n >> 4) + 1, (n & 0x0f) + 1);
      } else if (command === 0x56) {
        // GS V m [n]
        const m = byte('GS V');
        if (m === 65 || m === 66) byte('GS V n');
        else if (![0, 1, 48, 49].includes(m)) throw new EscPosError(`GS V ${m} is no cut`);
        if (line) endLine();
        blocks.push({ kind: 'cut' });
      } else if (command === 0x28) {
        // GS ( k pL pH cn fn [parameters]
        need(3, 'GS (');
        if (bytes[at] !== 0x6b)
          throw new EscPosError(`GS ( 0x${bytes[at]!.toString(16)} is not a command the profiles send`);
        const length = bytes[at + 1]! + bytes[at + 2]! * 256;
        at += 3;
        need(length, 'GS ( k');
        const body = bytes.subarray(at, at + length);
        at += length;
        if (body[0] !== 0x31) throw new EscPosError(`GS ( k for symbol ${body[0]} (only QR, 49, is sent)`);
        const fn = body[1];
        if (fn === 0x50) qrStored = Buffer.from(body.subarray(3)).toString('latin1');
        else if (fn === 0x51) {
          if (qrStored === null) throw new EscPosError('GS ( k prints a QR code that was never stored');
          if (line) endLine();
          blocks.push({ kind: 'qr', payload: qrStored, via: 'gs-k' });
        } else if (![0x41, 0x43, 0x45].includes(fn!)) throw new EscPosError(`GS ( k function ${fn} is not sent`);
      } else if (command === 0x6b) {
        // GS k Q: Bematech's QR
        const kind = byte('GS k');
        if (kind !== 0x51) throw new EscPosError(`GS k ${kind}: only Bematech's QR (Q) is sent`);
        need(6, 'GS k Q');
        const length = bytes[at + 4]! + bytes[at + 5]! * 256;
        at += 6;
        need(length, 'GS k Q data');
        if (line) endLine();
        blocks.push({
          kind: 'qr',
          payload: Buffer.from(bytes.subarray(at, at + length)).toString('latin1'),
          via: 'bematech',
        });
        at += length;
      } else if (command === 0x76) {
        // GS v 0 m xL xH yL yH d…: a raster image
        need(6, 'GS v 0');
        if (bytes[at] !== 0x30) throw new EscPosError('GS v without 0');
        const widthBytes = bytes[at + 2]! + bytes[at + 3]! * 256;
        const height = bytes[at + 4]! + bytes[at + 5]! * 256;
        at += 6;
        need(widthBytes * height, 'GS v 0 data');
        const dots = new Uint8Array(widthBytes * 8 * height);
        for (let y = 0; y < height; y++)
          for (let x = 0; x < widthBytes * 8; x++)
            dots[y * widthBytes * 8 + x] = (bytes[at + y * widthBytes + (x >> 3)]! >> (7 - (x & 7))) & 1;
        at += widthBytes * height;
        if (line) endLine();
        const previous = blocks.at(-1);
        // An image sent in bands is one picture on paper.
        if (previous?.kind === 'image' && previous.width === widthBytes * 8) {
          const joined = new Uint8Array(previous.dots.length + dots.length);
          joined.set(previous.dots);
          joined.set(dots, previous.dots.length);
          blocks[blocks.length - 1] = {
            kind: 'image',
            width: previous.width,
            height: previous.height + height,
            dots: joined,
          };
        } else blocks.push({ kind: 'image', width: widthBytes * 8, height, dots });
      } else if (command === 0x72) statusRequests.push({ command: 'gs-r', n: byte('GS r') });
      else throw new EscPosError(`GS 0x${command.toString(16)} at ${at - 2} is not a command the profiles send`);
    } else if (b === 0x10) {
      // DLE EOT n: real-time status
      if (byte('DLE') !== 0x04) throw new EscPosError('DLE without EOT');
      statusRequests.push({ command: 'dle-eot', n: byte('DLE EOT') });
    } else character(b);
  }
}

/** The QR code drawn in a raster image, read back as a phone would; null when none reads. */
export function qrInImage(image: PrintedImage): string | null {
  const rgba = new Uint8ClampedArray(image.width * image.height * 4);
  for (let i = 0; i < image.dots.length; i++) {
    const value = image.dots[i] ? 0 : 255;
    rgba[i * 4] = rgba[i * 4 + 1] = rgba[i * 4 + 2] = value;
    rgba[i * 4 + 3] = 255;
  }
  return jsQR(rgba, image.width, image.height)?.data ?? null;
}

/** A decoded stream's sheets: what lies between cuts, each ending with its cut. */
export function sheetsOf(blocks: readonly PrintedBlock[]): PrintedBlock[][] {
  const sheets: PrintedBlock[][] = [];
  let current: PrintedBlock[] = [];
  for (const block of blocks) {
    current.push(block);
    if (block.kind === 'cut') {
      sheets.push(current);
      current = [];
    }
  }
  if (current.some((block) => block.kind !== 'text' || block.text !== '')) sheets.push(current);
  return sheets;
}

/** A sheet's text as printed, one line per line, with each QR's payload as "[QR payload]". */
export function sheetText(sheet: readonly PrintedBlock[]): string {
  return sheet
    .map((block) =>
      block.kind === 'text'
        ? block.text
        : block.kind === 'qr'
          ? `[QR ${block.payload}]`
          : block.kind === 'image'
            ? `[QR ${qrInImage(block) ?? '(image)'}]`
            : `[${block.kind}]`,
    )
    .join('\n');
}
