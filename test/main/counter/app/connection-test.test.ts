// "Testar conexão" and the test a remote mode's save must pass, against a REAL served sandbox
// (`npm run serve` as its own process, with applications of fewer scopes made by `npm run serve --
// app create`), a plain HTTP server answering HTML or 503, a closed port, and a server that
// accepts and never answers.
import { readFileSync, existsSync } from 'node:fs';
import { createServer as createHttpServer, type Server } from 'node:http';
import { createServer as createNetServer, type Server as NetServer, type Socket } from 'node:net';
import { join } from 'node:path';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import type { ConnectionCheck, ManagerApproval, RegisterState } from '#shared/counter/counter-api';
import { COUNTER_SCOPES } from '#counter/sync/connection/connection-scopes';
import { TEST_CHARGE_PREFIX, testConnection } from '#counter/sync/connection/connection-test';
import { spawnBuilt } from '#test/support/child-process';
import { remoteCall, type RemoteEndpoint } from '#test/support/remote-api';
import { startRemote, type RemoteProcess } from '#test/support/remote-process';
import { openRuntime, type RuntimeFixture } from './runtime-fixture';

let remote: RemoteProcess;
let companyName: string;
let htmlServer: Server;
let htmlUrl: string;
let brokenServer: Server;
let brokenUrl: string;
let hangingServer: NetServer;
let hangingUrl: string;
const hangingSockets = new Set<Socket>();
let hangingConnections = 0;
let closedUrl: string;

beforeAll(async () => {
  remote = await startRemote();
  const company = await remoteCall<{ company: { tradeName?: string; officialName: string } }>(
    remote,
    '/api/v1/company',
  );
  companyName = company.body.company.tradeName || company.body.company.officialName;

  // A web site where the API was expected: 200 and HTML for every path.
  htmlServer = createHttpServer((_request, response) => {
    response.writeHead(200, { 'content-type': 'text/html; charset=utf-8' });
    response.end('<!doctype html><html><head><title>Padaria</title></head><body><h1>Bem-vindo</h1></body></html>');
  });
  htmlUrl = await listen(htmlServer);
  // A service in trouble: 503 with a JSON error.
  brokenServer = createHttpServer((_request, response) => {
    response.writeHead(503, { 'content-type': 'application/json' });
    response.end(JSON.stringify({ error: 'Service Unavailable' }));
  });
  brokenUrl = await listen(brokenServer);
  // Accepts the connection, reads the request, and never says a word.
  hangingServer = createNetServer((socket) => {
    hangingConnections++;
    hangingSockets.add(socket);
    socket.on('close', () => hangingSockets.delete(socket));
    socket.resume();
  });
  hangingUrl = await listen(hangingServer);
  // A port that was free a moment ago and has nothing listening now.
  const probe = createNetServer();
  closedUrl = await listen(probe);
  await new Promise<void>((resolve) => probe.close(() => resolve()));
});

/** A new application on the remote's database (`npm run serve -- app create`), read by the running server. */
async function appCreate(...args: string[]): Promise<{ appId: string; companyId: string }> {
  const child = spawnBuilt('serve', ['--db', remote.dbPath, 'app', 'create', ...args]);
  const { code } = await child.exited;
  const values: Record<string, string> = {};
  for (const line of child.lines()) {
    const match = /^([A-Za-z ]+): (.*)$/.exec(line);
    if (match) values[match[1]!] = match[2]!;
  }
  if (code !== 0 || !values.AppID || !values.Company) throw new Error(`app create failed: ${child.stderr()}`);
  return { appId: values.AppID, companyId: values.Company };
}

/** Every scope the counter uses except these. */
function scopesWithout(...left: string[]): string {
  return COUNTER_SCOPES.map((entry) => entry.scope)
    .filter((scope) => !left.includes(scope))
    .join(',');
}

/** A company's application with fewer scopes, and one with every scope to look at what the check left. */
async function restrictedApp(...missing: string[]): Promise<{ target: RemoteEndpoint; auditor: RemoteEndpoint }> {
  const app = await appCreate('--scopes', scopesWithout(...missing), '--name', `Sem ${missing.join(' ')}`);
  const auditor = await appCreate('--company', app.companyId);
  return { target: { url: remote.url, appId: app.appId }, auditor: { url: remote.url, appId: auditor.appId } };
}

