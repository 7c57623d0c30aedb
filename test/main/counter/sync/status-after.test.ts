import { describe, expect, it } from 'vitest';
import { statusAfter } from '#counter/sync/pull/sale-mirror';

describe("a sale's status after the service's word", () => {
  it('is paid once the service says paid, whatever the counter thought', () => {
    expect(statusAfter('ACTIVE', 'COMPLETED')).toBe('COMPLETED');
    expect(statusAfter('CANCELLED', 'COMPLETED')).toBe('COMPLETED');
  });

  it('stays paid: an older answer never undoes a payment', () => {
    expect(statusAfter('COMPLETED', 'ACTIVE')).toBe('COMPLETED');
    expect(statusAfter('COMPLETED', 'EXPIRED')).toBe('COMPLETED');
  });

  it("keeps the counter's own ends, and otherwise takes the service's ACTIVE or EXPIRED", () => {
    expect(statusAfter('CANCELLED', 'ACTIVE')).toBe('CANCELLED');
    expect(statusAfter('REJECTED', 'EXPIRED')).toBe('REJECTED');
    expect(statusAfter('PENDING', 'ACTIVE')).toBe('ACTIVE');
    expect(statusAfter('ACTIVE', 'EXPIRED')).toBe('EXPIRED');
    expect(statusAfter('ACTIVE', 'SOMETHING_NEW')).toBe('ACTIVE');
  });
});
