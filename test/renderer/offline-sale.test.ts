import { describe, expect, it } from 'vitest';
import type { OfflineReview, CounterStatus, Sale, SaleOffline, SaleStatus } from '#shared/counter/counter-api';
import {
  countdownLine,
  entryOfflineHint,
  ENDED_REMEMBERED,
  OfflineConfirmations,
  offlineStanding,
  reviewDecisions,
} from '#renderer/lib/offline-sale';

const offline = (extra: Partial<SaleOffline> = {}): SaleOffline => ({
  txid: 'BALCAO7K2M9Q4T1X8W3',
  pixKey: 'loja@example.com',
  state: 'AWAITING',
  registered: true,
  dynamicChargeWithdrawn: false,
  ...extra,
});

const review = (extra: Partial<OfflineReview> = {}): OfflineReview => ({
  reason: 'AMBIGUOUS',
  transactions: [],
  saleMatched: false,
  ...extra,
});

function sale(status: SaleStatus, extra: Partial<Sale> = {}, id = 'venda-1'): Sale {
  return {
    correlationID: id,
    value: 1234,
    status,
    brCode: '000201…',
    sync: { queued: 0 },
    expiresDate: '2025-11-22T15:15:00.000Z',
    createdAt: '2025-11-22T15:00:00.000Z',
    refunds: [],
    refundable: 0,
    ...extra,
  };
}

describe('the decisions that fit a sale under review', () => {
  it('not matched: paid or unpaid', () => {
    for (const reason of ['AMBIGUOUS', 'UNDERPAID', 'NO_PAYMENT', 'LATE'] as const) {
      expect(
        reviewDecisions(sale('OFFLINE', { offline: offline({ state: 'REVIEW', review: review({ reason }) }) })),
      ).toEqual(['paid', 'unpaid']);
    }
  });

  it('matched (money beyond its payment): only "ciente, devolver por fora"', () => {
    for (const reason of ['OVERPAID', 'DOUBLE_PAID'] as const) {
      const matched = sale('COMPLETED', {
        offline: offline({ state: 'REVIEW', review: review({ reason, saleMatched: true }) }),
      });
      expect(reviewDecisions(matched)).toEqual(['acknowledged']);
    }
  });

  it('cancelled at the counter and paid anyway: paid or acknowledged, never unpaid', () => {
    const cancelled = sale('CANCELLED', {
      offline: offline({ state: 'REVIEW', review: review({ reason: 'CANCELLED_PAID' }) }),
    });
    expect(reviewDecisions(cancelled)).toEqual(['paid', 'acknowledged']);
    expect(reviewDecisions(cancelled)).not.toContain('unpaid');
  });

  it('nothing once decided, nor for a sale not under review', () => {
    expect(
      reviewDecisions(
        sale('COMPLETED', { offline: offline({ state: 'CONFIRMED_BY_OWNER', review: review(), decision: 'paid' }) }),
      ),
    ).toEqual([]);
    expect(reviewDecisions(sale('OFFLINE', { offline: offline() }))).toEqual([]);
    expect(reviewDecisions(sale('ACTIVE'))).toEqual([]);
  });
});

describe('how an offline sale says where it stands', () => {
  it('waiting, confirmed by txid or by value, under review, or decided by the owner', () => {
    expect(offlineStanding(offline())).toBe('awaiting');
    expect(offlineStanding(offline({ state: 'CONFIRMED', matchedBy: 'txid' }))).toBe('confirmedByTxid');
    expect(offlineStanding(offline({ state: 'CONFIRMED', matchedBy: 'value' }))).toBe('confirmedByValue');
    expect(offlineStanding(offline({ state: 'REVIEW', review: review() }))).toBe('review');
    expect(offlineStanding(offline({ state: 'CONFIRMED_BY_OWNER', decision: 'paid' }))).toBe('confirmedByOwner');
    expect(offlineStanding(offline({ state: 'UNPAID_BY_OWNER', decision: 'unpaid' }))).toBe('unpaidByOwner');
    expect(offlineStanding(offline({ state: 'CONFIRMED', matchedBy: 'txid', decision: 'acknowledged' }))).toBe(
      'acknowledgedByOwner',
    );
  });
});

describe('the new-sale entry while offline', () => {
  const status: CounterStatus = {
    mode: 'remote-sandbox',
    online: false,
    connection: 'offline',
    queued: 0,
    queuedElsewhere: 0,
    merchantName: 'Padaria',
    ready: true,
    offline: {
      enabled: true,
      confirmedKey: 'loja@example.com',
      unconfirmedCount: 0,
      unconfirmedValue: 0,
      reviewCount: 0,
    },
  };

  it('says the sale gets an offline QR, or why not (it then waits in the queue)', () => {
    expect(entryOfflineHint(status)).toBe('offlineQr');
    expect(
      entryOfflineHint({
        ...status,
        offline: { ...status.offline, unavailable: { reason: 'keyUnconfirmed' } },
      }),
    ).toBe('unavailable');
    expect(entryOfflineHint({ ...status, offline: { ...status.offline, unavailable: undefined } })).toBe('offlineQr');
    expect(entryOfflineHint({ ...status, offline: { ...status.offline, enabled: false } })).toBe('queue');
  });

  it('says nothing online, syncing or before the first status', () => {
    expect(entryOfflineHint({ ...status, online: true, connection: 'online' })).toBeNull();
    expect(entryOfflineHint({ ...status, online: true, connection: 'syncing' })).toBeNull();
    expect(entryOfflineHint(null)).toBeNull();
  });
});

