import { randomBytes, randomUUID } from 'node:crypto';

// Identifier formats mirror the real service so clients that inspect them keep working:
// 24-hex object ids, base64 `Type:<id>` global ids, 32-hex transaction ids, UUID link ids.

export function newObjectId(): string {
  return randomBytes(12).toString('hex');
}

export function newTransactionId(): string {
  return randomBytes(16).toString('hex');
}

export function newUuid(): string {
  return randomUUID();
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
