// The browser host over real HTTP on 127.0.0.1: the bridge's checks, the event stream, the
// sandbox API on the same port, and the remote modes driven through that very API.
import { mkdtempSync, rmSync, statSync, writeFileSync } from 'node:fs';
import { request as httpRequest } from 'node:http';
import { createServer } from 'node:net';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, afterEach, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import type { CounterEvent, CounterStatus, Sale, Settings } from '#shared/counter/counter-api';
import { PAGE_HEADER, PAGE_QUERY } from '#shared/counter/bridge-page';
import { FileSecretStore } from '#counter/hosts/web/file-secret-store';
import { RendererMissingError, startWebHost, type WebHost } from '#counter/hosts/web/web-host';
import { waitFor } from '#test/support/wait';
import { openRuntime, type RuntimeFixture } from '../../app/runtime-fixture';

let rendererDir: string;
beforeAll(() => {
  rendererDir = mkdtempSync(join(tmpdir(), 'balcao-renderer-'));
  writeFileSync(join(rendererDir, 'index.html'), '<!doctype html><title>Balcão</title><div id="root"></div>');
});
afterAll(() => rmSync(rendererDir, { recursive: true, force: true }));

let fixture: RuntimeFixture;
let host: WebHost;
beforeEach(async () => {
  fixture = openRuntime();
  host = await startWebHost({ runtime: fixture.runtime, rendererDir, port: 0 });
});
afterEach(async () => {
  await host.close();
  rmSync(fixture.dataDir, { recursive: true, force: true });
});

function invoke(method: string, payload?: unknown, headers: Record<string, string> = {}) {
  return fetch(`${host.origin}/__balcao/invoke/${method}`, {
    method: 'POST',
    headers: { 'content-type': 'application/json', 'x-balcao-token': host.token, origin: host.origin, ...headers },
    body: payload === undefined ? '' : JSON.stringify(payload),
  });
}

async function invokeOk<T>(method: string, payload?: unknown): Promise<T> {
  const response = await invoke(method, payload);
  const body = (await response.json()) as T;
  expect(response.status, JSON.stringify(body)).toBe(200);
  return body;
}

function payOverHttp(brCode: string, appId = host.appId) {
  return fetch(`${host.origin}/openpix/testing/pay`, {
    method: 'POST',
    headers: { 'content-type': 'application/json', authorization: appId },
    body: JSON.stringify({ brCode }),
  });
}

/** Reads the SSE stream until an event matches. */
async function nextEvent(
  url: string,
  match: (event: CounterEvent) => boolean,
  trigger: () => Promise<unknown>,
): Promise<CounterEvent> {
  const abort = new AbortController();
  const response = await fetch(url, { signal: abort.signal });
  expect(response.status).toBe(200);
  expect(response.headers.get('content-type')).toMatch(/^text\/event-stream/);
  const reader = response.body!.getReader();
  const decoder = new TextDecoder();
  let buffer = '';
  // The stream is open once its first bytes arrive; only then can an event be missed.
  buffer += decoder.decode((await reader.read()).value, { stream: true });
  await trigger();
  try {
    for (;;) {
      const frames = buffer.split('\n\n');
      buffer = frames.pop()!;
      for (const frame of frames) {
        const data = frame.split('\n').find((line) => line.startsWith('data: '));
        if (!data) continue;
        const event = JSON.parse(data.slice(6)) as CounterEvent;
        if (match(event)) return event;
      }
      const chunk = await reader.read();
      if (chunk.done) throw new Error('stream ended');
      buffer += decoder.decode(chunk.value, { stream: true });
    }
  } finally {
    abort.abort();
  }
}

