// Line breaking by measured width. Pure: the caller supplies how wide a string is.

/** Width of a string in points. Must be additive: measure(a + b) === measure(a) + measure(b). */
export type Measure = (text: string) => number;

export const ELLIPSIS = '…';

/**
 * Splits text into lines no wider than maxWidth. "\n" starts a new paragraph (several
 * blank lines collapse into one, and blank lines at either end are dropped); spaces and
 * tabs separate words, a no-break space does not. A word wider than the line is broken
 * between characters, so nothing is ever clipped. Always returns at least one line.
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

/** Cuts a word into pieces no wider than maxWidth (at least one character each). */
export function breakWord(word: string, measure: Measure, maxWidth: number): string[] {
  const pieces: string[] = [];
  let piece = '';
  let width = 0;
  for (const ch of word) {
    const chWidth = measure(ch);
    if (piece !== '' && width + chWidth > maxWidth) {
      pieces.push(piece);
      piece = '';
      width = 0;
    }
    piece += ch;
    width += chWidth;
  }
  pieces.push(piece);
  return pieces;
}

/**
 * Like breakWord, but with pieces of even width: an id that needs two lines is cut in
 * half rather than leaving a lone character on the second line. Same number of lines.
 */
export function breakWordEvenly(word: string, measure: Measure, maxWidth: number): string[] {
  const greedy = breakWord(word, measure, maxWidth);
  if (greedy.length < 2) return greedy;
  const total = measure(word);
  let widest = 0;
  for (const ch of word) widest = Math.max(widest, measure(ch));
  for (let width = total / greedy.length; width < maxWidth; width += widest / 4) {
    const pieces = breakWord(word, measure, width);
    if (pieces.length <= greedy.length) return pieces;
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
