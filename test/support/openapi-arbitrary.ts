// Requests an OpenAPI document allows, as fast-check arbitraries: the answers-conform property
// test sends them to the sandbox and checks every answer against a schema; a violating-request
// generator can start from the same arbitraries and break one constraint.
//
// The exported API is small on purpose:
// - `schemaArbitrary(schema, root)`: values one JSON schema (OpenAPI 3.0 or 3.1 flavour) allows;
// - `requestArbitrary(document, method, path, options)`: `{ params, query, body }` of one operation;
// - `documentOperations(document)`: the operations a document lists, in its own order;
// - `requestUrl(path, request)`: the URL a generated request is sent to.
//
// Supported keywords: type (a name or a 3.1 list of names), nullable (3.0), enum, const,
// $ref (`#/…` within `root`), allOf (objects merged), anyOf / oneOf (any branch; oneOf's "exactly
// one" is kept for branches told apart by their required properties only), if/then/else and `not`
// in allOf (rules across fields: values kept while they hold), `not` of required
// properties (never all at once), string minLength / maxLength / pattern /
// format (email, uri, uuid, date, date-time, byte), number and integer minimum / maximum /
// exclusiveMinimum / exclusiveMaximum (3.0 booleans and 3.1 numbers), array items / minItems /
// maxItems / uniqueItems, object properties / required / additionalProperties / propertyNames.
// An unknown or empty schema gives small JSON values.
import fc from 'fast-check';

export type JsonSchema = Record<string, unknown>;

/** The parts of one generated request, as an HTTP client sends them. */
export interface GeneratedRequest {
  /** Path parameters by name, not yet URI-encoded (`requestUrl` encodes them). */
  params: Record<string, string>;
  /** Query parameters by name, as the text sent. */
  query: Record<string, string>;
  /** The JSON body, or undefined when the operation takes none. */
  body?: unknown;
}

/** Where a generated value goes: the pool is asked for real values of that place. */
export interface PoolSlot {
  /** The parameter or body property's name (`id`, `correlationID`, `transactionEndToEndId`). */
  name: string;
  in: 'path' | 'query' | 'body';
  /** The operation's path as the document writes it (`/api/v1/charge/{id}`). */
  path: string;
}

export interface RequestOptions {
  /**
   * Real values for a slot (the ids of a seeded world): when it gives some, they are picked about
   * four times in five and a value of the slot's own schema otherwise. Asked for every path and
   * query parameter, and for each string property of the body at any depth.
   */
  idPool?: (slot: PoolSlot) => readonly string[] | undefined;
}

const METHODS = ['get', 'post', 'put', 'patch', 'delete'] as const;

/** Every operation of a document: method (upper case), path as written, and its object. */
export function documentOperations(document: JsonSchema): { method: string; path: string; operation: JsonSchema }[] {
  const result: { method: string; path: string; operation: JsonSchema }[] = [];
  for (const [path, item] of Object.entries((document.paths ?? {}) as Record<string, JsonSchema>)) {
    for (const method of METHODS) {
      const operation = item[method] as JsonSchema | undefined;
      if (operation) result.push({ method: method.toUpperCase(), path, operation });
    }
  }
  return result;
}

/** The URL of a request to `path` (`{name}` placeholders), its parameters URI-encoded. */
export function requestUrl(path: string, request: Pick<GeneratedRequest, 'params' | 'query'>): string {
  const filled = path.replace(/\{([^}/]+)\}/g, (_whole, name: string) =>
    encodeURIComponent(request.params[name] ?? ''),
  );
  const query = new URLSearchParams(request.query).toString();
  return query ? `${filled}?${query}` : filled;
}

/**
 * Requests the document allows for one operation: every required parameter and body property,
 * optional ones sometimes. Parameters that the path names but the operation does not declare
 * get a short word, so the URL is always whole.
 */
