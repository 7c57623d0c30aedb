// Which São Paulo days a history request covers: one day (`day`, or today), or a range (`from`
// to `to`, both inclusive). The IPC schema already checked the shapes and that from <= to; what
// is left is the counter's own limit, and the instants the store's sales_by_day index is asked
// for (one query per request, whatever its length).
import { addDays, daysBetween, isCalendarDay } from '#shared/lib/calendar-day';
import { saoPauloDate, saoPauloDayBounds } from '#shared/lib/sao-paulo-time';
import { CounterError } from '#shared/counter/counter-errors';

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
    if (!isCalendarDay(day)) throw new CounterError('INVALID_DAY', { day }, `Data inválida: ${day}`);
  }
  if (from > to) throw new CounterError('DAYS_REVERSED');
  const days = daysBetween(from, to) + 1;
  if (days > MAX_RANGE_DAYS) {
    throw new CounterError(
      'RANGE_TOO_LONG',
      { maxDays: MAX_RANGE_DAYS, days },
      `Escolha um período de até ${MAX_RANGE_DAYS} dias (o pedido tinha ${days} dias)`,
    );
  }
  return { from, to, start: saoPauloDayRange(from).start, end: saoPauloDayRange(to).end };
}

/**
 * A São Paulo day as `{ start, end }` ISO instants, both inclusive, as listCharges' filters take
 * them: the day's bounds end at the next day's first millisecond, so `end` is one before it.
 */
export function saoPauloDayRange(day: string): { start: string; end: string } {
  const { start, end } = saoPauloDayBounds(day);
  return { start, end: new Date(Date.parse(end) - 1).toISOString() };
}

/** The last day of a range that starts on `from` and is as long as allowed. */
export function longestRangeEnd(from: string): string {
  return addDays(from, MAX_RANGE_DAYS - 1);
}
