// PHP's json_encode (ext/json/json_encoder.c, PHP >= 7.1), reimplemented for replaying PHP
// clients byte for byte. What differs from JSON.stringify, and so what a server reading PHP
// clients must take:
// - "/" is written "\/" unless JSON_UNESCAPED_SLASHES;
// - every non-ASCII character is written \uXXXX (lowercase hex, UTF-16 surrogate pairs) unless
//   JSON_UNESCAPED_UNICODE;
// - a float is written in the shortest form that reads back (serialize_precision = -1), and a
//   float with no fraction loses it: json_encode(1000.0) is `1000`, and only
//   JSON_PRESERVE_ZERO_FRACTION writes `1000.0`. Float arithmetic on money leaks through:
//   round(129.90, 2) * 100 is 12990.000000000002, and json_encode writes exactly that.
// PHP arrays are either lists (JS arrays here) or maps (plain objects here, in insertion order).
// PHP ints are JS integers; PHP floats must be wrapped in phpFloat(), since JS has one number type.

export const JSON_UNESCAPED_SLASHES = 64;
export const JSON_UNESCAPED_UNICODE = 256;
export const JSON_PRESERVE_ZERO_FRACTION = 1024;

/** A PHP float (double), as opposed to a PHP int. */
export class PhpFloat {
  constructor(readonly value: number) {}
}

export const phpFloat = (value: number) => new PhpFloat(value);

export type PhpValue = null | boolean | number | string | PhpFloat | PhpValue[] | { [key: string]: PhpValue };

export function phpJsonEncode(value: PhpValue, flags = 0): string {
  if (value === null) return 'null';
  if (value === true) return 'true';
  if (value === false) return 'false';
  if (typeof value === 'number') {
    if (!Number.isSafeInteger(value)) throw new Error(`${value} is not a PHP int: wrap floats in phpFloat()`);
    return String(value);
  }
  if (value instanceof PhpFloat) return encodeFloat(value.value, flags);
  if (typeof value === 'string') return encodeString(value, flags);
  if (Array.isArray(value)) return `[${value.map((item) => phpJsonEncode(item, flags)).join(',')}]`;
  const entries = Object.entries(value);
  // An empty PHP array is a list: json_encode([]) is "[]".
  if (entries.length === 0) return '[]';
  return `{${entries.map(([key, item]) => `${encodeString(key, flags)}:${phpJsonEncode(item, flags)}`).join(',')}}`;
}

function encodeFloat(value: number, flags: number): string {
  if (!Number.isFinite(value)) throw new Error('json_encode fails on INF and NAN');
  // JS's shortest round-trip form is PHP's serialize_precision = -1 form for every value that
  // needs no exponent; the replays never send one that would.
  const text = String(value);
  if (/e/i.test(text)) throw new Error(`${value}: PHP writes exponents as 1.0e+25; not modelled`);
  if (Number.isInteger(value) && flags & JSON_PRESERVE_ZERO_FRACTION) return `${text}.0`;
  return text;
}

const SHORT_ESCAPES: Record<string, string> = {
  '"': '\\"',
  '\\': '\\\\',
  '\b': '\\b',
  '\f': '\\f',
  '\n': '\\n',
  '\r': '\\r',
  '\t': '\\t',
};

function encodeString(text: string, flags: number): string {
  let out = '"';
  for (let i = 0; i < text.length; i++) {
    const char = text[i]!;
    const code = text.charCodeAt(i);
    if (SHORT_ESCAPES[char]) out += SHORT_ESCAPES[char];
    else if (char === '/') out += flags & JSON_UNESCAPED_SLASHES ? '/' : '\\/';
    else if (code < 0x20) out += `\\u${code.toString(16).padStart(4, '0')}`;
    else if (code > 0x7f && !(flags & JSON_UNESCAPED_UNICODE)) out += `\\u${code.toString(16).padStart(4, '0')}`;
    else out += char;
  }
  return `${out}"`;
}

/**
 * PHP's http_build_query for a flat map: booleans become 1 and 0 (so the PHP SDK's
 * `return_existing => true` is sent as `return_existing=1`), and values are urlencode()d
 * (spaces as +).
 */
export function httpBuildQuery(params: Record<string, string | number | boolean>): string {
  return Object.entries(params)
    .map(([key, value]) => {
      const text = typeof value === 'boolean' ? (value ? '1' : '0') : String(value);
      return `${phpUrlencode(key)}=${phpUrlencode(text)}`;
    })
    .join('&');
}

/** PHP's urlencode: RFC 1738, spaces as +, only [A-Za-z0-9_.-] left as they are. */
function phpUrlencode(text: string): string {
  return Array.from(Buffer.from(text, 'utf8'))
    .map((byte) => {
      const char = String.fromCharCode(byte);
      if (/[A-Za-z0-9_.-]/.test(char)) return char;
      if (char === ' ') return '+';
      return `%${byte.toString(16).toUpperCase().padStart(2, '0')}`;
    })
    .join('');
}

/**
 * The header names PHP's getallheaders() gives under PHP-FPM/CGI (built from $_SERVER's
 * HTTP_* keys): each word capitalised, so `x-openpix-authorization` reads back as
 * `X-Openpix-Authorization`. The lookup by that exact name is case-sensitive in PHP.
 */
export function getallheadersFpm(headers: Record<string, string | string[] | undefined>): Record<string, string> {
  const out: Record<string, string> = {};
  for (const [name, value] of Object.entries(headers)) {
    if (value === undefined) continue;
    const word = name
      .toLowerCase()
      .split('-')
      .map((part) => part.charAt(0).toUpperCase() + part.slice(1))
      .join('-');
    out[word] = Array.isArray(value) ? value.join(', ') : value;
  }
  return out;
}
