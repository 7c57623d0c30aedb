import { describe, expect, it } from 'vitest';
import { newLocationId, newObjectId, newPublicLinkId, newTimeOrderedUuid, newTransactionId } from '#service/engine/ids';

describe('ids cut from the random pool', () => {
  it('are well formed and never repeat, across many refills of the pool', () => {
    // 5,000 of each draws 150 kB: the 4 kB pool is refilled some 37 times on the way.
    const made = { transaction: newTransactionId, location: newLocationId, publicLink: newPublicLinkId };
    for (const [kind, make] of Object.entries(made)) {
      const before = Date.now();
      const ids = Array.from({ length: 5_000 }, make);
      const after = Date.now();
      for (const id of ids) {
        expect(id, kind).toMatch(/^[0-9a-f]{32}$/);
        const ms = parseInt(id.slice(0, 12), 16);
        expect(ms).toBeGreaterThanOrEqual(before);
        expect(ms).toBeLessThanOrEqual(after);
      }
      // 80 random bits after the millisecond: no two alike, and no random part a slice of another
      // (each byte of the pool is used once).
      const randomParts = ids.map((id) => id.slice(12));
      expect(new Set(randomParts).size, kind).toBe(ids.length);
      const chunks = new Set(randomParts.flatMap((part) => part.match(/.{10}/g)!));
      expect(chunks.size, kind).toBeGreaterThan(0.999 * ids.length * 2);
    }
  });
});

describe('object ids, laid out as MongoDB ObjectIds', () => {
  it('start with the second they were made in, share the process part, and count up', () => {
    const before = Math.floor(Date.now() / 1000);
    const ids = Array.from({ length: 5_000 }, newObjectId);
    for (const id of ids) expect(id).toMatch(/^[0-9a-f]{24}$/);
    const seconds = parseInt(ids[0]!.slice(0, 8), 16);
    expect(seconds).toBeGreaterThanOrEqual(before);
    expect(seconds).toBeLessThanOrEqual(Math.floor(Date.now() / 1000));
    expect(new Set(ids.map((id) => id.slice(8, 18))).size).toBe(1);
    expect(new Set(ids).size).toBe(ids.length);
    // The 3-byte counter goes up by one, wrapping at 2^24.
    const counters = ids.map((id) => parseInt(id.slice(18), 16));
    for (let i = 1; i < counters.length; i++) expect(counters[i]).toBe((counters[i - 1]! + 1) % 0x1000000);
  });

  it('sort in the order they were made, so a primary key grows at its right edge', async () => {
    const first = newObjectId();
    await new Promise((resolve) => setTimeout(resolve, 1_100));
    const second = newObjectId();
    expect(first < second).toBe(true);
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
