import { createHash, createPublicKey, generateKeyPairSync } from 'node:crypto';
import type { Db } from '#lib/store/database';

/**
 * The environment's RSA key pairs for x-webhook-signature (RSA-SHA256, PKCS#1 v1.5, over the raw
 * body; remote-api-notes §3.3). A pair is drawn the first time one is needed and stored in SQLite,
 * so signatures made before a restart still verify against the served public key.
 *
 * RSA 2048, not the real service's 1024: 1024-bit RSA is below every current recommendation
 * (NIST SP 800-131A disallows it for signatures), and receivers verify any size the same way.
 */
export interface SigningKey {
  keyIdentifier: string;
  publicKey: string;
  privateKey: string;
  isCurrent: boolean;
  createdAt: string;
}

interface SigningKeyRow {
  key_identifier: string;
  public_key: string;
  private_key: string;
  is_current: number;
  created_at: string;
}

const fromRow = (row: SigningKeyRow): SigningKey => ({
  keyIdentifier: row.key_identifier,
  publicKey: row.public_key,
  privateKey: row.private_key,
  isCurrent: row.is_current === 1,
  createdAt: row.created_at,
});

/** sha256 hex of the DER SubjectPublicKeyInfo: what `key_identifier` names (webhook-public-keys.md). */
export function keyIdentifierOf(publicKeyPem: string): string {
  const der = createPublicKey(publicKeyPem).export({ type: 'spki', format: 'der' });
  return createHash('sha256').update(der).digest('hex');
}

function drawKeyPair(): { publicKey: string; privateKey: string } {
  return generateKeyPairSync('rsa', {
    modulusLength: 2048,
    publicKeyEncoding: { type: 'spki', format: 'pem' },
    privateKeyEncoding: { type: 'pkcs8', format: 'pem' },
  });
}

/** Every key, the current one first, then newest first. */
export function listSigningKeys(db: Db): SigningKey[] {
  return db
    .prepare<[], SigningKeyRow>(
      'SELECT * FROM webhook_signing_keys ORDER BY is_current DESC, created_at DESC, key_identifier',
    )
    .all()
    .map(fromRow);
}

/**
 * The current key, drawn and stored if the environment has none yet. Runs in the caller's
 * transaction when there is one; otherwise in its own (IMMEDIATE, so two callers cannot both draw).
 */
export function currentSigningKey(db: Db, now: Date): SigningKey {
  const read = () => db.prepare<[], SigningKeyRow>('SELECT * FROM webhook_signing_keys WHERE is_current = 1').get();
  const existing = read();
  if (existing) return fromRow(existing);
  const create = () => {
    const again = read();
    if (again) return fromRow(again);
    return insertKey(db, drawKeyPair(), now);
  };
  return db.inTransaction ? create() : db.transaction(create).immediate();
}

/** Makes a new pair current; the previous ones stay listed (and verifiable) as not current. */
export function rotateSigningKey(db: Db, now: Date): SigningKey {
  return db
    .transaction(() => {
      db.prepare('UPDATE webhook_signing_keys SET is_current = 0 WHERE is_current = 1').run();
      return insertKey(db, drawKeyPair(), now);
    })
    .immediate();
}

function insertKey(db: Db, pair: { publicKey: string; privateKey: string }, now: Date): SigningKey {
  const row: SigningKeyRow = {
    key_identifier: keyIdentifierOf(pair.publicKey),
    public_key: pair.publicKey,
    private_key: pair.privateKey,
    is_current: 1,
    created_at: now.toISOString(),
  };
  db.prepare(
    'INSERT INTO webhook_signing_keys (key_identifier, public_key, private_key, is_current, created_at) VALUES (@key_identifier, @public_key, @private_key, @is_current, @created_at)',
  ).run(row);
  return fromRow(row);
}
