// What goes on a roll of thermal paper, before any printer's command set: lines of text already
// fitted to the printer's columns, a QR code, a rule, feeds, the cut, a drawer pulse. A receipt,
// a refund slip or a report is laid out into this once (receipt-paper.ts); each printer profile
// then writes it in its own bytes (escpos-encode.ts).

export type PaperAlign = 'left' | 'center' | 'right';

export type PaperBlock =
  /** One printed line: at most `columns / size` characters of the profile's code page. */
  | { kind: 'text'; text: string; bold?: boolean; size?: 1 | 2; align?: PaperAlign }
  /** A label at the left and its value at the right of one line (both fit, with a space between). */
  | { kind: 'pair'; left: string; right: string; bold?: boolean }
  | { kind: 'rule' }
  /** A QR code of this text, centred. */
  | { kind: 'qr'; payload: string }
  | { kind: 'feed'; lines: number }
  | { kind: 'cut' }
  /** The cash drawer's kick (ESC p or the profile's own). */
  | { kind: 'pulse' };

export interface PaperDocument {
  /** The characters per line at normal size this document was laid out for. */
  columns: number;
  blocks: PaperBlock[];
}

/** A QR code's module in printer dots: 6 on 80 mm (about 0.75 mm at 203 dpi), 5 on 58 mm. */
export function qrModuleDots(columns: number): number {
  return columns >= 42 ? 6 : 5;
}

/**
 * Words wrapped to `width` characters: lines break between words, and a word longer than a line
 * (an end-to-end id, a long name without spaces) is cut across lines rather than spilled.
 */
export function wrapWords(text: string, width: number): string[] {
  const lines: string[] = [];
  let current = '';
  for (const word of text.split(' ').filter((part) => part !== '')) {
    if (current !== '' && current.length + 1 + word.length <= width) {
      current += ` ${word}`;
      continue;
    }
    if (current !== '') lines.push(current);
    current = '';
    let rest = word;
    while (rest.length > width) {
      lines.push(rest.slice(0, width));
      rest = rest.slice(width);
    }
    current = rest;
  }
  if (current !== '') lines.push(current);
  return lines;
}

/** A string cut into lines of `width` characters, wherever it falls (identifiers). */
export function breakAnywhere(text: string, width: number): string[] {
  const lines: string[] = [];
  for (let at = 0; at < text.length; at += width) lines.push(text.slice(at, at + width));
  return lines.length > 0 ? lines : [''];
}
