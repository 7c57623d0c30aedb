// Turns shop names and cities typed in Portuguese into text a BR Code may carry.
//
// Why: EMV tags 59/60 (and the 26-02 description) are "ans", printable ASCII 0x20–0x7E, and
// TLV lengths count characters. "PADARIA SÃO JOÃO" in UTF-8 has more bytes than characters,
// so a payer's app computes a different CRC (pix-utils has exactly this bug). We therefore
// transliterate (NFD, drop combining marks: "ã"→"a", "ç"→"c") and drop anything still
// outside ASCII, then apply the EMV limits: name ≤ 25, city ≤ 15.

import { BrCodeError } from './emv-tlv';

export const MERCHANT_NAME_MAX_LENGTH = 25;
export const MERCHANT_CITY_MAX_LENGTH = 15;

// Characters common in Brazilian text that NFD does not decompose to ASCII but that have an
// obvious ASCII spelling; without this "Nº 10" would become "N 10" and "D’Ávila" "DAvila".
const REPLACEMENTS: Readonly<Record<string, string>> = {
  º: 'o',
  ª: 'a',
  '°': 'o',
  '‘': "'",
  '’': "'",
  '‚': "'",
  '“': '"',
  '”': '"',
  '„': '"',
  '–': '-',
  '—': '-',
  '…': '...',
  '·': '.',
  ß: 'ss',
  Æ: 'AE',
  æ: 'ae',
  Ø: 'O',
  ø: 'o',
  Œ: 'OE',
  œ: 'oe',
  Đ: 'D',
  đ: 'd',
  Ł: 'L',
  ł: 'l',
};

/**
 * Printable-ASCII version of free text: NFD + strip diacritics, a few typographic
 * replacements, whitespace (tabs, newlines, NBSP) turned into single spaces, anything else
 * outside 0x20–0x7E dropped, trimmed. May return "".
 */
export function toBrCodeText(input: string): string {
  return input
    .normalize('NFD')
    .replace(/[\u0300-\u036f]/g, '')
    .replace(/[^\x20-\x7E]/g, (ch) => REPLACEMENTS[ch] ?? (/\s/.test(ch) ? ' ' : ''))
    .replace(/ {2,}/g, ' ')
    .trim();
}

/** Cuts to `max` characters and trims again, so the cut never leaves a trailing space. */
export function truncateBrCodeText(text: string, max: number): string {
  return text.length <= max ? text : text.slice(0, max).trimEnd();
}

function sanitizeBounded(input: string, max: number, fallback: string | undefined, what: string): string {
  const primary = truncateBrCodeText(toBrCodeText(input), max);
  if (primary !== '') return primary;
  const secondary = fallback === undefined ? '' : truncateBrCodeText(toBrCodeText(fallback), max);
  if (secondary !== '') return secondary;
  // Tags 59 and 60 are mandatory and must be non-empty; better to refuse than to emit a
  // code some payer apps reject.
  throw new BrCodeError(
    `${what} "${input}" has no printable ASCII characters after sanitising${fallback === undefined ? '' : ', nor does the fallback'}`,
  );
}

/** Merchant name for tag 59: ASCII, ≤ 25 chars, non-empty (else fallback, else BrCodeError). */
export function sanitizeMerchantName(name: string, fallback?: string): string {
  return sanitizeBounded(name, MERCHANT_NAME_MAX_LENGTH, fallback, 'merchant name');
}

/** Merchant city for tag 60: ASCII, ≤ 15 chars, non-empty (else fallback, else BrCodeError). */
export function sanitizeMerchantCity(city: string, fallback?: string): string {
  return sanitizeBounded(city, MERCHANT_CITY_MAX_LENGTH, fallback, 'merchant city');
}
