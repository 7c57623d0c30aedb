import { describe, expect, it } from 'vitest';
import type { CounterStatus } from '#shared/counter/counter-api';
import { connectionOf, isOffline, statusBarItems } from '#renderer/lib/connection-status';
import { SANDBOX_SHOP_NAME } from '#shared/lib/sandbox-shop-name';

const base: CounterStatus = {
  mode: 'remote-sandbox',
  online: true,
  connection: 'online',
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

const ids = (status: CounterStatus | null) => statusBarItems(status, 'pt-BR').map((item) => item.id);

describe('the status bar', () => {
  it('online: the link, the queue with its real count (0 too), the mode and the shop', () => {
    expect(statusBarItems(base, 'pt-BR')).toEqual([
      { id: 'connection', connection: 'online' },
      { id: 'queued', count: 0 },
      { id: 'mode', mode: 'remote-sandbox' },
      { id: 'merchant', name: 'Padaria' },
    ]);
  });

  it('offline says since when, in São Paulo time whatever the machine zone', () => {
    // 17:05 UTC is 14:05 in São Paulo (UTC−3, no daylight saving since 2019).
    const offline: CounterStatus = {
      ...base,
      online: false,
      connection: 'offline',
      offlineSince: '2025-11-22T17:05:41.000Z',
      queued: 3,
    };
    expect(statusBarItems(offline, 'pt-BR').slice(0, 2)).toEqual([
      { id: 'connection', connection: 'offline', since: '14:05' },
      { id: 'queued', count: 3 },
    ]);
    expect(statusBarItems(offline, 'en')[0]).toEqual({ id: 'connection', connection: 'offline', since: '14:05' });
    // Without a time (or an unreadable one) it just says offline.
    expect(statusBarItems({ ...offline, offlineSince: undefined }, 'pt-BR')[0]).toEqual({
      id: 'connection',
      connection: 'offline',
    });
    expect(statusBarItems({ ...offline, offlineSince: 'ontem' }, 'pt-BR')[0]).toEqual({
      id: 'connection',
      connection: 'offline',
    });
    // A stale offlineSince on an online status is not shown.
    expect(statusBarItems({ ...base, offlineSince: '2025-11-22T17:05:41.000Z' }, 'pt-BR')[0]).toEqual({
      id: 'connection',
      connection: 'online',
    });
  });

  it('syncing is its own state', () => {
    expect(statusBarItems({ ...base, connection: 'syncing', queued: 5 }, 'pt-BR').slice(0, 2)).toEqual([
      { id: 'connection', connection: 'syncing' },
      { id: 'queued', count: 5 },
    ]);
  });

  it('the other service’s queue shows only when it holds something', () => {
    expect(ids({ ...base, queuedElsewhere: 0 })).not.toContain('queuedElsewhere');
    const items = statusBarItems({ ...base, queued: 1, queuedElsewhere: 2 }, 'pt-BR');
    expect(items.slice(1, 3)).toEqual([
      { id: 'queued', count: 1 },
      { id: 'queuedElsewhere', count: 2 },
    ]);
  });

  it('an AppID the service refused is a warning item before the mode, with the service’s reason', () => {
    const refused = { ...base, authRefused: 'AppID inválido (401)' };
    expect(ids(refused)).toEqual(['connection', 'queued', 'authRefused', 'mode', 'merchant']);
    expect(statusBarItems(refused, 'pt-BR')[2]).toEqual({ id: 'authRefused', reason: 'AppID inválido (401)' });
    expect(ids({ ...base, authRefused: '' })).toContain('authRefused');
    expect(ids(base)).not.toContain('authRefused');
  });

  it("names the shop, but not by the sandbox's placeholder name (Modo treino says that already)", () => {
    expect(ids(base)).toContain('merchant');
    expect(ids({ ...base, merchantName: SANDBOX_SHOP_NAME })).not.toContain('merchant');
  });

  it('keeps the not-ready marker', () => {
    expect(ids({ ...base, ready: false, merchantName: '' })).toEqual(['connection', 'queued', 'mode', 'notReady']);
  });

  it('before the first status: an unknown link and an empty queue, nothing else', () => {
    expect(statusBarItems(null, 'pt-BR')).toEqual([
      { id: 'connection', connection: 'unknown' },
      { id: 'queued', count: 0 },
    ]);
  });

  it('never shows a negative or broken count', () => {
    expect(
      statusBarItems({ ...base, queued: -1, queuedElsewhere: Number.NaN }, 'pt-BR').map((item) => item.id),
    ).toEqual(['connection', 'queued', 'mode', 'merchant']);
    expect(statusBarItems({ ...base, queued: -1 }, 'pt-BR')[1]).toEqual({ id: 'queued', count: 0 });
  });
});

describe('the connection', () => {
  it('reads `connection`, and an older status (no connection field) from `online`', () => {
    expect(connectionOf({ online: true, connection: 'syncing' })).toBe('syncing');
    expect(connectionOf({ online: false })).toBe('offline');
    expect(connectionOf({ online: true })).toBe('online');
    expect(isOffline({ online: false, connection: 'offline' })).toBe(true);
    expect(isOffline({ online: true, connection: 'syncing' })).toBe(false);
    expect(isOffline(null)).toBe(false);
  });
});

describe('offline sales in the status bar', () => {
  const offline: CounterStatus = {
    ...base,
    online: false,
    connection: 'offline',
    offlineSince: '2025-11-22T17:05:41.000Z',
  };

  it('always shows the unconfirmed count and total while offline, 0 included, right after the queue', () => {
    expect(statusBarItems(offline, 'pt-BR')[2]).toEqual({ id: 'offlineSales', count: 0, value: 0 });
    const two = { ...offline, offline: { ...offline.offline, unconfirmedCount: 2, unconfirmedValue: 4560 } };
    expect(statusBarItems(two, 'pt-BR')[2]).toEqual({ id: 'offlineSales', count: 2, value: 4560 });
  });

  it('online, only while some are not confirmed yet', () => {
    expect(ids(base)).not.toContain('offlineSales');
    const waiting = { ...base, offline: { ...base.offline, unconfirmedCount: 1, unconfirmedValue: 1234 } };
    expect(statusBarItems(waiting, 'pt-BR')[2]).toEqual({ id: 'offlineSales', count: 1, value: 1234 });
    expect(
      ids({ ...base, connection: 'syncing', offline: { ...base.offline, unconfirmedCount: 3, unconfirmedValue: 1 } }),
    ).toContain('offlineSales');
  });

  it('the sales waiting for the owner, whenever there are any', () => {
    expect(ids(base)).not.toContain('offlineReview');
    const items = statusBarItems({ ...base, offline: { ...base.offline, reviewCount: 2 } }, 'pt-BR');
    expect(items).toContainEqual({ id: 'offlineReview', count: 2 });
    expect(ids({ ...offline, offline: { ...offline.offline, reviewCount: 1 } })).toEqual([
      'connection',
      'queued',
      'offlineSales',
      'offlineReview',
      'mode',
      'merchant',
    ]);
  });

  it('why offline selling is not possible, only while offline', () => {
    const reason = { reason: 'keyUnconfirmed' } as const;
    const unavailable = { ...offline, offline: { ...offline.offline, confirmedKey: undefined, unavailable: reason } };
    expect(statusBarItems(unavailable, 'pt-BR')[3]).toEqual({ id: 'offlineUnavailable', reason });
    expect(ids({ ...unavailable, online: true, connection: 'online' })).not.toContain('offlineUnavailable');
    expect(ids({ ...offline, offline: { ...offline.offline, unavailable: undefined } })).not.toContain(
      'offlineUnavailable',
    );
  });

  it('a status without `offline` (an older main process) reads as none, and broken counts as 0', () => {
    const { offline: _none, ...older } = offline;
    expect(statusBarItems(older as CounterStatus, 'pt-BR')[2]).toEqual({ id: 'offlineSales', count: 0, value: 0 });
    const broken = {
      ...offline,
      offline: { ...offline.offline, unconfirmedCount: -2, unconfirmedValue: Number.NaN, reviewCount: -1 },
    };
    expect(statusBarItems(broken, 'pt-BR')[2]).toEqual({ id: 'offlineSales', count: 0, value: 0 });
    expect(ids(broken)).not.toContain('offlineReview');
  });
});

describe('the receipt printer in the status bar', () => {
  const paperItem = (paper: CounterStatus['paper']) =>
    statusBarItems({ ...base, ...(paper ? { paper } : {}) }, 'pt-BR').find((item) => item.id === 'paper');

  it('says nothing while the printer keeps up, or when none is set', () => {
    expect(paperItem(undefined)).toBeUndefined();
    expect(paperItem({ owed: 0 })).toBeUndefined();
  });

  it('counts the receipts owed, with the printer’s problem when it said one', () => {
    expect(paperItem({ owed: 1 })).toEqual({ id: 'paper', owed: 1 });
    expect(paperItem({ owed: 2, problem: 'paper-out' })).toEqual({ id: 'paper', owed: 2, problem: 'paper-out' });
    expect(paperItem({ owed: 1, problem: 'cover-open' })).toEqual({ id: 'paper', owed: 1, problem: 'cover-open' });
  });

  it('reads a problem it does not know (a newer main process, records not read yet) as printing', () => {
    expect(paperItem({ owed: 1, problem: 'records: the payment is not read yet' })).toEqual({ id: 'paper', owed: 1 });
  });
});
