// The request generator (openapi-arbitrary.ts) makes only values their schema allows: checked
// with ajv against every request body and parameter of the sandbox's derived document and every
// component schema of the published one, and against small schemas for each keyword it reads.
import fc from 'fast-check';
import Ajv from 'ajv';
import Ajv2020 from 'ajv/dist/2020';
import addFormats from 'ajv-formats';
import { describe, expect, it } from 'vitest';
import { openApiDocument } from '#service/engine/openapi';
import { operationTable } from '#service/engine/operations';
import type { AnyOperation } from '#service/engine/operation';
import { loadPublishedDocument } from '#service/http/published-contract';
import { parseTaxId } from '#shared/lib/tax-id';
import {
  documentOperations,
  requestArbitrary,
  requestUrl,
  schemaArbitrary,
  type JsonSchema,
} from '#test/support/openapi-arbitrary';
import { withNullTypes } from '#test/support/openapi-validate';

const SEED = 20_261_207;
const derived = openApiDocument(operationTable, { serverUrl: 'http://sandbox.test' });
const published = loadPublishedDocument();

function ajv2020() {
  const ajv = new Ajv2020({ strict: false, allErrors: true });
  addFormats(ajv);
  return ajv;
}

/** Samples of the arbitrary, each checked by `validate`; the first value refused fails with ajv's words. */
function allValid(arbitrary: fc.Arbitrary<unknown>, validate: (value: unknown) => string | null, numRuns = 30) {
  fc.assert(
    fc.property(arbitrary, (value) => {
      const errors = validate(value);
      if (errors) throw new Error(`${JSON.stringify(value)}: ${errors}`);
    }),
    { seed: SEED, numRuns },
  );
}

describe('schemaArbitrary', () => {
  const cases: [string, JsonSchema][] = [
    ['enum', { type: 'string', enum: ['A', 'B'] }],
    ['const', { const: 'X' }],
    ['pattern with lengths', { type: 'string', pattern: '^[A-Za-z0-9_-]+$', minLength: 3, maxLength: 8 }],
    ['digits pattern', { type: 'string', pattern: '^\\d+$' }],
    [
      'formats',
      {
        type: 'object',
        properties: {
          e: { type: 'string', format: 'email' },
          u: { type: 'string', format: 'uri' },
          d: { type: 'string', format: 'date-time' },
          id: { type: 'string', format: 'uuid' },
        },
        required: ['e', 'u', 'd', 'id'],
      },
    ],
    ['integer bounds', { type: 'integer', minimum: 300, maximum: 4096 }],
    ['large integer bounds', { type: 'integer', minimum: 1, maximum: 99_999_999_999 }],
    ['exclusive bounds (3.1)', { type: 'number', exclusiveMinimum: 0, exclusiveMaximum: 1 }],
    ['array bounds', { type: 'array', items: { type: 'integer' }, minItems: 1, maxItems: 3, uniqueItems: true }],
    [
      'required and optional',
      { type: 'object', properties: { a: { type: 'string', minLength: 1 }, b: { type: 'boolean' } }, required: ['a'] },
    ],
    [
      'anyOf',
      {
        anyOf: [
          { type: 'string', maxLength: 2 },
          { type: 'integer', minimum: 5 },
        ],
      },
    ],
    ['type list', { type: ['string', 'null'], maxLength: 4 }],
    [
      'dictionary',
      {
        type: 'object',
        propertyNames: { type: 'string', pattern: '^k[0-9]$' },
        additionalProperties: { type: 'integer' },
      },
    ],
    [
      '$ref and allOf',
      {
        $defs: { Base: { type: 'object', properties: { id: { type: 'string' } }, required: ['id'] } },
        allOf: [{ $ref: '#/$defs/Base' }, { type: 'object', properties: { n: { type: 'integer' } }, required: ['n'] }],
      },
    ],
  ];
  it.each(cases)('%s', (_name, schema) => {
    const validate = ajv2020().compile(schema);
    allValid(schemaArbitrary(schema), (value) => (validate(value) ? null : JSON.stringify(validate.errors)), 60);
  });

  it('generates from a pattern with lookarounds (which fast-check cannot read) what the whole pattern matches', () => {
    const regex = /^(?!\.)[a-z.]{1,8}(?<!\.)$/;
    const values = fc.sample(schemaArbitrary({ type: 'string', pattern: regex.source }), { seed: SEED, numRuns: 100 });
    expect(values.every((value) => typeof value === 'string' && regex.test(value))).toBe(true);
  });

  it("gives valid CPFs and CNPJs for the sandbox's x-format br-cpf-or-cnpj", () => {
    const values = fc.sample(schemaArbitrary({ type: 'string', 'x-format': 'br-cpf-or-cnpj', maxLength: 20 }), {
      seed: SEED,
      numRuns: 100,
    }) as string[];
    expect(values.every((value) => parseTaxId(value) !== null)).toBe(true);
    expect(new Set(values.map((value) => value.length))).toEqual(new Set([11, 14]));
  });

  it('refuses at once, by name, a schema it cannot meet (instead of filtering for ever)', () => {
    expect(() => schemaArbitrary({ type: 'string', pattern: '^a$', minLength: 5 })).toThrow(/cannot generate strings/);
  });

  it('reads OpenAPI 3.0 nullable, and gives null now and then', () => {
    const schema = { type: 'string', nullable: true, enum: ['A'] };
    const validate = new Ajv({ strict: false }).compile(withNullTypes(schema) as JsonSchema);
    const values = fc.sample(schemaArbitrary(schema), { seed: SEED, numRuns: 60 });
    expect(values.every((value) => validate(value))).toBe(true);
    expect(new Set(values)).toEqual(new Set(['A', null]));
  });

  it('every component schema of the published document (3.0.3: nullable, $refs) gives values it allows', () => {
    const ajv = new Ajv({ strict: false, allErrors: true });
    addFormats(ajv);
    const converted = withNullTypes(published) as { components: { schemas: Record<string, JsonSchema> } };
    ajv.addSchema({ $id: 'https://g1.test/doc.json', components: converted.components });
    for (const name of Object.keys(converted.components.schemas)) {
      const validate = ajv.getSchema(`https://g1.test/doc.json#/components/schemas/${name}`)!;
      allValid(
        schemaArbitrary({ $ref: `#/components/schemas/${name}` }, published),
        (value) => (validate(value) ? null : `${name}: ${JSON.stringify(validate.errors)}`),
        5,
      );
    }
  });
});

