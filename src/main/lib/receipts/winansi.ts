// The PDF standard fonts (Helvetica, Courier) encode text as WinAnsi: Latin-1 plus 27
// typographic characters. pdf-lib throws on anything else, line breaks included, so every
// string goes through toWinAnsi (by way of printableText) before it is measured or drawn.
// Portuguese text passes untouched.

import { toCharacterSet } from './character-set';

const WIN_ANSI_EXTRAS = new Set(Array.from('€‚ƒ„…†‡ˆ‰Š‹ŒŽ‘’“”•–—˜™š›œžŸ', (ch) => ch.codePointAt(0) as number));

export function isWinAnsi(codePoint: number): boolean {
  return (
    (codePoint >= 0x20 && codePoint <= 0x7e) ||
    (codePoint >= 0xa0 && codePoint <= 0xff) ||
    WIN_ANSI_EXTRAS.has(codePoint)
  );
}

/**
 * One line of text the standard PDF fonts can encode (see toCharacterSet): Portuguese passes
 * untouched, the rest becomes look-alikes, loses its accents, or "?". Never throws.
 */
export function toWinAnsi(text: string): string {
  return toCharacterSet(text, isWinAnsi);
}