export function requestArbitrary(
  document: JsonSchema,
  method: string,
  path: string,
  options: RequestOptions = {},
): fc.Arbitrary<GeneratedRequest> {
  const item = ((document.paths ?? {}) as Record<string, JsonSchema>)[path];
  const operation = item?.[method.toLowerCase()] as JsonSchema | undefined;
  if (!operation) throw new Error(`${method} ${path} is not in the document`);
  const declared = [
    ...(((item!.parameters ?? []) as JsonSchema[]) ?? []),
    ...((operation.parameters ?? []) as JsonSchema[]),
  ].map((parameter) => resolve(parameter, document));
  const pathModel: Record<string, fc.Arbitrary<string>> = {};
  const queryModel: Record<string, fc.Arbitrary<string>> = {};
  const requiredQuery: string[] = [];
  for (const parameter of declared) {
    const name = parameter.name as string;
    const where = parameter.in as string;
    if (where !== 'path' && where !== 'query') continue;
    const schema = (parameter.schema ?? {}) as JsonSchema;
    const own = schemaArbitrary(schema, document).map(parameterText);
    const pooled = withPool(own, fitting(options.idPool?.({ name, in: where, path }), schema, document));
    if (where === 'path') pathModel[name] = pooled.filter((text) => text.length > 0);
    else {
      queryModel[name] = pooled;
      if (parameter.required) requiredQuery.push(name);
    }
  }
  for (const [, name] of path.matchAll(/\{([^}/]+)\}/g)) {
    pathModel[name!] ??= withPool(fc.constantFrom('x', 'abc'), options.idPool?.({ name: name!, in: 'path', path }));
  }
  const bodySchema = (
    ((resolve((operation.requestBody ?? {}) as JsonSchema, document).content ?? {}) as JsonSchema)[
      'application/json'
    ] as JsonSchema | undefined
  )?.schema as JsonSchema | undefined;
  const body = bodySchema
    ? new Generator(document, (name) => options.idPool?.({ name, in: 'body', path })).arbitrary(bodySchema, 0)
    : fc.constant(undefined);
  return fc
    .record({
      params: fc.record(pathModel),
      // Now and then only the required query parameters, as a client that sets no filter.
      query: fc.oneof(
        { weight: 2, arbitrary: fc.record(queryModel, { requiredKeys: requiredQuery }) },
        { weight: 1, arbitrary: fc.record(Object.fromEntries(requiredQuery.map((name) => [name, queryModel[name]!]))) },
      ),
      body,
    })
    .map(({ params, query, body: value }) => ({
      params: params,
      query: query,
      ...(bodySchema ? { body: value } : {}),
    }));
}

/** Values `schema` allows; `$ref`s are looked up in `root` (the document, or the schema itself). */
export function schemaArbitrary(schema: JsonSchema, root: JsonSchema = schema): fc.Arbitrary<unknown> {
  return new Generator(root).arbitrary(schema, 0);
}

function withPool<T extends string>(own: fc.Arbitrary<T>, pool: readonly string[] | undefined): fc.Arbitrary<string> {
  if (!pool || pool.length === 0) return own;
  return fc.oneof({ weight: 4, arbitrary: fc.constantFrom(...pool) }, { weight: 1, arbitrary: own });
}

/** A parameter's value as sent in a URL: JSON's text of a scalar, the items of an array joined by commas. */
function parameterText(value: unknown): string {
  if (Array.isArray(value)) return value.map(parameterText).join(',');
  if (value === null || value === undefined) return '';
  if (typeof value === 'string') return value;
  return typeof value === 'number' || typeof value === 'boolean' || typeof value === 'bigint'
    ? String(value)
    : JSON.stringify(value);
}

function resolve(schema: JsonSchema, root: JsonSchema, seen = 0): JsonSchema {
  const ref = schema.$ref;
  if (typeof ref !== 'string') return schema;
  if (seen > 32) throw new Error(`$ref loop at ${ref}`);
  if (!ref.startsWith('#')) throw new Error(`only local $refs are supported: ${ref}`);
  let target: unknown = root;
  for (const part of ref.slice(1).split('/').filter(Boolean)) {
    const key = decodeURIComponent(part).replace(/~1/g, '/').replace(/~0/g, '~');
    target = (target as JsonSchema | undefined)?.[key];
  }
  if (!target || typeof target !== 'object') throw new Error(`unresolved $ref ${ref}`);
  return resolve(target as JsonSchema, root, seen + 1);
}

/**
 * Two schemas that must both hold, as one: properties and required lists joined, the rest of the
 * second's keywords over the first's; null when their types cannot both hold.
 */
