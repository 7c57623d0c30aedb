// The BR Code of an offline sale, made at the counter: a static code to the shop's confirmed key,
// with the sale's amount (tag 54), the merchant's name and city, and a txid of its own (62-05).
// It is built and then decoded by the same Pix library the engine uses, so it passes the very
// checks the engine's own codes pass (TLV, CRC, key, txid shape, ASCII text).
import { randomBytes } from 'node:crypto';
import { buildStaticBrCode, decodeBrCode, sanitizeMerchantCity, sanitizeMerchantName } from '#lib/pix';

// Tags 59 and 60 must not be empty. A shop named only in letters ASCII cannot spell ("東京",
// "★") would otherwise leave the cashier with no code at all: the payer's app shows these words,
// the money goes by the key, so a plain word stands in.
const NAME_FALLBACK = 'LOJA';
const CITY_FALLBACK = 'BRASIL';

/** 62-05 allows 25 letters and digits: a UUID (36 characters with dashes) does not fit. */
export const OFFLINE_TXID_LENGTH = 25;
const ALPHABET = 'ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789';
// The largest multiple of 62 below 256: bytes at or above it are dropped, so every letter is
// equally likely (a plain modulo would favour the first ones).
const UNBIASED_LIMIT = 248;

/**
 * A txid for one offline sale: 25 random letters and digits (about 148 bits), so no two counters
 * of a shop, nor the service's own codes, ever share one; uniqueness is also enforced by the
 * counter's store (UNIQUE). Starts with "BO" so a person reading a bank statement can tell.
 */
export function newOfflineTxid(random: (size: number) => Buffer = randomBytes): string {
  let txid = 'BO';
  while (txid.length < OFFLINE_TXID_LENGTH) {
    for (const byte of random(32)) {
      if (byte >= UNBIASED_LIMIT) continue;
      txid += ALPHABET[byte % ALPHABET.length];
      if (txid.length === OFFLINE_TXID_LENGTH) break;
    }
  }
  return txid;
}

export interface OfflineCodeInput {
  /** The confirmed key, in DICT form. */
  pixKey: string;
  /** Cents. */
  value: number;
  txid: string;
  merchantName: string;
  merchantCity: string;
}

export function buildOfflineBrCode(input: OfflineCodeInput): string {
  const brCode = buildStaticBrCode({
    pixKey: input.pixKey,
    amountCents: input.value,
    txid: input.txid,
    merchantName: sanitizeMerchantName(input.merchantName, NAME_FALLBACK),
    merchantCity: sanitizeMerchantCity(input.merchantCity, CITY_FALLBACK),
  });
  // Read back as any payer's bank would: a code that would not decode to the same key, amount
  // and txid is never shown.
  const decoded = decodeBrCode(brCode);
  if (decoded.pixKey !== input.pixKey || decoded.amountCents !== input.value || decoded.txid !== input.txid) {
    throw new Error('the offline BR Code does not read back as built');
  }
  return brCode;
}
