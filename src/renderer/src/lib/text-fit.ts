// Big amounts (R$ 99.999,99 and up) must never be cut at a 1024 px counter screen. The font the
// cashier's system draws them with is not known in advance, so the fit is measured in the page
// (app/use-shrink-to-fit.ts) and computed here, pure, so the rule is tested in Node.

/** Below this the amount is no longer readable across the counter: it stops shrinking. */
export const MIN_FIT_FONT_PX = 18;

/**
 * The font size that makes text `needed` px wide at `fontPx` fit `available` px, or null when it
 * already fits. Rounded down (and a hair under) so rounding in layout cannot cut the last digit.
 */
export function fittedFontSize(fontPx: number, needed: number, available: number): number | null {
  if (!(fontPx > 0) || !(available > 0) || needed <= available) return null;
  return Math.max(MIN_FIT_FONT_PX, Math.floor(fontPx * (available / needed) * 0.98));
}

/** The longest text among amounts (in characters): the history's amount column is sized for it. */
export function widestText(texts: readonly string[], fallback: string): string {
  return texts.reduce((widest, text) => (text.length > widest.length ? text : widest), fallback);
}
