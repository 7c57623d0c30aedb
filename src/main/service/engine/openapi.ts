import { z } from 'zod';
import type { AnyOperation } from './operation';
import { wholeNumberAsText } from './validation';

/**
 * The service's OpenAPI 3.1 document, generated from the operation declarations: each
 * operation's path and method, its parameters and body from the request schemas, its success
 * answer from the response schema, and the scope and feature it needs. Nothing here is written
 * by hand per operation, so the document cannot drift from what is served.
 */
export interface OpenApiOptions {
  /** Where the service is reached (the `servers` entry). */
  serverUrl: string;
  /**
   * The other spellings a server answers for every path, named once in the document instead of as
   * paths of their own: an older prefix standing for the current one (`/api/openpix/v1` for
   * `/api/v1`), and a trailing slash, there or not.
   */
  routeSpellings?: { legacyPrefix: string; prefix: string };
}

type JsonSchema = Record<string, unknown>;

/**
 * What the derived document says of an http(s) URL field (isHttpUrl, #shared/lib/http-url, checked
 * after a trim): a refinement is invisible to z.toJSONSchema, so the field states it with `.meta()`.
 */
export const HTTP_URL_META = {
  format: 'uri',
  pattern: '^\\s*[Hh][Tt][Tt][Pp][Ss]?://[^\\s/?#:@]',
  description: 'An http(s) URL, written out in full (https://host/…)',
} as const;

/**
 * Two rules every request schema follows that z.toJSONSchema cannot see, stated where they apply:
 * - a text that takes a whole number for its text (z.preprocess(wholeNumberAsText, …), as real
 *   clients send ids and names) is a string or a safe integer (`anyOf`);
 * - a trimmed text with a minimum length of 1 (`.trim().min(1)`) refuses a blank one: it needs a
 *   character that is not a space (`\S`, the same set String.prototype.trim removes), unless its
 *   own pattern already says more. A trim is zod's only `overwrite` check that can shorten a text.
 */
/** The parts of a zod schema's definition read below (zod's own types for them are internal). */
interface ZodDef {
  type: string;
  checks?: { _zod: { def: { check: string } } }[];
  in?: { _zod: { def: { type: string; transform?: unknown } } };
}

function stateInputRules(ctx: { zodSchema: unknown; jsonSchema: JsonSchema }): void {
  const def = (ctx.zodSchema as { _zod: { def: ZodDef } })._zod.def;
  const schema = ctx.jsonSchema;
  if (def.type === 'string') {
    const trimmed = (def.checks ?? []).some((check) => check._zod.def.check === 'overwrite');
    if (trimmed && schema.minLength === 1 && schema.pattern === undefined) schema.pattern = '\\S';
    return;
  }
  const input = def.in?._zod.def;
  if (def.type === 'pipe' && input?.type === 'transform' && input.transform === wholeNumberAsText) {
    const { description, ...text } = schema;
    for (const key of Object.keys(schema)) delete schema[key];
    if (description !== undefined) schema.description = description;
    schema.anyOf = [
      text,
      {
        type: 'integer',
        minimum: Number.MIN_SAFE_INTEGER,
        maximum: Number.MAX_SAFE_INTEGER,
        description: 'Taken as its decimal text',
      },
    ];
  }
}

/**
 * The mark of a text that must name a scope of the operation table (an application's `scopes`),
 * which the table's own modules cannot import; the document puts the names in where it is met.
 */
export const SCOPE_NAME_META = { 'x-scope-name': true } as const;

/** A scope name, spaces around allowed (the schema trims), as one pattern: the names as they are. */
function withScopeNames(value: unknown, scopes: readonly string[]): unknown {
  if (Array.isArray(value)) return value.map((inner) => withScopeNames(inner, scopes));
  if (!value || typeof value !== 'object') return value;
  const schema = Object.fromEntries(
    Object.entries(value as JsonSchema).map(([key, inner]) => [key, withScopeNames(inner, scopes)]),
  );
  if (schema['x-scope-name'] === true) {
    delete schema['x-scope-name'];
    schema.pattern = `^\\s*(?:${scopes.join('|')})\\s*$`;
    schema['x-scope-names'] = [...scopes];
  }
  return schema;
}

const jsonSchema = (schema: z.ZodType, io: 'input' | 'output'): JsonSchema => {
  const { $schema: _dialect, ...rest } = z.toJSONSchema(schema, {
    io,
    unrepresentable: 'any',
    ...(io === 'input' ? { override: stateInputRules } : {}),
  }) as JsonSchema;
  return rest;
};

/** `:id` → `{id}`, `:id.png` → `{id}.png`. */
export function openApiPath(path: string): string {
  return path.replace(/:([A-Za-z_][A-Za-z0-9_]*)/g, '{$1}');
}

const ERROR_SCHEMA: JsonSchema = {
  type: 'object',
  properties: { error: { type: 'string' }, errorCode: { type: 'string' } },
  required: ['error'],
};