/** What the company holds at the service: its charges, static QR codes and refunds, by correlationID. */
async function holdings(
  endpoint: RemoteEndpoint,
): Promise<{ charges: string[]; qrCodes: string[]; refunds: string[] }> {
  const [charges, qrCodes, refunds] = await Promise.all([
    remoteCall<{ charges: { correlationID: string }[] }>(endpoint, '/api/v1/charge?limit=100'),
    remoteCall<{ pixQrCodes: { correlationID: string }[] }>(endpoint, '/api/v1/qrcode-static?limit=100'),
    remoteCall<{ refunds: { correlationID: string }[] }>(endpoint, '/api/v1/refund?limit=100'),
  ]);
  for (const reply of [charges, qrCodes, refunds]) expect(reply.status).toBe(200);
  return {
    charges: charges.body.charges.map((charge) => charge.correlationID),
    qrCodes: qrCodes.body.pixQrCodes.map((qrCode) => qrCode.correlationID),
    refunds: refunds.body.refunds.map((refund) => refund.correlationID),
  };
}

const missingOf = (check: ConnectionCheck) => (check.missingScopes ?? []).map((entry) => entry.scope);

afterAll(async () => {
  for (const socket of hangingSockets) socket.destroy();
  await Promise.all(
    [htmlServer, brokenServer, hangingServer].map(
      (server) => new Promise<void>((resolve) => server.close(() => resolve())),
    ),
  );
  await remote.dispose();
});

function listen(server: Server | NetServer): Promise<string> {
  return new Promise((resolve) => {
    server.listen(0, '127.0.0.1', () => {
      const address = server.address();
      if (!address || typeof address === 'string') throw new Error('no port');
      resolve(`http://127.0.0.1:${address.port}`);
    });
  });
}

function expectNoSecret(check: object, appId: string) {
  expect(JSON.stringify(check)).not.toContain(appId);
}

describe('testConnection (the check itself)', () => {
  it('is ok with the company name for the served sandbox and its AppID', async () => {
    const check = await testConnection({ baseUrl: remote.url, appId: remote.appId });
    expect(check).toMatchObject({
      ok: true,
      companyName,
      verdict: { code: 'ok', company: 'named', companyName, missingCount: 0 },
    });
    expect(check.problem).toBeUndefined();
    expectNoSecret(check, remote.appId);
    // A trailing slash is what people paste; it is the same service.
    expect(await testConnection({ baseUrl: `${remote.url}/`, appId: remote.appId })).toMatchObject({
      ok: true,
      companyName,
    });
  });

  it('says the AppID was refused, without repeating it', async () => {
    const wrong = 'Q2xpZW50X0lkX2Vycm8=';
    const check = await testConnection({ baseUrl: remote.url, appId: wrong });
    expect(check).toMatchObject({
      ok: false,
      problem: 'refused-app-id',
      verdict: { code: 'appIdRefused' },
      detail: { kind: 'http', status: 401, excerpt: expect.stringMatching(/Invalid appID/) },
    });
    expectNoSecret(check, wrong);
  });

  it.each([
    ['/api', '/api/api/v1/company'],
    ['/api/v1', '/api/v1/api/v1/company'],
  ])('says the path is wrong when the base URL ends in %s (the service saw %s)', async (suffix, seenPath) => {
    const check = await testConnection({ baseUrl: remote.url + suffix, appId: remote.appId });
    expect(check).toMatchObject({ ok: false, problem: 'wrong-path' });
    expect(check.verdict).toEqual({
      code: 'wrongPath',
      host: new URL(remote.url).host,
      hint: 'apiSuffix',
      path: suffix,
    });
    expect(check.detail).toEqual({ kind: 'http', status: 404, excerpt: `{"error":"Route GET ${seenPath} not found"}` });
    expectNoSecret(check, remote.appId);
  });

  it('says the path is wrong when a web page answers instead of the API', async () => {
    const check = await testConnection({ baseUrl: htmlUrl, appId: remote.appId });
    expect(check).toMatchObject({
      ok: false,
      problem: 'wrong-path',
      verdict: { code: 'wrongPath', hint: 'noPath', path: '' },
      detail: { kind: 'http', status: 200, excerpt: expect.stringMatching(/^<!doctype html>/) },
    });
  });

  it('calls a 5xx unexpected, with the status', async () => {
    const check = await testConnection({ baseUrl: brokenUrl, appId: remote.appId });
    expect(check).toMatchObject({ ok: false, problem: 'unexpected', verdict: { code: 'serviceTrouble', status: 503 } });
    expect(check.detail).toEqual({ kind: 'http', status: 503, excerpt: '{"error":"Service Unavailable"}' });
  });

  it('says unreachable when nothing listens on the port', async () => {
    const check = await testConnection({ baseUrl: closedUrl, appId: remote.appId });
    expect(check).toMatchObject({
      ok: false,
      problem: 'unreachable',
      detail: { kind: 'network', code: 'ECONNREFUSED' },
      verdict: { code: 'nothingAnswered', host: expect.stringMatching(/^127\.0\.0\.1:\d+$/) },
    });
  });

  it('gives up on a server that never answers, after its timeout', async () => {
    const started = Date.now();
    const check = await testConnection({ baseUrl: hangingUrl, appId: remote.appId }, { timeoutMs: 400 });
    const elapsed = Date.now() - started;
    expect(check).toMatchObject({
      ok: false,
      problem: 'unreachable',
      detail: { kind: 'noAnswer', timeoutMs: 400, perRequest: false },
      verdict: { code: 'timeout', host: expect.stringMatching(/^127\.0\.0\.1:\d+$/), timeoutMs: 400 },
    });
    expect(elapsed).toBeGreaterThanOrEqual(350);
    expect(elapsed).toBeLessThan(3_000);
    // It was a real connection that hung, not a refusal.
    expect(hangingConnections).toBeGreaterThanOrEqual(1);
  });
});

