// The remote client classifies every answer, and every failure, the way the sender acts on it.
// Real sockets on 127.0.0.1: a closed port, a server that never answers, one that cuts its body.
import { createServer, type Server } from 'node:http';
import { createServer as createTcpServer } from 'node:net';
import { afterEach, describe, expect, it } from 'vitest';
import {
  HttpServiceClient,
  operationPath,
  remoteServiceId,
  type HttpServiceClientOptions,
} from '#counter/sync/remote/http-service-client';
import { isRetryable, parseRetryAfter } from '#counter/sync/remote/service-outcome';

const servers: Server[] = [];
afterEach(async () => {
  await Promise.all(servers.splice(0).map((server) => new Promise((resolve) => server.close(resolve))));
});

async function serve(handler: Parameters<typeof createServer>[1]): Promise<string> {
  const server = createServer(handler);
  servers.push(server);
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  server.closeAllConnections?.();
  const address = server.address() as { port: number };
  return `http://127.0.0.1:${address.port}`;
}

async function closedPort(): Promise<number> {
  const probe = createTcpServer();
  await new Promise<void>((resolve) => probe.listen(0, '127.0.0.1', resolve));
  const { port } = probe.address() as { port: number };
  await new Promise((resolve) => probe.close(resolve));
  return port;
}

const answering = (status: number, body: unknown, headers: Record<string, string> = {}) =>
  serve((_request, response) => {
    response.writeHead(status, { 'content-type': 'application/json', ...headers });
    response.end(JSON.stringify(body));
  });

// Each exchange the same through the default transport (undici's pool) and through a fetch.
describe.each([
  { transport: 'undici', options: {} },
  { transport: 'fetch', options: { fetch: globalThis.fetch } },
])('the remote client through $transport', ({ options }) => {
  const makeClient = (given: HttpServiceClientOptions) => new HttpServiceClient({ ...given, ...options });

  it('sends the AppID and the query, with each path parameter encoded so an id cannot walk to another route', async () => {
    const seen: { url?: string; auth?: string } = {};
    const baseUrl = await serve((request, response) => {
      seen.url = request.url;
      seen.auth = request.headers.authorization;
      response.writeHead(200, { 'content-type': 'application/json' });
      response.end(JSON.stringify({ charge: { correlationID: 'a b' } }));
    });
    const client = makeClient({ baseUrl: `${baseUrl}/`, appId: 'APP' });
    expect(await client.call('getCharge', { params: { id: 'a b' }, query: { x: '1', y: undefined } })).toEqual({
      kind: 'ok',
      body: { charge: { correlationID: 'a b' } },
    });
    expect(seen).toEqual({ url: '/api/v1/charge/a%20b?x=1', auth: 'APP' });
    expect(operationPath('/api/v1/charge/{id}/refund', { id: '../company?x=1' })).toBe(
      '/api/v1/charge/..%2Fcompany%3Fx%3D1/refund',
    );
  });

  it('names a remote by its URL and AppID without keeping the AppID', () => {
    const id = remoteServiceId('https://api.example.com/', 'SECRET-APP-ID');
    expect(id).toBe(remoteServiceId('https://api.example.com', 'SECRET-APP-ID'));
    expect(id).not.toContain('SECRET');
    expect(id).not.toBe(remoteServiceId('https://api.example.com', 'OTHER'));
  });

  it('classifies answers: 400 refused, 401/403 auth, 500 and 429 server with Retry-After', async () => {
    const call = async (status: number, body: unknown, headers?: Record<string, string>) =>
      makeClient({ baseUrl: await answering(status, body, headers), appId: 'APP' }).call('getCharge', {
        params: { id: 'x' },
      });

    const notFound = await call(400, { error: 'Charge not found' });
    expect(notFound).toEqual({ kind: 'rejected', status: 400, error: 'Charge not found' });
    expect(await call(401, { error: 'appID inválido' })).toEqual({
      kind: 'auth',
      status: 401,
      error: 'appID inválido',
    });
    expect(await call(403, { error: 'missing scope' })).toMatchObject({ kind: 'auth', status: 403 });
    expect(await call(500, 'not json')).toEqual({ kind: 'server', status: 500, error: 'O serviço Pix respondeu 500' });
    expect(await call(429, { error: 'slow down' }, { 'retry-after': '7' })).toEqual({
      kind: 'server',
      status: 429,
      error: 'slow down',
      retryAfterMs: 7000,
    });
  });

  it('says not-sent when nothing listens, unknown when the answer never comes or is cut', async () => {
    const refused = await makeClient({
      baseUrl: `http://127.0.0.1:${await closedPort()}`,
      appId: 'APP',
    }).call('getCompany');
    expect(refused).toMatchObject({ kind: 'not-sent', detail: 'ECONNREFUSED' });

    const hanging = await serve(() => undefined);
    const timedOut = await makeClient({ baseUrl: hanging, appId: 'APP', timeoutMs: 100 }).call('getCompany');
    expect(timedOut.kind).toBe('unknown');

    const cutting = await serve((_request, response) => {
      response.writeHead(200, { 'content-type': 'application/json', 'content-length': '1000' });
      response.write('{"company":{"name":"Lo');
      setTimeout(() => response.destroy(), 20);
    });
    expect((await makeClient({ baseUrl: cutting, appId: 'APP' }).call('getCompany')).kind).toBe('unknown');

    const droppedBeforeAnswer = await serve((request) => request.socket.destroy());
    expect((await makeClient({ baseUrl: droppedBeforeAnswer, appId: 'APP' }).call('getCompany')).kind).toBe('unknown');

    for (const outcome of [refused, timedOut]) if (outcome.kind !== 'ok') expect(isRetryable(outcome)).toBe(true);
  });

  it('reads Retry-After as seconds or as a date', () => {
    const now = Date.parse('2026-11-23T12:00:00Z');
    expect(parseRetryAfter('120', now)).toBe(120_000);
    expect(parseRetryAfter('Mon, 23 Nov 2026 12:00:30 GMT', now)).toBe(30_000);
    expect(parseRetryAfter('soon', now)).toBeUndefined();
    expect(parseRetryAfter(null, now)).toBeUndefined();
  });
});
