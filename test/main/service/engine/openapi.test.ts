import { describe, expect, it } from 'vitest';
import { openApiDocument, openApiPath } from '#service/engine/openapi';
import type { AnyOperation } from '#service/engine/operation';
import { operationTable } from '#service/engine/operations';

describe('the OpenAPI document', () => {
  const document = openApiDocument(operationTable, {
    serverUrl: 'http://127.0.0.1:3000',
  }) as any;

  it('is OpenAPI 3.1, version 1.0.0, and survives JSON', () => {
    expect(document.openapi).toBe('3.1.0');
    expect(document.info.version).toBe('1.0.0');
    expect(JSON.parse(JSON.stringify(document))).toEqual(document);
  });

  it('has every declared operation on every one of its paths, with its scope and success status', () => {
    for (const [name, op] of Object.entries(operationTable as Record<string, AnyOperation>)) {
      op.paths.forEach((path, index) => {
        const entry = document.paths[openApiPath(path)]?.[op.method.toLowerCase()];
        expect(entry, `${name} ${op.method} ${path}`).toBeDefined();
        expect(entry.operationId).toBe(index === 0 ? name : `${name}${index + 1}`);
        expect(entry.responses[String(op.status)]).toBeDefined();
        if (op.scope) expect(entry['x-required-scope']).toBe(op.scope);
        for (const match of path.matchAll(/:(\w+)/g)) {
          expect(entry.parameters, `${name} ${match[1]}`).toContainEqual(
            expect.objectContaining({ name: match[1], in: 'path', required: true }),
          );
        }
      });
    }
    const operations = Object.values(document.paths).flatMap((byMethod: any) => Object.values(byMethod));
    const declaredPaths = Object.values(operationTable as Record<string, AnyOperation>).reduce(
      (n, op) => n + op.paths.length,
      0,
    );
    expect(operations).toHaveLength(declaredPaths);
  });

  it('describes bodies and answers from the schemas', () => {
    const create = document.paths['/api/v1/payment'].post;
    expect(
      create.requestBody.content['application/json'].schema.oneOf.map((s: any) => s.properties.type.const),
    ).toEqual(['PIX_KEY', 'QR_CODE', 'MANUAL', 'BOLETO']);
    const charge = document.paths['/api/v1/charge/{id}'].get.responses['200'].content['application/json'].schema;
    expect(charge.required).toContain('charge');
    expect(
      document.paths['/openpix/charge/brcode/image/{id}.png'].get.responses['200'].content['image/png'],
    ).toBeDefined();
  });
});
