// Any text (a payer's name from their bank, a cashier's comment, the shop's header) made printable
// in a character set: the PDF's WinAnsi (winansi.ts) or a thermal printer's code page
// (paper/code-pages.ts). One line out, never a control character, never a throw.

/**
 * Look-alikes for common characters a set may lack, tried in order until one the set has: no-break
 * spaces stay unbreakable where the set has them.
 */
const SUBSTITUTES: Record<string, readonly string[]> = {
  '\u2010': ['-'], // hyphen
  '\u2011': ['-'], // non-breaking hyphen
  '\u2012': ['-'], // figure dash
  '\u2015': ['—', '-'], // horizontal bar
  '\u2212': ['-'], // minus sign
  '\u2032': ["'"], // prime
  '\u2033': ['"'], // double prime
  '\u2044': ['/'], // fraction slash
  '\u2215': ['/'], // division slash
  '\u202f': ['\u00a0', ' '], // narrow no-break space (Intl uses it in some locales)
  '\u2007': ['\u00a0', ' '], // figure space
  '\u2024': ['.'],
  '\u2027': ['·', '.'],
  // Typographic marks WinAnsi has and a printer's code page may not.
  '\u2018': ["'"],
  '\u2019': ["'"],
  '\u201a': [','],
  '\u201c': ['"'],
  '\u201d': ['"'],
  '\u201e': ['"'],
  '\u2013': ['-'],
  '\u2014': ['-'],
  '\u2026': ['...'],
  '\u2022': ['\u2219', '·', '*'],
  '\u00a0': [' '],
  '\u20ac': ['EUR'],
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
 * Returns one line of text that a character set can encode, character by character: line breaks,
 * tabs and other spaces become a space, controls and invisible formatting disappear, emoji are
 * dropped, typographic marks the set lacks become look-alikes, accented letters outside it lose
 * their accent ("ő" -> "o"), and what is left unprintable becomes "?". Never throws.
 */
export function toCharacterSet(text: string, has: (codePoint: number) => boolean): string {
  let out = '';
  for (const ch of text.normalize('NFC')) {
    const cp = ch.codePointAt(0) as number;
    const substitute = SUBSTITUTES[ch]?.find((candidate) => [...candidate].every((c) => has(c.codePointAt(0)!)));
    if (ch === '\u00ad') {
      // soft hyphen: some sets have it, but it would print as a visible hyphen mid-word
    } else if (cp >= 0x20 && has(cp)) {
      out += ch;
    } else if (substitute !== undefined) {
      out += substitute;
    } else if (SEPARATOR.test(ch)) {
      out += ' ';
    } else if (INVISIBLE.test(ch) || DROPPED.test(ch)) {
      // controls, formatting, emoji and friends
    } else {
      out += stripAccents(ch, has);
    }
  }
  return out;
}

function stripAccents(ch: string, has: (codePoint: number) => boolean): string {
  const base = ch.normalize('NFD').replace(COMBINING_MARKS, '');
  if (base === '') return ''; // a lone combining mark
  for (const c of base) {
    if (!has(c.codePointAt(0) as number)) return '?';
  }
  return base;
}
