// How large a sale may be. The service accepts charges up to R$ 999.999.999,99 (its `value` is
// at most 99_999_999_999 cents, as the IPC schema's); above an owner's limit (a setting, default
// R$ 10.000,00) the counter asks the cashier to confirm first: an extra zero is a real risk when
// amounts are typed as cents.

/** The largest charge the Pix service accepts, in cents. */
export const MAX_CHARGE_CENTS = 99_999_999_999;

/** Above this (cents) the counter asks before charging, unless the owner set another limit. */
export const DEFAULT_CONFIRM_ABOVE_CENTS = 1_000_000;
