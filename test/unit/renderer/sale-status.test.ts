import { describe, expect, it } from 'vitest';
import type { SaleRefund } from '../../../src/shared/pos-api';
import { canRefund, refundedCents, saleDisplayStatus } from '../../../src/renderer/src/lib/sale-status';

const refund = (value: number, status: SaleRefund['status'] = 'CONFIRMED'): SaleRefund => ({
  correlationID: `r-${value}-${status}`,
  value,
  status,
  endToEndId: 'D'.padEnd(32, '0'),
  time: '2025-11-22T15:00:00.000Z',
});

describe('sale display status', () => {
  it('passes ACTIVE and EXPIRED through', () => {
    expect(saleDisplayStatus({ status: 'ACTIVE', value: 100, refunds: [] })).toBe('ACTIVE');
    expect(saleDisplayStatus({ status: 'EXPIRED', value: 100, refunds: [] })).toBe('EXPIRED');
  });

  it('tells paid, partly refunded and refunded apart, ignoring rejected refunds', () => {
    expect(saleDisplayStatus({ status: 'COMPLETED', value: 1000, refunds: [] })).toBe('COMPLETED');
    expect(saleDisplayStatus({ status: 'COMPLETED', value: 1000, refunds: [refund(400, 'IN_PROCESSING')] })).toBe('PARTIALLY_REFUNDED');
    expect(saleDisplayStatus({ status: 'COMPLETED', value: 1000, refunds: [refund(400), refund(600)] })).toBe('REFUNDED');
    expect(saleDisplayStatus({ status: 'COMPLETED', value: 1000, refunds: [refund(1000, 'REJECTED')] })).toBe('COMPLETED');
    expect(refundedCents({ refunds: [refund(300), refund(200, 'REJECTED')] })).toBe(300);
  });

  it('only a paid sale with something left can be refunded', () => {
    expect(canRefund({ status: 'COMPLETED', refundable: 1 })).toBe(true);
    expect(canRefund({ status: 'COMPLETED', refundable: 0 })).toBe(false);
    expect(canRefund({ status: 'ACTIVE', refundable: 0 })).toBe(false);
  });
});
