// The counter's "today" is a São Paulo day (src/shared/sao-paulo-time.ts). What is left here is
// the one thing the counter adds: listCharges takes `end` inclusive, so the day's range ends on
// its last millisecond rather than at the next day's first.
import { saoPauloDate, saoPauloDayBounds } from '../../shared/sao-paulo-time';

export { saoPauloDate };

/** `{ start, end }` as ISO instants, both inclusive, as listCharges' filters take them. */
export function saoPauloDayRange(day: string): { start: string; end: string } {
  const { start, end } = saoPauloDayBounds(day);
  return { start, end: new Date(Date.parse(end) - 1).toISOString() };
}
