// Requests an OpenAPI document FORBIDS, for the bad-input suite
// (test/main/service/api/bad-input-every-operation.property.test.ts): each starts from a request
// the document allows (openapi-arbitrary.ts) and breaks exactly one thing - a required field left
// out, a value of the wrong type, a number outside its range, a string outside its length, enum,
// pattern or format, a body that is not an object or not JSON - or puts junk in a path parameter.
// The suite picks among them with fast-check and a fixed seed.
// Also the plumbing the two every-operation suites share: a raw HTTP call that can send what a
// typed client cannot, and fingerprints of the database to prove a request wrote nothing, or
// wrote nothing of one company's.
import { createHash } from 'node:crypto';
import type { Db } from '#lib/store/database';
import type { GeneratedRequest, JsonSchema } from './openapi-arbitrary';

// ------------------------------------------------------------------------------------------------
// Raw HTTP

export interface RawRequest {
  method: string;
  /** The path with its parameters already in (encoded as the caller wants them: junk stays junk). */
  url: string;
  appId?: string;
  /** A JSON value to send, or `raw` text with a JSON content type (malformed JSON). */
  body?: unknown;
  raw?: string;
}

export interface RawReply {
  status: number;
  /** The parsed JSON answer, or undefined when it is not JSON. */
  json: unknown;
  text: string;
  contentType: string;
  allow: string | null;
}

export async function rawRequest(baseUrl: string, request: RawRequest): Promise<RawReply> {
  const headers: Record<string, string> = {};
  if (request.appId) headers.authorization = request.appId;
  let body: string | undefined;
  if (request.raw !== undefined) body = request.raw;
  else if (request.body !== undefined) body = JSON.stringify(request.body);
  if (body !== undefined) headers['content-type'] = 'application/json';
  const response = await fetch(`${baseUrl}${request.url}`, { method: request.method, headers, body });
  const contentType = response.headers.get('content-type') ?? '';
  const bytes = new Uint8Array(await response.arrayBuffer());
  const text = contentType.startsWith('application/json') ? new TextDecoder().decode(bytes) : '';
  let json: unknown;
  try {
    json = text ? JSON.parse(text) : undefined;
  } catch {
    json = undefined;
  }
  return { status: response.status, json, text, contentType, allow: response.headers.get('allow') };
}

/** `/api/v1/charge/{id}` with `{ id: 'a b' }` → `/api/v1/charge/a%20b`; `raw` parameters go in as they are. */
export function fillPath(path: string, params: Record<string, string>, raw: ReadonlySet<string> = new Set()): string {
  return path.replace(/\{([^}/]+)\}/g, (_whole, name: string) => {
    const value = params[name] ?? '';
    return raw.has(name) ? value : encodeURIComponent(value);
  });
}

export function withQuery(url: string, query: Record<string, string>): string {
  const text = new URLSearchParams(query).toString();
  return text ? `${url}?${text}` : url;
}

// ------------------------------------------------------------------------------------------------
// Database fingerprints

const bytesAsNumbers = (_key: string, value: unknown) => (value instanceof Uint8Array ? [...value] : value);

const tableNames = (db: Db): string[] =>
  (db.prepare(`SELECT name FROM sqlite_master WHERE type = 'table' ORDER BY name`).all() as { name: string }[]).map(
    (row) => row.name,
  );

const columnsOf = (db: Db, table: string): string[] =>
  (db.prepare(`PRAGMA table_info("${table}")`).all() as { name: string }[]).map((column) => column.name);

/**
 * A hash of every row of every table: equal before and after a request exactly when it wrote
 * nothing (a write rolled back to its savepoint leaves it equal too, as it should). Cheap for the
 * small databases of the suites.
 */
