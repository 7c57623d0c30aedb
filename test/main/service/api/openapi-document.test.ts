// GET /openapi.json (issue 12, "The OpenAPI document"): the document the sandbox serves is valid
// OpenAPI as a maintained validator reads it, is version 1.0.0, and documents every route the
// server answers with the AppID (nothing served is undocumented). That every operation of the spec
// is in it, with its statuses, is test/main/service/api/spec-coverage.test.ts.
import { Validator } from '@seriousme/openapi-schema-validator';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createSandboxService, type SandboxService } from '#service/index';

/** Routes that are not operations of the API: public pages a payer or merchant opens, and this document. */
const PUBLIC_PAGES = [
  /^GET \/pay\//,
  /^GET \/openapi\.json$/,
  /^GET \/qr\/v2\/cobv?\//,
  /^GET \/kyc\//,
  /^POST \/kyc\//,
];

/** Method and path of every route Fastify serves, from its printed route tree (HEAD left out: Fastify adds it to each GET). */
function servedRoutes(tree: string): string[] {
  const routes: string[] = [];
  const stack: string[] = [];
  for (const line of tree.split('\n')) {
    const match = /^([│ ]*)[├└]── (.*?)(?: \(([^)]*)\))?$/.exec(line);
    if (!match) continue;
    const depth = match[1]!.length / 4;
    stack.length = depth;
    stack[depth] = match[2]!;
    if (!match[3]) continue;
    const path = stack.join('');
    for (const method of match[3].split(', ')) if (method !== 'HEAD') routes.push(`${method} ${path}`);
  }
  return routes;
}

describe('the published OpenAPI document', () => {
  let service: SandboxService;
  let url: string;
  let document: any;

  beforeAll(async () => {
    service = createSandboxService({ dbPath: ':memory:' });
    url = await service.listen(0);
    const response = await fetch(`${url}/openapi.json`);
    expect(response.status).toBe(200);
    expect(response.headers.get('content-type')).toMatch(/^application\/json/);
    document = await response.json();
  });

  afterAll(async () => {
    await service.close();
  });

  it('is served without an AppID, as OpenAPI 3.1 version 1.0.0, naming this server', () => {
    expect(document.openapi).toBe('3.1.0');
    expect(document.info.version).toBe('1.0.0');
    expect(document.servers).toEqual([{ url }]);
  });

  it('is valid by @seriousme/openapi-schema-validator', async () => {
    const result = await new Validator().validate(document);
    expect(result.errors ?? []).toEqual([]);
    expect(result.valid).toBe(true);
  });

  it('documents every route the server answers, and no route it does not', () => {
    const served = servedRoutes(service.app.printRoutes({ commonPrefix: false }))
      .map((route) => route.replace(/:([A-Za-z_]\w*)/g, '{$1}'))
      .filter((route) => !PUBLIC_PAGES.some((page) => page.test(route)));
    // The router ignores a trailing slash, so a path the document writes both ways (GET
    // /api/v1/account and /api/v1/account/, as the published contract spells it) is one route.
    const documented = Object.entries(document.paths).flatMap(([path, methods]) =>
      Object.keys(methods as object).map(
        (method) => `${method.toUpperCase()} ${path.length > 1 ? path.replace(/\/$/, '') : path}`,
      ),
    );
    expect(served.length).toBeGreaterThan(40);
    expect([...served].sort()).toEqual([...new Set(documented)].sort());
  });

  it('names the older prefix and the optional trailing slash once, not as paths of their own', () => {
    expect(document['x-path-aliases']).toEqual([{ prefix: '/api/openpix/v1', aliasOf: '/api/v1' }]);
    expect(document['x-trailing-slash']).toBe('optional');
    expect(document.info.description).toContain('/api/openpix/v1');
    expect(Object.keys(document.paths).filter((path) => path.startsWith('/api/openpix/'))).toEqual([]);
  });

  it('tells the reader what each operation needs and can answer', () => {
    const close = document.paths['/api/v1/account/{accountId}'].delete;
    expect(close['x-required-scope']).toBe('ACCOUNT_DELETE');
    expect(Object.keys(close.responses)).toEqual(['200', '400', '401', '403', '404']);
    expect(close.responses['404'].content['application/json'].schema.required).toEqual(['error']);
    const duplicate = document.paths['/api/v1/account'].post;
    expect(duplicate['x-required-feature']).toBe('BANK_ACCOUNT');
    // An operation reading no input promises no 400.
    expect(Object.keys(document.paths['/api/v1/company'].get.responses)).toEqual(['200', '401', '403']);
  });
});
