// Times are shown in the shop's zone (São Paulo), whatever the machine's clock zone says.
import { saoPauloDate, saoPauloFormatter } from '#shared/lib/sao-paulo-time';

/** "14:05" */
export function formatTime(iso: string | undefined, locale: string): string {
  if (!iso) return '';
  const date = new Date(iso);
  if (Number.isNaN(date.getTime())) return '';
  return saoPauloFormatter(locale, { hour: '2-digit', minute: '2-digit', hourCycle: 'h23' }).format(date);
}

/** "22/11/2025" (pt-BR) or "11/22/2025" (en). */
export function formatDate(date: Date, locale: string): string {
  return saoPauloFormatter(locale, { day: '2-digit', month: '2-digit', year: 'numeric' }).format(date);
}

/**
 * "14:05" on `today` (a São Paulo day, YYYY-MM-DD), "14:05 · 22/11/2026" on any other day: a past
 * day's or a range's sale names its day, today's stays short.
 */
export function formatMoment(iso: string | undefined, locale: string, today: string | null): string {
  const time = formatTime(iso, locale);
  if (!time || !iso) return time;
  const date = new Date(iso);
  return today !== null && saoPauloDate(date) === today ? time : `${time} · ${formatDate(date, locale)}`;
}
