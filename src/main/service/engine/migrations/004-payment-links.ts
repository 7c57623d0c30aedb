// Schema v4: payment links belong to one company. `payment_link_id` stays the caller's grouping
// key within its company (charges of one link share it), and is neither unique nor safe to put
// in a public URL: another company may pick the same text. Each (company, payment_link_id) gets
// here an opaque public id, random and chosen by the service, which is what `/pay/:id` resolves.
// `kind` says what the link's page shows: the newest charge of the link, or a static QR code.
//
// Links already stored get their public id now, so existing charges and QR codes read back with
// a paymentLinkUrl that resolves. Their old `/pay/<paymentLinkID>` addresses stop resolving on
// purpose: they were the hole. Static QR codes go first, since their link ids are the service's
// own uuids, then each company's charge links. randomblob() is SQLite's PRNG, seeded from the OS.
export const paymentLinksSchema = /* sql */ `
CREATE TABLE payment_links (
  public_id TEXT PRIMARY KEY,
  company_id TEXT NOT NULL REFERENCES companies(id),
  payment_link_id TEXT NOT NULL,
  kind TEXT NOT NULL CHECK (kind IN ('CHARGE', 'PIX_QR_CODE')),
  created_at TEXT NOT NULL,
  UNIQUE (company_id, payment_link_id)
);

INSERT INTO payment_links (public_id, company_id, payment_link_id, kind, created_at)
SELECT lower(hex(randomblob(16))), company_id, payment_link_id, 'PIX_QR_CODE', created_at
FROM pix_qr_codes;

INSERT OR IGNORE INTO payment_links (public_id, company_id, payment_link_id, kind, created_at)
SELECT lower(hex(randomblob(16))), company_id, payment_link_id, 'CHARGE', MIN(created_at)
FROM charges
GROUP BY company_id, payment_link_id;
`;