describe('testConnection checks every scope the counter uses', () => {
  it('with every scope: ok, nothing missing, and nothing left at the service', async () => {
    const before = await holdings(remote);
    const check = await testConnection({ baseUrl: remote.url, appId: remote.appId });
    expect(check).toMatchObject({ ok: true, verdict: { code: 'ok', company: 'named' }, missingScopes: [] });
    expect(check.leftBehind).toBeUndefined();
    const after = await holdings(remote);
    // The test charge was created, read, listed and deleted; the refund and QR code probes made nothing.
    expect(after).toEqual(before);
    expect(after.charges.filter((id) => id.startsWith(TEST_CHARGE_PREFIX))).toEqual([]);
  });

  it('lists the optional scopes missing with the feature each serves, still ok, and says the test charge it could not delete was left', async () => {
    const { target, auditor } = await restrictedApp('CHARGE_DELETE', 'PIX_QRCODE_POST', 'COMPANY_GET', 'REFUND_POST');
    const check = await testConnection({ baseUrl: target.url, appId: target.appId });
    expect(check.ok).toBe(true);
    expect(check.problem).toBeUndefined();
    expect(check.missingScopes).toEqual([
      { scope: 'CHARGE_DELETE', feature: 'cancel' },
      { scope: 'REFUND_POST', feature: 'refunds' },
      { scope: 'PIX_QRCODE_POST', feature: 'offline' },
      { scope: 'COMPANY_GET', feature: 'receipts' },
    ]);
    expect(check.verdict).toEqual({
      code: 'ok',
      company: 'unread',
      missingFeatures: ['cancel', 'refunds', 'offline', 'receipts'],
      missingCount: 4,
    });
    expect(check.detail).toMatchObject({
      kind: 'http',
      status: 403,
      excerpt: expect.stringMatching(/required scope: CHARGE_DELETE/),
    });
    expectNoSecret(check, target.appId);

    // Without CHARGE_DELETE the test charge stays, and the check says so plainly, with its correlationID.
    const left = (await holdings(auditor)).charges;
    expect(left).toHaveLength(1);
    expect(left[0]).toMatch(new RegExp(`^${TEST_CHARGE_PREFIX}`));
    expect(check.leftBehind).toEqual([
      { kind: 'testCharge', correlationID: left[0], created: true, cause: 'noDeleteScope' },
    ]);
    // The probes of the writes that cannot be undone made nothing.
    expect(await holdings(auditor)).toMatchObject({ qrCodes: [], refunds: [] });
  });

  it('checks each of the other scopes on its own, and still leaves nothing behind', async () => {
    const optional = [
      'CHARGE_REFUND_POST',
      'CHARGE_REFUND_GET_LIST',
      'REFUND_GET',
      'TRANSACTION_GET_LIST',
      'PIX_KEY_GET_LIST',
      'PIX_QRCODE_GET',
      'PIX_QRCODE_GET_LIST',
    ];
    const { target, auditor } = await restrictedApp(...optional);
    const check = await testConnection({ baseUrl: target.url, appId: target.appId });
    expect(check).toMatchObject({ ok: true });
    expect(missingOf(check)).toEqual(optional);
    expect(check.verdict).toMatchObject({ code: 'ok', missingFeatures: ['refunds', 'offline'] });
    expect(check.leftBehind).toBeUndefined();
    expect(await holdings(auditor)).toEqual({ charges: [], qrCodes: [], refunds: [] });
  });

  it('is not ok without CHARGE_POST: the counter cannot sell', async () => {
    const { target, auditor } = await restrictedApp('CHARGE_POST', 'PIX_KEY_GET_LIST');
    const check = await testConnection({ baseUrl: target.url, appId: target.appId });
    expect(check).toMatchObject({
      ok: false,
      problem: 'missing-scopes',
      verdict: { code: 'sellingScopesMissing', scopes: ['CHARGE_POST'] },
    });
    expect(check.missingScopes).toEqual([
      { scope: 'CHARGE_POST', feature: 'selling' },
      { scope: 'PIX_KEY_GET_LIST', feature: 'offline' },
    ]);
    expect(check.leftBehind).toBeUndefined();
    expect(await holdings(auditor)).toEqual({ charges: [], qrCodes: [], refunds: [] });
  });

  it('is not ok without reading charges either', async () => {
    const { target } = await restrictedApp('CHARGE_GET', 'CHARGE_GET_LIST');
    const check = await testConnection({ baseUrl: target.url, appId: target.appId });
    expect(check).toMatchObject({
      ok: false,
      problem: 'missing-scopes',
      verdict: { code: 'sellingScopesMissing', scopes: ['CHARGE_GET', 'CHARGE_GET_LIST'] },
    });
  });

  it('reports a network failure half-way as such, not as missing scopes, and that the test charge may be left', async () => {
    // The company answers; every later request is cut after it was sent.
    const cut: typeof fetch = async (input, init) => {
      if (urlOf(input).endsWith('/api/v1/company')) return fetch(input, init);
      throw Object.assign(new TypeError('fetch failed'), { cause: { code: 'ECONNRESET' } });
    };
    const check = await testConnection({ baseUrl: remote.url, appId: remote.appId }, { fetch: cut });
    expect(check).toMatchObject({
      ok: false,
      problem: 'unreachable',
      verdict: { code: 'midwayNetwork', host: expect.stringMatching(/^127\.0\.0\.1:\d+$/) },
      detail: { kind: 'network', code: 'ECONNRESET' },
      missingScopes: [],
    });
    expect(check.leftBehind).toEqual([
      {
        kind: 'testCharge',
        correlationID: expect.stringMatching(new RegExp(`^${TEST_CHARGE_PREFIX}`)),
        created: false,
        cause: 'connectionFailed',
      },
    ]);
  });

  it('gives up within its total time when the service stops answering half-way', async () => {
    const hang: typeof fetch = async (input, init) => {
      if (urlOf(input).endsWith('/api/v1/company')) return fetch(input, init);
      return new Promise((_resolve, reject) =>
        init?.signal?.addEventListener('abort', () => reject(init.signal!.reason as Error)),
      );
    };
    const started = Date.now();
    const check = await testConnection(
      { baseUrl: remote.url, appId: remote.appId },
      { fetch: hang, timeoutMs: 300, totalTimeoutMs: 1_000 },
    );
    const elapsed = Date.now() - started;
    expect(check).toMatchObject({
      ok: false,
      problem: 'unreachable',
      verdict: { code: 'midwayTimeout' },
      missingScopes: [],
    });
    // The test charge's delete may run a little past the total: one more request's timeout.
    expect(elapsed).toBeLessThan(2_500);
  });

  it('reports a 5xx half-way as the service in trouble, not as a missing scope', async () => {
    const flaky: typeof fetch = async (input, init) => {
      if (urlOf(input).includes('/api/v1/pix-keys'))
        return new Response(JSON.stringify({ error: 'Service Unavailable' }), {
          status: 503,
          headers: { 'content-type': 'application/json' },
        });
      return fetch(input, init);
    };
    const check = await testConnection({ baseUrl: remote.url, appId: remote.appId }, { fetch: flaky });
    expect(check).toMatchObject({
      ok: false,
      problem: 'unexpected',
      verdict: { code: 'midwayServerError', status: 503 },
      missingScopes: [],
    });
    expect(check.leftBehind).toBeUndefined();
  });
});

