// Schema v15: each webhook's `hmac_secret_key`, the key of its X-OpenPix-Signature header (base64
// HMAC-SHA1 of the body; remote-api-notes §3.3), shown as `hmacSecretKey` on create and in the list.
// Woovi's own example backend (woovibr/node-backend-integration) refuses a delivery without it.
//
// Webhooks made before this migration get one here: 32 bytes from SQLite's randomblob (seeded by
// the operating system's randomness), as unguessable as the ones drawn with node:crypto at create
// time. ADD COLUMN cannot take a non-constant default, so the column is nullable and filled at
// once; every insert writes it (webhook-repo.ts), so no row is ever left without one.
export const webhookHmacSecretSchema = /* sql */ `
ALTER TABLE webhooks ADD COLUMN hmac_secret_key TEXT;
UPDATE webhooks SET hmac_secret_key = 'openpix_' || lower(hex(randomblob(32))) WHERE hmac_secret_key IS NULL;
`;