/** A tab's push stream, kept open: every event it hears, in order, until closed. */
async function openTabStream(pageId: string) {
  const abort = new AbortController();
  const query = new URLSearchParams({ token: host.token, [PAGE_QUERY]: pageId });
  const response = await fetch(`${host.origin}/__balcao/events?${query.toString()}`, { signal: abort.signal });
  expect(response.status).toBe(200);
  const reader = response.body!.getReader();
  const decoder = new TextDecoder();
  const heard: CounterEvent[] = [];
  let wake = () => undefined as void;
  // The stream is open once its first bytes arrive; only then can an event be missed.
  let buffer = decoder.decode((await reader.read()).value, { stream: true });
  const reading = (async () => {
    for (;;) {
      const chunk = await reader.read().catch(() => ({ done: true as const, value: undefined }));
      if (chunk.done) return;
      buffer += decoder.decode(chunk.value, { stream: true });
      const frames = buffer.split('\n\n');
      buffer = frames.pop()!;
      for (const frame of frames) {
        const data = frame.split('\n').find((line) => line.startsWith('data: '));
        if (data) heard.push(JSON.parse(data.slice(6)) as CounterEvent);
      }
      wake();
    }
  })();
  return {
    heard,
    /** Resolves once an event matching `match` has been heard. */
    async until(match: (event: CounterEvent) => boolean): Promise<void> {
      while (!heard.some(match)) await new Promise<void>((resolve) => (wake = resolve));
    },
    async close() {
      abort.abort();
      await reading;
    },
  };
}

describe('the page', () => {
  it('is served at / with a strict CSP, on 127.0.0.1 only', async () => {
    expect(host.origin).toMatch(/^http:\/\/127\.0\.0\.1:\d+$/);
    expect(host.url).toBe(`${host.origin}/?token=${host.token}`);
    const response = await fetch(`${host.origin}/`);
    expect(response.status).toBe(200);
    expect(await response.text()).toContain('<div id="root">');
    const csp = response.headers.get('content-security-policy')!;
    for (const directive of [
      "default-src 'none'",
      "script-src 'self'",
      "connect-src 'self'",
      "frame-ancestors 'none'",
      "form-action 'none'",
    ]) {
      expect(csp).toContain(directive);
    }
    expect(response.headers.get('x-content-type-options')).toBe('nosniff');
  });

  it('refuses to start without a built renderer', async () => {
    const other = openRuntime();
    try {
      await expect(
        startWebHost({ runtime: other.runtime, rendererDir: join(rendererDir, 'nope') }),
      ).rejects.toBeInstanceOf(RendererMissingError);
    } finally {
      await other.dispose();
    }
  });
});

