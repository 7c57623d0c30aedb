// "Testar conexão" and the test a remote mode's save must pass, against a REAL served sandbox
// (`npm run serve` as its own process), a plain HTTP server answering HTML or 503, a closed port,
// and a server that accepts and never answers.
import { readFileSync, existsSync } from 'node:fs';
import { createServer as createHttpServer, type Server } from 'node:http';
import { createServer as createNetServer, type Server as NetServer, type Socket } from 'node:net';
import { join } from 'node:path';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import type { ManagerApproval, RegisterState } from '../../src/shared/pos-api';
import { testConnection } from '../../src/main/sync/connection-test';
import { remoteCall } from '../support/remote-api';
import { startRemote, type RemoteProcess } from '../support/remote-process';
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
  const company = await remoteCall<{ company: { tradeName?: string; officialName: string } }>(remote, '/api/v1/company');
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

afterAll(async () => {
  for (const socket of hangingSockets) socket.destroy();
  await Promise.all([htmlServer, brokenServer, hangingServer].map((server) => new Promise<void>((resolve) => server.close(() => resolve()))));
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
    expect(check).toMatchObject({ ok: true, companyName, message: `Conexão ok: ${companyName}.` });
    expect(check.problem).toBeUndefined();
    expectNoSecret(check, remote.appId);
    // A trailing slash is what people paste; it is the same service.
    expect(await testConnection({ baseUrl: `${remote.url}/`, appId: remote.appId })).toMatchObject({ ok: true, companyName });
  });

  it('says the AppID was refused, in pt-BR, without repeating it', async () => {
    const wrong = 'Q2xpZW50X0lkX2Vycm8=';
    const check = await testConnection({ baseUrl: remote.url, appId: wrong });
    expect(check).toMatchObject({ ok: false, problem: 'refused-app-id', message: expect.stringMatching(/recusou o AppID/) });
    expect(check.detail).toMatch(/^HTTP 401 · /);
    expect(check.detail).toMatch(/Invalid appID/);
    expectNoSecret(check, wrong);
  });

  it.each([
    ['/api', '/api/api/v1/company'],
    ['/api/v1', '/api/v1/api/v1/company'],
  ])('says the path is wrong when the base URL ends in %s (the service saw %s)', async (suffix, seenPath) => {
    const check = await testConnection({ baseUrl: remote.url + suffix, appId: remote.appId });
    expect(check).toMatchObject({ ok: false, problem: 'wrong-path' });
    expect(check.message).toContain(`termina em "${suffix}"`);
    expect(check.message).toMatch(/apague essa parte/);
    expect(check.detail).toBe(`HTTP 404 · {"error":"Route GET ${seenPath} not found"}`);
    expectNoSecret(check, remote.appId);
  });

  it('says the path is wrong when a web page answers instead of the API', async () => {
    const check = await testConnection({ baseUrl: htmlUrl, appId: remote.appId });
    expect(check).toMatchObject({ ok: false, problem: 'wrong-path', message: expect.stringMatching(/não está a API do serviço Pix/) });
    expect(check.detail).toMatch(/^HTTP 200 · <!doctype html>/);
  });

  it('calls a 5xx unexpected, with the status', async () => {
    const check = await testConnection({ baseUrl: brokenUrl, appId: remote.appId });
    expect(check).toMatchObject({ ok: false, problem: 'unexpected', message: expect.stringMatching(/HTTP 503/) });
    expect(check.detail).toBe('HTTP 503 · {"error":"Service Unavailable"}');
  });

  it('says unreachable when nothing listens on the port', async () => {
    const check = await testConnection({ baseUrl: closedUrl, appId: remote.appId });
    expect(check).toMatchObject({ ok: false, problem: 'unreachable', detail: 'ECONNREFUSED', message: expect.stringMatching(/^Nada respondeu em 127\.0\.0\.1:\d+/) });
  });

  it('gives up on a server that never answers, after its timeout', async () => {
    const started = Date.now();
    const check = await testConnection({ baseUrl: hangingUrl, appId: remote.appId }, { timeoutMs: 400 });
    const elapsed = Date.now() - started;
    expect(check).toMatchObject({ ok: false, problem: 'unreachable', detail: 'sem resposta em 400 ms' });
    expect(check.message).toMatch(/^127\.0\.0\.1:\d+ não respondeu em 400 ms\./);
    expect(elapsed).toBeGreaterThanOrEqual(350);
    expect(elapsed).toBeLessThan(3_000);
    // It was a real connection that hung, not a refusal.
    expect(hangingConnections).toBeGreaterThanOrEqual(1);
  });
});

