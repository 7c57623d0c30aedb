import { describe, expect, it } from 'vitest';
import { canShowAgain, restoreDecision, type ScreenNow } from '#renderer/lib/sale-coming-back';
import type { SaleStatus } from '#shared/counter/counter-api';

const fresh: ScreenNow = { phase: 'entry', hasLive: false, entryTouched: false };

describe('the sale on screen when the window opens again', () => {
  it('shows a waiting or just-paid sale, never one that is otherwise over (main forgets those), nothing without one', () => {
    const decide = (status: SaleStatus) => restoreDecision({ status }, fresh);
    expect((['PENDING', 'ACTIVE', 'OFFLINE', 'COMPLETED'] as const).map(decide)).toEqual([
      'show',
      'show',
      'show',
      'show',
    ]);
    expect((['EXPIRED', 'CANCELLED', 'REJECTED'] as const).map(decide)).toEqual(['keep', 'keep', 'keep']);
    expect(restoreDecision(undefined, fresh)).toBe('keep');
  });

  it('never takes the screen from a cashier who already moved on: typing, charging, or another sale shown', () => {
    const sale = { status: 'ACTIVE' as const };
    expect(restoreDecision(sale, { ...fresh, entryTouched: true })).toBe('keep');
    expect(restoreDecision(sale, { ...fresh, phase: 'creating' })).toBe('keep');
    expect(restoreDecision(sale, { phase: 'live', hasLive: true, entryTouched: false })).toBe('keep');
  });

  it('shows again from the history only a sale that can still be paid', () => {
    const statuses: SaleStatus[] = ['PENDING', 'ACTIVE', 'OFFLINE', 'COMPLETED', 'EXPIRED', 'CANCELLED', 'REJECTED'];
    expect(statuses.filter((status) => canShowAgain({ status }))).toEqual(['PENDING', 'ACTIVE', 'OFFLINE']);
  });
});
