import { existsSync, readFileSync } from 'node:fs';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { ResponseShaper, SchemaCompiler, type ShapeNode, type TypeMismatch } from './response-shaper';

/**
 * The real service's published contract: its OpenAPI document (resources/woovi-openapi.json, a
 * verbatim copy of the one the service publishes), indexed by method and path, with each
 * operation's documented answers compiled for `ResponseShaper`. Read once, when a strict server
 * is built (`npm run serve -- --strict`); nothing else loads it.
 */

type JsonObject = Record<string, unknown>;

export const PUBLISHED_DOCUMENT = 'resources/woovi-openapi.json';

/**
 * The repository's copy of the document, found from this module's own folder upwards (the
 * sources run from src/main/service/http under tsx and vitest; a bundle sits elsewhere), so the working
 * directory never matters.
 */
export function publishedDocumentPath(): string {
  let dir = dirname(fileURLToPath(import.meta.url));
  for (;;) {
    const candidate = join(dir, PUBLISHED_DOCUMENT);
    if (existsSync(candidate)) return candidate;
    const parent = dirname(dir);
    if (parent === dir) throw new Error(`${PUBLISHED_DOCUMENT} not found above ${fileURLToPath(import.meta.url)}`);
    dir = parent;
  }
}

export function loadPublishedDocument(path = publishedDocumentPath()): JsonObject {
  return JSON.parse(readFileSync(path, 'utf8')) as JsonObject;
}

/**
 * A path template with its parameters' names left out: `/api/v1/charge/:id`, `/api/v1/charge/{id}`
 * and `/api/v1/charge/{correlationID}` are one route (the document names some parameters unlike
 * us, and writes one path with `:id` itself).
 */
export function routeKey(method: string, path: string): string {
  return `${method.toUpperCase()} ${path.replace(/\{[^}/]+\}|:[A-Za-z_][A-Za-z0-9_]*/g, '{}')}`;
}

const METHODS = ['get', 'post', 'put', 'patch', 'delete'];

export interface DocumentedOperation {
  method: string;
  /** The path as the document writes it. */
  path: string;
  /** Whether its documented success answer carries `pageInfo` (a list read page by page). */
  paged: boolean;
  /** The answer cut and typed to the documented schema of `status`; unchanged where there is none. */
  shape(status: number, body: unknown): unknown;
  /** Whether the document gives a JSON schema for answers of `status`. */
  hasSchema(status: number): boolean;
  /**
   * Whether the documented answer of `status` types its `error` as an object and not as a text
   * (the funds-recovery 400s: `{"error": {"situationType": ["Invalid enum value"]}}`).
   */
  errorIsObject(status: number): boolean;
}

export class PublishedContract {
  private readonly operations = new Map<string, DocumentedOperation>();

  constructor(
    document: JsonObject,
    onMismatch?: (mismatch: TypeMismatch & { operation: string; status: number }) => void,
  ) {
    const compiler = new SchemaCompiler(document);
    for (const [path, item] of Object.entries((document.paths ?? {}) as Record<string, JsonObject>)) {
      for (const method of METHODS) {
        const operation = item[method] as JsonObject | undefined;
        if (!operation) continue;
        const schemas = new Map<number, ShapeNode>();
        const objectErrors = new Set<number>();
        for (const [status, response] of Object.entries((operation.responses ?? {}) as Record<string, JsonObject>)) {
          const schema = ((response.content as JsonObject | undefined)?.['application/json'] as JsonObject | undefined)
            ?.schema;
          if (schema && /^\d{3}$/.test(status)) {
            schemas.set(Number(status), compiler.compile(schema));
            if (errorTypedAsObject(document, schema)) objectErrors.add(Number(status));
          }
        }
        const name = `${method.toUpperCase()} ${path}`;
        const shapers = new Map<number, ResponseShaper>();
        for (const status of schemas.keys()) {
          shapers.set(
            status,
            new ResponseShaper(
              compiler,
              onMismatch && ((mismatch) => onMismatch({ ...mismatch, operation: name, status })),
            ),
          );
        }
        const success = [...schemas.entries()].find(([status]) => status >= 200 && status < 300)?.[1];
        const successNode = success ? compiler.deref(success) : undefined;
        this.operations.set(routeKey(method, path), {
          method: method.toUpperCase(),
          path,
          paged: successNode?.kind === 'object' && successNode.properties.has('pageInfo'),
          hasSchema: (status) => schemas.has(status),
          errorIsObject: (status) => objectErrors.has(status),
          shape: (status, body) => {
            const node = schemas.get(status);
            return node ? shapers.get(status)!.shape(node, body) : body;
          },
        });
      }
    }
  }

  /** The documented operation on this method and path (either spelling of parameters), if any. */
  operation(method: string, path: string): DocumentedOperation | undefined {
    return this.operations.get(routeKey(method, path));
  }

  all(): DocumentedOperation[] {
    return [...this.operations.values()];
  }
}

/** A schema with its `$ref`s followed (depth-bounded). */
function resolved(document: JsonObject, schema: unknown): JsonObject | undefined {
  let at = schema;
  for (
    let depth = 0;
    depth < 32 && at && typeof at === 'object' && typeof (at as JsonObject).$ref === 'string';
    depth++
  ) {
    const pointer = (at as JsonObject).$ref as string;
    if (!pointer.startsWith('#/')) return undefined;
    at = pointer
      .slice(2)
      .split('/')
      .reduce<unknown>(
        (node, raw) =>
          node && typeof node === 'object'
            ? (node as JsonObject)[raw.replace(/~1/g, '/').replace(/~0/g, '~')]
            : undefined,
        document,
      );
  }
  return at && typeof at === 'object' ? (at as JsonObject) : undefined;
}

/** Whether a schema admits a string (no type says nothing, so admits one; a union if any variant does). */
function admitsString(document: JsonObject, schema: unknown): boolean {
  const s = resolved(document, schema);
  if (!s) return true;
  const union = (s.oneOf ?? s.anyOf) as unknown[] | undefined;
  if (Array.isArray(union)) return union.some((variant) => admitsString(document, variant));
  if (Array.isArray(s.allOf)) return (s.allOf as unknown[]).every((part) => admitsString(document, part));
  if (s.type === undefined) return s.properties === undefined && s.items === undefined;
  return s.type === 'string' || (Array.isArray(s.type) && s.type.includes('string'));
}

/** Whether an answer schema's `error` property is typed as an object that no text can be. */
function errorTypedAsObject(document: JsonObject, schema: unknown): boolean {
  const properties = resolved(document, schema)?.properties as JsonObject | undefined;
  const error = properties ? resolved(document, properties.error) : undefined;
  if (!error || admitsString(document, error)) return false;
  return error.type === 'object' || error.properties !== undefined;
}
