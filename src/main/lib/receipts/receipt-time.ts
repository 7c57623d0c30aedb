// Receipts print the time as a shop in Brazil sees it: America/Sao_Paulo, whatever the
// machine's own time zone.

import { saoPauloClock } from '#shared/lib/sao-paulo-time';
import type { ReceiptLocale } from './receipt-data';

const EN_MONTHS = ['Jan', 'Feb', 'Mar', 'Apr', 'May', 'Jun', 'Jul', 'Aug', 'Sep', 'Oct', 'Nov', 'Dec'];

/** An ISO 8601 text as a Date; without an offset ("2025-03-15T14:05:09") it is read as UTC. */
export function parseReceiptTime(iso: string): Date | null {
  const text = iso.trim();
  const withZone = /T\d{2}:\d{2}(:\d{2}(\.\d+)?)?$/.test(text) ? `${text}Z` : text;
  const date = new Date(withZone);
  return Number.isNaN(date.getTime()) ? null : date;
}

/**
 * pt-BR: "15/03/2025 11:05:09"; en: "15 Mar 2025, 11:05:09". Both in São Paulo time.
 * A text that is not a date comes back as given, so a receipt still prints.
 */
export function formatReceiptTime(iso: string, locale: ReceiptLocale): string {
  const date = parseReceiptTime(iso);
  if (!date) return iso;
  const { year, month, day, hour, minute, second } = saoPauloClock(date);
  const time = `${hour}:${minute}:${second}`;
  if (locale === 'en') return `${day} ${EN_MONTHS[Number(month) - 1]} ${year}, ${time}`;
  return `${day}/${month}/${year} ${time}`;
}
