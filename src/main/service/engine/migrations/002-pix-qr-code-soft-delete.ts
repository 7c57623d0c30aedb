// Schema v2: static QR codes are deleted softly. Payments received through a QR code keep a
// foreign key to it (transactions.pix_qr_code_id), so the row must outlive its deletion; and
// a printed code keeps circulating after the merchant deletes it, so its identifier (the
// BR Code's txid) must stay reserved rather than be reused by a new QR code.
export const pixQrCodeSoftDeleteSchema = /* sql */ `
ALTER TABLE pix_qr_codes ADD COLUMN deleted_at TEXT;
`;
