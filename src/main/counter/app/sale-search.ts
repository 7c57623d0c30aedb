// The history screen's search box: one text that may be part of a correlationID or an amount
// ("12,34", "12.34", "R$ 1.234,56", or whole reais "1500"), read by src/shared/counter/amount-search.ts
// exactly as the screen reads it to say what it is looking for.
import { parseAmountSearch } from '#shared/counter/amount-search';
import type { Sale } from '#shared/counter/counter-api';

export { parseAmountSearch };

/** A predicate over sales; an empty search keeps everything. */
export function saleMatcher(search: string | undefined): (sale: Sale) => boolean {
  const text = search?.trim() ?? '';
  if (!text) return () => true;
  const needle = text.toLowerCase();
  const cents = parseAmountSearch(text);
  return (sale) => sale.correlationID.toLowerCase().includes(needle) || (cents !== null && sale.value === cents);
}
