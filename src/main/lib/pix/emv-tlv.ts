// EMV® QRCPS-MPM TLV encoding, the container format of every Pix BR Code.
//
// Why a separate module: the TLV rules (2-digit ids, 2-digit decimal lengths, nested
// templates, 00 first, 63 last with a CRC over everything before it) are generic EMV, while
// the meaning of each tag is Pix-specific and lives in brcode.ts. Keeping them apart lets the
// decoder report "the container is broken" separately from "the Pix content is wrong".

import { crc16Hex } from './crc16';

/** Every BR Code failure (malformed TLV, bad CRC, invalid Pix content) is thrown as this. */
export class BrCodeError extends Error {
  constructor(message: string) {
    super(message);
    this.name = 'BrCodeError';
  }
}

/**
 * One TLV object. `value` is plain text for primitive tags, or the list of sub-fields for
 * templates (26 merchant account, 62 additional data, 80 Pix Automático).
 */
export interface TlvField {
  readonly id: string;
  readonly value: string | readonly TlvField[];
}

/**
 * Tags whose value is itself a TLV list in the Pix profile. Other EMV templates (27–51,
 * 64, 81–99) are not used by Pix, so their values are kept as opaque text rather than
 * rejected when some other scheme nests differently.
 */
export const PIX_TEMPLATE_IDS: ReadonlySet<string> = new Set(['26', '62', '80']);

/** EMV QRCPS caps the whole payload at 512 characters. */
export const BR_CODE_MAX_LENGTH = 512;

/** `63` + `04`: the CRC covers the payload up to and including these four characters. */
export const CRC_FIELD_PREFIX = '6304';

const ID_PATTERN = /^\d{2}$/;
const LENGTH_PATTERN = /^\d{2}$/;

/**
 * EMV "ans" is printable ASCII 0x20–0x7E. Anything else breaks the rule that LEN counts
 * characters *and* bytes (a UTF-8 "É" is 2 bytes), so the CRC computed by the payer's app
 * would not match ours.
 */
export function firstNonPrintableAscii(text: string): number {
  for (let i = 0; i < text.length; i++) {
    const code = text.charCodeAt(i);
    if (code < 0x20 || code > 0x7e) return i;
  }
  return -1;
}

function describeChar(text: string, index: number): string {
  const codePoint = text.codePointAt(index) ?? 0;
  return `U+${codePoint.toString(16).toUpperCase().padStart(4, '0')}`;
}

function assertPrintableAscii(text: string, what: string): void {
  const bad = firstNonPrintableAscii(text);
  if (bad >= 0) {
    throw new BrCodeError(
      `${what} contains a character outside printable ASCII (${describeChar(text, bad)} at position ${bad})`,
    );
  }
}

function encodeField(field: TlvField, path: string): string {
  if (!ID_PATTERN.test(field.id)) {
    throw new BrCodeError(`${path}: id "${field.id}" must be exactly 2 decimal digits`);
  }
  const label = `${path}${field.id}`;
  let value: string;
  if (typeof field.value === 'string') {
    assertPrintableAscii(field.value, `tag ${label}`);
    value = field.value;
  } else {
    value = encodeFields(field.value, `${label}/`);
  }
  if (value.length < 1 || value.length > 99) {
    // The length is two decimal digits, so 99 is a hard ceiling; 0 is meaningless in EMV.
    throw new BrCodeError(`tag ${label}: value length ${value.length} is outside 1..99`);
  }
  return field.id + String(value.length).padStart(2, '0') + value;
}

function encodeFields(fields: readonly TlvField[], path: string): string {
  const seen = new Set<string>();
  let out = '';
  for (const field of fields) {
    if (seen.has(field.id)) throw new BrCodeError(`tag ${path}${field.id} appears twice`);
    seen.add(field.id);
    out += encodeField(field, path);
  }
  return out;
}

/**
 * Serialises fields, in the given order, to `ID LEN VALUE...`. Does not add a CRC (see
 * encodeBrCodePayload). Order matters: the CRC is computed over the exact text.
 */
export function encodeTlv(fields: readonly TlvField[]): string {
  return encodeFields(fields, '');
}

function parseLevel(text: string, templateIds: ReadonlySet<string>, path: string): TlvField[] {
  const where = path === '' ? 'payload' : `template ${path.slice(0, -1)}`;
  const fields: TlvField[] = [];
  const seen = new Set<string>();
  let pos = 0;
  while (pos < text.length) {
    if (text.length - pos < 4) {
      throw new BrCodeError(
        `${where} is truncated: ${text.length - pos} trailing character(s) at position ${pos} cannot hold an id and a length`,
      );
    }
    const id = text.slice(pos, pos + 2);
    const lengthText = text.slice(pos + 2, pos + 4);
    if (!ID_PATTERN.test(id)) {
      throw new BrCodeError(`${where}: expected a 2-digit tag id at position ${pos}, found "${id}"`);
    }
    if (!LENGTH_PATTERN.test(lengthText)) {
      throw new BrCodeError(`tag ${path}${id}: length "${lengthText}" is not 2 decimal digits`);
    }
    const length = Number(lengthText);
    if (length === 0) throw new BrCodeError(`tag ${path}${id}: length 00 is not allowed`);
    const start = pos + 4;
    if (start + length > text.length) {
      throw new BrCodeError(
        `tag ${path}${id} declares length ${lengthText} but only ${text.length - start} character(s) remain in the ${where}`,
      );
    }
    if (seen.has(id)) throw new BrCodeError(`tag ${path}${id} appears twice in the ${where}`);
    seen.add(id);
    const raw = text.slice(start, start + length);
    // Pix nests only one level deep, so sub-fields are always primitive.
    const value = templateIds.has(id) ? parseLevel(raw, new Set(), `${path}${id}/`) : raw;
    fields.push({ id, value });
    pos = start + length;
  }
  return fields;
}

