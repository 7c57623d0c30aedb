// Business days for OVERDUE (cobv) charges.
//
// Every rule about due dates, discounts, fines and interest talks about *calendar days in
// America/Sao_Paulo*, never about instants. A day is carried as the text `YYYY-MM-DD`
// (`CalendarDay`, with its arithmetic in src/shared/lib/calendar-day.ts); which day an instant falls
// on is src/shared/lib/sao-paulo-time.ts's `saoPauloDate`. This file adds what only the engine needs:
// which days are business days.
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
import { dayOfWeek, epochDayOf, weekdayOfEpochDay, type CalendarDay } from '#shared/lib/calendar-day';

/** True when `day` is a Brazilian national holiday (see the file header for which ones). */
export function isNationalHoliday(day: CalendarDay): boolean {
  epochDayOf(day); // validates
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
  const from = epochDayOf(a);
  const to = epochDayOf(b);
  if (to < from) return 0 - businessDaysBetween(b, a); // 0 - x: never -0
  // Weekdays in (from, to]: 5 per whole week, then the leftover days one by one.
  const total = to - from;
  let count = Math.floor(total / 7) * 5;
  for (let epochDay = to - (total % 7) + 1; epochDay <= to; epochDay++) {
    const weekday = weekdayOfEpochDay(epochDay);
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