describe('saving the settings of a remote mode', () => {
  let fixture: RuntimeFixture;
  afterEach(async () => {
    await fixture?.dispose();
  });

  const settingsFile = () => join(fixture.dataDir, 'settings.json');
  const fileText = () => (existsSync(settingsFile()) ? readFileSync(settingsFile(), 'utf8') : null);

  it("refuses a refused AppID or a wrong path with CONNECTION_TEST_FAILED and the check's verdict, writing nothing", async () => {
    fixture = openRuntime();
    const h = fixture.runtime.api;
    const before = await h.getSettings();
    const file = fileText();

    const refused = h.saveSettings({ mode: 'remote-sandbox', baseUrl: remote.url, appId: 'app-id-errado' });
    await expect(refused).rejects.toMatchObject({
      code: 'CONNECTION_TEST_FAILED',
      details: { problem: 'refused-app-id', verdict: { code: 'appIdRefused' } },
    });
    await expect(refused.catch((error: { body(): unknown }) => JSON.stringify(error.body()))).resolves.not.toContain(
      'app-id-errado',
    );
    // The owner's "Salvar mesmo assim" is for an unreachable service only.
    await expect(
      h.saveSettings({
        mode: 'remote-sandbox',
        baseUrl: `${remote.url}/api`,
        appId: remote.appId,
        saveUnreachable: true,
      }),
    ).rejects.toMatchObject({
      code: 'CONNECTION_TEST_FAILED',
      details: { verdict: { code: 'wrongPath', hint: 'apiSuffix', path: '/api' } },
    });
    await expect(
      h.saveSettings({ mode: 'production', baseUrl: htmlUrl, appId: remote.appId, saveUnreachable: true }),
    ).rejects.toMatchObject({ code: 'CONNECTION_TEST_FAILED' });

    expect(await h.getSettings()).toEqual(before);
    expect(fixture.secrets.value).toBeNull();
    expect(fileText()).toBe(file);
    expect((await h.getStatus()).mode).toBe('embedded');
  });

  it('refuses an AppID that cannot sell (no CHARGE_POST) with CONNECTION_TEST_FAILED, and saves one that lacks only optional scopes', async () => {
    fixture = openRuntime();
    const h = fixture.runtime.api;
    const cannotSell = await restrictedApp('CHARGE_POST');
    await expect(
      h.saveSettings({
        mode: 'remote-sandbox',
        baseUrl: remote.url,
        appId: cannotSell.target.appId,
        saveUnreachable: true,
      }),
    ).rejects.toMatchObject({
      code: 'CONNECTION_TEST_FAILED',
      details: { verdict: { code: 'sellingScopesMissing', scopes: ['CHARGE_POST'] } },
    });
    expect(fixture.secrets.value).toBeNull();
    const partial = await restrictedApp('PIX_QRCODE_POST');
    expect(
      await h.saveSettings({ mode: 'remote-sandbox', baseUrl: remote.url, appId: partial.target.appId }),
    ).toMatchObject({ mode: 'remote-sandbox', hasAppId: true });
  });

  it('refuses an unreachable service unless the owner saves it anyway', async () => {
    fixture = openRuntime();
    const h = fixture.runtime.api;
    const before = await h.getSettings();
    await expect(
      h.saveSettings({ mode: 'remote-sandbox', baseUrl: closedUrl, appId: remote.appId }),
    ).rejects.toMatchObject({
      code: 'CONNECTION_TEST_FAILED',
      details: { problem: 'unreachable', verdict: { code: 'nothingAnswered' } },
    });
    expect(await h.getSettings()).toEqual(before);
    expect(fixture.secrets.value).toBeNull();

    const saved = await h.saveSettings({
      mode: 'remote-sandbox',
      baseUrl: closedUrl,
      appId: remote.appId,
      saveUnreachable: true,
    });
    expect(saved).toMatchObject({ mode: 'remote-sandbox', baseUrl: closedUrl, hasAppId: true });
    expect(fixture.secrets.value).toBe(remote.appId);
    // The flag steers one save; it is not a setting.
    expect(fileText()).not.toMatch(/saveUnreachable/);
  });

  it('saves a service that answers, and tests again only when the service changes', async () => {
    fixture = openRuntime();
    const h = fixture.runtime.api;
    const saved = await h.saveSettings({ mode: 'remote-sandbox', baseUrl: remote.url, appId: remote.appId });
    expect(saved).toMatchObject({ mode: 'remote-sandbox', baseUrl: remote.url, hasAppId: true });

    // The shop's name changes nothing about the service: no test, so it saves with the service down.
    await remote.stop();
    try {
      expect((await h.saveSettings({ merchantName: 'Padaria Central' })).merchantName).toBe('Padaria Central');
      // Production at the same address is another service: tested, and unreachable now.
      await expect(h.saveSettings({ mode: 'production' })).rejects.toMatchObject({ code: 'CONNECTION_TEST_FAILED' });
      expect((await h.getSettings()).mode).toBe('remote-sandbox');
    } finally {
      await remote.start();
    }
    expect((await h.saveSettings({ mode: 'production' })).mode).toBe('production');
  });

  it('"Testar conexão" uses the typed AppID, or the saved one only towards the saved address', async () => {
    fixture = openRuntime();
    const h = fixture.runtime.api;
    await expect(h.testConnection({ baseUrl: remote.url })).rejects.toMatchObject({
      code: 'APP_ID_REQUIRED',
      details: { context: 'test' },
    });
    expect(await h.testConnection({ baseUrl: remote.url, appId: remote.appId })).toMatchObject({
      ok: true,
      companyName,
    });

    await h.saveSettings({ mode: 'remote-sandbox', baseUrl: remote.url, appId: remote.appId });
    expect(await h.testConnection({ baseUrl: remote.url })).toMatchObject({ ok: true, companyName });
    expect(await h.testConnection({ baseUrl: `${remote.url}/api` })).toMatchObject({
      ok: false,
      problem: 'wrong-path',
    });
    // Another server never receives the saved secret.
    await expect(h.testConnection({ baseUrl: htmlUrl })).rejects.toMatchObject({
      code: 'SAVED_APP_ID_ELSEWHERE',
    });
  });
});

