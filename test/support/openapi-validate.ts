// Checks an HTTP answer against the schema an OpenAPI document gives the answered status, with
// ajv 8: the sandbox's own derived document (OpenAPI 3.1, JSON Schema 2020-12) or the real
// service's published one (OpenAPI 3.0.3: `nullable`, `$ref`s into #/components/schemas).
import Ajv from 'ajv';
import Ajv2020 from 'ajv/dist/2020';
import addFormats from 'ajv-formats';
import type { ValidateFunction } from 'ajv';

type JsonSchema = Record<string, unknown>;

/** What the document says of one answer. */
export type AnswerVerdict =
  /** The document lists no such operation. */
  | { kind: 'no-operation' }
  /** The operation does not list the answered status. */
  | { kind: 'undocumented-status' }
  /** The status is listed without a JSON schema (a PNG, a PDF, a 204, a bare description). */
  | { kind: 'no-schema' }
  | { kind: 'valid' }
  | { kind: 'invalid'; errors: string };

/** `contentType`: the answer's Content-Type header; a JSON body is checked against the schema, other content by its type. */
export type AnswerValidator = (
  method: string,
  path: string,
  status: number,
  body: unknown,
  contentType?: string,
) => AnswerVerdict;

const COMPONENTS_ID = 'https://published.contract.test/components.json';

/**
 * A validator over `document`: `openapi` 3.1 documents are JSON Schema 2020-12 already; 3.0
 * documents have `nullable: true` turned into JSON Schema's own null type first, and their
 * `#/components/…` refs pointed at the components, added once under an id of their own.
 */
export function answerValidator(document: JsonSchema): AnswerValidator {
  const is30 = String(document.openapi).startsWith('3.0');
  const ajv = is30 ? new Ajv({ strict: false, allErrors: true }) : new Ajv2020({ strict: false, allErrors: true });
  addFormats(ajv);
  const source = is30 ? (withNullTypes(document) as JsonSchema) : document;
  if (is30) ajv.addSchema({ $id: COMPONENTS_ID, components: pointRefs(source.components) });
  const compiled = new Map<string, ValidateFunction | null>();
  return (method, path, status, body, contentType = 'application/json') => {
    const operation = ((source.paths ?? {}) as Record<string, JsonSchema>)[path]?.[method.toLowerCase()] as
      JsonSchema | undefined;
    if (!operation) return { kind: 'no-operation' };
    const responses = (operation.responses ?? {}) as Record<string, JsonSchema>;
    const response = responses[String(status)] ?? responses[`${String(status)[0]}XX`];
    if (!response) return { kind: 'undocumented-status' };
    const media = contentType.split(';')[0]!.trim().toLowerCase();
    const content = (response.content ?? {}) as JsonSchema;
    if (media !== 'application/json') {
      // Bytes (a PNG, a PDF): the document names that content type for the status, or no content at all.
      if (Object.keys(content).length === 0 || media in content) return { kind: 'no-schema' };
      return {
        kind: 'invalid',
        errors: `content type ${media}, where the document gives ${Object.keys(content).join(', ')}`,
      };
    }
    const key = `${method} ${path} ${status}`;
    if (!compiled.has(key)) {
      const schema = ((response.content as JsonSchema | undefined)?.['application/json'] as JsonSchema | undefined)
        ?.schema as JsonSchema | undefined;
      compiled.set(key, schema ? ajv.compile(is30 ? (pointRefs(schema) as JsonSchema) : schema) : null);
    }
    const validate = compiled.get(key)!;
    if (!validate) return { kind: 'no-schema' };
    if (validate(body)) return { kind: 'valid' };
    return { kind: 'invalid', errors: ajv.errorsText(validate.errors, { separator: '; ', dataVar: 'answer' }) };
  };
}

/** OpenAPI 3.0's `nullable: true` as JSON Schema says it: null added to the type (and enum), or a branch of its own. */
export function withNullTypes(value: unknown): unknown {
  if (Array.isArray(value)) return value.map(withNullTypes);
  if (!value || typeof value !== 'object') return value;
  const entries = Object.entries(value as JsonSchema).map(([key, inner]) => [key, withNullTypes(inner)] as const);
  const schema: JsonSchema = Object.fromEntries(entries);
  if (schema.nullable !== true) return schema;
  const { nullable: _nullable, ...rest } = schema;
  if (typeof rest.type === 'string' && rest.$ref === undefined) {
    return {
      ...rest,
      type: [rest.type, 'null'],
      ...(Array.isArray(rest.enum) ? { enum: [...(rest.enum as unknown[]), null] } : {}),
    };
  }
  return { anyOf: [rest, { type: 'null' }] };
}

/** `#/components/…` refs made absolute, to the components schema added under COMPONENTS_ID. */
function pointRefs(value: unknown): unknown {
  if (Array.isArray(value)) return value.map(pointRefs);
  if (!value || typeof value !== 'object') return value;
  return Object.fromEntries(
    Object.entries(value as JsonSchema).map(([key, inner]) => [
      key,
      key === '$ref' && typeof inner === 'string' && inner.startsWith('#/')
        ? `${COMPONENTS_ID}${inner}`
        : pointRefs(inner),
    ]),
  );
}
