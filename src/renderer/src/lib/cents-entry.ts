// Cash-register style amount entry: every digit shifts the amount left, so typing 1, 2, 3, 4
// reads R$ 0,01 → 0,12 → 1,23 → 12,34. Cashiers never type a decimal separator.
// Pure and DOM-free so the sale and refund inputs share it and tests run in Node.

import { MAX_CHARGE_CENTS } from '#shared/counter/large-sale';

/** The largest charge the service accepts (counter-schemas `cents`). */
export const MAX_CENTS = MAX_CHARGE_CENTS;

export interface CentsEntry {
  cents: number;
  /**
   * True while the field still shows a value the cashier did not type (a refund's default):
   * the first digit then replaces it instead of appending, like a pre-selected field.
   */
  pristine: boolean;
}

export type CentsEntryAction =
  | { type: 'digit'; digit: string }
  | { type: 'backspace' }
  | { type: 'clear' }
  | { type: 'set'; cents: number; pristine?: boolean }
  | { type: 'text'; text: string };

export const emptyEntry: CentsEntry = { cents: 0, pristine: false };

export function presetEntry(cents: number): CentsEntry {
  return { cents: clampCents(cents), pristine: true };
}

export function centsEntryReducer(state: CentsEntry, action: CentsEntryAction): CentsEntry {
  switch (action.type) {
    case 'digit': {
      if (!/^\d{1,2}$/.test(action.digit)) return state;
      const base = state.pristine ? 0 : state.cents;
      const next = Number(`${base}${action.digit}`);
      // A digit that would overflow is ignored rather than wrapping or truncating.
      if (next > MAX_CENTS) return state.pristine ? { cents: base, pristine: false } : state;
      return { cents: next, pristine: false };
    }
    case 'backspace':
      return { cents: Math.floor(state.cents / 10), pristine: false };
    case 'clear':
      return emptyEntry;
    case 'set':
      return { cents: clampCents(action.cents), pristine: action.pristine ?? false };
    case 'text':
      return { cents: centsFromText(action.text), pristine: false };
  }
}

/**
 * Paste, autofill and IME give whole strings: keep only the digits, read them as cents.
 * "R$ 12,34" → 1234, "12.3" → 123. Too many digits saturate at MAX_CENTS.
 */
export function centsFromText(text: string): number {
  const digits = text.replace(/\D/g, '').replace(/^0+/, '');
  if (digits === '') return 0;
  if (digits.length > String(MAX_CENTS).length) return MAX_CENTS;
  return clampCents(Number(digits));
}

function clampCents(cents: number): number {
  if (!Number.isFinite(cents) || cents < 0) return 0;
  return Math.min(Math.trunc(cents), MAX_CENTS);
}