describe('the manager PIN on settings', () => {
  let fixture: RuntimeFixture;
  afterEach(async () => {
    await fixture?.dispose();
  });

  it('is not asked to switch the language alone; every other change still needs it', async () => {
    fixture = openRuntime();
    const h = fixture.runtime.api;
    const state: RegisterState = await h.createOperator({ name: 'Marta', role: 'MANAGER', pin: '4321' });
    const manager: ManagerApproval = { operatorId: state.operators[0]!.id, pin: '4321' };

    expect((await h.saveSettings({ locale: 'en' })).locale).toBe('en');
    expect((await h.saveSettings({ locale: 'pt-BR', confirmQueued: true })).locale).toBe('pt-BR');

    const needsPin = [
      { locale: 'en' as const, merchantName: 'Outra' },
      { merchantName: 'Outra' },
      { customerDisplay: true },
      { receiptLayout: 'a4' as const },
      { printer: 'Bobina' },
      { mode: 'remote-sandbox' as const, baseUrl: remote.url, appId: remote.appId },
      { appId: 'outro' },
      { confirmAbove: 500_00 },
    ];
    for (const input of needsPin) {
      await expect(h.saveSettings(input), JSON.stringify(input)).rejects.toMatchObject({
        code: 'MANAGER_REQUIRED',
      });
    }
    expect(await h.getSettings()).toMatchObject({
      locale: 'pt-BR',
      merchantName: 'Balcão Sandbox',
      mode: 'embedded',
      customerDisplay: false,
    });
    expect((await h.saveSettings({ merchantName: 'Outra', manager })).merchantName).toBe('Outra');
  });
});

/** The URL a stubbed fetch was asked for, whichever of its three forms it came in. */
function urlOf(input: string | URL | Request): string {
  return input instanceof Request ? input.url : input.toString();
}
