// How the history search box reads what the cashier typed. The main process does the search
// (src/main/app/sale-search.ts: correlationID substring, or the amount); this mirrors its amount
// rule only to tell the cashier what is being looked for ("Vendas de R$ 12,34 …").

export type SaleSearch =
  | { kind: 'none' }
  | { kind: 'amount'; cents: number; text: string }
  | { kind: 'id'; text: string };

/** The bridge schema caps search at 100 characters. */
export const MAX_SEARCH_LENGTH = 100;

export function parseSaleSearch(raw: string): SaleSearch {
  const text = raw.trim().slice(0, MAX_SEARCH_LENGTH);
  if (text === '') return { kind: 'none' };
  const cents = amountOf(text);
  return cents === null ? { kind: 'id', text } : { kind: 'amount', cents, text };
}

/** Bare digits are cents (the way amounts are typed at the counter); "12,34", "12.34" and "1.234,56" are reais. */
function amountOf(text: string): number | null {
  const plain = text.replace(/^R\$\s*/i, '');
  if (/^\d{1,11}$/.test(plain)) return Number(plain);
  const comma = /^(\d{1,3}(?:\.\d{3})+|\d{1,9}),(\d{1,2})$/.exec(plain);
  if (comma) return reais(comma[1]!.replaceAll('.', ''), comma[2]!);
  const dot = /^(\d{1,9})\.(\d{1,2})$/.exec(plain);
  if (dot) return reais(dot[1]!, dot[2]!);
  return null;
}

function reais(whole: string, fraction: string): number {
  return Number(whole) * 100 + Number(fraction.padEnd(2, '0'));
}