describe('the bridge', () => {
  it('requires the run token (401)', async () => {
    for (const headers of [
      { 'x-balcao-token': '' },
      { 'x-balcao-token': 'x'.repeat(host.token.length) },
      { 'x-balcao-token': `${host.token}x` },
    ]) {
      const response = await invoke('getStatus', undefined, headers);
      expect(response.status).toBe(401);
      expect(await response.json()).toMatchObject({ error: { code: 'TOKEN_REFUSED' } });
    }
    const withoutHeader = await fetch(`${host.origin}/__balcao/invoke/getStatus`, {
      method: 'POST',
      headers: { origin: host.origin },
    });
    expect(withoutHeader.status).toBe(401);
  });

  it('requires the host’s own origin (403)', async () => {
    for (const origin of ['http://evil.example', 'http://127.0.0.1:1', 'null']) {
      const response = await invoke('getStatus', undefined, { origin });
      expect(response.status).toBe(403);
      expect(await response.json()).toEqual({ error: { code: 'ORIGIN_REFUSED', message: 'Origem não permitida' } });
    }
    const noOrigin = await fetch(`${host.origin}/__balcao/invoke/getStatus`, {
      method: 'POST',
      headers: { 'x-balcao-token': host.token },
    });
    expect(noOrigin.status).toBe(403);
  });

  it('refuses a request naming another host (DNS rebinding) before any token, origin or AppID check (421)', async () => {
    const port = new URL(host.origin).port;
    const paths = ['/', '/__balcao/events?token=' + host.token, '/api/v1/charge'];
    for (const hostHeader of [
      'evil.example',
      `evil.example:${port}`,
      `127.0.0.1.evil.example:${port}`,
      `127.0.0.1:1`,
      '',
    ]) {
      for (const path of paths) {
        // The real token, origin and AppID: only the Host header is wrong, and that alone refuses it.
        const answer = await rawRequest(path, {
          host: hostHeader,
          'x-balcao-token': host.token,
          origin: host.origin,
          authorization: host.appId,
        });
        expect(answer.status, `${hostHeader} ${path}`).toBe(421);
        expect(JSON.parse(answer.body)).toMatchObject({ error: expect.any(String) });
      }
    }
    const invoked = await rawRequest(
      '/__balcao/invoke/getStatus',
      { host: 'evil.example', 'x-balcao-token': host.token, origin: host.origin },
      'POST',
    );
    expect(invoked.status).toBe(421);
    // Its own names still work, in any letter case.
    for (const own of [`127.0.0.1:${port}`, `localhost:${port}`, `LOCALHOST:${port}`]) {
      expect((await rawRequest('/api/v1/charge', { host: own, authorization: host.appId })).status, own).toBe(200);
    }
  });

  it('knows only the allowlisted methods (404)', async () => {
    for (const method of ['deleteEverything', 'constructor', '__proto__', 'onEvent']) {
      const response = await invoke(method);
      expect(response.status).toBe(404);
      expect(await response.json()).toEqual({
        error: { code: 'UNKNOWN_METHOD', message: `Método desconhecido: ${method}`, details: { method } },
      });
    }
  });

  it('parses every payload and answers a bad one with 400 and INVALID_INPUT, creating nothing', async () => {
    const bad: [string, unknown][] = [
      ['createSale', { value: 0 }],
      ['createSale', { value: 12.5 }],
      ['createSale', { value: '1234' }],
      ['createSale', undefined],
      ['refundSale', { correlationID: 'x', value: 10, reason: 'r'.repeat(141) }],
      ['getReceipt', { correlationID: 'balcao-1', kind: 'pix-in', endToEndId: '../../etc/passwd', layout: 'a4' }],
      ['getReceipt', { kind: 'pix-in', endToEndId: `E${'0'.repeat(31)}`, layout: 'a4' }],
      ['saveSettings', { mode: 'embedded', appId: 'x', extra: true }],
      ['getStatus', { unexpected: 1 }],
      ['markCustomerShowedReceipt', {}],
      ['markCustomerShowedReceipt', { correlationID: '' }],
      ['listOfflineReview', { day: '2026-11-24' }],
      ['resolveOfflineReview', { correlationID: 'balcao-1', decision: 'maybe' }],
      ['resolveOfflineReview', { correlationID: 'balcao-1' }],
      [
        'saveSettings',
        { offlineSales: { enabled: true, maxSaleValue: 0, maxUnconfirmedTotal: 100, maxAgeMinutes: 60 } },
      ],
      [
        'saveSettings',
        { offlineSales: { enabled: true, maxSaleValue: 10.5, maxUnconfirmedTotal: 100, maxAgeMinutes: 60 } },
      ],
      [
        'saveSettings',
        { offlineSales: { enabled: true, maxSaleValue: 100, maxUnconfirmedTotal: 100, maxAgeMinutes: 0 } },
      ],
      [
        'saveSettings',
        { offlineSales: { enabled: true, maxSaleValue: 100, maxUnconfirmedTotal: 100, maxAgeMinutes: 10_081 } },
      ],
      [
        'saveSettings',
        { offlineSales: { enabled: 'sim', maxSaleValue: 100, maxUnconfirmedTotal: 100, maxAgeMinutes: 60 } },
      ],
      ['saveSettings', { offlineSales: { enabled: true, maxSaleValue: 100 } }],
      [
        'saveSettings',
        { offlineSales: { enabled: true, maxSaleValue: 100, maxUnconfirmedTotal: 100, maxAgeMinutes: 60, extra: 1 } },
      ],
    ];
    const settingsBefore = await invokeOk('getSettings');
    for (const [method, payload] of bad) {
      const response = await invoke(method, payload);
      expect(response.status, `${method} ${JSON.stringify(payload)}`).toBe(400);
      const body = (await response.json()) as { error: { code: string; message: string } };
      expect(body.error).toMatchObject({ code: 'INVALID_INPUT', message: expect.stringMatching(/^Dados inválidos: /) });
    }
    const notJson = await fetch(`${host.origin}/__balcao/invoke/createSale`, {
      method: 'POST',
      headers: { 'content-type': 'application/json', 'x-balcao-token': host.token, origin: host.origin },
      body: '{"value":',
    });
    expect(notJson.status).toBe(400);
    expect((await invokeOk<{ sales: Sale[] }>('listSales', {})).sales).toEqual([]);
    expect(await invokeOk('getSettings')).toEqual(settingsBefore);
  });

  it('answers the offline methods for what is not an offline sale, and saves the offline caps', async () => {
    const sale = await invokeOk<Sale>('createSale', { value: 2500 });
    const notOffline = await invoke('markCustomerShowedReceipt', { correlationID: sale.correlationID });
    expect(notOffline.status).toBe(409);
    expect(await notOffline.json()).toEqual({ error: { code: 'NOT_AN_OFFLINE_SALE' } });
    expect((await invoke('resolveOfflineReview', { correlationID: sale.correlationID, decision: 'paid' })).status).toBe(
      409,
    );
    expect(
      (await invoke('resolveOfflineReview', { correlationID: 'balcao-nao-existe', decision: 'paid' })).status,
    ).toBe(404);
    expect((await invoke('markCustomerShowedReceipt', { correlationID: 'balcao-nao-existe' })).status).toBe(404);
    expect(await invokeOk('listOfflineReview')).toEqual({ sales: [] });
    const caps = { enabled: false, maxSaleValue: 20_000, maxUnconfirmedTotal: 90_000, maxAgeMinutes: 120 };
    expect((await invokeOk<Settings>('saveSettings', { offlineSales: caps })).offlineSales).toEqual(caps);
    expect((await invokeOk<CounterStatus>('getStatus')).offline).toMatchObject({ enabled: false });
    expect((await invokeOk<Settings>('getSettings')).offlineSales).toEqual(caps);
  });

  it('runs the handlers and turns their errors into {error: {code, message?, details?}}, no status in it', async () => {
    expect(await invokeOk('getStatus')).toMatchObject({ mode: 'embedded', online: true, queued: 0, ready: true });
    const sale = await invokeOk<Sale>('createSale', { value: 2500 });
    expect(sale.status).toBe('ACTIVE');
    const missing = await invoke('getSale', { correlationID: 'balcao-nao-existe' });
    expect(missing.status).toBe(404);
    expect(await missing.json()).toEqual({
      error: {
        code: 'SALE_NOT_FOUND',
        message: 'Venda não encontrada: balcao-nao-existe',
        details: { correlationID: 'balcao-nao-existe' },
      },
    });
  });

  it('streams sale-updated events (SSE) when the sandbox is paid over HTTP', async () => {
    const sale = await invokeOk<Sale>('createSale', { value: 3100 });
    const event = await nextEvent(
      `${host.origin}/__balcao/events?token=${encodeURIComponent(host.token)}`,
      (e) => e.type === 'sale-updated' && e.sale.correlationID === sale.correlationID,
      async () => expect((await payOverHttp(sale.brCode!)).status).toBe(200),
    );
    expect(event.type === 'sale-updated' && event.sale.status).toBe('COMPLETED');
  });

  it('answers a create to its tab alone: the other tab gets one push of it, and the payment reaches both', async () => {
    const creator = await openTabStream('c'.repeat(32));
    const other = await openTabStream('d'.repeat(32));
    try {
      const response = await invoke('createSale', { value: 4200 }, { [PAGE_HEADER]: 'c'.repeat(32) });
      const sale = (await response.json()) as Sale;
      expect(sale.status).toBe('ACTIVE');
      const ofSale = (event: CounterEvent) =>
        event.type === 'sale-updated' && event.sale.correlationID === sale.correlationID;
      const paid = (event: CounterEvent) =>
        ofSale(event) && event.type === 'sale-updated' && event.sale.status === 'COMPLETED';
      await other.until(ofSale);
      expect((await payOverHttp(sale.brCode!)).status).toBe(200);
      await Promise.all([creator.until(paid), other.until(paid)]);
      const statuses = (heard: CounterEvent[]) =>
        heard.flatMap((event) => (event.type === 'sale-updated' && ofSale(event) ? [event.sale.status] : []));
      // One stream, in order: had the answer been pushed to its own tab, it would come before the payment.
      expect(statuses(creator.heard).filter((status) => status !== 'COMPLETED')).toEqual([]);
      expect(statuses(other.heard)[0]).toBe('ACTIVE');
      expect(statuses(other.heard).filter((status) => status !== 'COMPLETED')).toEqual(['ACTIVE']);
    } finally {
      await Promise.all([creator.close(), other.close()]);
    }
  });

  it('refuses the event stream without the token', async () => {
    expect((await fetch(`${host.origin}/__balcao/events`)).status).toBe(401);
    expect((await fetch(`${host.origin}/__balcao/events?token=wrong`)).status).toBe(401);
  });
});