/**
 * Parses TLV text into fields, descending into the given template ids. Strict: ids and
 * lengths must be 2 decimal digits, every declared length must fit, no duplicate ids at a
 * level, no trailing garbage. Does not check 00/63 (see parseBrCodePayload).
 */
export function parseTlv(text: string, templateIds: ReadonlySet<string> = PIX_TEMPLATE_IDS): TlvField[] {
  assertPrintableAscii(text, 'TLV text');
  return parseLevel(text, templateIds, '');
}

/**
 * Encodes a full BR Code: fields (which must start with 00=01 and must not contain 63)
 * followed by `6304` and the CRC of everything before the CRC digits.
 */
export function encodeBrCodePayload(fields: readonly TlvField[]): string {
  const first = fields[0];
  if (!first || first.id !== '00' || first.value !== '01') {
    throw new BrCodeError('the first field must be 00 (payload format indicator) with value "01"');
  }
  if (fields.some((f) => f.id === '63')) {
    throw new BrCodeError('tag 63 (CRC) is computed here; do not pass it in');
  }
  const body = encodeTlv(fields) + CRC_FIELD_PREFIX;
  const payload = body + crc16Hex(body);
  if (payload.length > BR_CODE_MAX_LENGTH) {
    throw new BrCodeError(`BR Code is ${payload.length} characters; EMV allows at most ${BR_CODE_MAX_LENGTH}`);
  }
  return payload;
}

/** True when the payload's final `6304XXXX` matches the CRC of everything before `XXXX`. */
export function hasValidCrc(payload: string): boolean {
  if (payload.length < 8) return false;
  const tail = payload.slice(-8);
  if (!/^6304[0-9A-F]{4}$/.test(tail)) return false;
  return crc16Hex(payload.slice(0, -4)) === tail.slice(4);
}

/**
 * Strictly parses a complete BR Code. Checks, in order: printable ASCII, ≤ 512 chars, the
 * `6304XXXX` tail and its CRC (so a scanned code with one flipped character is reported as a
 * CRC error rather than a confusing structural one), the TLV structure, 00=01 first and
 * 63 last. Returns every field including 63, so `encodeTlv(result)` gives the input back.
 */
export function parseBrCodePayload(payload: string): TlvField[] {
  if (typeof payload !== 'string' || payload.length === 0) {
    throw new BrCodeError('BR Code is empty');
  }
  assertPrintableAscii(payload, 'BR Code');
  if (payload.length > BR_CODE_MAX_LENGTH) {
    throw new BrCodeError(`BR Code is ${payload.length} characters; EMV allows at most ${BR_CODE_MAX_LENGTH}`);
  }
  const tail = payload.slice(-8);
  if (payload.length < 8 || !tail.startsWith(CRC_FIELD_PREFIX)) {
    throw new BrCodeError('BR Code must end with the CRC field "6304XXXX" (is the payload truncated?)');
  }
  const declared = tail.slice(4);
  if (!/^[0-9A-F]{4}$/.test(declared)) {
    throw new BrCodeError(`CRC "${declared}" must be 4 uppercase hexadecimal digits`);
  }
  const computed = crc16Hex(payload.slice(0, -4));
  if (computed !== declared) {
    throw new BrCodeError(`CRC mismatch: the payload declares ${declared} but its content checksums to ${computed}`);
  }
  const fields = parseTlv(payload);
  const first = fields[0];
  if (!first || first.id !== '00') {
    throw new BrCodeError('the first field must be 00 (payload format indicator)');
  }
  if (first.value !== '01') {
    throw new BrCodeError(`payload format indicator (tag 00) must be "01", found ${JSON.stringify(first.value)}`);
  }
  const last = fields[fields.length - 1];
  if (!last || last.id !== '63') {
    // The tail looked like a CRC but the TLV boundaries say it is part of another value.
    throw new BrCodeError('the last field must be 63 (CRC)');
  }
  return fields;
}

/** The field with this id at this level, if any. */
export function findField(fields: readonly TlvField[], id: string): TlvField | undefined {
  return fields.find((f) => f.id === id);
}

/** Text of a primitive field; throws if the id is present but holds a template. */
export function primitiveValue(fields: readonly TlvField[], id: string, path = ''): string | undefined {
  const field = findField(fields, id);
  if (!field) return undefined;
  if (typeof field.value !== 'string') throw new BrCodeError(`tag ${path}${id} must be a primitive value`);
  return field.value;
}

/** Sub-fields of a template field; throws if the id is present but holds plain text. */
export function templateValue(fields: readonly TlvField[], id: string): readonly TlvField[] | undefined {
  const field = findField(fields, id);
  if (!field) return undefined;
  if (typeof field.value === 'string') throw new BrCodeError(`tag ${id} must be a template`);
  return field.value;
}
