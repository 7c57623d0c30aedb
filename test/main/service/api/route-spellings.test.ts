// Issue 25, "Accept what the real service accepts": every route answers with or without a
// trailing slash, and under the older prefix /api/openpix/v1 as under /api/v1, over real HTTP
// (src/main/service/http/route-spellings.ts, app.ts). The spellings are the ones real clients send
// (test/../shared/reference/real-clients.md): pretix's `GET /api/v1/account/`, the Node SDK's
// `POST /api/v1/charge?`, WooCommerce's `?return_existing=true`, and Woovi's own example backend
// (woovibr/node-backend-integration) on `POST /api/openpix/v1/charge`,
// `GET /api/openpix/v1/charge/{id}` and `POST /api/openpix/v1/webhook`. An alias reaches exactly
// what its canonical spelling reaches: the same answer, the same errors, the same 404s, in strict
// mode too.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createSandboxService, type SandboxService } from '#service/index';
import { createHarness, type Harness } from '#test/support/harness';

interface Reply {
  status: number;
  contentType: string;
  body: any;
}

/** `appId` null: a call without one. */
async function call(
  baseUrl: string,
  appId: string | null,
  method: string,
  path: string,
  body?: unknown,
): Promise<Reply> {
  const headers: Record<string, string> = {};
  if (appId !== null) headers.authorization = appId;
  if (body !== undefined) headers['content-type'] = 'application/json';
  const response = await fetch(baseUrl + path, {
    method,
    headers,
    body: body === undefined ? undefined : JSON.stringify(body),
  });
  const contentType = response.headers.get('content-type') ?? '';
  const bytes = Buffer.from(await response.arrayBuffer());
  return {
    status: response.status,
    contentType,
    body: contentType.startsWith('application/json') ? JSON.parse(bytes.toString('utf8')) : bytes,
  };
}

