// Calendar days for OVERDUE (cobv) charges.
//
// Every rule about due dates, discounts, fines and interest talks about *calendar days in
// America/Sao_Paulo*, never about instants. A day is carried as the text `YYYY-MM-DD`
// (`CalendarDay`); that form sorts and compares correctly as a plain string, and day arithmetic
// on it is done on a UTC-midnight epoch, so the process time zone (TZ) never leaks in.
//
// Business days are Monday to Friday minus the *national* holidays of
// @brazilian-utils/brazilian-utils `getHolidays` (entries typed "national": the fixed-date ones of
// Lei 662/1949 and later laws, Sexta-feira Santa, and Consciência Negra from 2024). Entries typed
// "optional" (Carnaval, Corpus Christi: pontos facultativos) and "religious" (Páscoa, always a
// Sunday anyway) are NOT holidays here. State and municipal holidays are not considered: the
// payer's municipality, which the central bank's rules use for that, is unknown to this service.
// We read `getHolidays` rather than call the library's `isBusinessDay`, because the latter
// (a) counts the optional Carnaval/Corpus Christi as non-business days by default and (b) works on a
// `Date`'s local calendar day, i.e. on the process TZ; here a day is a `YYYY-MM-DD` string.
// The library covers the years 1900–2099; outside them no holiday is known and only weekends count.

import { getHolidays } from '@brazilian-utils/brazilian-utils';

/** A calendar day as `YYYY-MM-DD`. */
export type CalendarDay = string;

export const SAO_PAULO_TIME_ZONE = 'America/Sao_Paulo';

const MS_PER_DAY = 86_400_000;
const DAY_PATTERN = /^(\d{4})-(\d{2})-(\d{2})$/;

const saoPauloFormatter = new Intl.DateTimeFormat('en-US', {
  timeZone: SAO_PAULO_TIME_ZONE,
  year: 'numeric',
  month: '2-digit',
  day: '2-digit',
});

/** The São Paulo calendar day of an instant: 2026-12-11T02:30:00Z (23:30 on the 10th, UTC−3) -> "2026-12-10". */
export function saoPauloDate(instant: Date): CalendarDay {
  if (!(instant instanceof Date) || Number.isNaN(instant.getTime())) {
    throw new RangeError('saoPauloDate: invalid Date');
  }
  let year = '';
  let month = '';
  let day = '';
  for (const part of saoPauloFormatter.formatToParts(instant)) {
    if (part.type === 'year') year = part.value;
    else if (part.type === 'month') month = part.value;
    else if (part.type === 'day') day = part.value;
  }
  return `${year.padStart(4, '0')}-${month}-${day}`;
}

/** True when `text` is a real calendar day written `YYYY-MM-DD` ("2026-02-30" is not). */
export function isCalendarDay(text: string): boolean {
  return dayToEpochDay(text, false) !== null;
}

/** `day` moved by `n` calendar days (n may be negative): addDays("2026-12-31", 1) -> "2027-01-01". */
export function addDays(day: CalendarDay, n: number): CalendarDay {
  if (!Number.isSafeInteger(n)) throw new RangeError(`addDays: n must be an integer (got ${n})`);
  return epochDayToDay(toEpochDay(day) + n);
}

/** Signed number of calendar days from `a` to `b`: daysBetween("2026-12-06", "2026-12-10") -> 4, and -4 the other way. */
export function daysBetween(a: CalendarDay, b: CalendarDay): number {
  return toEpochDay(b) - toEpochDay(a);
}

/** 0 = Sunday … 6 = Saturday. */
export function dayOfWeek(day: CalendarDay): number {
  // Epoch day 0 (1970-01-01) was a Thursday (4).
  return (((toEpochDay(day) + 4) % 7) + 7) % 7;
}

/** True when `day` is a Brazilian national holiday (see the file header for which ones). */
export function isNationalHoliday(day: CalendarDay): boolean {
  toEpochDay(day); // validates
  return nationalHolidays(Number(day.slice(0, 4))).has(day);
}

