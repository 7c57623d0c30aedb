// Why an offline sale cannot be made now (the key offline codes pay into, or a cap the owner set),
// in the cashier's language: main sends the refusal's code and figures, never its words. Said
// after a colon ("…a venda offline não é possível: <this>"). Pure: tested in Node.
import { formatBRL } from '#shared/lib/money';
import type { OfflineRefusal } from '#shared/counter/counter-api';
import type { Translate } from './translate';

export function offlineRefusalText(refusal: OfflineRefusal, t: Translate): string {
  switch (refusal.reason) {
    case 'keyUnconfirmed':
    case 'noDefaultKey':
      return t(`offlineRefusal.${refusal.reason}`);
    case 'keysRefused':
      return t('offlineRefusal.keysRefused', { serviceError: refusal.serviceError });
    case 'keyNotInAccount':
      return t('offlineRefusal.keyNotInAccount', { key: refusal.key });
    case 'saleCap':
      return t('offlineRefusal.saleCap', { maxSaleValue: formatBRL(refusal.maxSaleValue) });
    case 'totalCap':
      return t('offlineRefusal.totalCap', {
        // "1 venda aguarda", "0 vendas aguardam": singular for one alone (a plural rule would say "0 venda").
        context: refusal.unconfirmedCount === 1 ? 'single' : 'several',
        count: refusal.unconfirmedCount,
        maxUnconfirmedTotal: formatBRL(refusal.maxUnconfirmedTotal),
        room: formatBRL(refusal.room),
      });
    case 'tooOld':
      return t('offlineRefusal.tooOld', { age: ageText(refusal.maxAgeMinutes, t) });
  }
}

/** "24 h", "90 min": whole hours as hours. */
function ageText(minutes: number, t: Translate): string {
  return minutes % 60 === 0
    ? t('offlineRefusal.age.hours', { hours: minutes / 60 })
    : t('offlineRefusal.age.minutes', { minutes });
}