describe('saving the settings of a remote mode', () => {
  let fixture: RuntimeFixture;
  afterEach(async () => {
    await fixture?.dispose();
  });

  const settingsFile = () => join(fixture.dataDir, 'settings.json');
  const fileText = () => (existsSync(settingsFile()) ? readFileSync(settingsFile(), 'utf8') : null);

  it('refuses a refused AppID or a wrong path with 422 and the check\'s words, writing nothing', async () => {
    fixture = openRuntime();
    const h = fixture.runtime.handlers;
    const before = await h.getSettings();
    const file = fileText();

    const refused = h.saveSettings({ mode: 'remote-sandbox', baseUrl: remote.url, appId: 'app-id-errado' });
    await expect(refused).rejects.toMatchObject({ status: 422, message: expect.stringMatching(/recusou o AppID/) });
    await expect(refused).rejects.not.toMatchObject({ message: expect.stringContaining('app-id-errado') });
    // The owner's "Salvar mesmo assim" is for an unreachable service only.
    await expect(h.saveSettings({ mode: 'remote-sandbox', baseUrl: `${remote.url}/api`, appId: remote.appId, saveUnreachable: true })).rejects.toMatchObject({
      status: 422,
      message: expect.stringMatching(/termina em "\/api"/),
    });
    await expect(h.saveSettings({ mode: 'production', baseUrl: htmlUrl, appId: remote.appId, saveUnreachable: true })).rejects.toMatchObject({ status: 422 });

    expect(await h.getSettings()).toEqual(before);
    expect(fixture.secrets.value).toBeNull();
    expect(fileText()).toBe(file);
    expect((await h.getStatus()).mode).toBe('embedded');
  });

  it('refuses an unreachable service unless the owner saves it anyway', async () => {
    fixture = openRuntime();
    const h = fixture.runtime.handlers;
    const before = await h.getSettings();
    await expect(h.saveSettings({ mode: 'remote-sandbox', baseUrl: closedUrl, appId: remote.appId })).rejects.toMatchObject({
      status: 422,
      message: expect.stringMatching(/^Nada respondeu em/),
    });
    expect(await h.getSettings()).toEqual(before);
    expect(fixture.secrets.value).toBeNull();

    const saved = await h.saveSettings({ mode: 'remote-sandbox', baseUrl: closedUrl, appId: remote.appId, saveUnreachable: true });
    expect(saved).toMatchObject({ mode: 'remote-sandbox', baseUrl: closedUrl, hasAppId: true });
    expect(fixture.secrets.value).toBe(remote.appId);
    // The flag steers one save; it is not a setting.
    expect(fileText()).not.toMatch(/saveUnreachable/);
  });

  it('saves a service that answers, and tests again only when the service changes', async () => {
    fixture = openRuntime();
    const h = fixture.runtime.handlers;
    const saved = await h.saveSettings({ mode: 'remote-sandbox', baseUrl: remote.url, appId: remote.appId });
    expect(saved).toMatchObject({ mode: 'remote-sandbox', baseUrl: remote.url, hasAppId: true });

    // The shop's name changes nothing about the service: no test, so it saves with the service down.
    await remote.stop();
    try {
      expect((await h.saveSettings({ merchantName: 'Padaria Central' })).merchantName).toBe('Padaria Central');
      // Production at the same address is another service: tested, and unreachable now.
      await expect(h.saveSettings({ mode: 'production' })).rejects.toMatchObject({ status: 422 });
      expect((await h.getSettings()).mode).toBe('remote-sandbox');
    } finally {
      await remote.start();
    }
    expect((await h.saveSettings({ mode: 'production' })).mode).toBe('production');
  });

  it('"Testar conexão" uses the typed AppID, or the saved one only towards the saved address', async () => {
    fixture = openRuntime();
    const h = fixture.runtime.handlers;
    await expect(h.testConnection({ baseUrl: remote.url })).rejects.toMatchObject({ status: 400, message: expect.stringMatching(/Informe o AppID/) });
    expect(await h.testConnection({ baseUrl: remote.url, appId: remote.appId })).toMatchObject({ ok: true, companyName });

    await h.saveSettings({ mode: 'remote-sandbox', baseUrl: remote.url, appId: remote.appId });
    expect(await h.testConnection({ baseUrl: remote.url })).toMatchObject({ ok: true, companyName });
    expect(await h.testConnection({ baseUrl: `${remote.url}/api` })).toMatchObject({ ok: false, problem: 'wrong-path' });
    // Another server never receives the saved secret.
    await expect(h.testConnection({ baseUrl: htmlUrl })).rejects.toMatchObject({ status: 400, message: expect.stringMatching(/digite o AppID/) });
  });
});

describe('the manager PIN on settings', () => {
  let fixture: RuntimeFixture;
  afterEach(async () => {
    await fixture?.dispose();
  });

  it('is not asked to switch the language alone; every other change still needs it', async () => {
    fixture = openRuntime();
    const h = fixture.runtime.handlers;
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
      await expect(h.saveSettings(input), JSON.stringify(input)).rejects.toMatchObject({ status: 403 });
    }
    expect(await h.getSettings()).toMatchObject({ locale: 'pt-BR', merchantName: 'Balcão Sandbox', mode: 'embedded', customerDisplay: false });
    expect((await h.saveSettings({ merchantName: 'Outra', manager })).merchantName).toBe('Outra');
  });
});
