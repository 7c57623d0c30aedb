// How clients of the real service write a whole number of cents (or of basis points) in JSON.
//
// Integrations written for the real service send money in more than one shape: a JSON integer
// (`1000`), a float with no fraction (PHP's `1000.0`, which JSON.parse already reads as 1000),
// or a string of digits (pretix: `"10000"`; its version 0.2 sent `"10000.00"`, meaning 10000
// cents). See ../shared/reference/real-clients.md. This module reads those shapes, and only those:
// anything else is reported, never guessed at ("10,00", "1e3", " 10", "+10", "", booleans).
// Bounds (at least 1 cent, at most the service's maximum) are the caller's, in validation.ts.

/** What an input says as a whole number, or why it is not one. */
export type WholeNumberReading =
  | { kind: 'whole'; value: number }
  /** A number or digit string with a fractional part: 10.5, "10.5", "10.000". */
  | { kind: 'fraction' }
  /** Whole, but past the safe integer range: no bound of the service comes near it. */
  | { kind: 'too-large' }
  /** Not a number at all: a string that is not digits, a boolean, null, an object, NaN, ±Infinity. */
  | { kind: 'not-a-number' };

export interface WholeNumberSyntax {
  /**
   * Whether a string may end in `.0` or `.00` (`"10000.00"` = 10000). True for cents, where a
   * client prints money with two decimals; false where the unit depends on another field and
   * `"2.00"` could as well mean 2 % as 2 basis points.
   */
  zeroDecimals: boolean;
}

/** Digits, then optionally a point and more digits. No sign, no spaces, no exponent, no comma. */
const DECIMAL_TEXT = /^(\d+)(?:\.(\d+))?$/;
/** The decimals a string of cents may carry: `.0` or `.00`. */
const ZERO_DECIMALS = /^0{1,2}$/;
/** Longer than this (after leading zeros) is beyond Number.MAX_SAFE_INTEGER's 16 digits. */
const MAX_SAFE_DIGITS = 15;

export function readWholeNumber(input: unknown, syntax: WholeNumberSyntax): WholeNumberReading {
  if (typeof input === 'number') return readNumber(input);
  if (typeof input === 'string') return readText(input, syntax);
  return { kind: 'not-a-number' };
}

function readNumber(input: number): WholeNumberReading {
  if (!Number.isFinite(input)) return { kind: 'not-a-number' };
  if (!Number.isInteger(input)) return { kind: 'fraction' };
  if (!Number.isSafeInteger(input)) return { kind: 'too-large' };
  // -0 (JSON `-0`) is 0: nothing downstream should tell them apart.
  return { kind: 'whole', value: input === 0 ? 0 : input };
}

function readText(input: string, syntax: WholeNumberSyntax): WholeNumberReading {
  const match = DECIMAL_TEXT.exec(input);
  if (!match) return { kind: 'not-a-number' };
  const [, digits, decimals] = match as unknown as [string, string, string | undefined];
  if (decimals !== undefined && !(syntax.zeroDecimals && ZERO_DECIMALS.test(decimals))) return { kind: 'fraction' };
  const significant = digits.replace(/^0+(?=\d)/, '');
  if (significant.length > MAX_SAFE_DIGITS) return { kind: 'too-large' };
  return { kind: 'whole', value: Number(significant) };
}
