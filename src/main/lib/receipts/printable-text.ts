// The one gate between a receipt's text and the PDF. Names, comments and the shop's header
// come from payers' banks, cashiers and settings, so they may hold anything: line breaks,
// controls, bidi marks, emoji, other scripts. The layout wraps words itself, so what comes
// out is one line of WinAnsi words separated by single spaces.

import { toWinAnsi } from './winansi';

/** Text the standard fonts can measure and draw, as words for the layout to wrap. Never throws. */
export function printableText(text: string): string {
  return toWinAnsi(text)
    .replace(/[ \u00a0]{2,}/g, collapseSpaces)
    .trim();
}

/** A run that may break stays breakable; one of only no-break spaces keeps its words together. */
function collapseSpaces(run: string): string {
  return run.includes(' ') ? ' ' : '\u00a0';
}
