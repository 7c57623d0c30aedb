// Schema v5: a refund's correlationID is its idempotency key, so a repeated request is compared
// with the one that created the refund. A charge refund may leave `value` out ("whatever is
// left"); the stored value alone cannot tell that request from one naming the same amount, so
// the refund records which it was. Rows from before this migration count as having named their
// value: a retry that spans the upgrade and left `value` out is refused (400), never doubled.
export const refundValueGivenSchema = /* sql */ `
ALTER TABLE refunds ADD COLUMN value_given INTEGER NOT NULL DEFAULT 1 CHECK (value_given IN (0, 1));
`;
