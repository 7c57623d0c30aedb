// How the history search box reads what the cashier typed. The main process does the search
// (src/main/counter/app/sale-search.ts: correlationID substring, or the amount); both read amounts with
// src/shared/counter/amount-search.ts, and this tells the cashier what is being looked for
// ("buscando R$ 1.500,00 …").
import { parseAmountSearch } from '#shared/counter/amount-search';

export type SaleSearch =
  { kind: 'none' } | { kind: 'amount'; cents: number; text: string } | { kind: 'id'; text: string };

/** The bridge schema caps search at 100 characters. */
export const MAX_SEARCH_LENGTH = 100;

export function parseSaleSearch(raw: string): SaleSearch {
  const text = raw.trim().slice(0, MAX_SEARCH_LENGTH);
  if (text === '') return { kind: 'none' };
  const cents = parseAmountSearch(text);
  return cents === null ? { kind: 'id', text } : { kind: 'amount', cents, text };
}
