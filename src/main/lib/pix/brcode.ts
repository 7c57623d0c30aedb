// Pix BR Codes ("copia e cola" / QR payload): building static and dynamic codes, decoding
// any Pix code a customer or the sandbox hands us.
//
// Why these rules (pix-domain.md §1, BCB MPIP):
// * Field order is the ascending one every BCB example and library uses
//   (00,01,26,52,53,54,58,59,60,62,63), so our output matches theirs byte for byte.
// * Static codes carry the Pix key in 26-01; dynamic codes carry the location URL in 26-25
//   (without scheme: the payer's PSP prepends https://). A dynamic code may also carry the
//   amount in 54, as the real service's do (remote-api-notes §9.1): the payer's bank app shows it
//   before it has loaded the location, but the amount paid is always the location's (JWS).
// * Static codes omit tag 01. "11" (reusable) would be equally valid, but the BCB static
//   example, Woovi's static codes and @brazilian-utils all omit it, and omitting it lets those
//   codes round-trip through decode → build unchanged. Dynamic codes use 01=12 (single use).

import { centsToDecimalString, decimalStringToCents } from '#shared/lib/money';
import {
  BrCodeError,
  encodeBrCodePayload,
  firstNonPrintableAscii,
  parseBrCodePayload,
  primitiveValue,
  templateValue,
  type TlvField,
} from './emv-tlv';
import { sanitizeMerchantCity, sanitizeMerchantName, toBrCodeText, truncateBrCodeText } from './merchant-text';
import { validatePixKey } from './pix-key';

/** GUI of the Pix arrangement inside templates 26 and 80. */
export const PIX_GUI = 'br.gov.bcb.pix';
/** API Pix `location` maxLength. With the GUI it keeps tag 26 within 99 characters. */
export const LOCATION_URL_MAX_LENGTH = 77;
/** Tag 26 is a template whose length field is 2 digits. */
export const MERCHANT_ACCOUNT_MAX_LENGTH = 99;
/** EMV caps tag 54 at 13 characters ("9999999999.99"). */
export const AMOUNT_MAX_LENGTH = 13;
/** Largest amount whose decimal text fits in 13 characters. */
export const MAX_AMOUNT_CENTS = 999_999_999_999;
/** `***` in 62-05 means "no txid". */
export const NO_TXID = '***';

const STATIC_TXID_PATTERN = /^[A-Za-z0-9]{1,25}$/;

export type PointOfInitiation = 'STATIC' | 'DYNAMIC';

export interface DynamicBrCodeInput {
  /** Location without scheme, e.g. "pix.example.com/qr/v2/9d36b84f…"; at most 77 characters. */
  locationUrl: string;
  /**
   * Amount in cents shown in tag 54 (> 0). Informative only: the payer's PSP pays what the
   * location says. Omitted when one code stands for several amounts (a fixed location).
   */
  amountCents?: number;
  merchantName: string;
  merchantCity: string;
}

export interface StaticBrCodeInput {
  /** Canonical Pix key (use normalizePixKey on user input first). */
  pixKey: string;
  /** Fixed amount in cents (> 0). Omitted: the payer types the amount. */
  amountCents?: number;
  /** 1–25 [A-Za-z0-9], or "***"/omitted for none. */
  txid?: string;
  /** Shown to the payer (26-02); transliterated to ASCII and cut to fit tag 26's 99 chars. */
  description?: string;
  merchantName: string;
  merchantCity: string;
}

export interface DecodedBrCode {
  /** DYNAMIC when the code points at a location URL (26-25), STATIC when it carries a key (26-01). */
  pointOfInitiation: PointOfInitiation;
  /** Tag 01 = "12": the payer's app should not accept it twice. */
  singleUse: boolean;
  pixKey?: string;
  /** Location without scheme, as in the code. */
  locationUrl?: string;
  description?: string;
  amountCents?: number;
  /** 62-05; absent when the code says "***". */
  txid?: string;
  merchantName: string;
  merchantCity: string;
  postalCode?: string;
  /** Tag 80 (Pix Automático "QR composto") recurrence location, without scheme. */
  recurrenceUrl?: string;
}

function pixAccountGui(): TlvField {
  return { id: '00', value: PIX_GUI };
}

function assertLocationUrl(url: string, what: string): void {
  if (typeof url !== 'string' || url.length === 0) throw new BrCodeError(`${what} is empty`);
  if (/^[A-Za-z][A-Za-z0-9+.-]*:\/\//.test(url)) {
    // The payer's PSP always does GET https://{url}; a scheme here yields "https://https://…".
    throw new BrCodeError(`${what} "${url}" must not include a scheme such as https://`);
  }
  if (url.length > LOCATION_URL_MAX_LENGTH) {
    throw new BrCodeError(`${what} is ${url.length} characters; the maximum is ${LOCATION_URL_MAX_LENGTH}`);
  }
  if (firstNonPrintableAscii(url) >= 0 || url.includes(' ')) {
    throw new BrCodeError(`${what} "${url}" must be printable ASCII without spaces`);
  }
}

