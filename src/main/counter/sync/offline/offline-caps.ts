// The caps of offline selling (issue 10), as Square's and Clover's offline modes have them: the
// largest single sale, the most unconfirmed money, and the age of the oldest unconfirmed sale.
// Pure: the counter hands in what its store says; a refusal says which cap, with the figures the
// cashier is told (how much room is left): the renderer says it in words.
import type { OfflineCapRefusal, OfflineSalesSettings } from '#shared/counter/counter-api';

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

/** Null when a new offline sale of `value` cents fits; otherwise the cap it passes. */
export function offlineCapRefusal(
  caps: OfflineSalesSettings,
  unconfirmed: UnconfirmedOffline,
  value: number,
  now: Date,
): OfflineCapRefusal | null {
  if (value > caps.maxSaleValue) return { reason: 'saleCap', maxSaleValue: caps.maxSaleValue };
  const room = caps.maxUnconfirmedTotal - unconfirmed.value;
  if (value > room) {
    return {
      reason: 'totalCap',
      maxUnconfirmedTotal: caps.maxUnconfirmedTotal,
      room: Math.max(0, room),
      unconfirmedCount: unconfirmed.count,
    };
  }
  if (unconfirmed.oldestCreatedAt !== undefined) {
    const ageMs = now.getTime() - Date.parse(unconfirmed.oldestCreatedAt);
    if (ageMs > caps.maxAgeMinutes * 60_000) return { reason: 'tooOld', maxAgeMinutes: caps.maxAgeMinutes };
  }
  return null;
}
