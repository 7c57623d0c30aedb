// Times are shown in the shop's zone (São Paulo), whatever the machine's clock zone says.
import { saoPauloFormatter } from '../../../shared/sao-paulo-time';

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