/** Both schemas' properties; one named by both must hold both (allOf), so a branch's nested rule keeps the property's own schema. */
function mergedProperties(a: JsonSchema, b: JsonSchema): JsonSchema {
  const [left, right] = [(a.properties ?? {}) as JsonSchema, (b.properties ?? {}) as JsonSchema];
  const merged: JsonSchema = { ...left, ...right };
  for (const name of Object.keys(right)) {
    if (Object.hasOwn(left, name) && left[name] !== right[name]) merged[name] = { allOf: [left[name], right[name]] };
  }
  return merged;
}

function combine(a: JsonSchema, b: JsonSchema): JsonSchema | null {
  const typesOf = (s: JsonSchema) =>
    s.type === undefined ? null : Array.isArray(s.type) ? (s.type as string[]) : [s.type as string];
  const [ta, tb] = [typesOf(a), typesOf(b)];
  let type: string | string[] | undefined = (b.type ?? a.type) as string | string[] | undefined;
  if (ta && tb) {
    const both = ta.filter((t) => tb.includes(t) || (t === 'number' && tb.includes('integer')));
    if (both.length === 0) return null;
    type = both.length === 1 ? both[0] : both;
  }
  return {
    ...a,
    ...b,
    ...(type === undefined ? {} : { type }),
    ...(a.properties || b.properties ? { properties: mergedProperties(a, b) } : {}),
    ...(a.required || b.required
      ? { required: [...new Set([...((a.required ?? []) as string[]), ...((b.required ?? []) as string[])])] }
      : {}),
  };
}

/** Past this depth, optional properties are left out and arrays kept at their minimum: recursive schemas end. */
const MAX_DEPTH = 8;
/** An allOf part that only states a rule across fields: if/then/else, or `not`. */
function isConditional(part: JsonSchema): boolean {
  const keys = Object.keys(part);
  return keys.length > 0 && keys.every((key) => ['if', 'then', 'else', 'not'].includes(key));
}

/** Whether `value` keeps a conditional part (if/then/else, not), judged by `matches`. */
function holds(condition: JsonSchema, value: unknown, root: JsonSchema): boolean {
  if (condition.not !== undefined && matches(condition.not as JsonSchema, value, root)) return false;
  if (condition.if === undefined) return true;
  const branch = matches(condition.if as JsonSchema, value, root) ? condition.then : condition.else;
  return branch === undefined || matches(branch as JsonSchema, value, root);
}

/**
 * A small validator for the keywords the rules across fields use: const, enum, type, required,
 * properties, pattern, minLength, not, and nested if/then/else. Other keywords are not judged.
 */
function matches(input: JsonSchema, value: unknown, root: JsonSchema): boolean {
  const schema = resolve(input, root);
  if ('const' in schema && JSON.stringify(schema.const) !== JSON.stringify(value)) return false;
  if (
    Array.isArray(schema.enum) &&
    !(schema.enum as unknown[]).some((item) => JSON.stringify(item) === JSON.stringify(value))
  )
    return false;
  if (schema.type !== undefined) {
    const types = (Array.isArray(schema.type) ? schema.type : [schema.type]) as string[];
    const actual =
      value === null
        ? 'null'
        : Array.isArray(value)
          ? 'array'
          : typeof value === 'number'
            ? Number.isInteger(value)
              ? 'integer'
              : 'number'
            : typeof value;
    if (!types.includes(actual) && !(actual === 'integer' && types.includes('number'))) return false;
  }
  if (typeof value === 'string') {
    if (typeof schema.pattern === 'string' && !new RegExp(schema.pattern, 'u').test(value)) return false;
    if (typeof schema.minLength === 'number' && [...value].length < schema.minLength) return false;
  }
  if (value && typeof value === 'object' && !Array.isArray(value)) {
    const object = value as Record<string, unknown>;
    if (Array.isArray(schema.required) && !(schema.required as string[]).every((name) => Object.hasOwn(object, name)))
      return false;
    for (const [name, property] of Object.entries((schema.properties ?? {}) as Record<string, JsonSchema>)) {
      if (Object.hasOwn(object, name) && !matches(property, object[name], root)) return false;
    }
  }
  if (schema.not !== undefined && matches(schema.not as JsonSchema, value, root)) return false;
  if (schema.if !== undefined && !holds(schema, value, root)) return false;
  return true;
}

/** Arrays and dictionaries stay small: the point is shapes, not volume. */
const EXTRA_ITEMS = 3;

class Generator {
  constructor(
    private readonly root: JsonSchema,
    private readonly pool?: (name: string) => readonly string[] | undefined,
  ) {}

