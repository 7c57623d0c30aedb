// A São Paulo calendar day as the instants it spans, for listing "today's" charges whatever
// the machine's own time zone is.
import { SAO_PAULO_TIME_ZONE, saoPauloDate } from '../engine/money/calendar';

export { saoPauloDate };

const offsetFormatter = new Intl.DateTimeFormat('en-US', { timeZone: SAO_PAULO_TIME_ZONE, timeZoneName: 'longOffset' });

/** São Paulo's UTC offset at an instant, in minutes (−180 today; DST years differ). */
function offsetMinutes(instant: number): number {
  const name = offsetFormatter.formatToParts(instant).find((part) => part.type === 'timeZoneName')?.value ?? 'GMT';
  const match = /GMT([+-])(\d{2}):?(\d{2})?/.exec(name);
  if (!match) return 0;
  const minutes = Number(match[2]) * 60 + Number(match[3] ?? 0);
  return match[1] === '-' ? -minutes : minutes;
}

/** The first instant of a São Paulo day. */
function startOfDay(day: string): number {
  const [year, month, date] = day.split('-').map(Number);
  const localMidnightAsUtc = Date.UTC(year, month - 1, date);
  // Two passes settle days where the offset changes around midnight (old DST transitions).
  let instant = localMidnightAsUtc - offsetMinutes(localMidnightAsUtc) * 60_000;
  instant = localMidnightAsUtc - offsetMinutes(instant) * 60_000;
  return instant;
}

/** `{ start, end }` as ISO instants, both inclusive, as listCharges' filters take them. */
export function saoPauloDayRange(day: string): { start: string; end: string } {
  const [year, month, date] = day.split('-').map(Number);
  const next = new Date(Date.UTC(year, month - 1, date + 1)).toISOString().slice(0, 10);
  return { start: new Date(startOfDay(day)).toISOString(), end: new Date(startOfDay(next) - 1).toISOString() };
}