describe('the sandbox API on the same port', () => {
  it('serves /api/v1 with the sandbox AppID and refuses without it', async () => {
    const sale = await invokeOk<Sale>('createSale', { value: 990 });
    const charge = await fetch(`${host.origin}/api/v1/charge/${sale.correlationID}`, {
      headers: { authorization: host.appId },
    });
    expect(charge.status).toBe(200);
    expect(((await charge.json()) as { charge: { value: number } }).charge.value).toBe(990);
    expect((await fetch(`${host.origin}/api/v1/charge`)).status).toBe(401);
    // The BR Code points at this host, so a payer's bank could resolve it here.
    expect(sale.brCode).toContain(host.origin.replace('http://', ''));
  });
});

describe('remote modes', () => {
  it('sells through the HTTP API when set to a remote sandbox, and polls the payment in', async () => {
    const settings = await invokeOk<{ mode: string; hasAppId: boolean }>('saveSettings', {
      mode: 'remote-sandbox',
      baseUrl: host.origin,
      appId: host.appId,
    });
    expect(settings).toMatchObject({ mode: 'remote-sandbox', hasAppId: true });
    expect(JSON.stringify(settings)).not.toContain(host.appId);
    expect(await invokeOk('getStatus')).toMatchObject({ mode: 'remote-sandbox', online: true, ready: true });

    const sale = await invokeOk<Sale>('createSale', { value: 4200, comment: 'via HTTP' });
    const event = await nextEvent(
      `${host.origin}/__balcao/events?token=${encodeURIComponent(host.token)}`,
      (e) => e.type === 'sale-updated' && e.sale.status === 'COMPLETED',
      () => invokeOk('simulatePayment', { correlationID: sale.correlationID }),
    );
    expect(event.type === 'sale-updated' && event.sale.correlationID).toBe(sale.correlationID);
    const refunded = await invokeOk<Sale>('refundSale', {
      correlationID: sale.correlationID,
      value: 200,
      reason: 'Troco',
    });
    expect(refunded.refundable).toBe(4000);
    const receipt = await invokeOk<{ pdfBase64: string }>('getReceipt', {
      correlationID: sale.correlationID,
      kind: 'pix-refund',
      endToEndId: refunded.refunds[0]!.endToEndId,
      layout: 'a4',
    });
    expect(Buffer.from(receipt.pdfBase64, 'base64').subarray(0, 4).toString()).toBe('%PDF');
    const { totals } = await invokeOk<{ totals: { paidValue: number; refundedValue: number } }>('listSales', {});
    expect(totals).toMatchObject({ paidValue: 4200, refundedValue: 200 });
  });

  it('says offline, keeps selling into the queue, and keeps the queue when the mode changes', async () => {
    const deadPort = await freePort();
    // Nothing listens there: saved only because the owner said so ("Salvar mesmo assim").
    await invokeOk('saveSettings', {
      mode: 'production',
      baseUrl: `http://127.0.0.1:${deadPort}`,
      appId: 'algum-app-id',
      saveUnreachable: true,
    });
    // Offline selling (on by default) needs a key the service confirmed: this one never answered.
    await waitFor('offline noticed', async () =>
      (await invokeOk<CounterStatus>('getStatus')).online ? undefined : true,
    );
    const refused = await invoke('createSale', { value: 1000 });
    expect(refused.status).toBe(409);
    expect(await refused.json()).toMatchObject({
      error: {
        code: 'OFFLINE_SALE_REFUSED',
        details: { refusal: { reason: 'keyUnconfirmed' } },
      },
    });
    expect((await invokeOk<CounterStatus>('getStatus')).offline).toMatchObject({
      enabled: true,
      unavailable: { reason: 'keyUnconfirmed' },
    });
    // With offline selling off, a sale waits in the queue instead.
    const { offlineSales } = await invokeOk<Settings>('getSettings');
    await invokeOk('saveSettings', { offlineSales: { ...offlineSales, enabled: false } });
    const pending = await invokeOk<Sale>('createSale', { value: 1000 });
    // Nothing answered: the sale waits, with its create command queued, not lost and not refused.
    expect(pending).toMatchObject({ status: 'PENDING', value: 1000, sync: { queued: 1 } });
    expect(pending.brCode).toBeUndefined();
    expect(await invokeOk('getStatus')).toMatchObject({
      mode: 'production',
      online: false,
      connection: 'offline',
      queued: 1,
    });
    // Production never simulates payments.
    const simulated = await invoke('simulatePayment', { correlationID: 'balcao-x' });
    expect(simulated.status).toBe(403);
    expect(await simulated.json()).toEqual({ error: { code: 'SANDBOX_ONLY' } });
    // Leaving the service with commands queued asks first, and keeps them either way.
    const warned = await invoke('saveSettings', { mode: 'embedded' });
    expect(warned.status).toBe(409);
    expect(await warned.json()).toMatchObject({
      error: {
        code: 'COMMANDS_QUEUED',
        details: { count: 1 },
        message: expect.stringMatching(/1 operação aguardando envio/),
      },
    });
    await invokeOk('saveSettings', { mode: 'embedded', confirmQueued: true });
    expect(await invokeOk('getStatus')).toMatchObject({
      mode: 'embedded',
      online: true,
      queued: 0,
      queuedElsewhere: 1,
    });
  });
});

