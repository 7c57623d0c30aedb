// Schema v6: a Pix received through a static BR Code keeps the txid its code carried (62-05).
// The counter sells offline with static codes of its own (key, amount, a txid per sale) and only
// registers each sale as a static QR code (identifier = txid) once it is back online, so a payment
// may be booked before the QR code it belongs to exists. Storing the txid on the transaction lets
// the QR code find those payments later (the transaction list's pixQrCode filter, the joined
// pixQrCode), which a foreign key written at payment time cannot. NULL: no txid reached us (a
// dynamic code, a bank that dropped it, or a payment booked before this migration).
export const transactionTxidSchema = /* sql */ `
ALTER TABLE transactions ADD COLUMN txid TEXT;
CREATE INDEX transactions_company_txid ON transactions(company_id, txid, time) WHERE txid IS NOT NULL;
`;
