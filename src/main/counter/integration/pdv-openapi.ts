// The PDV API's OpenAPI document, derived from its one declaration (pdv-contract.ts): each
// operation's path, body, query, answer and refusals, with the schemas zod writes as JSON Schema.
// Served at /pdv/v1/openapi.json, so a PDV's developers generate a client from what the counter
// actually checks.
import { z } from 'zod';
import { httpStatusOf } from '#shared/counter/counter-error-status';
import { PDV_OPERATIONS, pdvError, type PdvOperation } from './pdv-contract';

const jsonSchema = (schema: z.ZodType, io: 'input' | 'output') =>
  z.toJSONSchema(schema, { io, unrepresentable: 'any' }) as Record<string, unknown>;

function parameters(operation: PdvOperation): unknown[] {
  const list: unknown[] = [];
  if (operation.path.includes('{orderId}'))
    list.push({
      name: 'orderId',
      in: 'path',
      required: true,
      schema: { type: 'string', pattern: '^[A-Za-z0-9._:/-]{1,64}$' },
      description: "The PDV's id for the order, URI-encoded.",
    });
  if (operation.query) {
    const schema = jsonSchema(operation.query, 'input') as { properties?: Record<string, unknown> };
    for (const [name, property] of Object.entries(schema.properties ?? {}))
      list.push({ name, in: 'query', required: false, schema: property });
  }
  return list;
}

export function pdvOpenApiDocument(serverUrl?: string): Record<string, unknown> {
  const paths: Record<string, Record<string, unknown>> = {};
  for (const [name, operation] of Object.entries(PDV_OPERATIONS) as [string, PdvOperation][]) {
    const refusals: Record<string, unknown> = {};
    for (const code of operation.errors) {
      const status = String(httpStatusOf(code));
      const entry = (refusals[status] ??= {
        description: '',
        content: { 'application/json': { schema: jsonSchema(pdvError, 'output') } },
      }) as { description: string };
      entry.description = entry.description ? `${entry.description}, ${code}` : code;
    }
    const ok =
      'stream' in operation.ok
        ? {
            description: 'Server-sent events: `sale`, with a PdvSale as its data.',
            content: { 'text/event-stream': {} },
          }
        : {
            description: 'The order’s sale.',
            content: { 'application/json': { schema: jsonSchema(operation.ok.schema, 'output') } },
          };
    paths[operation.path] ??= {};
    paths[operation.path]![operation.method.toLowerCase()] = {
      operationId: name,
      summary: operation.summary,
      security: [{ bearer: [] }],
      parameters: parameters(operation),
      ...(operation.body
        ? {
            requestBody: {
              required: true,
              content: { 'application/json': { schema: jsonSchema(operation.body, 'input') } },
            },
          }
        : {}),
      responses: {
        [String(operation.ok.status)]: ok,
        ...(name === 'createSale' ? { '200': { description: 'The order’s sale, already made (a retry).' } } : {}),
        ...refusals,
      },
    };
  }
  return {
    openapi: '3.1.0',
    info: {
      title: 'Balcão — API do PDV',
      version: '1.0.0',
      description:
        "The counter's local API for the shop's PDV and ERP software (Balcão's own, not the Pix service's). Each integration uses the token a manager made for it in Configurações → Integrações.",
    },
    ...(serverUrl ? { servers: [{ url: serverUrl }] } : {}),
    components: { securitySchemes: { bearer: { type: 'http', scheme: 'bearer' } } },
    paths,
  };
}
