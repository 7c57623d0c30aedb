// Rules of the refund form, DOM-free: what may be sent, and which message stops it.
export const REASON_MAX = 140;

export type RefundFormError = 'amountRequired' | 'amountTooHigh' | 'reasonRequired';

export function refundFormError(input: { cents: number; reason: string; refundable: number }): RefundFormError | null {
  if (input.cents <= 0) return 'amountRequired';
  if (input.cents > input.refundable) return 'amountTooHigh';
  if (input.reason.trim() === '') return 'reasonRequired';
  return null;
}
