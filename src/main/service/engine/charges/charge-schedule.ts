import type { ChargeCreateInput } from './charge-input';
import { addDays, isCalendarDay } from '#shared/lib/calendar-day';
import { saoPauloDate, saoPauloInstant } from '#shared/lib/sao-paulo-time';
import { badRequest } from '../errors';

/** Pix API's default lifetime of an immediate charge (calendario.expiracao): one day. */
export const DEFAULT_EXPIRES_IN_SECONDS = 86_400;
/** Pix API's default validadeAposVencimento for due-date charges. */
export const DEFAULT_DAYS_AFTER_DUE_DATE = 30;
/** A boleto without a due date is due this many days after issue. */
export const DEFAULT_BOLETO_DAYS_FOR_DUE_DATE = 3;

export interface ChargeSchedule {
  expiresAt: Date;
  expiresIn: number;
  dueDate: Date | null;
  daysForDueDate: number | null;
  daysAfterDueDate: number | null;
}

/** Noon of a São Paulo day: far from both midnights, so the day never shifts in any zone. */
function noonOf(day: string): Date {
  return saoPauloInstant(day, '12:00');
}

/** The first instant after a São Paulo day ends. */
function endOf(day: string): Date {
  return saoPauloInstant(addDays(day, 1));
}

function parseDueDate(text: string): Date {
  if (!/^\d{4}-\d{2}-\d{2}$/.test(text)) return new Date(text);
  // Date.parse rolls "2026-02-30" over to March 2; a due day must be a real one, as DPP must.
  if (!isCalendarDay(text)) throw badRequest('dueDate must be a calendar day written YYYY-MM-DD, or a date-time');
  return noonOf(text);
}

/**
 * When a charge stops being payable and, for due-date charges, when it is due.
 * - DYNAMIC: `expiresIn` seconds (default one day), or `expiresDate`.
 * - OVERDUE: due on `dueDate` or `daysForDueDate` days after today; payable through the due day
 *   plus `daysAfterDueDate` days (default 30), so it expires when that São Paulo day ends.
 * - BOLETO: due on `dueDate` (default today + 3 days) and expires when the due day ends.
 */
export function scheduleCharge(input: ChargeCreateInput, now: Date): ChargeSchedule {
  if (input.type === 'DYNAMIC') {
    const expiresAt =
      input.expiresIn !== undefined || input.expiresDate === undefined
        ? new Date(now.getTime() + (input.expiresIn ?? DEFAULT_EXPIRES_IN_SECONDS) * 1000)
        : new Date(input.expiresDate);
    return {
      ...lifetime(expiresAt, now),
      dueDate: input.dueDate ? parseDueDate(input.dueDate) : null,
      daysForDueDate: null,
      daysAfterDueDate: null,
    };
  }
  const today = saoPauloDate(now);
  const daysForDueDate =
    input.daysForDueDate ??
    (input.dueDate === undefined && input.type === 'BOLETO' ? DEFAULT_BOLETO_DAYS_FOR_DUE_DATE : undefined);
  if (input.dueDate === undefined && daysForDueDate === undefined) {
    throw badRequest('dueDate or daysForDueDate is required for OVERDUE charges');
  }
  const dueDate = input.dueDate !== undefined ? parseDueDate(input.dueDate) : noonOf(addDays(today, daysForDueDate!));
  const dueDay = saoPauloDate(dueDate);
  if (dueDay < today) throw badRequest('dueDate must not be in the past');
  const daysAfterDueDate = input.type === 'OVERDUE' ? (input.daysAfterDueDate ?? DEFAULT_DAYS_AFTER_DUE_DATE) : 0;
  const expiresAt = endOf(addDays(dueDay, daysAfterDueDate));
  return {
    ...lifetime(expiresAt, now),
    dueDate,
    daysForDueDate: daysForDueDate ?? null,
    daysAfterDueDate: input.type === 'OVERDUE' ? daysAfterDueDate : null,
  };
}

function lifetime(expiresAt: Date, now: Date): { expiresAt: Date; expiresIn: number } {
  const expiresIn = Math.round((expiresAt.getTime() - now.getTime()) / 1000);
  if (expiresIn < 300) throw badRequest('the charge must stay payable for at least 5 minutes (expiresIn >= 300)');
  return { expiresAt, expiresIn };
}
