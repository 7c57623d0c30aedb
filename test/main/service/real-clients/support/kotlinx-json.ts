// kotlinx.serialization's Json encoder as the Woovi Java/Kotlin SDK configures it
// (WooviSDK.kt: `Json { explicitNulls = true; ignoreUnknownKeys = true }`, encodeDefaults left
// false). Compact output, non-ASCII and "/" written as they are. Which properties appear is
// the data class's business, so a body is described property by property:
// - a property equal to its declared default is left out (encodeDefaults = false), so the SDK's
//   `event = OPENPIX:TRANSACTION_RECEIVED` default never reaches the wire;
// - a null property with no default is written as null (explicitNulls = true).

/** One property of a @Serializable data class, in declaration order. */
export interface KotlinProperty {
  name: string;
  value: KotlinValue;
  /** The declared default; absent when the property has none. */
  default?: KotlinValue;
}

export type KotlinValue = null | boolean | number | string | KotlinValue[] | KotlinObject;

/** A nested data class: its properties in declaration order. */
export class KotlinObject {
  constructor(readonly properties: KotlinProperty[]) {}
}

export const kotlinObject = (...properties: KotlinProperty[]) => new KotlinObject(properties);

export function kotlinxEncode(value: KotlinValue): string {
  if (value === null) return 'null';
  if (typeof value === 'boolean') return String(value);
  if (typeof value === 'number') {
    if (!Number.isSafeInteger(value)) throw new Error(`${value}: only Int/Long properties are modelled`);
    return String(value);
  }
  if (typeof value === 'string') return encodeString(value);
  if (Array.isArray(value)) return `[${value.map(kotlinxEncode).join(',')}]`;
  const written = value.properties.filter(
    (property) => !('default' in property) || !sameValue(property.value, property.default!),
  );
  return `{${written.map((property) => `${encodeString(property.name)}:${kotlinxEncode(property.value)}`).join(',')}}`;
}

function sameValue(a: KotlinValue, b: KotlinValue): boolean {
  return kotlinxEncode(a) === kotlinxEncode(b);
}

function encodeString(text: string): string {
  let out = '"';
  for (const char of text) {
    if (char === '"') out += '\\"';
    else if (char === '\\') out += '\\\\';
    else if (char === '\n') out += '\\n';
    else if (char === '\r') out += '\\r';
    else if (char === '\t') out += '\\t';
    else if (char.charCodeAt(0) < 0x20) throw new Error('control characters: not modelled');
    else out += char;
  }
  return `${out}"`;
}

/**
 * The headers a Ktor CIO client with ContentNegotiation(json) and the SDK's defaultRequest
 * sends on every call: the SDK's own Authorization, the negotiated Accept, Ktor's
 * Accept-Charset and its default User-Agent. Content-Type comes with a body only (Ktor takes it
 * from the body's content, not from the header the SDK sets).
 */
export function ktorHeaders(appId: string, withBody: boolean): Array<[string, string]> {
  const headers: Array<[string, string]> = [
    ['Authorization', appId],
    ['Accept', 'application/json'],
    ['Accept-Charset', 'UTF-8'],
    ['User-Agent', 'Ktor client'],
  ];
  if (withBody) headers.push(['Content-Type', 'application/json']);
  return headers;
}

// Decoding, as the SDK's data classes read an answer (ignoreUnknownKeys = true, not lenient): a
// property without a default must be there, a non-null one must not be null, a String must be a
// JSON string (not a number), an Int must fit 32 bits, an enum must be one of its serial names.

export type KotlinType =
  | 'String'
  | 'Int'
  | 'Long'
  | 'Boolean'
  /** kotlinx.serialization.json.JsonArray and the like: any JSON of that kind. */
  | 'JsonArray'
  | { enum: readonly string[] }
  | { list: KotlinType }
  | { fields: Record<string, KotlinField> };

export interface KotlinField {
  type: KotlinType;
  /** `T?` */
  nullable?: boolean;
  /** Has a default value, so it may be absent. */
  hasDefault?: boolean;
}

/** `val x: T` */
export const required = (type: KotlinType): KotlinField => ({ type });
/** `val x: T? = null` */
export const optional = (type: KotlinType): KotlinField => ({ type, nullable: true, hasDefault: true });
/** `val x: T = default` */
export const defaulted = (type: KotlinType): KotlinField => ({ type, hasDefault: true });

/** Why decoding `value` as `type` throws, or [] when it decodes. */
export function decodeProblems(value: unknown, type: KotlinType, path = '$'): string[] {
  if (type === 'String')
    return typeof value === 'string' ? [] : [`${path}: expected a string, got ${JSON.stringify(value)}`];
  if (type === 'Boolean')
    return typeof value === 'boolean' ? [] : [`${path}: expected a boolean, got ${JSON.stringify(value)}`];
  if (type === 'Long')
    return Number.isSafeInteger(value) ? [] : [`${path}: expected a Long, got ${JSON.stringify(value)}`];
  if (type === 'Int') {
    return Number.isSafeInteger(value) && Math.abs(value as number) <= 2 ** 31 - 1
      ? []
      : [`${path}: expected an Int, got ${JSON.stringify(value)}`];
  }
  if (type === 'JsonArray')
    return Array.isArray(value) ? [] : [`${path}: expected an array, got ${JSON.stringify(value)}`];
  if ('enum' in type)
    return type.enum.includes(value as string)
      ? []
      : [`${path}: ${JSON.stringify(value)} is not one of ${type.enum.join(', ')}`];
  if ('list' in type) {
    if (!Array.isArray(value)) return [`${path}: expected a list, got ${JSON.stringify(value)}`];
    return value.flatMap((item, index) => decodeProblems(item, type.list, `${path}[${index}]`));
  }
  if (typeof value !== 'object' || value === null || Array.isArray(value))
    return [`${path}: expected an object, got ${JSON.stringify(value)}`];
  const object = value as Record<string, unknown>;
  return Object.entries(type.fields).flatMap(([name, field]) => {
    const at = `${path}.${name}`;
    if (!(name in object)) return field.hasDefault ? [] : [`${at}: missing`];
    if (object[name] === null) return field.nullable ? [] : [`${at}: null for a non-null property`];
    return decodeProblems(object[name], field.type, at);
  });
}