describe('the browser host’s secret store', () => {
  it('keeps the AppID in a file only its owner can read, and deletes it when cleared', () => {
    const dir = mkdtempSync(join(tmpdir(), 'balcao-secret-'));
    try {
      const store = new FileSecretStore(join(dir, 'appid.secret'));
      expect(store.get()).toBeNull();
      store.set('app-id-secreto');
      expect(store.get()).toBe('app-id-secreto');
      expect(statSync(join(dir, 'appid.secret')).mode & 0o777).toBe(0o600);
      store.set(null);
      expect(store.get()).toBeNull();
    } finally {
      rmSync(dir, { recursive: true, force: true });
    }
  });
});

function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const server = createServer();
    server.listen(0, '127.0.0.1', () => {
      const address = server.address();
      const port = typeof address === 'object' && address ? address.port : 0;
      server.close(() => resolve(port));
    });
    server.on('error', reject);
  });
}

/** node:http, because fetch will not send a Host header of the caller's choosing. */
function rawRequest(
  path: string,
  headers: Record<string, string>,
  method = 'GET',
): Promise<{ status: number; body: string }> {
  const { hostname, port } = new URL(host.origin);
  return new Promise((resolve, reject) => {
    const request = httpRequest({ hostname, port, path, method, headers, setHost: false }, (response) => {
      let body = '';
      response.setEncoding('utf8');
      response.on('data', (chunk: string) => (body += chunk));
      response.on('end', () => resolve({ status: response.statusCode ?? 0, body }));
    });
    request.on('error', reject);
    request.end();
  });
}