/** Monday to Friday and not a national holiday. */
export function isBusinessDay(day: CalendarDay): boolean {
  const weekday = dayOfWeek(day);
  if (weekday === 0 || weekday === 6) return false;
  return !isNationalHoliday(day);
}

/**
 * Number of business days d with a < d ≤ b: `a` is excluded, `b` is included.
 * When b is before a the result is the negative of businessDaysBetween(b, a); same day -> 0.
 *
 * businessDaysBetween("2026-12-04" Fri, "2026-12-07" Mon) -> 1 (Sat, Sun skipped; Mon counted).
 * businessDaysBetween("2026-12-23" Wed, "2026-12-28" Mon) -> 3 (24 Thu, 25 Fri is Natal, 26/27 weekend, 28 Mon).
 */
export function businessDaysBetween(a: CalendarDay, b: CalendarDay): number {
  const from = toEpochDay(a);
  const to = toEpochDay(b);
  if (to < from) return 0 - businessDaysBetween(b, a); // 0 - x: never -0
  // Weekdays in (from, to]: 5 per whole week, then the leftover days one by one.
  const total = to - from;
  let count = Math.floor(total / 7) * 5;
  for (let epochDay = to - (total % 7) + 1; epochDay <= to; epochDay++) {
    const weekday = (((epochDay + 4) % 7) + 7) % 7;
    if (weekday !== 0 && weekday !== 6) count++;
  }
  // Minus the national holidays that fall on a weekday inside (a, b].
  for (let year = Number(a.slice(0, 4)); year <= Number(b.slice(0, 4)); year++) {
    for (const holiday of nationalHolidays(year)) {
      if (holiday > a && holiday <= b) {
        const weekday = dayOfWeek(holiday);
        if (weekday !== 0 && weekday !== 6) count--;
      }
    }
  }
  return count;
}

// ---------------------------------------------------------------------------------------------

function toEpochDay(day: CalendarDay): number {
  return dayToEpochDay(day, true) as number;
}

function dayToEpochDay(day: string, strict: boolean): number | null {
  const match = typeof day === 'string' ? DAY_PATTERN.exec(day) : null;
  if (match) {
    const at = new Date(0);
    // setUTCFullYear, unlike Date.UTC, does not map years 0–99 to 1900–1999.
    at.setUTCFullYear(Number(match[1]), Number(match[2]) - 1, Number(match[3]));
    if (epochDayToDay(at.getTime() / MS_PER_DAY) === day) return at.getTime() / MS_PER_DAY;
  }
  if (strict) throw new RangeError(`not a calendar day (YYYY-MM-DD): ${String(day)}`);
  return null;
}

function epochDayToDay(epochDay: number): CalendarDay {
  const at = new Date(epochDay * MS_PER_DAY);
  if (Number.isNaN(at.getTime()) || at.getUTCFullYear() < 0 || at.getUTCFullYear() > 9999) {
    throw new RangeError('calendar day out of range (years 0000–9999)');
  }
  return at.toISOString().slice(0, 10);
}

const holidaysByYear = new Map<number, ReadonlySet<CalendarDay>>();

function nationalHolidays(year: number): ReadonlySet<CalendarDay> {
  let days = holidaysByYear.get(year);
  if (!days) {
    const set = new Set<CalendarDay>();
    for (const holiday of getHolidays(year)) {
      if (holiday.type !== 'national') continue;
      // getHolidays builds each date at *local* midnight (new Date(y, m, d)), so it is read back
      // with the local getters: the round trip gives the holiday's day whatever the process TZ is.
      const d = holiday.date;
      const text = `${String(d.getFullYear()).padStart(4, '0')}-${String(d.getMonth() + 1).padStart(2, '0')}-${String(d.getDate()).padStart(2, '0')}`;
      set.add(text);
    }
    days = set;
    holidaysByYear.set(year, days);
  }
  return days;
}
