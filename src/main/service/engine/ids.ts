import { randomBytes, randomUUID } from 'node:crypto';

// Identifier formats mirror the real service so clients that inspect them keep working:
// 24-hex object ids, base64 `Type:<id>` global ids, 32-hex transaction ids, UUID link ids.
//
// Keys of append-mostly tables are time-ordered where the format allows (object ids, transaction
// ids, outbox event ids, generated payment link ids): a random key puts every insert on a random
// page of its index, so each write of a batch dirtied a page of its own, all written to the WAL,
// synced and later checkpointed. Measured with `npx tsx bench/wal-frames.ts` (issue 14):
// WAL frames per batch of 16 charges fell from 127 to 59 when ids were time-ordered.
// Ids that stand in public URLs as the only key to what they open (the payment page's public id,
// the Pix location) are time-ordered too, but keep 80 random bits after the time: above the 64
// bits of entropy OWASP asks of a session token, and out of reach of guessing over HTTP. Fully
// random, those two indexes alone added 30 frames per batch (88.6 against 59).

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

// The process part and counter of an ObjectId, drawn once per process as MongoDB drivers do.
const OBJECT_ID_PROCESS = randomHex(5);
let objectIdCounter = parseInt(randomHex(3), 16);

/**
 * A 24-hex object id laid out as the real service's MongoDB ObjectIds: 4 bytes of seconds since
 * the epoch, 5 random bytes per process, then a 3-byte counter. Successive ids grow, so each
 * table's primary key index takes its inserts at its right edge: a batch dirties one or two
 * pages there instead of a random page per insert. Object ids are not secrets (every lookup is
 * scoped by company), so their being guessable costs nothing.
 */
export function newObjectId(): string {
  objectIdCounter = (objectIdCounter + 1) & 0xffffff;
  return secondsHex() + OBJECT_ID_PROCESS + objectIdCounter.toString(16).padStart(6, '0');
}

function secondsHex(): string {
  return Math.floor(Date.now() / 1000)
    .toString(16)
    .padStart(8, '0')
    .slice(-8);
}

/**
 * A UUID version 7 (RFC 9562): 48 bits of milliseconds, then 74 random bits. For ids that are
 * keys of append-mostly tables (outbox events): time-ordered keys go
 * to the index's right edge, while 74 random bits keep them unguessable.
 */
export function newTimeOrderedUuid(): string {
  const ms = millisecondsHex();
  const random = randomHex(10);
  const variant = ((parseInt(random.slice(3, 4), 16) & 0x3) | 0x8).toString(16);
  return `${ms.slice(0, 8)}-${ms.slice(8, 12)}-7${random.slice(0, 3)}-${variant}${random.slice(4, 7)}-${random.slice(7, 19)}`;
}

/**
 * A 32-hex transaction id (the Pix txid, refund ids): 12 hex digits of milliseconds, then 80
 * random bits. Time-ordered for the indexes that hold them; a txid is printed in every BR Code
 * and opens nothing by itself.
 */
export function newTransactionId(): string {
  return millisecondsHex() + randomHex(10);
}

/**
 * A 32-hex id for a Pix location: its URL, in the BR Code, is all a payer's bank needs to read the
 * charge, so besides its time it carries 80 random bits that no other id tells anything about.
 */
export function newLocationId(): string {
  return millisecondsHex() + randomHex(10);
}

// The hex of the current millisecond, formatted once per millisecond: a charge takes four
// time-ordered ids, most within the same one.
let lastMs = -1;
let lastMsHex = '';

function millisecondsHex(): string {
  const ms = Date.now();
  if (ms !== lastMs) {
    lastMs = ms;
    lastMsHex = ms.toString(16).padStart(12, '0').slice(-12);
  }
  return lastMsHex;
}

export function newUuid(): string {
  return randomUUID();
}

/**
 * The public id of a payment link (`/pay/<id>`): its time, then 80 random bits; nothing of the
 * caller's in it, so no company can guess or claim another's page.
 */
export function newPublicLinkId(): string {
  return millisecondsHex() + randomHex(10);
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
