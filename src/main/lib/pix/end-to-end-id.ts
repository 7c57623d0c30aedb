// SPI identifiers: EndToEndId (E…) for a Pix payment and ReturnIdentification (D…) for a
// devolução. Layout (BCB, pix-domain.md §6.1), 32 chars, case-sensitive:
//   kind(1) + ISPB(8) + yyyyMMddHHmm in UTC (12) + 11 [a-zA-Z0-9] unique within that minute.
//
// Why the timestamp is UTC and taken from the caller: the SPI checks it against processing
// time (±12 h tolerance), and passing `at` lets the engine's clock (and tests) decide it.
// Why crypto: the suffix must never repeat, so Math.random is not good enough.

import { randomInt } from 'node:crypto';

export type PixIdKind = 'E' | 'D';

export interface ParsedEndToEndId {
  kind: PixIdKind;
  ispb: string;
  /** The minute embedded in the id, UTC. */
  at: Date;
  suffix: string;
}

const ALPHABET = 'ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789';
const SUFFIX_LENGTH = 11;
const ISPB_PATTERN = /^[0-9A-Za-z]{8}$/;
const SUFFIX_PATTERN = /^[a-zA-Z0-9]{11}$/;
const ID_PATTERN = /^[ED][0-9A-Za-z]{8}\d{12}[a-zA-Z0-9]{11}$/;

/** 11 characters from [A-Za-z0-9]; randomInt is unbiased, unlike `byte % 62`. */
export function randomIdSuffix(): string {
  let out = '';
  for (let i = 0; i < SUFFIX_LENGTH; i++) out += ALPHABET[randomInt(ALPHABET.length)];
  return out;
}

function pad(n: number, width: number): string {
  return String(n).padStart(width, '0');
}

function utcStamp(at: Date): string {
  const time = at instanceof Date ? at.getTime() : Number.NaN;
  if (Number.isNaN(time)) throw new RangeError('end-to-end id: "at" must be a valid Date');
  const year = at.getUTCFullYear();
  if (year < 0 || year > 9999) throw new RangeError(`end-to-end id: year ${year} does not fit in 4 digits`);
  return (
    pad(year, 4) +
    pad(at.getUTCMonth() + 1, 2) +
    pad(at.getUTCDate(), 2) +
    pad(at.getUTCHours(), 2) +
    pad(at.getUTCMinutes(), 2)
  );
}

function buildId(kind: PixIdKind, ispb: string, at: Date, random: () => string): string {
  if (typeof ispb !== 'string' || !ISPB_PATTERN.test(ispb)) {
    throw new RangeError(`end-to-end id: ISPB "${String(ispb)}" must be 8 letters or digits`);
  }
  const suffix = random();
  if (typeof suffix !== 'string' || !SUFFIX_PATTERN.test(suffix)) {
    throw new RangeError(`end-to-end id: random suffix "${String(suffix)}" must be 11 characters [a-zA-Z0-9]`);
  }
  return kind + ispb + utcStamp(at) + suffix;
}

/** New EndToEndId for a payment submitted by participant `ispb` at `at`. */
export function newEndToEndId(ispb: string, at: Date, random: () => string = randomIdSuffix): string {
  return buildId('E', ispb, at, random);
}

/** New ReturnIdentification (rtrId) for a refund/devolução; same layout with a "D". */
export function newReturnId(ispb: string, at: Date, random: () => string = randomIdSuffix): string {
  return buildId('D', ispb, at, random);
}

/** Shape check for both EndToEndIds (E…) and return ids (D…). Does not check the date. */
export function isEndToEndId(s: string): boolean {
  return typeof s === 'string' && ID_PATTERN.test(s);
}

/**
 * Splits an E…/D… id into its parts; null when the shape is wrong or the embedded
 * timestamp is not a real UTC minute (month 13, 31 February, 24:00…).
 */
export function parseEndToEndId(s: string): ParsedEndToEndId | null {
  if (!isEndToEndId(s)) return null;
  const stamp = s.slice(9, 21);
  const [year, month, day, hour, minute] = [
    Number(stamp.slice(0, 4)),
    Number(stamp.slice(4, 6)),
    Number(stamp.slice(6, 8)),
    Number(stamp.slice(8, 10)),
    Number(stamp.slice(10, 12)),
  ] as const;
  const at = new Date(0);
  at.setUTCFullYear(year, month - 1, day);
  at.setUTCHours(hour, minute, 0, 0);
  if (utcStamp(at) !== stamp) return null; // Date rolled over, so a field was out of range.
  return { kind: s[0] as PixIdKind, ispb: s.slice(1, 9), at, suffix: s.slice(21) };
}
