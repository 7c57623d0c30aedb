// The caps of offline selling (issue 10), as Square's and Clover's offline modes have them: the
// largest single sale, the most unconfirmed money, and the age of the oldest unconfirmed sale.
// Pure: the counter hands in what its store says; a refusal says why and how much room is left.
import { formatBRL } from '../../shared/money';
import type { OfflineSalesSettings } from '../../shared/pos-api';

export interface UnconfirmedOffline {
  count: number;
  /** Cents. */
  value: number;
  /** ISO time of the oldest unconfirmed offline sale, when there is one. */
  oldestCreatedAt?: string;
}

export const DEFAULT_OFFLINE_SALES: OfflineSalesSettings = {
  enabled: true,
  maxSaleValue: 50_000, // R$ 500,00
  maxUnconfirmedTotal: 200_000, // R$ 2.000,00
  maxAgeMinutes: 24 * 60,
};

/** Null when a new offline sale of `value` cents fits; otherwise the reason, in the cashier's words (it follows a colon). */
export function offlineCapRefusal(
  caps: OfflineSalesSettings,
  unconfirmed: UnconfirmedOffline,
  value: number,
  now: Date,
): string | null {
  if (value > caps.maxSaleValue) {
    return `venda offline acima do limite de ${formatBRL(caps.maxSaleValue)} por venda.`;
  }
  const room = caps.maxUnconfirmedTotal - unconfirmed.value;
  if (value > room) {
    return (
      `limite de vendas offline sem confirmação: ${formatBRL(caps.maxUnconfirmedTotal)}. ` +
      `Restam ${formatBRL(Math.max(0, room))} (${unconfirmed.count} ${unconfirmed.count === 1 ? 'venda aguarda' : 'vendas aguardam'} confirmação).`
    );
  }
  if (unconfirmed.oldestCreatedAt !== undefined) {
    const ageMs = now.getTime() - Date.parse(unconfirmed.oldestCreatedAt);
    if (ageMs > caps.maxAgeMinutes * 60_000) {
      return (
        `a venda offline mais antiga sem confirmação passou de ${describeMinutes(caps.maxAgeMinutes)}. ` +
        'Conecte o Balcão ao serviço Pix para confirmar as vendas offline antes de vender offline de novo.'
      );
    }
  }
  return null;
}

function describeMinutes(minutes: number): string {
  if (minutes % 60 === 0) return `${minutes / 60} h`;
  return `${minutes} min`;
}