  arbitrary(input: JsonSchema, depth: number): fc.Arbitrary<unknown> {
    const schema = resolve(input, this.root);
    if (schema.nullable === true) {
      const { nullable: _nullable, ...rest } = schema;
      return fc.oneof(
        { weight: 4, arbitrary: this.arbitrary(rest, depth) },
        { weight: 1, arbitrary: fc.constant(null) },
      );
    }
    if ('const' in schema) return fc.constant(schema.const);
    if (Array.isArray(schema.enum)) return fc.constantFrom(...(schema.enum as unknown[]));
    // Rules across fields (if/then/else, and `not` inside allOf): values of the rest, kept while they hold.
    const parts = Array.isArray(schema.allOf) ? (schema.allOf as JsonSchema[]) : [];
    if (schema.if !== undefined || parts.some(isConditional)) {
      const { if: _if, then: _then, else: _else, allOf: _allOf, ...rest } = schema;
      const conditions = [...(schema.if !== undefined ? [schema] : []), ...parts.filter(isConditional)];
      const others = parts.filter((part) => !isConditional(part));
      const base = others.length ? { ...rest, allOf: others } : rest;
      return this.arbitrary(base, depth).filter((value) =>
        conditions.every((condition) => holds(condition, value, this.root)),
      );
    }
    if (Array.isArray(schema.allOf)) return this.arbitrary(this.mergeAll(schema), depth);
    const not = schema.not as JsonSchema | undefined;
    if (not && Array.isArray(not.required)) {
      // `not: { required: [a, b] }` (never both): values with all of them are left out.
      const { not: _not, ...rest } = schema;
      const names = not.required as string[];
      return this.arbitrary(rest, depth).filter(
        (value) => !(value && typeof value === 'object' && names.every((name) => name in value)),
      );
    }
    for (const key of ['anyOf', 'oneOf'] as const) {
      const branches = schema[key];
      if (Array.isArray(branches)) {
        const { [key]: _branches, ...rest } = schema;
        // Keywords beside the branches apply to every branch; a branch they contradict (another type) is left out.
        const resolved = (branches as JsonSchema[]).map((branch) => resolve(branch, this.root));
        const possible = resolved
          .map((branch, index) => {
            const both = combine(rest, branch);
            // oneOf: exactly one branch. Branches told apart by their required properties (a
            // customer by taxID, e-mail or phone) hold one at a time: a property only another
            // branch requires is left out of this one.
            if (both && key === 'oneOf' && both.properties) {
              const own = new Set((both.required ?? []) as string[]);
              const others = resolved.flatMap((other, j) => (j === index ? [] : ((other.required ?? []) as string[])));
              const properties = { ...(both.properties as JsonSchema) };
              for (const name of others) if (!own.has(name)) delete properties[name];
              both.properties = properties;
            }
            return both;
          })
          .filter((branch): branch is JsonSchema => branch !== null);
        if (possible.length === 0) throw new Error(`no ${key} branch agrees with ${JSON.stringify(rest)}`);
        return fc.oneof(...possible.map((branch) => this.arbitrary(branch, depth)));
      }
    }
    const type = schema.type;
    if (Array.isArray(type)) {
      return fc.oneof(...(type as string[]).map((name) => this.arbitrary({ ...schema, type: name }, depth)));
    }
    switch (type) {
      case 'null':
        return fc.constant(null);
      case 'boolean':
        return fc.boolean();
      case 'integer':
        return integerArbitrary(schema);
      case 'number':
        return numberArbitrary(schema);
      case 'string':
        return stringArbitrary(schema);
      case 'array':
        return this.array(schema, depth);
      case 'object':
        return this.object(schema, depth);
      default:
        if (schema.properties) return this.object(schema, depth);
        if (schema.items) return this.array(schema, depth);
        return fc.oneof(
          fc.constant(null),
          fc.boolean(),
          fc.integer({ min: -1000, max: 1000 }),
          fc.string({ maxLength: 8 }),
        );
    }
  }

  /** allOf of object schemas as one: properties and required lists joined; other keywords, the last one's. */
  private mergeAll(schema: JsonSchema): JsonSchema {
    const { allOf, ...rest } = schema;
    let merged: JsonSchema = { ...rest };
    for (const part of allOf as JsonSchema[]) {
      const resolved = resolve(part, this.root);
      const flat = Array.isArray(resolved.allOf) ? this.mergeAll(resolved) : resolved;
      const both = combine(merged, flat);
      if (!both) throw new Error(`allOf parts of different types: ${JSON.stringify(schema)}`);
      merged = both;
    }
    return merged;
  }

