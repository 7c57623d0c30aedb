// The PDF standard fonts (Helvetica, Courier) encode text as WinAnsi: Latin-1 plus 27
// typographic characters. pdf-lib throws on anything else, line breaks included, so every
// string goes through toWinAnsi (by way of printableText) before it is measured or drawn.
// Portuguese text passes untouched.

const WIN_ANSI_EXTRAS = new Set(Array.from('€‚ƒ„…†‡ˆ‰Š‹ŒŽ‘’“”•–—˜™š›œžŸ', (ch) => ch.codePointAt(0) as number));

export function isWinAnsi(codePoint: number): boolean {
  return (
    (codePoint >= 0x20 && codePoint <= 0x7e) ||
    (codePoint >= 0xa0 && codePoint <= 0xff) ||
    WIN_ANSI_EXTRAS.has(codePoint)
  );
}

/** Look-alikes for common characters outside WinAnsi; no-break spaces stay unbreakable. */
const SUBSTITUTES: Record<string, string> = {
  '\u2010': '-', // hyphen
  '\u2011': '-', // non-breaking hyphen
  '\u2012': '-', // figure dash
  '\u2015': '—', // horizontal bar
  '\u2212': '-', // minus sign
  '\u2032': "'", // prime
  '\u2033': '"', // double prime
  '\u2044': '/', // fraction slash
  '\u2215': '/', // division slash
  '\u202f': '\u00a0', // narrow no-break space (Intl uses it in some locales)
  '\u2007': '\u00a0', // figure space
  '\u2024': '.',
  '\u2027': '·',
};

/** Emoji and their joiners, selectors and modifiers: dropped rather than printed as "?". */
const DROPPED =
  // eslint-disable-next-line no-misleading-character-class -- tested one code point at a time: no mark here combines
  /[\p{Extended_Pictographic}\p{Emoji_Modifier}\p{Regional_Indicator}\u200b-\u200d\u2060\ufe00-\ufe0f\ufeff\u20e3\u{e0020}-\u{e007f}]/u;

const COMBINING_MARKS = /\p{M}/gu;

/**
 * Characters that separate words without a glyph of their own: line and paragraph breaks
 * (a PDF text run is one line; the layout decides where lines end), tabs and the other
 * spaces. A space keeps the words on either side apart.
 */
const SEPARATOR = /[\t\n\v\f\r\u0085\p{Zs}\p{Zl}\p{Zp}]/u;

/** Controls and invisible formatting (zero-width characters, bidi marks and overrides): nothing to print. */
const INVISIBLE = /[\p{Cc}\p{Cf}]/u;

/**
 * Returns one line of text that the standard PDF fonts can encode, character by character:
 * line breaks, tabs and other spaces become a space, controls and invisible formatting
 * disappear, emoji are dropped, accented letters outside Latin-1 lose their accent
 * ("ő" -> "o"), and what is left unprintable becomes "?". Never throws.
 */
export function toWinAnsi(text: string): string {
  let out = '';
  for (const ch of text.normalize('NFC')) {
    const cp = ch.codePointAt(0) as number;
    if (ch === '\u00ad') {
      // soft hyphen: WinAnsi has it, but would paint it as a visible hyphen mid-word
    } else if (isWinAnsi(cp)) {
      out += ch;
    } else if (ch in SUBSTITUTES) {
      out += SUBSTITUTES[ch];
    } else if (SEPARATOR.test(ch)) {
      out += ' ';
    } else if (INVISIBLE.test(ch) || DROPPED.test(ch)) {
      // controls, formatting, emoji and friends
    } else {
      out += stripAccents(ch);
    }
  }
  return out;
}

function stripAccents(ch: string): string {
  const base = ch.normalize('NFD').replace(COMBINING_MARKS, '');
  if (base === '') return ''; // a lone combining mark
  for (const c of base) {
    if (!isWinAnsi(c.codePointAt(0) as number)) return '?';
  }
  return base;
}
