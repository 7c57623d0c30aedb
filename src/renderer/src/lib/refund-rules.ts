// The refund form's checks, DOM-free: the amount by the one refund rule (shared/refund-rule.ts),
// the reason by the refund method's own input schema, and which message stops the form.
import { counterMethods } from '#shared/counter/counter-methods';
import { refundValueRefusal } from '#shared/counter/refund-rule';

export type RefundFormError = 'amountRequired' | 'amountTooHigh' | 'reasonRequired';

/** The reason as refundSale takes it: the method's own input schema says what passes. */
const reasonSchema = counterMethods.refundSale.input.shape.reason;

export function refundFormError(input: { cents: number; reason: string; refundable: number }): RefundFormError | null {
  const amount = refundValueRefusal(input.cents, input.refundable);
  if (amount) return amount;
  // The field's maxLength keeps it within the limit: what the schema refuses here is an empty reason.
  if (!reasonSchema.safeParse(input.reason).success) return 'reasonRequired';
  return null;
}