  private array(schema: JsonSchema, depth: number): fc.Arbitrary<unknown> {
    const minLength = (schema.minItems as number | undefined) ?? 0;
    const cap = (schema.maxItems as number | undefined) ?? Number.POSITIVE_INFINITY;
    const maxLength = Math.min(cap, depth >= MAX_DEPTH ? minLength : minLength + EXTRA_ITEMS);
    const items = this.arbitrary((schema.items ?? {}) as JsonSchema, depth + 1);
    return schema.uniqueItems === true
      ? fc.uniqueArray(items, { minLength, maxLength, selector: (value) => JSON.stringify(value) })
      : fc.array(items, { minLength, maxLength });
  }

  private object(schema: JsonSchema, depth: number): fc.Arbitrary<unknown> {
    const properties = (schema.properties ?? {}) as Record<string, JsonSchema>;
    const required = new Set((schema.required ?? []) as string[]);
    const model: Record<string, fc.Arbitrary<unknown>> = {};
    for (const [name, property] of Object.entries(properties)) {
      if (depth >= MAX_DEPTH && !required.has(name)) continue;
      if (resolve(property, this.root).readOnly === true && !required.has(name)) continue;
      const own = this.arbitrary(property, depth + 1);
      const pool = fitting(this.pool?.(name), property, this.root);
      model[name] = pool && pool.length > 0 ? withPool(own as fc.Arbitrary<string>, pool) : own;
    }
    const requiredKeys = [...required].filter((name) => name in model);
    const anyKeys = fc.record(model, { requiredKeys });
    // Now and then only the required properties: with many optional ones, a request that sets
    // each at random almost never has them all acceptable at once.
    const record =
      requiredKeys.length < Object.keys(model).length
        ? fc.oneof(
            { weight: 2, arbitrary: anyKeys },
            { weight: 1, arbitrary: fc.record(Object.fromEntries(requiredKeys.map((name) => [name, model[name]!]))) },
          )
        : anyKeys;
    const additional = schema.additionalProperties;
    if (Object.keys(properties).length > 0 || !additional || typeof additional !== 'object' || depth >= MAX_DEPTH) {
      return record;
    }
    // A dictionary (zod's record): keys from propertyNames, values from additionalProperties.
    const keys = schema.propertyNames
      ? (this.arbitrary(schema.propertyNames as JsonSchema, depth + 1) as fc.Arbitrary<string>)
      : fc.string({ minLength: 1, maxLength: 10 });
    return fc.dictionary(keys, this.arbitrary(additional as JsonSchema, depth + 1), {
      minKeys: (schema.minProperties as number | undefined) ?? 0,
      maxKeys: EXTRA_ITEMS,
    });
  }
}

/**
 * The pool's values the slot's schema allows as strings (enum, const, length, pattern; formats
 * are not checked): a pooled value never makes a request the document forbids.
 */
function fitting(pool: readonly string[] | undefined, input: JsonSchema, root: JsonSchema): string[] | undefined {
  if (!pool || pool.length === 0) return undefined;
  const schema = resolve(input, root);
  const fits = (text: string, branch: JsonSchema): boolean => {
    const s = resolve(branch, root);
    for (const key of ['anyOf', 'oneOf'] as const) {
      if (Array.isArray(s[key])) return (s[key] as JsonSchema[]).some((b) => fits(text, b));
    }
    if (Array.isArray(s.allOf)) return (s.allOf as JsonSchema[]).every((b) => fits(text, b));
    if ('const' in s) return s.const === text;
    if (Array.isArray(s.enum)) return s.enum.includes(text);
    const types = Array.isArray(s.type) ? (s.type as string[]) : s.type === undefined ? ['string'] : [s.type as string];
    if (!types.includes('string')) return false;
    if (typeof s.minLength === 'number' && [...text].length < s.minLength) return false;
    if (typeof s.maxLength === 'number' && text.length > s.maxLength) return false;
    const regex = typeof s.pattern === 'string' ? patternRegExp(s.pattern) : null;
    return !regex || regex.test(text);
  };
  const kept = pool.filter((text) => fits(text, schema));
  return kept.length > 0 ? kept : undefined;
}

