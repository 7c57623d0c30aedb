// Which São Paulo days a history request covers: one day (`day`, or today), or a range (`from`
// to `to`, both inclusive). The IPC schema already checked the shapes and that from <= to; what
// is left is the counter's own limit, and the instants the store's sales_by_day index is asked
// for (one query per request, whatever its length).
import { addDays, daysBetween, isCalendarDay } from '../../shared/calendar-day';
import { PosError } from './pos-error';
import { saoPauloDate, saoPauloDayRange } from './sao-paulo-day';

/**
 * A quarter (92 days: the longest three months). Longer asks are refused rather than trimmed: an
 * owner who asked for a year and silently got a quarter would trust a wrong export.
 */
export const MAX_RANGE_DAYS = 92;

export interface DaysSelection {
  day?: string;
  from?: string;
  to?: string;
}

export interface SalesRange {
  /** First day, and last day (inclusive); the same day for a single day. */
  from: string;
  to: string;
  /** The instants listCharges-style filters take: both inclusive. */
  start: string;
  end: string;
}

export function salesRange(selection: DaysSelection, now: Date): SalesRange {
  const from = selection.from ?? selection.day ?? saoPauloDate(now);
  const to = selection.to ?? from;
  for (const day of [from, to]) {
    if (!isCalendarDay(day)) throw new PosError(`Data inválida: ${day}`, 400);
  }
  if (from > to) throw new PosError('A data inicial é depois da data final', 400);
  const days = daysBetween(from, to) + 1;
  if (days > MAX_RANGE_DAYS) {
    throw new PosError(`Escolha um período de até ${MAX_RANGE_DAYS} dias (o pedido tinha ${days} dias)`, 400);
  }
  return { from, to, start: saoPauloDayRange(from).start, end: saoPauloDayRange(to).end };
}

/** The last day of a range that starts on `from` and is as long as allowed. */
export function longestRangeEnd(from: string): string {
  return addDays(from, MAX_RANGE_DAYS - 1);
}
