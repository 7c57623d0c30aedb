// PINs are stored as scrypt hashes (node:crypto), never as text. The parameters go with every
// hash, so raising them later leaves older hashes checkable.
//
// scrypt N = 2^15, r = 8, p = 1, a 16-byte random salt, a 32-byte key: about 32 MiB and some tens
// of milliseconds per check on a shop's PC, run off the event loop (the async scrypt). A 4–8 digit
// PIN has at most 10^8 values, so no KDF alone could stop someone holding counter.db from trying
// them all; what protects a PIN at the counter is the lockout (pin-lockout.ts) and the KDF makes
// each offline guess cost real memory and time.
import { randomBytes, scrypt, timingSafeEqual, type ScryptOptions } from 'node:crypto';

export interface PinKdf {
  alg: 'scrypt';
  N: number;
  r: number;
  p: number;
  keyLen: number;
}

export const CURRENT_PIN_KDF: PinKdf = { alg: 'scrypt', N: 2 ** 15, r: 8, p: 1, keyLen: 32 };

export interface PinHash {
  hash: string;
  salt: string;
  kdf: string;
}

export async function hashPin(pin: string, kdf: PinKdf = CURRENT_PIN_KDF): Promise<PinHash> {
  const salt = randomBytes(16);
  const key = await derive(pin, salt, kdf);
  return { hash: key.toString('base64'), salt: salt.toString('base64'), kdf: JSON.stringify(kdf) };
}

/** Constant-time comparison of the derived key with the stored one. */
export async function pinMatches(pin: string, stored: PinHash): Promise<boolean> {
  const kdf = JSON.parse(stored.kdf) as PinKdf;
  if (kdf.alg !== 'scrypt') throw new Error(`unknown PIN KDF: ${String(kdf.alg)}`);
  const expected = Buffer.from(stored.hash, 'base64');
  const key = await derive(pin, Buffer.from(stored.salt, 'base64'), { ...kdf, keyLen: expected.length });
  return timingSafeEqual(key, expected);
}

function derive(pin: string, salt: Buffer, kdf: PinKdf): Promise<Buffer> {
  // scrypt needs 128·N·r bytes; Node's default ceiling (32 MiB) is exactly that for N = 2^15, r = 8.
  const options: ScryptOptions = { N: kdf.N, r: kdf.r, p: kdf.p, maxmem: 256 * kdf.N * kdf.r };
  return new Promise((resolve, reject) => {
    scrypt(pin.normalize('NFKC'), salt, kdf.keyLen, options, (error, key) => (error ? reject(error) : resolve(key)));
  });
}