/** Bounds of a number schema, exclusive ones in either OpenAPI flavour (3.0 booleans, 3.1 numbers). */
function bounds(schema: JsonSchema): { min?: number; max?: number; minExclusive: boolean; maxExclusive: boolean } {
  let min = schema.minimum as number | undefined;
  let max = schema.maximum as number | undefined;
  let minExclusive = schema.exclusiveMinimum === true;
  let maxExclusive = schema.exclusiveMaximum === true;
  if (typeof schema.exclusiveMinimum === 'number' && (min === undefined || schema.exclusiveMinimum >= min)) {
    min = schema.exclusiveMinimum;
    minExclusive = true;
  }
  if (typeof schema.exclusiveMaximum === 'number' && (max === undefined || schema.exclusiveMaximum <= max)) {
    max = schema.exclusiveMaximum;
    maxExclusive = true;
  }
  return { min, max, minExclusive, maxExclusive };
}

/** Integers within the bounds, small ones (near the lower bound) most often: they are the likely valid amounts. */
function integerArbitrary(schema: JsonSchema): fc.Arbitrary<number> {
  const b = bounds(schema);
  let min = b.min === undefined ? Number.MIN_SAFE_INTEGER : Math.ceil(b.min);
  let max = b.max === undefined ? Number.MAX_SAFE_INTEGER : Math.floor(b.max);
  if (b.minExclusive && min === b.min) min += 1;
  if (b.maxExclusive && max === b.max) max -= 1;
  min = Math.max(min, Number.MIN_SAFE_INTEGER);
  max = Math.min(max, Number.MAX_SAFE_INTEGER);
  if (min > max) throw new Error(`no integer in ${JSON.stringify(schema)}`);
  const full = fc.bigInt({ min: BigInt(min), max: BigInt(max) }).map(Number);
  const nearLow = Math.max(min, Math.min(0, max));
  const small = fc.integer({ min: nearLow, max: Math.min(max, nearLow + 100) });
  return fc.oneof({ weight: 3, arbitrary: small }, { weight: 1, arbitrary: full });
}

function numberArbitrary(schema: JsonSchema): fc.Arbitrary<number> {
  const b = bounds(schema);
  return fc.double({
    min: b.min ?? -1e9,
    max: b.max ?? 1e9,
    minExcluded: b.minExclusive,
    maxExcluded: b.maxExclusive,
    noNaN: true,
    noDefaultInfinity: true,
  });
}

const word = fc.stringMatching(/^[a-z][a-z0-9]{0,9}$/);

/** A CPF's or CNPJ's two check digits after `base` (mod 11, weights from 2 upwards, CNPJ's wrap at 9). */
function withCheckDigits(base: number[], wrap: number): string {
  const digits = [...base];
  for (let round = 0; round < 2; round++) {
    const sum = digits
      .slice()
      .reverse()
      .reduce((total, digit, index) => total + digit * ((index % (wrap - 1)) + 2), 0);
    const rest = sum % 11;
    digits.push(rest < 2 ? 0 : 11 - rest);
  }
  return digits.join('');
}

const cpf = fc.array(fc.integer({ min: 0, max: 9 }), { minLength: 9, maxLength: 9 }).map((d) => withCheckDigits(d, 12));
const cnpj = fc
  .array(fc.integer({ min: 0, max: 9 }), { minLength: 12, maxLength: 12 })
  .map((d) => withCheckDigits(d, 9));

/**
 * Formats as JSON Schema's format checkers (ajv-formats) read them, and the sandbox's own
 * `x-format`s (a valid CPF or CNPJ, a Brazilian mobile phone), whose patterns alone cannot say
 * what the server accepts.
 */
