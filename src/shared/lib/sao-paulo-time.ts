// The shop's calendar: Balcão's days, receipts and lists are São Paulo's, whatever time zone the
// machine (or the browser) runs in. This is the one place that turns instants into São Paulo
// wall-clock time and back. Intl only (with the zone's history from the runtime's tz data), no
// Node API, so the engine, the counter's main process and the renderer all import it.
//
// São Paulo has kept UTC−3 all year since 2019, but nothing here assumes a fixed offset: old
// records fall in the daylight-saving years (UTC−2, clocks jumping at local midnight), and
// should DST come back, updated tz data is all it takes.

import { addDays, epochDayOf, type CalendarDay } from './calendar-day';

export const SAO_PAULO_TIME_ZONE = 'America/Sao_Paulo';

const formatters = new Map<string, Intl.DateTimeFormat>();

/**
 * An Intl formatter that shows São Paulo's wall clock, made once per locale and options
 * (creating one costs far more than formatting with it).
 */
export function saoPauloFormatter(locale: string, options: Intl.DateTimeFormatOptions): Intl.DateTimeFormat {
  const key = `${locale}|${JSON.stringify(options)}`;
  let formatter = formatters.get(key);
  if (!formatter) {
    formatter = new Intl.DateTimeFormat(locale, { ...options, timeZone: SAO_PAULO_TIME_ZONE });
    formatters.set(key, formatter);
  }
  return formatter;
}

/** São Paulo's wall clock at an instant, as zero-padded digits ("2026", "03", "09", "00", …). */
export interface SaoPauloClock {
  year: string;
  month: string;
  day: string;
  hour: string;
  minute: string;
  second: string;
}

const CLOCK_OPTIONS: Intl.DateTimeFormatOptions = {
  // With the era, so the year before 1 AD (1 BC) reads as year 0, as ISO 8601 counts it.
  era: 'short',
  year: 'numeric',
  month: '2-digit',
  day: '2-digit',
  hour: '2-digit',
  minute: '2-digit',
  second: '2-digit',
  // h23, not hour12: false, which some engines print as "24" at midnight.
  hourCycle: 'h23',
};

/** The wall clock in São Paulo at `instant` (a Date or epoch milliseconds). */
export function saoPauloClock(instant: Date | number): SaoPauloClock {
  const at = typeof instant === 'number' ? new Date(instant) : instant;
  if (!(at instanceof Date) || Number.isNaN(at.getTime())) throw new RangeError('saoPauloClock: invalid instant');
  const parts: Record<string, string> = {};
  for (const part of saoPauloFormatter('en-US', CLOCK_OPTIONS).formatToParts(at)) parts[part.type] = part.value;
  const year = parts.era === 'BC' ? 1 - Number(parts.year) : Number(parts.year);
  return {
    year: String(year).padStart(4, '0'),
    // CLOCK_OPTIONS asks for each of these parts, so formatToParts always gives them.
    month: parts.month!,
    day: parts.day!,
    hour: parts.hour!,
    minute: parts.minute!,
    second: parts.second!,
  };
}

/** The São Paulo calendar day of an instant: 2026-12-11T02:30:00Z (23:30 on the 10th, UTC−3) -> "2026-12-10". */
export function saoPauloDate(instant: Date): CalendarDay {
  if (!(instant instanceof Date) || Number.isNaN(instant.getTime())) throw new RangeError('saoPauloDate: invalid Date');
  const { year, month, day } = saoPauloClock(instant);
  return `${year}-${month}-${day}`;
}

/** São Paulo's offset from UTC at an instant, in minutes: −180 today, −120 in the old summers. */
export function saoPauloOffsetMinutes(instant: Date | number): number {
  return Math.round(offsetSeconds(typeof instant === 'number' ? instant : instant.getTime()) / 60);
}

/**
 * The instant at which São Paulo's clocks show `time` ("HH:MM" or "HH:MM:SS") on `day`. A time
 * the clocks skipped (the old DST starts, at midnight) is read with the offset before the jump,
 * so it lands just after it, as Temporal's "compatible" rule does; a time shown twice (the old
 * DST ends) is its first occurrence.
 */
export function saoPauloInstant(day: CalendarDay, time = '00:00'): Date {
  const match = /^(\d{2}):(\d{2})(?::(\d{2}))?$/.exec(time);
  if (!match || Number(match[1]) > 23 || Number(match[2]) > 59 || Number(match[3] ?? 0) > 59) {
    throw new RangeError(`not a time of day (HH:MM or HH:MM:SS): ${time}`);
  }
  epochDayOf(day); // validates the day: it has its three parts
  const [year, month, date] = day.split('-') as [string, string, string];
  const asUtc = wallClockAsUtc({
    year,
    month,
    day: date,
    hour: match[1]!,
    minute: match[2]!,
    second: match[3] ?? '00',
  });
  // Any transition near this day lies within these 14 hours either side; try both offsets.
  const before = offsetSeconds(asUtc - 14 * 3_600_000);
  const after = offsetSeconds(asUtc + 14 * 3_600_000);
  for (const offset of [before, after]) {
    const candidate = asUtc - offset * 1000;
    if (offsetSeconds(candidate) === offset) return new Date(candidate);
  }
  return new Date(asUtc - before * 1000);
}

/**
 * The instants a São Paulo calendar day spans, as ISO UTC texts: from its first instant
 * (`start`, included) to the next day's (`end`, excluded). 23 or 25 hours on the old DST days.
 */
export function saoPauloDayBounds(day: CalendarDay): { start: string; end: string } {
  return { start: saoPauloInstant(day).toISOString(), end: saoPauloInstant(addDays(day, 1)).toISOString() };
}

const SECONDS_PER_DAY = 86_400;

/**
 * The offset in whole seconds (before 1914 São Paulo kept its local mean time, −3:06:28). Read from
 * the time of day alone, the difference is folded into (−12 h, +12 h], so no date arithmetic near
 * year boundaries or eras can throw it off.
 */
function offsetSeconds(epochMs: number): number {
  const wholeSecond = Math.floor(epochMs / 1000) * 1000;
  const clock = saoPauloClock(wholeSecond);
  const wall = Number(clock.hour) * 3600 + Number(clock.minute) * 60 + Number(clock.second);
  const utc = (((wholeSecond / 1000) % SECONDS_PER_DAY) + SECONDS_PER_DAY) % SECONDS_PER_DAY;
  let offset = (wall - utc) % SECONDS_PER_DAY;
  if (offset > SECONDS_PER_DAY / 2) offset -= SECONDS_PER_DAY;
  if (offset <= -SECONDS_PER_DAY / 2) offset += SECONDS_PER_DAY;
  return offset;
}

/** The clock's reading taken as if it were UTC, in epoch milliseconds (years 0–99 too). */
function wallClockAsUtc(clock: SaoPauloClock): number {
  const at = new Date(0);
  at.setUTCFullYear(Number(clock.year), Number(clock.month) - 1, Number(clock.day));
  at.setUTCHours(Number(clock.hour), Number(clock.minute), Number(clock.second), 0);
  return at.getTime();
}