export function databaseFingerprint(db: Db): string {
  const hash = createHash('sha1');
  for (const table of tableNames(db)) {
    hash.update(`\u0000${table}\u0000`);
    // Sorted here, not by rowid: some tables are WITHOUT ROWID.
    const rows = (db.prepare(`SELECT * FROM "${table}"`).raw().all() as unknown[][]).map((row) =>
      JSON.stringify(row, bytesAsNumbers),
    );
    for (const row of rows.sort()) hash.update(row);
  }
  return hash.digest('hex');
}

/** Per table, the row count: what a failed comparison of fingerprints names, to say where a write went. */
export function rowCounts(db: Db): Record<string, number> {
  return Object.fromEntries(
    tableNames(db).map((table) => [
      table,
      (db.prepare(`SELECT COUNT(*) AS n FROM "${table}"`).get() as { n: number }).n,
    ]),
  );
}

/** Tables of the engine's own, holding nothing of any company (the id counters, the signing keys, the clock). */
const SHARED_TABLES = new Set(['sqlite_sequence', 'webhook_signing_keys', 'sandbox_clock', 'schema_migrations']);

/**
 * Every row that belongs to one company, by table: the rows whose company, partner company or
 * account column names it, and every row of the tables that name no company at all (the child
 * tables: a dispute's evidence, a delivery's attempts), so a row another company adds to one of
 * its records shows too. Two snapshots are equal exactly when nothing of the company changed.
 */
export function companyRows(db: Db, companyId: string, accountIds: readonly string[]): Record<string, string[]> {
  const snapshot: Record<string, string[]> = {};
  for (const table of tableNames(db)) {
    if (SHARED_TABLES.has(table)) continue;
    const columns = columnsOf(db, table);
    const tests: string[] = [];
    const values: string[] = [];
    for (const column of ['company_id', 'partner_company_id']) {
      if (columns.includes(column)) {
        tests.push(`"${column}" = ?`);
        values.push(companyId);
      }
    }
    if (columns.includes('account_id') && accountIds.length) {
      tests.push(`"account_id" IN (${accountIds.map(() => '?').join(',')})`);
      values.push(...accountIds);
    }
    if (table === 'companies') {
      tests.push('"id" = ?');
      values.push(companyId);
    }
    const where = tests.length ? `WHERE ${tests.join(' OR ')}` : '';
    // Sorted here, not by rowid: some tables are WITHOUT ROWID.
    const rows = db.prepare(`SELECT * FROM "${table}" ${where}`).all(...values) as object[];
    snapshot[table] = rows.map((row) => JSON.stringify(row, bytesAsNumbers)).sort();
  }
  return snapshot;
}

// ------------------------------------------------------------------------------------------------
// Violating requests

export interface Violation {
  /** What is wrong with it, in a few words (`body.value: below minimum 1`). */
  why: string;
  request: GeneratedRequest & { raw?: string };
  /** Path parameters to put in the URL as they are (junk percent-encoding). */
  rawParams?: string[];
  /** Statuses besides 400 that are right for this violation (414 for an over-long URL). */
  alsoAllowed?: number[];
}

type Schema = JsonSchema;

const TYPE_SAMPLES: Record<string, unknown[]> = {
  string: ['texto', ''],
  number: [12.5, -3],
  integer: [7, 0],
  boolean: [true, false],
  object: [{ junk: 1 }, {}],
  array: [[1, 'dois'], []],
};

/** The JSON types a schema accepts, or null when it accepts any (an empty schema, `{}`). */
function acceptedTypes(schema: Schema, root: Schema): Set<string> | null {
  const resolved = resolveRef(schema, root);
  if (resolved.const !== undefined) return new Set([jsonType(resolved.const)]);
  if (Array.isArray(resolved.enum)) return new Set((resolved.enum as unknown[]).map(jsonType));
  const branches = (resolved.anyOf ?? resolved.oneOf) as Schema[] | undefined;
  if (branches) {
    const all = new Set<string>();
    for (const branch of branches) {
      const types = acceptedTypes(branch, root);
      if (!types) return null;
      for (const type of types) all.add(type);
    }
    return all;
  }
  const type = resolved.type;
  if (typeof type === 'string') return new Set(type === 'integer' ? ['integer'] : [type]);
  if (Array.isArray(type)) return new Set(type as string[]);
  if (resolved.properties) return new Set(['object']);
  if (resolved.items) return new Set(['array']);
  return null;
}