describe('route spellings over HTTP', () => {
  let h: Harness;
  const api = (method: string, path: string, body?: unknown, appId: string | null = h.appId) =>
    call(h.baseUrl, appId, method, path, body);

  beforeAll(async () => {
    h = await createHarness('http');
  });
  afterAll(() => h?.close());

  it('answers a GET with a trailing slash as without, list and record alike (pretix: GET /api/v1/account/)', async () => {
    await api('POST', '/api/v1/charge', { correlationID: 'slash-get', value: 1500 });
    for (const [bare, slashed] of [
      ['/api/v1/account', '/api/v1/account/'],
      ['/api/v1/charge/slash-get', '/api/v1/charge/slash-get/'],
      ['/api/v1/charge?limit=10&skip=0', '/api/v1/charge/?limit=10&skip=0'],
    ] as const) {
      const [one, other] = [await api('GET', bare), await api('GET', slashed)];
      expect(one.status, bare).toBe(200);
      expect(other, slashed).toEqual(one);
    }
    expect(
      (await api('GET', '/api/v1/charge/?limit=10&skip=0')).body.charges.map((c: any) => c.correlationID),
    ).toContain('slash-get');
  });

  it('takes a POST body with a trailing slash, with or without a query (Node SDK: POST /api/v1/charge?)', async () => {
    const created = await api('POST', '/api/v1/charge/', { correlationID: 'slash-post', value: 990 });
    expect(created.status).toBe(200);
    expect(created.body.charge).toMatchObject({ correlationID: 'slash-post', value: 990 });
    // The same create again: return_existing reaches the engine through the slash and the query.
    const again = await api('POST', '/api/v1/charge/?return_existing=true', {
      correlationID: 'slash-post',
      value: 990,
    });
    expect(again.status).toBe(200);
    expect(again.body.charge.globalID).toBe(created.body.charge.globalID);
    const refused = await api('POST', '/api/v1/charge/', { correlationID: 'slash-post', value: 990 });
    expect(refused.status).toBe(400);
    expect(refused.body.error).toMatch(/return_existing/);
    // The Node SDK's empty query.
    const sdk = await api('POST', '/api/v1/charge?', { correlationID: 'sdk-empty-query', value: 100 });
    expect(sdk.status).toBe(200);
    expect((await api('GET', '/api/v1/charge/sdk-empty-query')).body.charge.value).toBe(100);

    const webhook = await api('POST', '/api/v1/webhook/', {
      webhook: { name: 'barra', url: 'https://loja.example/barra', isActive: true },
    });
    expect(webhook.status).toBe(200);
    expect((await api('GET', '/api/v1/webhook')).body.webhooks.map((w: any) => w.id)).toContain(
      webhook.body.webhook.id,
    );
  });

  it('deletes with a trailing slash', async () => {
    await api('POST', '/api/v1/charge', { correlationID: 'slash-delete', value: 700 });
    const deleted = await api('DELETE', '/api/v1/charge/slash-delete/');
    expect(deleted.status).toBe(200);
    expect(deleted.body).toMatchObject({ id: 'slash-delete' });
    // Gone through every spelling.
    for (const path of ['/api/v1/charge/slash-delete', '/api/openpix/v1/charge/slash-delete/']) {
      const read = await api('GET', path);
      expect(read.status, path).toBeGreaterThanOrEqual(400);
      expect(read.status, path).toBeLessThan(500);
      expect(read.body, path).toEqual({ error: expect.any(String) });
    }
    const webhook = await api('POST', '/api/v1/webhook', {
      webhook: { name: 'apagar', url: 'https://loja.example/apagar', isActive: true },
    });
    expect((await api('DELETE', `/api/v1/webhook/${encodeURIComponent(webhook.body.webhook.id)}/`)).status).toBe(200);
    expect((await api('GET', '/api/v1/webhook')).body.webhooks.map((w: any) => w.id)).not.toContain(
      webhook.body.webhook.id,
    );
  });

  it('serves the older prefix as the current one (woovibr/node-backend-integration)', async () => {
    // POST /api/openpix/v1/charge, then GET /api/openpix/v1/charge/{id}: the same records as /api/v1.
    const created = await api('POST', '/api/openpix/v1/charge', {
      correlationID: 'legado-1',
      value: 2500,
      comment: 'legado',
    });
    expect(created.status).toBe(200);
    expect(created.body.charge).toMatchObject({ correlationID: 'legado-1', value: 2500 });
    const legacy = await api('GET', '/api/openpix/v1/charge/legado-1');
    expect(legacy.status).toBe(200);
    expect(legacy).toEqual(await api('GET', '/api/v1/charge/legado-1'));
    expect(legacy.body.charge.globalID).toBe(created.body.charge.globalID);
    // With a trailing slash and a query as well.
    expect((await api('GET', '/api/openpix/v1/charge/legado-1/')).body).toEqual(legacy.body);
    expect((await api('GET', '/api/openpix/v1/charge?limit=1')).body.charges).toHaveLength(1);

    // POST /api/openpix/v1/webhook without an event (the backend sends none): the default event.
    const webhook = await api('POST', '/api/openpix/v1/webhook', {
      webhook: { name: 'legado', url: 'https://loja.example/legado', authorization: 'x', isActive: true },
    });
    expect(webhook.status).toBe(200);
    expect(webhook.body.webhook).toMatchObject({ name: 'legado', event: 'OPENPIX:TRANSACTION_RECEIVED' });
    expect((await api('GET', '/api/v1/webhook?url=https://loja.example/legado')).body.webhooks).toHaveLength(1);
  });

  it('reaches a path id that is URI-encoded through every spelling', async () => {
    const id = 'pedido 42/ç';
    expect((await api('POST', '/api/openpix/v1/charge/', { correlationID: id, value: 300 })).status).toBe(200);
    const encoded = encodeURIComponent(id);
    const canonical = await api('GET', `/api/v1/charge/${encoded}`);
    expect(canonical.status).toBe(200);
    expect(canonical.body.charge.correlationID).toBe(id);
    for (const path of [
      `/api/v1/charge/${encoded}/`,
      `/api/openpix/v1/charge/${encoded}`,
      `/api/openpix/v1/charge/${encoded}/`,
    ]) {
      expect(await api('GET', path), path).toEqual(canonical);
    }
  });

  it('serves the public image and pages with a trailing slash', async () => {
    const { charge } = (await api('POST', '/api/v1/charge', { correlationID: 'imagem-barra', value: 1200 })).body;
    // The AppID rule of the image routes is not this test's: it sends the AppID either way.
    const image = await api('GET', new URL(charge.qrCodeImage).pathname);
    expect(image.status).toBe(200);
    expect(image.contentType).toMatch(/^image\/png/);
    expect(await api('GET', `${new URL(charge.qrCodeImage).pathname}/?size=600`)).toEqual(
      await api('GET', `${new URL(charge.qrCodeImage).pathname}?size=600`),
    );
    const page = new URL(charge.paymentLinkUrl).pathname;
    const [bare, slashed] = [await api('GET', page, undefined, null), await api('GET', `${page}/`, undefined, null)];
    expect(bare.status).toBe(200);
    expect(slashed).toEqual(bare);
    expect((await api('GET', '/openapi.json/', undefined, null)).body.openapi).toBe('3.1.0');
  });

  it('refuses bad input through an alias as through the canonical route, and writes nothing', async () => {
    const before = h.counts('charges');
    const body = { correlationID: 'ruim', value: -5 };
    const canonical = await api('POST', '/api/v1/charge', body);
    expect(canonical.status).toBe(400);
    for (const path of ['/api/v1/charge/', '/api/openpix/v1/charge', '/api/openpix/v1/charge/?return_existing=true']) {
      expect(await api('POST', path, body), path).toEqual(canonical);
    }
    // No AppID: the same 401.
    const anonymous = await api('GET', '/api/v1/charge', undefined, null);
    expect(anonymous.status).toBe(401);
    expect(await api('GET', '/api/openpix/v1/charge/', undefined, null)).toEqual(anonymous);
    expect(h.counts('charges')).toEqual(before);
  });

  it('answers an unknown route 404 {error} in any spelling, naming the path as sent', async () => {
    for (const [method, path] of [
      ['GET', '/api/v1/no-such-thing/'],
      ['GET', '/api/openpix/v1/no-such-thing'],
      ['POST', '/api/openpix/v1/no-such-thing/'],
      // Not the older prefix, only like it.
      ['GET', '/api/openpix/v10/charge'],
      ['GET', '/api/openpix/charge'],
    ] as const) {
      const reply = await api(method, path, method === 'GET' ? undefined : {});
      expect(reply, `${method} ${path}`).toEqual({
        status: 404,
        contentType: expect.stringMatching(/^application\/json/),
        body: { error: `Route ${method} ${path} not found` },
      });
    }
    // A route that exists, with a method it does not take, in its older spelling: 405 naming the
    // methods it does take (method-not-allowed.test.ts covers every spelling).
    const put = await api('PUT', '/api/openpix/v1/charge/', {});
    expect(put).toEqual({
      status: 405,
      contentType: expect.stringMatching(/^application\/json/),
      body: { error: expect.stringMatching(/^Method PUT not allowed on \/api\/openpix\/v1\/charge\/; allowed: /) },
    });
  });
});

