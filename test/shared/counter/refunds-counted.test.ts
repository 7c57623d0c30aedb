import { describe, expect, it } from 'vitest';
import type { SaleRefund } from '#shared/counter/counter-api';
import { refundCounts, refundedValue } from '#shared/counter/refunds-counted';

const refund = (value: number, status: SaleRefund['status']) => ({ value, status });

describe('which refunds count', () => {
  it('counts every refund the cashier confirmed, queued ones too, and never a refused one', () => {
    expect(refundCounts({ status: 'QUEUED' })).toBe(true);
    expect(refundCounts({ status: 'IN_PROCESSING' })).toBe(true);
    expect(refundCounts({ status: 'CONFIRMED' })).toBe(true);
    expect(refundCounts({ status: 'REJECTED' })).toBe(false);
  });

  it('adds up the cents of the refunds that count', () => {
    expect(refundedValue([])).toBe(0);
    expect(refundedValue([refund(300, 'CONFIRMED'), refund(200, 'REJECTED')])).toBe(300);
    expect(
      refundedValue([
        refund(300, 'CONFIRMED'),
        refund(200, 'QUEUED'),
        refund(50, 'IN_PROCESSING'),
        refund(7, 'REJECTED'),
      ]),
    ).toBe(550);
  });
});
