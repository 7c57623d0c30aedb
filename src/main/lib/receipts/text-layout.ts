// Line breaking by measured width. Pure: the caller supplies how wide a string is.

/** Width of a string in points. Must be additive: measure(a + b) === measure(a) + measure(b). */
export type Measure = (text: string) => number;

export const ELLIPSIS = '…';

/**
 * Splits text into lines no wider than maxWidth. "\n" starts a new paragraph (several
 * blank lines collapse into one, and blank lines at either end are dropped); spaces and
 * tabs separate words, a no-break space does not. A word wider than the line is broken (see
 * breakWord), so nothing is ever clipped. Always returns at least one line.
 */
export function wrapText(text: string, measure: Measure, maxWidth: number): string[] {
  const lines: string[] = [];
  const spaceWidth = measure(' ');
  for (const paragraph of text.split('\n')) {
    const words = paragraph.split(/[ \t]+/).filter((word) => word !== '');
    if (words.length === 0) {
      if (lines.length > 0 && lines[lines.length - 1] !== '') lines.push('');
      continue;
    }
    let line = '';
    let lineWidth = 0;
    for (const word of words) {
      const wordWidth = measure(word);
      if (line !== '' && lineWidth + spaceWidth + wordWidth <= maxWidth) {
        line += ' ' + word;
        lineWidth += spaceWidth + wordWidth;
        continue;
      }
      if (line !== '') lines.push(line);
      if (wordWidth <= maxWidth) {
        line = word;
        lineWidth = wordWidth;
        continue;
      }
      const pieces = breakWord(word, measure, maxWidth);
      lines.push(...pieces.slice(0, -1));
      line = pieces[pieces.length - 1] as string;
      lineWidth = measure(line);
    }
    lines.push(line);
  }
  while (lines.length > 0 && lines[lines.length - 1] === '') lines.pop();
  return lines.length > 0 ? lines : [''];
}

// An id's own separators: breaking at one keeps its segments whole and readable. A hyphen
// starts the next line instead of ending this one: PDF text extraction (poppler's pdftotext,
// copying in viewers built on it) takes a hyphen ending a line for hyphenation and drops it,
// turning "…-1b4d-" + "4e8f-…" into a wrong id. Style guides break URLs the same way.
const BREAK_BEFORE = new Set(['-']);
const BREAK_AFTER = new Set(['/', '.']);

/**
 * Cuts a word into pieces no wider than maxWidth (at least one character each). Pieces break at
 * a separator where they can (before a '-', after a '/' or '.'), so "balcao-<uuid>" breaks
 * between segments that a person can read back and type; a piece without one is cut between
 * characters. Separators never cost paper: when breaking at them would take more lines than
 * cutting anywhere, the word is cut anywhere.
 */
export function breakWord(word: string, measure: Measure, maxWidth: number): string[] {
  const atSeparators = cutWord(word, measure, maxWidth, true);
  const anywhere = cutWord(word, measure, maxWidth, false);
  return atSeparators.length <= anywhere.length ? atSeparators : anywhere;
}

function cutWord(word: string, measure: Measure, maxWidth: number, preferSeparators: boolean): string[] {
  const chars = Array.from(word);
  const pieces: string[] = [];
  let start = 0;
  while (start < chars.length) {
    let end = start;
    let width = 0;
    let lastBreak = -1;
    let widthAtBreak = 0;
    for (; end < chars.length; end += 1) {
      const ch = chars[end] as string;
      if (preferSeparators && end > start && BREAK_BEFORE.has(ch)) {
        lastBreak = end;
        widthAtBreak = width;
      }
      const chWidth = measure(ch);
      if (end > start && width + chWidth > maxWidth) break;
      width += chWidth;
      if (preferSeparators && BREAK_AFTER.has(ch)) {
        lastBreak = end + 1;
        widthAtBreak = width;
      }
    }
    // A separator near the start of the line would leave it mostly empty: cut at the edge instead.
    if (end < chars.length && lastBreak > start && widthAtBreak >= maxWidth / 2) end = lastBreak;
    pieces.push(chars.slice(start, end).join(''));
    start = end;
  }
  return pieces.length > 0 ? pieces : [''];
}

/**
 * Like breakWord, but with pieces of even width: an id that needs two lines is cut near its
 * middle (at a separator when it has one) rather than leaving a lone character or segment on
 * the second line. Same number of lines.
 */
export function breakWordEvenly(word: string, measure: Measure, maxWidth: number): string[] {
  const greedy = breakWord(word, measure, maxWidth);
  if (greedy.length < 2) return greedy;
  const total = measure(word);
  let widest = 0;
  for (const ch of word) widest = Math.max(widest, measure(ch));
  // Narrowest even cut at separators first; cutting anywhere only when separators cannot do it.
  for (const preferSeparators of [true, false]) {
    for (let width = total / greedy.length; width < maxWidth; width += widest / 4) {
      const pieces = cutWord(word, measure, width, preferSeparators);
      if (pieces.length <= greedy.length) return pieces;
    }
  }
  return greedy;
}

/** Keeps at most maxLines lines; when some are dropped the last kept line ends in "…". */
export function limitLines(lines: string[], maxLines: number, measure: Measure, maxWidth: number): string[] {
  if (lines.length <= maxLines) return lines;
  const kept = lines.slice(0, Math.max(1, maxLines));
  let last = (kept[kept.length - 1] as string).trimEnd();
  const ellipsisWidth = measure(ELLIPSIS);
  while (last !== '' && measure(last) + ellipsisWidth > maxWidth) {
    last = Array.from(last).slice(0, -1).join('').trimEnd();
  }
  kept[kept.length - 1] = last + ELLIPSIS;
  return kept;
}
