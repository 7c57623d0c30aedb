import { describe, expect, it } from 'vitest';
import { newObjectId, newTimeOrderedUuid, newTransactionId } from '../../../src/main/engine/ids';

describe('ids cut from the random pool', () => {
  it('are well formed and never repeat, across many refills of the pool', () => {
    // 5,000 of each draws 100 kB: the 4 kB pool is refilled some 25 times on the way.
    const objectIds = Array.from({ length: 5_000 }, newObjectId);
    const transactionIds = Array.from({ length: 5_000 }, newTransactionId);
    for (const id of objectIds) expect(id).toMatch(/^[0-9a-f]{24}$/);
    for (const id of transactionIds) expect(id).toMatch(/^[0-9a-f]{32}$/);
    expect(new Set(objectIds).size).toBe(objectIds.length);
    expect(new Set(transactionIds).size).toBe(transactionIds.length);
    // No random part is a slice of another: each byte of the pool is used once. (An object id's
    // first 8 hex digits are its second, shared by every id made in it.)
    const randomParts = [...objectIds.map((id) => id.slice(8)), ...transactionIds];
    const joined = new Set(randomParts.flatMap((id) => id.match(/.{8}/g)!));
    expect(joined.size).toBeGreaterThan(0.999 * (objectIds.length * 2 + transactionIds.length * 4));
  });

  it('start object ids with the second they were made in, like MongoDB ObjectIds', () => {
    const before = Math.floor(Date.now() / 1000);
    const seconds = parseInt(newObjectId().slice(0, 8), 16);
    expect(seconds).toBeGreaterThanOrEqual(before);
    expect(seconds).toBeLessThanOrEqual(Math.floor(Date.now() / 1000));
  });
});

describe('time-ordered UUIDs (version 7, RFC 9562)', () => {
  it('carry the millisecond, version 7 and the RFC variant, and 74 random bits that never repeat', () => {
    const before = Date.now();
    const ids = Array.from({ length: 5_000 }, newTimeOrderedUuid);
    const after = Date.now();
    for (const id of ids) {
      expect(id).toMatch(/^[0-9a-f]{8}-[0-9a-f]{4}-7[0-9a-f]{3}-[89ab][0-9a-f]{3}-[0-9a-f]{12}$/);
      const ms = parseInt(id.slice(0, 8) + id.slice(9, 13), 16);
      expect(ms).toBeGreaterThanOrEqual(before);
      expect(ms).toBeLessThanOrEqual(after);
    }
    expect(new Set(ids).size).toBe(ids.length);
    expect(new Set(ids.map((id) => id.slice(19))).size).toBe(ids.length);
  });

  it('sort by the time they were made, across milliseconds', async () => {
    const first = newTimeOrderedUuid();
    await new Promise((resolve) => setTimeout(resolve, 3));
    const second = newTimeOrderedUuid();
    expect(first < second).toBe(true);
  });
});
