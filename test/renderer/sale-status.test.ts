import { describe, expect, it } from 'vitest';
import type { Sale, SaleRefund } from '#shared/counter/counter-api';
import { canRefund, newRefund, refundOutcome, refundReceiptId, syncMarks, syncNote } from '#renderer/lib/sale-status';
import { refundableCents } from '#shared/counter/refund-rule';
import { saleDisplayStatus } from '#shared/counter/sale-display-status';

const refund = (
  value: number,
  status: SaleRefund['status'] = 'CONFIRMED',
  id = `r-${value}-${status}`,
): SaleRefund => ({
  correlationID: id,
  value,
  status,
  ...(status === 'QUEUED' ? {} : { endToEndId: 'D'.padEnd(32, '0') }),
  time: '2025-11-22T15:00:00.000Z',
});

const paid = (value: number, refunds: SaleRefund[], refundable: number) => ({
  status: 'COMPLETED' as const,
  value,
  refunds,
  refundable,
});

describe('sale display status', () => {
  it('passes every status but COMPLETED through, the counter-only ones included', () => {
    for (const status of ['PENDING', 'ACTIVE', 'OFFLINE', 'EXPIRED', 'CANCELLED', 'REJECTED'] as const) {
      expect(saleDisplayStatus({ status, value: 100, refunds: [] })).toBe(status);
    }
  });

  it('tells paid, partly refunded and refunded apart, ignoring rejected refunds', () => {
    expect(saleDisplayStatus({ status: 'COMPLETED', value: 1000, refunds: [] })).toBe('COMPLETED');
    expect(saleDisplayStatus({ status: 'COMPLETED', value: 1000, refunds: [refund(400, 'IN_PROCESSING')] })).toBe(
      'PARTIALLY_REFUNDED',
    );
    expect(saleDisplayStatus({ status: 'COMPLETED', value: 1000, refunds: [refund(400), refund(600)] })).toBe(
      'REFUNDED',
    );
    expect(saleDisplayStatus({ status: 'COMPLETED', value: 1000, refunds: [refund(1000, 'REJECTED')] })).toBe(
      'COMPLETED',
    );
    expect(
      refundableCents({
        status: 'COMPLETED',
        value: 1000,
        refundable: 1000,
        refunds: [refund(300), refund(200, 'REJECTED')],
      }),
    ).toBe(700);
  });

  it('a queued refund counts as given back: it will be sent', () => {
    expect(
      refundableCents({
        status: 'COMPLETED',
        value: 1000,
        refundable: 1000,
        refunds: [refund(300), refund(200, 'QUEUED')],
      }),
    ).toBe(500);
    expect(saleDisplayStatus({ status: 'COMPLETED', value: 1000, refunds: [refund(1000, 'QUEUED')] })).toBe('REFUNDED');
  });
});

describe('what can still be refunded', () => {
  it('only a paid sale with something left can be refunded', () => {
    expect(canRefund(paid(1000, [], 1))).toBe(true);
    expect(canRefund(paid(1000, [], 0))).toBe(false);
    expect(canRefund({ status: 'ACTIVE', value: 1000, refunds: [], refundable: 0 })).toBe(false);
    // Whatever the figure says, nothing but a paid sale is refundable.
    for (const status of ['PENDING', 'ACTIVE', 'OFFLINE', 'EXPIRED', 'CANCELLED', 'REJECTED'] as const) {
      expect(refundableCents({ status, value: 1000, refunds: [], refundable: 1000 })).toBe(0);
    }
  });

  it('queued refunds are committed: a second refund can never exceed what was paid', () => {
    // The main process may not have subtracted the queued refund yet: the lower figure wins.
    expect(refundableCents(paid(1000, [refund(400, 'QUEUED')], 1000))).toBe(600);
    expect(refundableCents(paid(1000, [refund(400, 'QUEUED'), refund(600, 'QUEUED')], 1000))).toBe(0);
    expect(canRefund(paid(1000, [refund(1000, 'QUEUED')], 1000))).toBe(false);
    // A refused refund gives the money back to the refundable amount.
    expect(refundableCents(paid(1000, [refund(400, 'REJECTED')], 1000))).toBe(1000);
    // The main process's own lower figure wins too (a refund it knows of and we do not).
    expect(refundableCents(paid(1000, [], 250))).toBe(250);
    expect(refundableCents(paid(1000, [refund(900)], 1000))).toBe(100);
  });

  it('a queued refund has no receipt yet; a confirmed one does', () => {
    expect(refundReceiptId(refund(100, 'QUEUED'))).toBeNull();
    // Even if the store already holds an id, a queued refund's receipt waits for the service.
    expect(refundReceiptId({ status: 'QUEUED', endToEndId: 'D1' })).toBeNull();
    expect(refundReceiptId(refund(100, 'IN_PROCESSING'))).toBe('D'.padEnd(32, '0'));
    expect(refundReceiptId(refund(100))).toBe('D'.padEnd(32, '0'));
    expect(refundReceiptId({ status: 'CONFIRMED' })).toBeNull();
  });
});

