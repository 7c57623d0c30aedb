// Calendar days without a time zone: a day is the text `YYYY-MM-DD` (`CalendarDay`), which sorts
// and compares correctly as a plain string. Arithmetic runs on a UTC-midnight epoch, so the
// process time zone (TZ) never leaks in. Which day an instant falls on is a question for a zone:
// see sao-paulo-time.ts. Pure, Intl-free and Node-free: every process imports it.

/** A calendar day as `YYYY-MM-DD`. */
export type CalendarDay = string;

const MS_PER_DAY = 86_400_000;
const DAY_PATTERN = /^(\d{4})-(\d{2})-(\d{2})$/;

/** True when `text` is a real calendar day written `YYYY-MM-DD` ("2026-02-30" is not). */
export function isCalendarDay(text: string): boolean {
  return dayToEpochDay(text, false) !== null;
}

/** `day` moved by `n` calendar days (n may be negative): addDays("2026-12-31", 1) -> "2027-01-01". */
export function addDays(day: CalendarDay, n: number): CalendarDay {
  if (!Number.isSafeInteger(n)) throw new RangeError(`addDays: n must be an integer (got ${n})`);
  return epochDayToDay(epochDayOf(day) + n);
}

/** Signed number of calendar days from `a` to `b`: daysBetween("2026-12-06", "2026-12-10") -> 4, and -4 the other way. */
export function daysBetween(a: CalendarDay, b: CalendarDay): number {
  return epochDayOf(b) - epochDayOf(a);
}

/** 0 = Sunday … 6 = Saturday. */
export function dayOfWeek(day: CalendarDay): number {
  return weekdayOfEpochDay(epochDayOf(day));
}

/** Days since 1970-01-01 (negative before it); throws a RangeError for anything but a real `YYYY-MM-DD`. */
export function epochDayOf(day: CalendarDay): number {
  return dayToEpochDay(day, true) as number;
}

/** 0 = Sunday … 6 = Saturday, of a day counted from 1970-01-01 (a Thursday). */
export function weekdayOfEpochDay(epochDay: number): number {
  return (((epochDay + 4) % 7) + 7) % 7;
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
