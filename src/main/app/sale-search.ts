// The history screen's search box: one text that may be part of a correlationID or an amount
// typed the way a cashier would ("12,34", "12.34", "R$ 1.234,56" or bare cents "1234").
import type { Sale } from '../../shared/pos-api';

/** The amount in cents the text stands for, or null when it is not an amount. */
export function parseAmountSearch(text: string): number | null {
  const t = text.trim().replace(/^R\$\s*/i, '');
  if (/^\d{1,11}$/.test(t)) return Number(t);
  const comma = /^(\d{1,3}(?:\.\d{3})+|\d{1,9}),(\d{1,2})$/.exec(t);
  if (comma) return reaisToCents(comma[1].replaceAll('.', ''), comma[2]);
  const dot = /^(\d{1,9})\.(\d{1,2})$/.exec(t);
  if (dot) return reaisToCents(dot[1], dot[2]);
  return null;
}

function reaisToCents(reais: string, fraction: string): number {
  return Number(reais) * 100 + Number(fraction.padEnd(2, '0'));
}

/** A predicate over sales; an empty search keeps everything. */
export function saleMatcher(search: string | undefined): (sale: Sale) => boolean {
  const text = search?.trim() ?? '';
  if (!text) return () => true;
  const needle = text.toLowerCase();
  const cents = parseAmountSearch(text);
  return (sale) => sale.correlationID.toLowerCase().includes(needle) || (cents !== null && sale.value === cents);
}
