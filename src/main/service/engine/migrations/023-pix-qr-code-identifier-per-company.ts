// Schema v23: a static QR code's identifier (its BR Code's txid) is unique within its company, no
// longer across the whole sandbox. Unique across companies, it let one company learn that another
// uses an identifier, and blocked it from using that identifier itself (POST /api/v1/qrcode-static
// answered "Já existe um QRCode com este identificador"): one company must never learn of, or be
// blocked by, another's records. A Pix links to a static QR code of the company whose account it
// reaches, so the txid needs to name one code within a company only.
//
// The column's UNIQUE (001) is an automatic index SQLite cannot drop, so the table is rebuilt
// (sqlite.org/lang_altertable.html, "other kinds of table schema changes") as 001 made it, with
// 002's deleted_at, the identifier's UNIQUE now (company_id, identifier), and 001's index. No
// trigger or view names pix_qr_codes; transactions.pix_qr_code_id references it by name.
//
// The runner keeps foreign keys on and gives a migration one transaction, where PRAGMA
// foreign_keys cannot change (lib/store/migrate.ts). So the referencing transactions are never
// left pointing at a renamed table (a rename would rewrite their REFERENCES clause to the old
// name): the rows are copied aside, the table dropped and made anew under its own name, and the
// rows copied back with their ids. defer_foreign_keys (reset at commit) lets the drop's implicit
// delete leave the payments' references dangling until the same ids are back, checked at commit.
export const pixQrCodeIdentifierPerCompanySchema = /* sql */ `
PRAGMA defer_foreign_keys = ON;

CREATE TABLE pix_qr_codes_v22 AS SELECT * FROM pix_qr_codes;
DROP TABLE pix_qr_codes;

CREATE TABLE pix_qr_codes (
  id TEXT PRIMARY KEY,
  company_id TEXT NOT NULL REFERENCES companies(id),
  account_id TEXT NOT NULL REFERENCES bank_accounts(id),
  name TEXT NOT NULL,
  correlation_id TEXT NOT NULL,
  identifier TEXT NOT NULL,
  payment_link_id TEXT NOT NULL UNIQUE,
  value INTEGER,
  comment TEXT,
  pix_key TEXT NOT NULL,
  br_code TEXT NOT NULL,
  created_at TEXT NOT NULL,
  updated_at TEXT NOT NULL,
  deleted_at TEXT,
  UNIQUE (company_id, correlation_id),
  UNIQUE (company_id, identifier)
);
INSERT INTO pix_qr_codes (id, company_id, account_id, name, correlation_id, identifier, payment_link_id, value,
  comment, pix_key, br_code, created_at, updated_at, deleted_at)
SELECT id, company_id, account_id, name, correlation_id, identifier, payment_link_id, value,
  comment, pix_key, br_code, created_at, updated_at, deleted_at
FROM pix_qr_codes_v22;
DROP TABLE pix_qr_codes_v22;

CREATE INDEX pix_qr_codes_company_created ON pix_qr_codes(company_id, created_at);
`;
