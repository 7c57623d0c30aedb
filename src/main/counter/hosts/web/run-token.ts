// The browser host's per-run token: whoever holds it may drive the till, so it is random,
// printed only to the terminal that started the host, and compared in constant time.
import { randomBytes, timingSafeEqual } from 'node:crypto';

export function newRunToken(): string {
  return randomBytes(32).toString('base64url');
}

export function tokenMatches(expected: string, given: unknown): boolean {
  if (typeof given !== 'string') return false;
  const a = Buffer.from(expected);
  const b = Buffer.from(given);
  // timingSafeEqual needs equal lengths; the length of a fixed-size token is no secret.
  return a.length === b.length && timingSafeEqual(a, b);
}