describe('the countdown of an offline sale', () => {
  it('counts down like any QR, then stays "aguardando confirmação" (never "Expirada")', () => {
    expect(countdownLine('OFFLINE', 90)).toBe('expiresIn');
    expect(countdownLine('OFFLINE', 0)).toBe('awaitingConfirmation');
    expect(countdownLine('ACTIVE', 1)).toBe('expiresIn');
    expect(countdownLine('ACTIVE', 0)).toBe('expiring');
  });
});

describe('announcing an offline sale the service confirmed', () => {
  const confirmed = (id = 'venda-1') =>
    sale('COMPLETED', { offline: offline({ state: 'CONFIRMED', matchedBy: 'txid' }) }, id);

  it('once, for a sale seen waiting', () => {
    const watch = new OfflineConfirmations();
    expect(watch.see(sale('OFFLINE', { offline: offline() }))).toBe(false);
    expect(
      watch.see(sale('OFFLINE', { offline: offline({ customerShowedReceiptAt: '2025-11-22T15:02:00.000Z' }) })),
    ).toBe(false);
    expect(watch.see(confirmed())).toBe(true);
    // The same confirmation pushed again, or a refund's update later: no second chime.
    expect(watch.see(confirmed())).toBe(false);
    expect(watch.see(sale('COMPLETED', { offline: offline({ state: 'CONFIRMED' }), refunds: [] }))).toBe(false);
  });

  it('by value too; two sales confirmed together are two announcements', () => {
    const watch = new OfflineConfirmations();
    watch.see(sale('OFFLINE', {}, 'a'));
    watch.see(sale('OFFLINE', {}, 'b'));
    expect(watch.see(sale('COMPLETED', { offline: offline({ state: 'CONFIRMED', matchedBy: 'value' }) }, 'a'))).toBe(
      true,
    );
    expect(watch.see(confirmed('b'))).toBe(true);
  });

  it('not for a sale never seen waiting, an ACTIVE sale paid (the screen chimes that), or the owner’s own decision', () => {
    const watch = new OfflineConfirmations();
    expect(watch.see(confirmed())).toBe(false);
    watch.see(sale('ACTIVE', {}, 'online'));
    expect(watch.see(sale('COMPLETED', {}, 'online'))).toBe(false);
    watch.see(sale('OFFLINE', {}, 'dono'));
    expect(
      watch.see(sale('COMPLETED', { offline: offline({ state: 'CONFIRMED_BY_OWNER', decision: 'paid' }) }, 'dono')),
    ).toBe(false);
  });

  it('a sale marked unpaid or cancelled ends the wait silently', () => {
    const watch = new OfflineConfirmations();
    watch.see(sale('OFFLINE', {}, 'x'));
    expect(watch.see(sale('EXPIRED', { offline: offline({ state: 'UNPAID_BY_OWNER' }) }, 'x'))).toBe(false);
    expect(watch.isWaiting('x')).toBe(false);
    watch.see(sale('OFFLINE', {}, 'y'));
    expect(watch.see(sale('CANCELLED', { offline: offline() }, 'y'))).toBe(false);
    // Paid after it was cancelled goes to the owner, not to a chime.
    expect(watch.see(sale('COMPLETED', { offline: offline({ state: 'CONFIRMED' }) }, 'y'))).toBe(false);
  });

  it('keeps the latest ended sales in mind, not the whole day: an old one is forgotten, a recent one is not', () => {
    const watch = new OfflineConfirmations();
    watch.see(sale('OFFLINE', {}, 'first'));
    watch.see(confirmed('first'));
    for (let i = 0; i < ENDED_REMEMBERED - 1; i++) watch.see(sale('COMPLETED', {}, `later-${i}`));
    // Still among the latest: a late list that says OFFLINE does not bring it back.
    watch.seeAll([sale('OFFLINE', {}, 'first')]);
    expect(watch.isWaiting('first')).toBe(false);
    // One more sale ends: the oldest is forgotten (what a day of thousands of sales costs stays flat).
    watch.see(sale('COMPLETED', {}, 'one-more'));
    watch.seeAll([sale('OFFLINE', {}, 'first')]);
    expect(watch.isWaiting('first')).toBe(true);
    watch.seeAll([sale('OFFLINE', {}, 'one-more')]);
    expect(watch.isWaiting('one-more')).toBe(false);
  });

  it('lists teach which sales wait, never announce, and never bring back a sale already settled', () => {
    const watch = new OfflineConfirmations();
    watch.seeAll([sale('OFFLINE', {}, 'h1'), sale('COMPLETED', {}, 'h2'), sale('ACTIVE', {}, 'h3')]);
    expect(watch.isWaiting('h1')).toBe(true);
    expect(watch.isWaiting('h2')).toBe(false);
    expect(watch.isWaiting('h3')).toBe(false);
    expect(watch.see(confirmed('h1'))).toBe(true);
    // A list fetched before the confirmation, answered after it: the sale stays settled.
    watch.seeAll([sale('OFFLINE', {}, 'h1')]);
    expect(watch.isWaiting('h1')).toBe(false);
    expect(watch.see(confirmed('h1'))).toBe(false);
  });

  it('a list that already says COMPLETED does not swallow the push that announces it (the push can arrive second)', () => {
    const watch = new OfflineConfirmations();
    watch.see(sale('OFFLINE', {}, 'race'));
    watch.seeAll([confirmed('race')]);
    expect(watch.see(confirmed('race'))).toBe(true);
  });
});