function trailingFields(merchantName: string, merchantCity: string, txid: string): TlvField[] {
  return [
    { id: '58', value: 'BR' },
    { id: '59', value: sanitizeMerchantName(merchantName) },
    { id: '60', value: sanitizeMerchantCity(merchantCity) },
    { id: '62', value: [{ id: '05', value: txid }] },
  ];
}

/** Tag 54 for an amount in cents; throws BrCodeError unless it is a whole number in 1..MAX_AMOUNT_CENTS. */
function amountField(cents: number): TlvField {
  if (!Number.isSafeInteger(cents) || cents <= 0 || cents > MAX_AMOUNT_CENTS) {
    throw new BrCodeError(`amount ${String(cents)} must be a whole number of cents in 1..${MAX_AMOUNT_CENTS}`);
  }
  return { id: '54', value: centsToDecimalString(cents) };
}

/**
 * Dynamic (cob/cobv) BR Code pointing at `locationUrl`, with the amount in tag 54 when given.
 * The payer's PSP pays what the signed JWS at the location says, whatever tag 54 shows. 62-05
 * is "***" because the MPIP says the PSP ignores it and uses the txid from the JWS.
 */
export function buildDynamicBrCode(input: DynamicBrCodeInput): string {
  assertLocationUrl(input.locationUrl, 'location URL');
  const fields: TlvField[] = [
    { id: '00', value: '01' },
    { id: '01', value: '12' },
    { id: '26', value: [pixAccountGui(), { id: '25', value: input.locationUrl }] },
    { id: '52', value: '0000' },
    { id: '53', value: '986' },
  ];
  if (input.amountCents !== undefined) fields.push(amountField(input.amountCents));
  fields.push(...trailingFields(input.merchantName, input.merchantCity, NO_TXID));
  return encodeBrCodePayload(fields);
}

/**
 * Static (key-based) BR Code, optionally with a fixed amount, txid and description.
 * Throws BrCodeError for a non-canonical key, a bad amount or txid, or unusable name/city.
 */
export function buildStaticBrCode(input: StaticBrCodeInput): string {
  const key = validatePixKey(input.pixKey);
  if (!key.valid) throw new BrCodeError(`invalid Pix key "${input.pixKey}": ${key.reason}`);

  const account: TlvField[] = [pixAccountGui(), { id: '01', value: key.key }];
  if (input.description !== undefined) {
    // Whatever room tag 26 has left after the GUI, the key and the 26-02 id+length.
    const room = MERCHANT_ACCOUNT_MAX_LENGTH - (4 + PIX_GUI.length) - (4 + key.key.length) - 4;
    const text = truncateBrCodeText(toBrCodeText(input.description), Math.max(0, room));
    if (text !== '') account.push({ id: '02', value: text });
  }

  const fields: TlvField[] = [
    { id: '00', value: '01' },
    { id: '26', value: account },
    { id: '52', value: '0000' },
    { id: '53', value: '986' },
  ];
  if (input.amountCents !== undefined) fields.push(amountField(input.amountCents));

  const txid = input.txid ?? NO_TXID;
  if (txid !== NO_TXID && !STATIC_TXID_PATTERN.test(txid)) {
    throw new BrCodeError(`txid "${txid}" must be "***" or 1 to 25 letters and digits`);
  }
  fields.push(...trailingFields(input.merchantName, input.merchantCity, txid));
  return encodeBrCodePayload(fields);
}

function required(fields: readonly TlvField[], id: string, name: string): string {
  const value = primitiveValue(fields, id);
  if (value === undefined) throw new BrCodeError(`tag ${id} (${name}) is missing`);
  return value;
}

function isPixGui(value: string | undefined): boolean {
  // Some generators write "BR.GOV.BCB.PIX"; readers (including @brazilian-utils) accept it.
  return value !== undefined && value.toLowerCase() === PIX_GUI;
}

/**
 * Decodes and validates a Pix BR Code. Accepts any valid ordering of fields and Pix codes
 * made by other PSPs (amount on dynamic codes, tag 61, tag 80, upper-case GUI); rejects
 * malformed TLV, wrong CRC, non-ASCII text and codes that are not Pix or mix key and URL.
 */