describe('how far the service has heard of a sale', () => {
  it('marks a sale with queued commands, and shows the service refusal in its own words', () => {
    expect(syncMarks({ sync: { queued: 0 } })).toEqual({ queued: false });
    expect(syncMarks({ sync: { queued: 2 } })).toEqual({ queued: true });
    expect(syncMarks({ sync: { queued: 0, rejected: '  Cancelamento recusado: já foi paga ' } })).toEqual({
      queued: false,
      rejected: 'Cancelamento recusado: já foi paga',
    });
    expect(syncMarks({ sync: { queued: 0, rejected: '   ' } })).toEqual({ queued: false });
  });

  it('explains what waits: the creation, the cancel, a refund, or something else', () => {
    const sale = (status: Sale['status'], queued: number, refunds: SaleRefund[] = []) => ({
      status,
      sync: { queued },
      refunds,
    });
    expect(syncNote(sale('PENDING', 1))).toBe('pendingCreate');
    expect(syncNote(sale('CANCELLED', 1))).toBe('cancelQueued');
    expect(syncNote(sale('COMPLETED', 1, [refund(100, 'QUEUED')]))).toBe('refundQueued');
    expect(syncNote(sale('ACTIVE', 1))).toBe('queued');
    // Nothing queued, nothing to explain (a cancelled sale the service already heard of).
    expect(syncNote(sale('CANCELLED', 0))).toBeNull();
    expect(syncNote(sale('PENDING', 0))).toBeNull();
  });
});

describe('after the cashier confirms a refund', () => {
  const before = { refunds: [refund(100, 'CONFIRMED', 'r1')], sync: { queued: 0 } };

  it('finds the new refund by its id', () => {
    const after = { refunds: [refund(100, 'CONFIRMED', 'r1'), refund(50, 'QUEUED', 'r2')], sync: { queued: 1 } };
    expect(newRefund(before, after)?.correlationID).toBe('r2');
    expect(newRefund(before, before)).toBeNull();
  });

  it('says sent, queued (offline) or refused with the reason', () => {
    expect(
      refundOutcome(before, { refunds: [...before.refunds, refund(50, 'IN_PROCESSING', 'r2')], sync: { queued: 0 } }),
    ).toEqual({ kind: 'sent' });
    expect(
      refundOutcome(before, { refunds: [...before.refunds, refund(50, 'QUEUED', 'r2')], sync: { queued: 1 } }),
    ).toEqual({ kind: 'queued' });
    expect(
      refundOutcome(before, {
        refunds: [...before.refunds, { ...refund(50, 'REJECTED', 'r2'), rejectedReason: 'Saldo insuficiente' }],
        sync: { queued: 0 },
      }),
    ).toEqual({ kind: 'rejected', reason: 'Saldo insuficiente' });
    // No new refund to be seen (the answer came back as it was): the usual "enviada".
    expect(refundOutcome(before, before)).toEqual({ kind: 'sent' });
  });
});
