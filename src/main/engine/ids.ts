import { randomBytes, randomUUID } from 'node:crypto';

// Identifier formats mirror the real service so clients that inspect them keep working:
// 24-hex object ids, base64 `Type:<id>` global ids, 32-hex transaction ids, UUID link ids.

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

export function newObjectId(): string {
  return randomHex(12);
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
