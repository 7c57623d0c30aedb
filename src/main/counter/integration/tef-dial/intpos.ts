// The IntPos file format of TEF Discado's "Gerenciador Padrão" interface (Software Express, "Guia
// Técnico da Solução TEF Discado — Interface e Ambiente"; the same layout in Software Express's
// ClienteSitef manual and in PayGo's file exchange): one field a line, `AAA-BBB = value`, the
// field's number and its sequence, a space, "=", a space, the value aligned left; CR LF between
// lines; `999-999 = 0` ends the file. The PDVs that write it are Windows programs: the bytes are
// Windows-1252 (Latin-1 with a few printable characters in 0x80-0x9F).
//
// Reading never throws: a file that is not a whole, well-formed IntPos file is a `malformed`
// result with the reason in Portuguese, for the answer file to say.

/** A field's key as the files write it: "000-000", "029-012". */
export type FieldKey = `${string}-${string}`;

export type IntPosRead =
  | { ok: true; fields: ReadonlyMap<FieldKey, string> }
  | {
      ok: false;
      /** Why, for the operator (pt-BR). */
      reason: string;
      /** False when the file may still be being written (no 999-999 yet): look again before answering. */
      complete: boolean;
      /** What could be read, so an answer can still echo the header and the identification. */
      fields: ReadonlyMap<FieldKey, string>;
    };

const LINE = /^(\d{3})-(\d{3}) *= ?(.*)$/;
/** A request larger than this is no IntPos file (a sale's has a dozen short lines). */
const MAX_BYTES = 64 * 1024;

/** Windows-1252's characters in 0x80-0x9F (the holes, 81 8D 8F 90 9D, stay the C1 controls). */
const CP1252_HIGH: Record<number, number> = {
  0x80: 0x20ac,
  0x82: 0x201a,
  0x83: 0x0192,
  0x84: 0x201e,
  0x85: 0x2026,
  0x86: 0x2020,
  0x87: 0x2021,
  0x88: 0x02c6,
  0x89: 0x2030,
  0x8a: 0x0160,
  0x8b: 0x2039,
  0x8c: 0x0152,
  0x8e: 0x017d,
  0x91: 0x2018,
  0x92: 0x2019,
  0x93: 0x201c,
  0x94: 0x201d,
  0x95: 0x2022,
  0x96: 0x2013,
  0x97: 0x2014,
  0x98: 0x02dc,
  0x99: 0x2122,
  0x9a: 0x0161,
  0x9b: 0x203a,
  0x9c: 0x0153,
  0x9e: 0x017e,
  0x9f: 0x0178,
};
const CP1252_BACK = new Map(Object.entries(CP1252_HIGH).map(([byte, code]) => [code, Number(byte)]));

/** Windows-1252 bytes as text (Latin-1 is its subset, so a Latin-1 file reads the same). */
export function decodeCp1252(bytes: Uint8Array): string {
  let text = '';
  for (const byte of bytes) text += String.fromCharCode(CP1252_HIGH[byte] ?? byte);
  return text;
}

/** Text as Windows-1252 bytes; what it cannot hold becomes "?" (a PDV prints what it gets). */
export function encodeCp1252(text: string): Buffer {
  const bytes: number[] = [];
  for (const char of text) {
    const code = char.codePointAt(0)!;
    const back = CP1252_BACK.get(code);
    if (back !== undefined) bytes.push(back);
    else if (code <= 0xff && (code < 0x80 || code > 0x9f)) bytes.push(code);
    else bytes.push(0x3f);
  }
  return Buffer.from(bytes);
}

/** Reads an IntPos file's bytes. Strict about its shape, tolerant about line ends and spaces. */
export function readIntPos(bytes: Uint8Array): IntPosRead {
  const fields = new Map<FieldKey, string>();
  if (bytes.length > MAX_BYTES) return { ok: false, reason: 'Arquivo grande demais', complete: true, fields };
  // A UTF-8 byte order mark some editors add is no part of the first line.
  const start = bytes[0] === 0xef && bytes[1] === 0xbb && bytes[2] === 0xbf ? 3 : 0;
  const lines = decodeCp1252(bytes.subarray(start)).split(/\r\n|\n|\r/);
  let ended = false;
  for (const [index, raw] of lines.entries()) {
    const line = raw.replace(/[ \t]+$/, '');
    if (line === '') continue;
    if (ended) return malformed(`Conteúdo depois de 999-999 (linha ${index + 1})`, fields);
    const match = LINE.exec(line);
    if (!match) return malformed(`Linha ${index + 1} fora do formato NNN-NNN = valor`, fields);
    const key = `${match[1]}-${match[2]}` as FieldKey;
    if (fields.has(key)) return malformed(`Campo ${key} repetido`, fields);
    fields.set(key, match[3]!);
    if (key === '999-999') ended = true;
  }
  // No trailer: the file was cut short, or is still being written by a PDV that does not write
  // IntPos.tmp first.
  if (!ended) return { ok: false, reason: 'Arquivo sem o fim (999-999 = 0)', complete: false, fields };
  if (fields.get('999-999')!.trim() !== '0') return malformed('Campo 999-999 deve ser 0', fields);
  if (!fields.has('000-000')) return malformed('Falta o campo 000-000 (operação)', fields);
  return { ok: true, fields };
}

function malformed(reason: string, fields: ReadonlyMap<FieldKey, string>): IntPosRead {
  return { ok: false, reason, complete: true, fields };
}

/** An IntPos file's bytes: the fields in the order given, CR LF, and 999-999 = 0 at the end. */
export function writeIntPos(fields: readonly (readonly [FieldKey, string])[]): Buffer {
  const lines = fields
    .filter(([key]) => key !== '999-999')
    // A value is one line: a line break inside it would start a field of its own.
    .map(([key, value]) => `${key} = ${value.replace(/[\r\n]+/g, ' ')}`);
  lines.push('999-999 = 0');
  return encodeCp1252(`${lines.join('\r\n')}\r\n`);
}

/**
 * The 003-000 value in cents. TEF Discado and PayGo write cents with no separator ("4500" is
 * R$ 45,00); ClienteSitef's examples write reais with a decimal comma ("260,70"). Both are read;
 * anything else (a sign, three decimals, letters) is no value.
 */
export function readCents(text: string | undefined): number | undefined {
  const value = text?.trim() ?? '';
  if (/^\d{1,13}$/.test(value)) return Number(value);
  const decimal = /^(\d{1,11})[,.](\d{2})$/.exec(value);
  if (decimal) return Number(decimal[1]) * 100 + Number(decimal[2]);
  return undefined;
}