function jsonType(value: unknown): string {
  if (value === null) return 'null';
  if (Array.isArray(value)) return 'array';
  if (typeof value === 'number') return Number.isInteger(value) ? 'integer' : 'number';
  return typeof value;
}

function resolveRef(schema: Schema, root: Schema): Schema {
  let current = schema;
  for (let hops = 0; typeof current.$ref === 'string' && hops < 20; hops++) {
    const pointer = current.$ref.replace(/^#\//, '').split('/');
    let target: unknown = root;
    for (const part of pointer) target = (target as Schema | undefined)?.[part.replace(/~1/g, '/').replace(/~0/g, '~')];
    if (!target) break;
    current = target as Schema;
  }
  return current;
}

/** Values of other JSON types than the schema accepts (none when it accepts any). */
function wrongTypeValues(schema: Schema, root: Schema): unknown[] {
  const types = acceptedTypes(schema, root);
  if (!types) return [];
  const accepts = (value: unknown) => {
    const type = jsonType(value);
    return types.has(type) || (type === 'integer' && types.has('number'));
  };
  return Object.values(TYPE_SAMPLES)
    .flat()
    .filter((value) => !accepts(value));
}

function patternOf(schema: Schema): RegExp | null {
  if (typeof schema.pattern !== 'string') return null;
  try {
    return new RegExp(schema.pattern, 'u');
  } catch {
    try {
      return new RegExp(schema.pattern);
    } catch {
      return null;
    }
  }
}

const FORMAT_BREAKERS: Record<string, string[]> = {
  email: ['not-an-email', 'a@', '@b.com'],
  uri: ['not a uri', '://x'],
  url: ['not a url'],
  uuid: ['not-a-uuid', '1234'],
  date: ['2026-13-45', 'ontem'],
  'date-time': ['2026-02-30T25:61:00Z', 'ontem às três'],
  byte: ['***not base64***'],
};

const STRING_CANDIDATES = [
  '',
  ' ',
  '!!',
  '-1',
  '0',
  'x',
  'ABC',
  'abc-123',
  '1.5',
  '99999999999999999999',
  'é',
  '\u0000',
];

/**
 * Values the schema refuses for reasons other than the JSON type: below the minimum, above the
 * maximum, a fraction for an integer, shorter or longer than allowed, outside the enum, not
 * matching the pattern or the format. Each with the reason it breaks.
 */
function outOfRangeValues(schema: Schema, root: Schema): { value: unknown; why: string }[] {
  const s = resolveRef(schema, root);
  const out: { value: unknown; why: string }[] = [];
  const types = acceptedTypes(s, root);
  const numeric = types && (types.has('number') || types.has('integer')) && !types.has('string');
  if (numeric) {
    if (typeof s.minimum === 'number') out.push({ value: s.minimum - 1, why: `below minimum ${s.minimum}` });
    if (typeof s.exclusiveMinimum === 'number')
      out.push({ value: s.exclusiveMinimum, why: `not above exclusiveMinimum ${s.exclusiveMinimum}` });
    if (typeof s.maximum === 'number') out.push({ value: s.maximum + 1, why: `above maximum ${s.maximum}` });
    if (typeof s.exclusiveMaximum === 'number')
      out.push({ value: s.exclusiveMaximum, why: `not below exclusiveMaximum ${s.exclusiveMaximum}` });
    if (types.has('integer') && !types.has('number')) out.push({ value: 1.5, why: 'a fraction for an integer' });
  }
  if (types?.size === 1 && types.has('string')) {
    const enumValues = Array.isArray(s.enum) ? (s.enum as unknown[]) : s.const !== undefined ? [s.const] : null;
    if (enumValues) out.push({ value: 'NOT_IN_ENUM_x', why: `not one of ${JSON.stringify(enumValues).slice(0, 80)}` });
    if (typeof s.minLength === 'number' && s.minLength > 0)
      out.push({ value: 'a'.repeat(s.minLength - 1), why: `shorter than minLength ${s.minLength}` });
    if (typeof s.maxLength === 'number')
      out.push({ value: 'a'.repeat(s.maxLength + 1), why: `longer than maxLength ${s.maxLength}` });
    const regex = patternOf(s);
    if (regex) {
      // Not empty where one will do: an empty path segment is another route, not a bad value.
      const miss =
        STRING_CANDIDATES.find((candidate) => candidate !== '' && !regex.test(candidate)) ??
        (regex.test('') ? undefined : '');
      if (miss !== undefined) out.push({ value: miss, why: `not matching pattern ${s.pattern as string}` });
    }
    const breakers = typeof s.format === 'string' ? FORMAT_BREAKERS[s.format] : undefined;
    if (breakers) out.push({ value: breakers[0], why: `not a valid ${s.format as string}` });
  }
  return out;
}

const JUNK_PATH_VALUES: { text: string; raw: boolean; why: string; alsoAllowed?: number[] }[] = [
  { text: '%', raw: true, why: 'a lone percent sign' },
  { text: '%E0%A4%A', raw: true, why: 'truncated percent-encoding' },
  { text: '%00', raw: true, why: 'an encoded NUL' },
  { text: '..%2F..%2Fetc%2Fpasswd', raw: true, why: 'an encoded path traversal' },
  { text: "%F0%9F%92%A9%20%22'", raw: true, why: 'an emoji, a space and quotes' },
  { text: "' OR 1=1 --", raw: false, why: 'an SQL fragment' },
  { text: 'x'.repeat(1500), raw: false, why: 'an over-long id (1500 characters)' },
  { text: 'x'.repeat(2100), raw: false, why: 'an id longer than the router takes', alsoAllowed: [414] },
];

const NOT_OBJECTS: { value?: unknown; raw?: string; why: string }[] = [
  { value: [], why: 'the body is an array' },
  { value: 42, why: 'the body is a number' },
  { value: 'texto', why: 'the body is a string' },
  { value: null, why: 'the body is null' },
  { raw: '{"value": ', why: 'the body is truncated JSON' },
  { raw: 'not json at all', why: 'the body is not JSON' },
];

interface BodySpot {
  /** Where in the body: a list of property names. */
  at: string[];
  schema: Schema;
}

/** The body's properties present in `body`, at any depth (objects within objects), with their schemas. */
function bodySpots(schema: Schema, body: unknown, root: Schema, at: string[] = []): BodySpot[] {
  const s = resolveRef(schema, root);
  if (!body || typeof body !== 'object' || Array.isArray(body)) return [];
  const properties = (s.properties ?? {}) as Record<string, Schema>;
  const spots: BodySpot[] = [];
  for (const [name, property] of Object.entries(properties)) {
    if (!Object.hasOwn(body, name)) continue;
    spots.push({ at: [...at, name], schema: property });
    if (at.length < 3) spots.push(...bodySpots(property, (body as Record<string, unknown>)[name], root, [...at, name]));
  }
  return spots;
}

/** The required properties of the body's objects present in `body`, with where their object is. */
function requiredSpots(schema: Schema, body: unknown, root: Schema, at: string[] = []): string[][] {
  const s = resolveRef(schema, root);
  if (!body || typeof body !== 'object' || Array.isArray(body)) return [];
  const spots: string[][] = ((s.required ?? []) as string[]).map((name) => [...at, name]);
  for (const [name, property] of Object.entries((s.properties ?? {}) as Record<string, Schema>)) {
    if (Object.hasOwn(body, name) && at.length < 3) {
      spots.push(...requiredSpots(property, (body as Record<string, unknown>)[name], root, [...at, name]));
    }
  }
  return spots;
}

function setAt(body: unknown, at: string[], value: unknown, remove = false): unknown {
  const copy = structuredClone(body) as Record<string, unknown>;
  let target = copy;
  for (const key of at.slice(0, -1)) target = target[key] as Record<string, unknown>;
  const last = at.at(-1)!;
  if (remove) delete target[last];
  else target[last] = value;
  return copy;
}

/** Every way this one valid request can be broken, each a request the document forbids. */
export function violationsOf(document: JsonSchema, method: string, path: string, valid: GeneratedRequest): Violation[] {
  const operation = ((document.paths as Record<string, Schema>)[path] as Schema)[method.toLowerCase()] as Schema;
  const out: Violation[] = [];
  const parameters = ((operation.parameters ?? []) as Schema[]).map((parameter) => resolveRef(parameter, document));
  for (const parameter of parameters) {
    const name = parameter.name as string;
    const schema = (parameter.schema ?? {}) as Schema;
    if (parameter.in === 'path') {
      for (const junk of JUNK_PATH_VALUES) {
        out.push({
          why: `path ${name}: ${junk.why}`,
          request: { ...valid, params: { ...valid.params, [name]: junk.text } },
          rawParams: junk.raw ? [name] : [],
          alsoAllowed: [404, ...(junk.alsoAllowed ?? [])],
        });
      }
      for (const { value, why } of outOfRangeValues(schema, document)) {
        // An empty segment is another route (`/charge/` is the list), not a bad id.
        if (value === '') continue;
        out.push({
          why: `path ${name}: ${why}`,
          request: { ...valid, params: { ...valid.params, [name]: String(value) } },
          alsoAllowed: [404],
        });
      }
    } else if (parameter.in === 'query') {
      if (parameter.required) {
        const { [name]: _gone, ...rest } = valid.query;
        out.push({ why: `query ${name}: required, left out`, request: { ...valid, query: rest } });
      }
      for (const { value, why } of outOfRangeValues(schema, document)) {
        if (typeof value === 'string' && value === '' && !parameter.required) continue;
        out.push({
          why: `query ${name}: ${why}`,
          request: { ...valid, query: { ...valid.query, [name]: String(value) } },
        });
      }
    }
  }
  const bodySchema = (
    ((operation.requestBody as Schema | undefined)?.content as Schema | undefined)?.['application/json'] as
      Schema | undefined
  )?.schema as Schema | undefined;
  if (bodySchema) {
    const types = acceptedTypes(bodySchema, document);
    if (types && !types.has('array') && !types.has('string') && !types.has('null')) {
      for (const junk of NOT_OBJECTS) {
        out.push({
          why: junk.why,
          request: { ...valid, body: junk.value, ...(junk.raw !== undefined ? { raw: junk.raw } : {}) },
        });
      }
    }
    for (const at of requiredSpots(bodySchema, valid.body, document)) {
      out.push({
        why: `body.${at.join('.')}: required, left out`,
        request: { ...valid, body: setAt(valid.body, at, undefined, true) },
      });
    }
    for (const spot of bodySpots(bodySchema, valid.body, document)) {
      for (const value of wrongTypeValues(spot.schema, document).slice(0, 3)) {
        out.push({
          why: `body.${spot.at.join('.')}: a ${jsonType(value)} where the document wants ${[...(acceptedTypes(spot.schema, document) ?? [])].join('|')}`,
          request: { ...valid, body: setAt(valid.body, spot.at, value) },
        });
      }
      for (const { value, why } of outOfRangeValues(spot.schema, document)) {
        out.push({
          why: `body.${spot.at.join('.')}: ${why}`,
          request: { ...valid, body: setAt(valid.body, spot.at, value) },
        });
      }
    }
  }
  return out;
}
