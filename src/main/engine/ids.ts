import { randomBytes, randomUUID } from 'node:crypto';

// Identifier formats mirror the real service so clients that inspect them keep working:
// 24-hex object ids, base64 `Type:<id>` global ids, 32-hex transaction ids, UUID link ids.
//
// Keys of append-mostly tables are time-ordered where the format allows (object ids, outbox event
// ids, generated payment link ids): a random key puts every insert on a random page of its index,
// so each write of a batch dirtied a page of its own, all written to the WAL and fsynced at COMMIT.
// Measured in one `npm run bench -- --only http` pair (issue 14): POST /api/v1/charge 3,410 req/s
// with random keys, 3,994 and 4,250 with time-ordered ones. Ids that stand in public URLs (the
// payment page's public id, the Pix location) stay fully random.

// Every charge takes several ids, and one randomBytes call per id was a measurable share of
// creating a charge (npm run bench, CPU profile). Ids are cut from a pool of CSPRNG bytes instead,
// each byte used once: the same thing Node does for randomUUID.
const POOL_SIZE = 4096;
let pool = randomBytes(POOL_SIZE);
let poolOffset = 0;

function randomHex(bytes: number): string {
  if (poolOffset + bytes > POOL_SIZE) {
    pool = randomBytes(POOL_SIZE);
    poolOffset = 0;
  }
  const hex = pool.toString('hex', poolOffset, poolOffset + bytes);
  poolOffset += bytes;
  return hex;
}

/**
 * A 24-hex object id shaped like the real service's MongoDB ObjectIds: 4 bytes of seconds since
 * the epoch, then 8 random bytes. The time prefix also makes each table's primary key grow at its
 * right edge, so a batch of inserts dirties a few index pages instead of one random page each.
 */
export function newObjectId(): string {
  return secondsHex() + randomHex(8);
}

function secondsHex(): string {
  return Math.floor(Date.now() / 1000)
    .toString(16)
    .padStart(8, '0')
    .slice(-8);
}

/**
 * A UUID version 7 (RFC 9562): 48 bits of milliseconds, then 74 random bits. For ids that are
 * keys of append-mostly tables (outbox events, generated payment link ids): time-ordered keys go
 * to the index's right edge, while 74 random bits keep them unguessable.
 */
export function newTimeOrderedUuid(): string {
  const ms = Date.now().toString(16).padStart(12, '0').slice(-12);
  const random = randomHex(10);
  const variant = ((parseInt(random.slice(3, 4), 16) & 0x3) | 0x8).toString(16);
  return `${ms.slice(0, 8)}-${ms.slice(8, 12)}-7${random.slice(0, 3)}-${variant}${random.slice(4, 7)}-${random.slice(7, 19)}`;
}

export function newTransactionId(): string {
  return randomHex(16);
}

export function newUuid(): string {
  return randomUUID();
}

/**
 * The public id of a payment link (`/pay/<id>`): 128 random bits, nothing of the caller's in it,
 * so no company can guess or claim another's page.
 */
export function newPublicLinkId(): string {
  return randomHex(16);
}

export function toGlobalId(type: string, id: string): string {
  return Buffer.from(`${type}:${id}`).toString('base64');
}

/** Returns the object id inside a global id of the given type, or null when it is not one. */
export function fromGlobalId(type: string, globalId: string): string | null {
  if (!/^[A-Za-z0-9+/]+={0,2}$/.test(globalId)) return null;
  const decoded = Buffer.from(globalId, 'base64').toString('utf8');
  const prefix = `${type}:`;
  return decoded.startsWith(prefix) ? decoded.slice(prefix.length) : null;
}

export function newAppSecret(): string {
  return randomBytes(24).toString('base64');
}