describe('requestArbitrary over the derived document', () => {
  const operations = documentOperations(derived);

  it('covers every operation of the derived document', () => {
    expect(operations.length).toBe(
      Object.values(operationTable as Record<string, AnyOperation>).reduce((n, op) => n + op.paths.length, 0),
    );
  });

  it.each(operations.map(({ method, path }) => [`${method} ${path}`, method, path] as const))(
    '%s: parameters and body the document allows, and a whole URL',
    (_name, method, path) => {
      const ajv = ajv2020();
      const operation = (derived.paths as any)[path][method.toLowerCase()];
      const bodySchema = operation.requestBody?.content?.['application/json']?.schema;
      const body = bodySchema ? ajv.compile(bodySchema) : undefined;
      const parameters = (operation.parameters as JsonSchema[]).map((p) => ({
        name: p.name as string,
        in: p.in as 'path' | 'query',
        required: p.required === true,
        validate: ajv.compile(p.schema as JsonSchema),
      }));
      allValid(
        requestArbitrary(derived, method, path),
        (value) => {
          const request = value as { params: Record<string, string>; query: Record<string, string>; body?: unknown };
          if (body && !body(request.body)) return `body: ${ajv.errorsText(body.errors)}`;
          for (const p of parameters) {
            const text = (p.in === 'path' ? request.params : request.query)[p.name];
            if (text === undefined) {
              if (p.required) return `${p.name} missing`;
              continue;
            }
            // Parameters are text; a schema of another type is checked on the value the text reads as.
            const type = (p.validate.schema as JsonSchema).type;
            const typed = type === 'integer' || type === 'number' || type === 'boolean' ? JSON.parse(text) : text;
            if (!p.validate(typed)) return `${p.name}=${text}: ${ajv.errorsText(p.validate.errors)}`;
          }
          if (/\{|\}/.test(requestUrl(path, request))) return 'a placeholder left in the URL';
          return null;
        },
        10,
      );
    },
  );

  it('takes pooled values most of the time, and only those the schema allows', () => {
    const requests = fc.sample(
      requestArbitrary(derived, 'GET', '/api/v1/charge', {
        idPool: (slot) => (slot.name === 'status' ? ['COMPLETED', 'NOT-A-STATUS'] : undefined),
      }),
      { seed: SEED, numRuns: 300 },
    );
    const statuses = requests.map((request) => request.query.status).filter((status) => status !== undefined);
    // The pool is picked about 4 times in 5 when the parameter is sent.
    expect(statuses.filter((status) => status === 'COMPLETED').length / statuses.length).toBeGreaterThan(0.7);
    // A status the enum does not have is never offered.
    expect(statuses).not.toContain('NOT-A-STATUS');
  });
});
