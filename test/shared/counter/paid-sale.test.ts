import { describe, expect, it } from 'vitest';
import type { SaleStatus } from '#shared/counter/counter-api';
import { undoesPayment } from '#shared/counter/paid-sale';

const STATUSES: SaleStatus[] = ['PENDING', 'ACTIVE', 'OFFLINE', 'COMPLETED', 'EXPIRED', 'CANCELLED', 'REJECTED'];

describe('paid never goes back', () => {
  it('takes no word that would move a paid sale to another status', () => {
    for (const next of STATUSES) expect(undoesPayment('COMPLETED', next)).toBe(next !== 'COMPLETED');
    // The service's words too, whatever they are.
    expect(undoesPayment('COMPLETED', 'SOMETHING_NEW')).toBe(true);
  });

  it('lets every other sale move, to paid or anywhere else', () => {
    for (const current of STATUSES.filter((status) => status !== 'COMPLETED'))
      for (const next of STATUSES) expect(undoesPayment(current, next)).toBe(false);
  });
});
