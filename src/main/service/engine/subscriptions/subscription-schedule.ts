import { addDays, type CalendarDay } from '#shared/lib/calendar-day';
import { saoPauloDate, saoPauloInstant } from '#shared/lib/sao-paulo-time';

// When a subscription's charges are generated and when each one expires. Pure date arithmetic on
// São Paulo calendar days (the shop's calendar), so the tests can check it without a database.

export const FREQUENCIES = ['WEEKLY', 'MONTHLY', 'BIMONTHLY', 'QUARTERLY', 'SEMIANNUALLY', 'ANNUALLY'] as const;
export type Frequency = (typeof FREQUENCIES)[number];

const MONTHS_PER_PERIOD: Record<Exclude<Frequency, 'WEEKLY'>, number> = {
  MONTHLY: 1,
  BIMONTHLY: 2,
  QUARTERLY: 3,
  SEMIANNUALLY: 6,
  ANNUALLY: 12,
};

/** What fixes every generation date of a subscription. */
export interface SubscriptionPlan {
  frequency: Frequency;
  /** The day of the month charges are generated on (clamped to shorter months' last day). */
  dayOfMonth: number;
  /** The calendar day of the first installment; later ones count their periods from it. */
  anchorDay: CalendarDay;
  /** When the first installment's charge is generated. */
  firstGenerationAt: Date;
}

function daysInMonth(year: number, month: number): number {
  return new Date(Date.UTC(year, month, 0)).getUTCDate();
}

/** Day `dayOfMonth` of a month (1-based), or the month's last day when it is shorter (31 → Feb 28). */
function dayOfMonthIn(year: number, month: number, dayOfMonth: number): CalendarDay {
  const day = Math.min(dayOfMonth, daysInMonth(year, month));
  return `${String(year).padStart(4, '0')}-${String(month).padStart(2, '0')}-${String(day).padStart(2, '0')}`;
}

/** The month `months` after `day`'s, on `dayOfMonth` (clamped). */
function monthsLater(day: CalendarDay, months: number, dayOfMonth: number): CalendarDay {
  const index = Number(day.slice(0, 4)) * 12 + (Number(day.slice(5, 7)) - 1) + months;
  return dayOfMonthIn(Math.floor(index / 12), (index % 12) + 1, dayOfMonth);
}

/**
 * `dayGenerateCharge` as a day of the month: the first installment is generated at the start
 * (00:00 in São Paulo) of the first day from today on that falls on it; today itself counts, so
 * a subscription created on its day gets its first charge at once.
 */
export function planByDayOfMonth(frequency: Frequency, dayOfMonth: number, now: Date): SubscriptionPlan {
  const today = saoPauloDate(now);
  let anchorDay = monthsLater(today, 0, dayOfMonth);
  if (anchorDay < today) anchorDay = monthsLater(today, 1, dayOfMonth);
  return { frequency, dayOfMonth, anchorDay, firstGenerationAt: saoPauloInstant(anchorDay) };
}

/**
 * `dayGenerateCharge` as a date-time: the first installment is generated at that instant. The
 * OpenAPI file calls it a "full UTC date" whose day of the month is extracted for the recurring
 * charges, so the later periods fall on its UTC calendar day.
 */
export function planByDateTime(frequency: Frequency, firstGenerationAt: Date): SubscriptionPlan {
  const anchorDay = firstGenerationAt.toISOString().slice(0, 10);
  return { frequency, dayOfMonth: Number(anchorDay.slice(8, 10)), anchorDay, firstGenerationAt };
}

/** When installment `n` (1-based) is generated: the first at the plan's instant, the others at 00:00 of their day. */
export function generationInstant(plan: SubscriptionPlan, n: number): Date {
  if (n <= 1) return plan.firstGenerationAt;
  const periods = n - 1;
  const day =
    plan.frequency === 'WEEKLY'
      ? addDays(plan.anchorDay, 7 * periods)
      : monthsLater(plan.anchorDay, MONTHS_PER_PERIOD[plan.frequency] * periods, plan.dayOfMonth);
  return saoPauloInstant(day);
}

/**
 * An installment's charge is due `dayDue` days after the São Paulo day it is generated on, and
 * stays payable until that day ends ("days that the charge will take to expire from the
 * generation day", the OpenAPI file's dayDue).
 */
export function installmentDue(generatedAt: Date, dayDue: number): { dueDay: CalendarDay; expiresAt: Date } {
  const dueDay = addDays(saoPauloDate(generatedAt), dayDue);
  return { dueDay, expiresAt: saoPauloInstant(addDays(dueDay, 1)) };
}