describe('route spellings over HTTP, strict', () => {
  let service: SandboxService;
  let baseUrl: string;
  const api = (method: string, path: string, body?: unknown) => call(baseUrl, service.appId, method, path, body);

  beforeAll(async () => {
    service = createSandboxService({ dbPath: ':memory:', strict: true });
    baseUrl = await service.listen(0);
  });
  afterAll(() => service?.close());

  it('accepts both spellings and the older prefix, as the real service does', async () => {
    // The published contract writes GET /api/v1/account/ and POST /api/v1/account: both spellings of each.
    const listed = await api('GET', '/api/v1/account/');
    expect(listed.status).toBe(200);
    for (const path of ['/api/v1/account', '/api/openpix/v1/account', '/api/openpix/v1/account/']) {
      expect(await api('GET', path), path).toEqual(listed);
    }
    const created = await api('POST', '/api/openpix/v1/charge/', { correlationID: 'estrito-1', value: 800 });
    expect(created.status).toBe(200);
    // Cut to the document as on the canonical route.
    expect(await api('GET', '/api/openpix/v1/charge/estrito-1/')).toEqual(await api('GET', '/api/v1/charge/estrito-1'));
    expect(
      (
        await api('POST', '/api/openpix/v1/webhook/', {
          webhook: { name: 'w', url: 'https://loja.example/w', isActive: true },
        })
      ).status,
    ).toBe(200);
  });

  it('answers what strict does not serve 404 under every spelling, as an unknown route', async () => {
    const unknown = await api('GET', '/api/v1/no-such-thing');
    expect(unknown).toMatchObject({ status: 404, body: { error: 'Rota não encontrada' } });
    for (const [method, path] of [
      ['GET', '/api/openpix/v1/webhook/x/deliveries'],
      ['GET', '/api/v1/webhook/x/deliveries/'],
      ['POST', '/api/openpix/v1/webhook/x/replay/'],
      ['GET', '/openapi.json/'],
    ] as const) {
      expect(await api(method, path, method === 'POST' ? {} : undefined), `${method} ${path}`).toEqual(unknown);
    }
  });
});