function parameters(declaration: AnyOperation): JsonSchema[] {
  const result: JsonSchema[] = [];
  for (const [location, schema] of [
    ['path', declaration.request.params],
    ['query', declaration.request.query],
  ] as const) {
    if (!schema) continue;
    const object = jsonSchema(schema, 'input') as { properties?: Record<string, JsonSchema>; required?: string[] };
    for (const [name, property] of Object.entries(object.properties ?? {})) {
      result.push({
        name,
        in: location,
        // Path parameters are always required in OpenAPI.
        required: location === 'path' || (object.required ?? []).includes(name),
        schema: property,
      });
    }
  }
  return result;
}

const ERROR_DESCRIPTIONS: Record<number, string> = {
  400: 'Bad input, or a record of yours that does not exist',
  401: 'Missing or unknown AppID',
  403: 'Missing scope or feature, or an action this caller may not take',
  404: 'No such record of yours',
  409: 'Conflicts with an existing record',
  422: 'A state change the record does not allow',
  429: 'Rate limited',
};

/** The error statuses an operation can answer: derived from its declaration, plus the ones it declares. */
export function errorStatuses(declaration: AnyOperation): number[] {
  const { params, query, body } = declaration.request;
  const statuses = new Set<number>(declaration.errors ?? []);
  if (params || query || body) statuses.add(400);
  if (declaration.auth !== 'none') statuses.add(401);
  if (declaration.scope || declaration.feature) statuses.add(403);
  return [...statuses].sort((a, b) => a - b);
}

function errorResponses(declaration: AnyOperation): Record<string, JsonSchema> {
  return Object.fromEntries(
    errorStatuses(declaration).map((status) => [
      String(status),
      { description: ERROR_DESCRIPTIONS[status], content: { 'application/json': { schema: ERROR_SCHEMA } } },
    ]),
  );
}

function successContent(declaration: AnyOperation): JsonSchema | undefined {
  if (declaration.status === 204) return undefined;
  if (declaration.contentType) return { [declaration.contentType]: { schema: { type: 'string', format: 'binary' } } };
  return { 'application/json': { schema: jsonSchema(declaration.response, 'output') } };
}

export function openApiDocument(table: Record<string, AnyOperation>, options: OpenApiOptions): JsonSchema {
  const paths: Record<string, Record<string, JsonSchema>> = {};
  const scopes = [
    ...new Set(Object.values(table).flatMap((declaration) => (declaration.scope ? [declaration.scope] : []))),
  ];
  for (const [name, declaration] of Object.entries(table)) {
    declaration.paths.forEach((path, index) => {
      const content = successContent(declaration);
      const operation: JsonSchema = {
        // A second path of one operation (the QR image's /svc/ spelling) gets its own id.
        operationId: index === 0 ? name : `${name}${index + 1}`,
        summary: declaration.summary,
        // An empty list: this operation needs no AppID (the webhook public keys); an empty
        // requirement beside AppID: it may be called with one or without (the QR image).
        security:
          declaration.auth === 'none' ? [] : declaration.auth === 'optional' ? [{ AppID: [] }, {}] : [{ AppID: [] }],
        parameters: parameters(declaration),
        responses: {
          [String(declaration.status)]: { description: 'Success', ...(content ? { content } : {}) },
          ...(declaration.alternateStatus
            ? {
                [String(declaration.alternateStatus)]: {
                  description: 'Success: the record already existed',
                  ...(content ? { content } : {}),
                },
              }
            : {}),
          ...errorResponses(declaration),
        },
        'x-access': declaration.access,
        ...(declaration.scope ? { 'x-required-scope': declaration.scope } : {}),
        ...(declaration.feature ? { 'x-required-feature': declaration.feature } : {}),
      };
      if (declaration.request.body) {
        operation.requestBody = {
          required: true,
          content: {
            'application/json': { schema: withScopeNames(jsonSchema(declaration.request.body, 'input'), scopes) },
          },
        };
      }
      (paths[openApiPath(path)] ??= {})[declaration.method.toLowerCase()] = operation;
    });
  }
  const spellings = options.routeSpellings;
  const generated = 'Generated from the operation declarations of the engine (src/main/service/engine/operations.ts).';
  return {
    openapi: '3.1.0',
    info: {
      title: 'Balcão Pix service (Woovi/OpenPix v1 compatible sandbox)',
      version: '1.0.0',
      description: spellings ? `${generated} ${spellingsNote(spellings)}` : generated,
    },
    servers: [{ url: options.serverUrl }],
    ...(spellings
      ? {
          'x-path-aliases': [{ prefix: spellings.legacyPrefix, aliasOf: spellings.prefix }],
          'x-trailing-slash': 'optional',
        }
      : {}),
    components: { securitySchemes: { AppID: { type: 'apiKey', in: 'header', name: 'Authorization' } } },
    paths,
  };
}

function spellingsNote({ legacyPrefix, prefix }: NonNullable<OpenApiOptions['routeSpellings']>): string {
  return (
    `Every path under ${prefix} also answers under the older prefix ${legacyPrefix}, exactly alike ` +
    `(${legacyPrefix}/charge is ${prefix}/charge). Every path answers with a trailing slash and without one.`
  );
}