export function decodeBrCode(payload: string): DecodedBrCode {
  const fields = parseBrCodePayload(payload);

  const initiation = primitiveValue(fields, '01');
  if (initiation !== undefined && initiation !== '11' && initiation !== '12') {
    throw new BrCodeError(`point of initiation method (tag 01) must be "11" or "12", found "${initiation}"`);
  }

  const account = templateValue(fields, '26');
  if (!account) throw new BrCodeError('tag 26 (Pix merchant account information) is missing');
  const gui = primitiveValue(account, '00', '26/');
  if (!isPixGui(gui)) {
    throw new BrCodeError(`tag 26/00 must be "${PIX_GUI}", found ${gui === undefined ? 'nothing' : `"${gui}"`}`);
  }
  const pixKey = primitiveValue(account, '01');
  const description = primitiveValue(account, '02');
  const locationUrl = primitiveValue(account, '25');
  if (pixKey !== undefined && locationUrl !== undefined) {
    throw new BrCodeError('tag 26 carries both a Pix key (01) and a location URL (25)');
  }
  if (pixKey === undefined && locationUrl === undefined) {
    throw new BrCodeError('tag 26 carries neither a Pix key (01) nor a location URL (25)');
  }
  if (locationUrl !== undefined) assertLocationUrl(locationUrl, 'tag 26/25 location URL');
  // The key's format is checked by the payer's PSP against DICT; we only reject what can
  // never be a key, so codes from generators with quirks (upper-case e-mail) still decode.
  if (pixKey !== undefined && pixKey.length > 77) {
    throw new BrCodeError(`tag 26/01 Pix key is ${pixKey.length} characters; the maximum is 77`);
  }
  const dynamic = locationUrl !== undefined;

  const mcc = required(fields, '52', 'merchant category code');
  if (!/^\d{4}$/.test(mcc)) throw new BrCodeError(`tag 52 (merchant category code) must be 4 digits, found "${mcc}"`);
  const currency = required(fields, '53', 'transaction currency');
  if (currency !== '986') throw new BrCodeError(`tag 53 (currency) must be "986" (BRL), found "${currency}"`);
  const country = required(fields, '58', 'country code');
  if (country !== 'BR') throw new BrCodeError(`tag 58 (country code) must be "BR", found "${country}"`);

  let amountCents: number | undefined;
  const amountText = primitiveValue(fields, '54');
  if (amountText !== undefined) {
    const cents = amountText.length <= AMOUNT_MAX_LENGTH ? decimalStringToCents(amountText) : null;
    if (cents === null || cents <= 0) {
      throw new BrCodeError(`tag 54 (amount) "${amountText}" must be a positive decimal like "12.50"`);
    }
    amountCents = cents;
  }

  const merchantName = required(fields, '59', 'merchant name');
  if (merchantName.length > 25) throw new BrCodeError(`tag 59 (merchant name) is longer than 25 characters`);
  const merchantCity = required(fields, '60', 'merchant city');
  if (merchantCity.length > 15) throw new BrCodeError(`tag 60 (merchant city) is longer than 15 characters`);
  const postalCode = primitiveValue(fields, '61');

  let txid: string | undefined;
  const additional = templateValue(fields, '62');
  const reference = additional ? primitiveValue(additional, '05', '62/') : undefined;
  if (reference !== undefined && reference !== NO_TXID) {
    if (reference.length > 25) throw new BrCodeError('tag 62/05 (txid) is longer than 25 characters');
    // On dynamic codes the PSP ignores 62-05 (the JWS has the txid), so only static codes
    // are held to the [A-Za-z0-9] rule.
    if (!dynamic && !STATIC_TXID_PATTERN.test(reference)) {
      throw new BrCodeError(`tag 62/05 (txid) "${reference}" must be "***" or 1 to 25 letters and digits`);
    }
    txid = reference;
  }

  let recurrenceUrl: string | undefined;
  const unreserved = templateValue(fields, '80');
  if (unreserved && isPixGui(primitiveValue(unreserved, '00', '80/'))) {
    recurrenceUrl = primitiveValue(unreserved, '25', '80/');
    if (recurrenceUrl !== undefined) assertLocationUrl(recurrenceUrl, 'tag 80/25 recurrence URL');
  }

  const decoded: DecodedBrCode = {
    pointOfInitiation: dynamic ? 'DYNAMIC' : 'STATIC',
    singleUse: initiation === '12',
    merchantName,
    merchantCity,
  };
  if (pixKey !== undefined) decoded.pixKey = pixKey;
  if (locationUrl !== undefined) decoded.locationUrl = locationUrl;
  if (description !== undefined) decoded.description = description;
  if (amountCents !== undefined) decoded.amountCents = amountCents;
  if (txid !== undefined) decoded.txid = txid;
  if (postalCode !== undefined) decoded.postalCode = postalCode;
  if (recurrenceUrl !== undefined) decoded.recurrenceUrl = recurrenceUrl;
  return decoded;
}
