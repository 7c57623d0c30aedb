// The caps of offline selling, each at its edge, and the key an offline code may pay into.
import { describe, expect, it } from 'vitest';
import { DEFAULT_OFFLINE_SALES, offlineCapRefusal } from '#counter/sync/offline/offline-caps';
import { offlineKey } from '#counter/sync/offline/offline-key';

const caps = { enabled: true, maxSaleValue: 10_000, maxUnconfirmedTotal: 30_000, maxAgeMinutes: 90 };
const now = new Date('2026-11-24T15:00:00.000Z');
const none = { count: 0, value: 0 };

describe('offlineCapRefusal', () => {
  it('the largest sale: equal passes, a cent more is refused with the limit', () => {
    expect(offlineCapRefusal(caps, none, 10_000, now)).toBeNull();
    expect(offlineCapRefusal(caps, none, 10_001, now)).toEqual({ reason: 'saleCap', maxSaleValue: 10_000 });
  });

  it('the unconfirmed total: filling it exactly passes, a cent past it is refused with the room left', () => {
    const held = { count: 3, value: 25_000, oldestCreatedAt: now.toISOString() };
    expect(offlineCapRefusal(caps, held, 5_000, now)).toBeNull();
    expect(offlineCapRefusal(caps, held, 5_001, now)).toEqual({
      reason: 'totalCap',
      maxUnconfirmedTotal: 30_000,
      room: 5_000,
      unconfirmedCount: 3,
    });
    // Past the cap (lowered after the sales were made), the room left is none, never negative.
    expect(offlineCapRefusal({ ...caps, maxUnconfirmedTotal: 20_000 }, { count: 1, value: 30_000 }, 1, now)).toEqual({
      reason: 'totalCap',
      maxUnconfirmedTotal: 20_000,
      room: 0,
      unconfirmedCount: 1,
    });
  });

  it('the oldest unconfirmed sale: at the age exactly passes, a millisecond older is refused', () => {
    const at = (ms: number) => ({ count: 1, value: 100, oldestCreatedAt: new Date(now.getTime() - ms).toISOString() });
    expect(offlineCapRefusal(caps, at(90 * 60_000), 100, now)).toBeNull();
    expect(offlineCapRefusal(caps, at(90 * 60_000 + 1), 100, now)).toEqual({ reason: 'tooOld', maxAgeMinutes: 90 });
  });

  it('has sensible defaults: on, R$ 500 a sale, R$ 2.000 unconfirmed, a day', () => {
    expect(DEFAULT_OFFLINE_SALES).toEqual({
      enabled: true,
      maxSaleValue: 50_000,
      maxUnconfirmedTotal: 200_000,
      maxAgeMinutes: 1_440,
    });
  });
});

describe('offlineKey', () => {
  const keys = [
    { key: 'a1b2c3d4-0000-4000-8000-000000000001', type: 'EVP' as const, isDefault: true },
    { key: '+5511987654321', type: 'PHONE' as const, isDefault: false },
  ];

  it('is the default key of the account when the settings name none', () => {
    expect(offlineKey(undefined, { keys })).toEqual({ key: keys[0]!.key, source: 'account-default' });
  });

  it("is the settings' key when the account has it, in the account's spelling", () => {
    expect(offlineKey('+5511987654321', { keys })).toEqual({ key: '+5511987654321', source: 'settings' });
    expect(offlineKey('A1B2C3D4-0000-4000-8000-000000000001', { keys })).toEqual({
      key: keys[0]!.key,
      source: 'settings',
    });
  });

  it('is refused, with the reason, when unknown, not the account’s, refused by the service, or without a default', () => {
    expect(offlineKey(undefined, undefined)).toEqual({ problem: { reason: 'keyUnconfirmed' } });
    expect(offlineKey('outra@example.com', { keys })).toEqual({
      problem: { reason: 'keyNotInAccount', key: 'outra@example.com' },
    });
    expect(offlineKey(undefined, { refused: 'Missing scope PIX_KEY_GET_LIST' })).toEqual({
      problem: { reason: 'keysRefused', serviceError: 'Missing scope PIX_KEY_GET_LIST' },
    });
    expect(offlineKey(undefined, { keys: [{ ...keys[1]! }] })).toEqual({ problem: { reason: 'noDefaultKey' } });
  });
});
