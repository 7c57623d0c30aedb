// Python's json.dumps with its defaults (ensure_ascii=True, separators (', ', ': ')), which is
// what `requests.post(url, json=payload)` puts on the wire. What differs from JSON.stringify:
// a space after every , and :, and every non-ASCII character written \uXXXX (lowercase hex,
// surrogate pairs); "/" is left as it is. Python ints are JS integers; Python floats must be
// wrapped in pyFloat() (json.dumps(10000.0) is "10000.0").

export class PyFloat {
  constructor(readonly value: number) {}
}

export const pyFloat = (value: number) => new PyFloat(value);

export type PyValue = null | boolean | number | string | PyFloat | PyValue[] | { [key: string]: PyValue };

export function pythonJsonDumps(value: PyValue): string {
  if (value === null) return 'null';
  if (value === true) return 'true';
  if (value === false) return 'false';
  if (typeof value === 'number') {
    if (!Number.isSafeInteger(value)) throw new Error(`${value} is not a Python int: wrap floats in pyFloat()`);
    return String(value);
  }
  if (value instanceof PyFloat) return pythonFloatRepr(value.value);
  if (typeof value === 'string') return encodeString(value);
  if (Array.isArray(value)) return `[${value.map(pythonJsonDumps).join(', ')}]`;
  return `{${Object.entries(value)
    .map(([key, item]) => `${encodeString(key)}: ${pythonJsonDumps(item)}`)
    .join(', ')}}`;
}

/** float.__repr__: shortest round-trip digits, always with a fraction or an exponent. */
function pythonFloatRepr(value: number): string {
  if (!Number.isFinite(value)) throw new Error('json.dumps writes NaN/Infinity, which is not JSON; not modelled');
  const text = String(value);
  if (/e/i.test(text)) throw new Error(`${value}: Python writes exponents as 1e+25; not modelled`);
  return Number.isInteger(value) ? `${text}.0` : text;
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

function encodeString(text: string): string {
  let out = '"';
  for (let i = 0; i < text.length; i++) {
    const char = text[i]!;
    const code = text.charCodeAt(i);
    if (SHORT_ESCAPES[char]) out += SHORT_ESCAPES[char];
    else if (code < 0x20 || code > 0x7e) out += `\\u${code.toString(16).padStart(4, '0')}`;
    else out += char;
  }
  return `${out}"`;
}

/**
 * urllib.parse.urlencode, which `requests` uses for `params=`: quote_plus, so "/" and ":" are
 * percent-encoded and spaces become +; only [A-Za-z0-9_.~-] stay as they are.
 */
export function pythonUrlencode(params: Record<string, string>): string {
  const quotePlus = (text: string) =>
    Array.from(Buffer.from(text, 'utf8'))
      .map((byte) => {
        const char = String.fromCharCode(byte);
        if (/[A-Za-z0-9_.~-]/.test(char)) return char;
        if (char === ' ') return '+';
        return `%${byte.toString(16).toUpperCase().padStart(2, '0')}`;
      })
      .join('');
  return Object.entries(params)
    .map(([key, value]) => `${quotePlus(key)}=${quotePlus(value)}`)
    .join('&');
}

/** The headers `requests` (2.x) sends on its own, before the caller's. */
export const REQUESTS_DEFAULT_HEADERS: Array<[string, string]> = [
  ['User-Agent', 'python-requests/2.32.3'],
  ['Accept-Encoding', 'gzip, deflate'],
  ['Accept', '*/*'],
  ['Connection', 'keep-alive'],
];
