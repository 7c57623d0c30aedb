// Times are shown in the shop's zone (São Paulo), whatever the machine's clock zone says.
const SHOP_TIME_ZONE = 'America/Sao_Paulo';

const timeFormatters = new Map<string, Intl.DateTimeFormat>();
const dateFormatters = new Map<string, Intl.DateTimeFormat>();

function cached(map: Map<string, Intl.DateTimeFormat>, locale: string, options: Intl.DateTimeFormatOptions) {
  let formatter = map.get(locale);
  if (!formatter) {
    formatter = new Intl.DateTimeFormat(locale, { ...options, timeZone: SHOP_TIME_ZONE });
    map.set(locale, formatter);
  }
  return formatter;
}

/** "14:05" */
export function formatTime(iso: string | undefined, locale: string): string {
  if (!iso) return '';
  const date = new Date(iso);
  if (Number.isNaN(date.getTime())) return '';
  return cached(timeFormatters, locale, { hour: '2-digit', minute: '2-digit', hour12: false }).format(date);
}

/** "22/11/2025" (pt-BR) or "11/22/2025" (en). */
export function formatDate(date: Date, locale: string): string {
  return cached(dateFormatters, locale, { day: '2-digit', month: '2-digit', year: 'numeric' }).format(date);
}
