import { describe, expect, it } from 'vitest';
import { newObjectId, newTransactionId } from '../../../src/main/engine/ids';

describe('ids cut from the random pool', () => {
  it('are well formed and never repeat, across many refills of the pool', () => {
    // 5,000 of each draws 140 kB: the 4 kB pool is refilled some 35 times on the way.
    const objectIds = Array.from({ length: 5_000 }, newObjectId);
    const transactionIds = Array.from({ length: 5_000 }, newTransactionId);
    for (const id of objectIds) expect(id).toMatch(/^[0-9a-f]{24}$/);
    for (const id of transactionIds) expect(id).toMatch(/^[0-9a-f]{32}$/);
    expect(new Set(objectIds).size).toBe(objectIds.length);
    expect(new Set(transactionIds).size).toBe(transactionIds.length);
    // No id is a slice of another: each byte of the pool is used once.
    const joined = new Set([...objectIds, ...transactionIds].flatMap((id) => id.match(/.{8}/g)!));
    expect(joined.size).toBeGreaterThan(0.999 * (objectIds.length * 3 + transactionIds.length * 4));
  });
});
