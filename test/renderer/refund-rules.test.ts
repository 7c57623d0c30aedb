import { describe, expect, it } from 'vitest';
import { REFUND_REASON_MAX } from '#shared/counter/counter-schemas';
import { refundFormError } from '#renderer/lib/refund-rules';

describe('refund form rules', () => {
  it('needs an amount above zero and at most the refundable value', () => {
    expect(refundFormError({ cents: 0, reason: 'troca', refundable: 1000 })).toBe('amountRequired');
    expect(refundFormError({ cents: 1001, reason: 'troca', refundable: 1000 })).toBe('amountTooHigh');
    expect(refundFormError({ cents: 1000, reason: 'troca', refundable: 1000 })).toBeNull();
  });

  it('needs a reason that is not just spaces', () => {
    expect(refundFormError({ cents: 500, reason: '   ', refundable: 1000 })).toBe('reasonRequired');
  });

  it('keeps the reason limit the service and the IPC schema use', () => {
    expect(REFUND_REASON_MAX).toBe(140);
  });
});
