// A known path asked with a method it does not serve answers 405 `{ error }` with `Allow` naming
// the methods it does serve (RFC 9110 §15.5.6), in every spelling of the path (the older prefix,
// a trailing slash); an unknown path stays 404. Under --strict, `Allow` names only the methods
// strict mode routes, and the error text is Portuguese. Over real HTTP (TRACE included).
import { request } from 'node:http';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createSandboxService, type SandboxService } from '#service/index';

/** node:http, not fetch: fetch refuses to send TRACE. */
function call(baseUrl: string, appId: string, method: string, path: string) {
  return new Promise<{ status: number; allow: string | null; body: any }>((resolve, reject) => {
    const sent = request(baseUrl + path, { method, headers: { authorization: appId } }, (response) => {
      const chunks: Buffer[] = [];
      response.on('data', (chunk: Buffer) => chunks.push(chunk));
      response.on('end', () => {
        const text = Buffer.concat(chunks).toString('utf8');
        const allow = response.headers.allow;
        resolve({ status: response.statusCode!, allow: allow ?? null, body: text ? JSON.parse(text) : null });
      });
    });
    sent.on('error', reject);
    sent.end();
  });
}

describe('405 with Allow', () => {
  let plain: SandboxService;
  let strict: SandboxService;
  let plainUrl: string;
  let strictUrl: string;

  beforeAll(async () => {
    plain = createSandboxService({ dbPath: ':memory:' });
    strict = createSandboxService({ dbPath: ':memory:', strict: true });
    plainUrl = await plain.listen(0);
    strictUrl = await strict.listen(0);
  });
  afterAll(async () => {
    await plain?.close();
    await strict?.close();
  });

  it('answers 405 and the served methods for a known path, in each of its spellings', async () => {
    for (const path of [
      '/api/v1/charge',
      '/api/v1/charge/',
      '/api/openpix/v1/charge',
      '/api/openpix/v1/charge/',
      '/api/v1/charge?x=1',
    ]) {
      const reply = await call(plainUrl, plain.appId, 'DELETE', path);
      expect(reply.status, path).toBe(405);
      expect(reply.allow, path).toBe('GET, HEAD, POST');
      expect(reply.body, path).toEqual({
        error: `Method DELETE not allowed on ${path.split('?')[0]}; allowed: GET, HEAD, POST`,
      });
    }
    // A path with a parameter: the charge by id is read, changed and deleted, never posted to.
    const byId = await call(plainUrl, plain.appId, 'POST', '/api/v1/charge/qualquer-id');
    expect(byId.status).toBe(405);
    expect(byId.allow).toBe('DELETE, GET, HEAD, PATCH');
    const trace = await call(plainUrl, plain.appId, 'TRACE', '/api/v1/customer');
    expect(trace.status).toBe(405);
    expect(trace.allow).toBe('GET, HEAD, POST');
    // The derived document is served by GET alone.
    const openapi = await call(plainUrl, plain.appId, 'PUT', '/openapi.json');
    expect(openapi).toMatchObject({ status: 405, allow: 'GET, HEAD' });
    // The methods it names do answer (not 404/405).
    expect((await call(plainUrl, plain.appId, 'GET', '/api/v1/charge')).status).toBe(200);
    expect((await call(plainUrl, plain.appId, 'HEAD', '/api/v1/charge')).status).toBe(200);
  });

  it('an unknown path stays 404, whatever the method', async () => {
    for (const [method, path] of [
      ['GET', '/api/v1/no-such-thing'],
      ['TRACE', '/api/v1/no-such-thing'],
      ['DELETE', '/api/v1/charge/x/y/z'],
      ['GET', '/api/openpix/v10/charge'],
    ] as const) {
      const reply = await call(plainUrl, plain.appId, method, path);
      expect(reply.status, `${method} ${path}`).toBe(404);
      expect(reply.allow).toBeNull();
      expect(reply.body).toEqual({ error: `Route ${method} ${path} not found` });
    }
  });

  it('under --strict names only the strict routes, in Portuguese', async () => {
    const reply = await call(strictUrl, strict.appId, 'DELETE', '/api/v1/charge');
    expect(reply).toEqual({ status: 405, allow: 'GET, HEAD, POST', body: { error: 'Método não permitido' } });
    // The webhook's deliveries are ours alone: 404 under --strict (unknown path), 405 by default for POST.
    expect((await call(strictUrl, strict.appId, 'POST', '/api/v1/webhook/w1/deliveries')).status).toBe(404);
    expect(await call(plainUrl, plain.appId, 'POST', '/api/v1/webhook/w1/deliveries')).toMatchObject({
      status: 405,
      allow: 'GET, HEAD',
    });
    // The derived document is not served under --strict at all.
    expect((await call(strictUrl, strict.appId, 'PUT', '/openapi.json')).status).toBe(404);
    // POST /api/v1/webhook/{id}/replay is ours only: the path is unknown under --strict.
    expect((await call(strictUrl, strict.appId, 'TRACE', '/api/v1/webhook/w1/replay')).status).toBe(404);
    expect(await call(plainUrl, plain.appId, 'GET', '/api/v1/webhook/w1/replay')).toMatchObject({
      status: 405,
      allow: 'POST',
    });
    // A documented path strict mode serves: the methods it routes there.
    expect(await call(strictUrl, strict.appId, 'GET', '/api/v1/webhook/w1')).toMatchObject({
      status: 405,
      allow: 'DELETE',
      body: { error: 'Método não permitido' },
    });
  });
});
