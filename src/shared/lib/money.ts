// Money crosses every boundary as integer cents. These helpers are the only place
// where cents become text, so the whole app formats BRL the same way.

const brlFormatter = new Intl.NumberFormat('pt-BR', { style: 'currency', currency: 'BRL' });

export function isCents(value: unknown): value is number {
  return typeof value === 'number' && Number.isSafeInteger(value);
}

/** 123456 -> "R$ 1.234,56" (the space is a no-break space, as Intl emits it). */
export function formatBRL(cents: number): string {
  return brlFormatter.format(cents / 100);
}

/** 350 -> "3.50": the decimal form used inside BR Codes (EMV tag 54). */
export function centsToDecimalString(cents: number): string {
  const sign = cents < 0 ? '-' : '';
  const abs = Math.abs(cents);
  return `${sign}${Math.floor(abs / 100)}.${String(abs % 100).padStart(2, '0')}`;
}

/** "3.50" -> 350. Returns null when the text is not a plain decimal with at most two places. */
export function decimalStringToCents(text: string): number | null {
  const match = /^(\d+)(?:\.(\d{1,2}))?$/.exec(text);
  if (!match) return null;
  const cents = Number(match[1]) * 100 + Number((match[2] ?? '').padEnd(2, '0'));
  return Number.isSafeInteger(cents) ? cents : null;
}