const FORMATS: Record<string, fc.Arbitrary<string>> = {
  'br-cpf-or-cnpj': fc.oneof(cpf, cnpj),
  'phone-br-or-e164': fc.integer({ min: 10_000_000, max: 99_999_999 }).map((n) => `+55119${n}`),
  email: fc
    .tuple(word, word, fc.constantFrom('com', 'com.br', 'org'))
    .map(([user, host, tld]) => `${user}@${host}.${tld}`),
  uri: fc
    .tuple(fc.constantFrom('https', 'http'), word, fc.array(word, { maxLength: 3 }))
    .map(([scheme, host, parts]) => `${scheme}://${host}.example.com/${parts.join('/')}`),
  uuid: fc.uuid(),
  'date-time': fc
    .date({ min: new Date('2000-01-01T00:00:00Z'), max: new Date('2099-12-31T23:59:59Z'), noInvalidDate: true })
    .map((date) => date.toISOString()),
  date: fc
    .date({ min: new Date('2000-01-01T00:00:00Z'), max: new Date('2099-12-31T00:00:00Z'), noInvalidDate: true })
    .map((date) => date.toISOString().slice(0, 10)),
  byte: fc.uint8Array({ maxLength: 24 }).map((bytes) => Buffer.from(bytes).toString('base64')),
};

/** A pattern as a RegExp (Unicode mode when the pattern needs it), or null when JavaScript cannot read it. */
function patternRegExp(pattern: string): RegExp | null {
  for (const flags of ['u', '']) {
    try {
      return new RegExp(pattern, flags);
    } catch {
      // Try without the Unicode flag, then give up.
    }
  }
  return null;
}

/**
 * Strings the schema allows: an enum or a known format's generator, else the pattern's
 * (fc.stringMatching), else any string of the lengths; then kept only when every other constraint
 * holds too (length, the pattern beside a format).
 */
function stringArbitrary(schema: JsonSchema): fc.Arbitrary<string> {
  const minLength = (schema.minLength as number | undefined) ?? 0;
  const maxLength = schema.maxLength as number | undefined;
  const regex = typeof schema.pattern === 'string' ? patternRegExp(schema.pattern) : null;
  const formatName = [schema['x-format'], schema.format].find((name) => typeof name === 'string' && name in FORMATS);
  const candidates: fc.Arbitrary<string>[] = formatName ? [FORMATS[formatName as string]!] : [];
  if (regex) {
    // fast-check reads no lookarounds: generate from the pattern without them, keep what the whole one matches.
    // Short strings first (a pattern's `*` and `+` grow past a maxLength), longer ones when a minLength needs them.
    const generating = patternRegExp(withoutLookarounds(regex.source));
    for (const size of ['xsmall', 'small', 'medium'] as const) {
      try {
        if (generating) candidates.push(fc.stringMatching(generating, { size }));
      } catch {
        break;
      }
    }
  }
  candidates.push(
    fc.string({ minLength, maxLength: maxLength === undefined ? minLength + 24 : Math.min(maxLength, minLength + 24) }),
  );
  const fits = (text: string) =>
    // Code points for the minimum (as JSON Schema counts), UTF-16 units for the maximum (as
    // JavaScript validators such as zod count): the stricter reading of each.
    [...text].length >= minLength &&
    (maxLength === undefined || text.length <= maxLength) &&
    (!regex || regex.test(text));
  // The first candidate whose values pass often enough: a filter that almost never passes would
  // spin for ever, so a schema none of them can meet is refused at once, by name.
  const base = candidates.find((candidate) => fc.sample(candidate, { seed: 1, numRuns: 60 }).filter(fits).length >= 6);
  if (!base) throw new Error(`cannot generate strings for ${JSON.stringify(schema)}`);
  return base.filter(fits);
}

/** A regular expression's source with its lookahead and lookbehind groups left out. */
function withoutLookarounds(source: string): string {
  let out = '';
  for (let i = 0; i < source.length; i++) {
    const look = /^\(\?<?[=!]/.exec(source.slice(i));
    if (!look) {
      // Copy an escape or a character class whole, so their parentheses are not counted.
      if (source[i] === '\\') {
        out += source.slice(i, i + 2);
        i++;
      } else if (source[i] === '[') {
        const end = classEnd(source, i);
        out += source.slice(i, end + 1);
        i = end;
      } else out += source[i];
      continue;
    }
    let depth = 0;
    for (let j = i; j < source.length; j++) {
      if (source[j] === '\\') j++;
      else if (source[j] === '[') j = classEnd(source, j);
      else if (source[j] === '(') depth++;
      else if (source[j] === ')' && --depth === 0) {
        i = j;
        break;
      }
    }
  }
  return out;
}

/** The index of the `]` closing the character class that opens at `start`. */
function classEnd(source: string, start: number): number {
  for (let j = start + 1; j < source.length; j++) {
    if (source[j] === '\\') j++;
    else if (source[j] === ']') return j;
  }
  return source.length - 1;
}
