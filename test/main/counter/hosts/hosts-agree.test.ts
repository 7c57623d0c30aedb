// Electron's IPC and the browser bridge are two doors to the same adapter (app/counter-call.ts):
// for the same call on the same counter they answer the same error body, word for word, and the
// same value. Before, they parsed and mapped each on its own and had drifted apart.
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';

vi.mock('electron', async () => (await import('./electron/fake-electron')).electronFake);

import { registerCounterIpc } from '#counter/hosts/electron/ipc-register';
import { registerBridgeRoutes, TOKEN_HEADER } from '#counter/hosts/web/bridge-routes';
import { EventStreams } from '#counter/hosts/web/event-stream';
import { openRuntime, type RuntimeFixture } from '../app/runtime-fixture';
import { electronFake, FakeWebContents } from './electron/fake-electron';

const ORIGIN = 'http://127.0.0.1:1';
const TOKEN = 'token-dos-testes';
const ours = new FakeWebContents();

let fixture: RuntimeFixture;
let unregister: () => void;

beforeAll(async () => {
  fixture = openRuntime();
  const { runtime } = fixture;
  unregister = registerCounterIpc({ call: runtime.call, isOwnWebContents: (contents) => contents === (ours as never) });
  registerBridgeRoutes(runtime.sandbox.app, {
    call: runtime.call,
    streams: new EventStreams(runtime.events),
    token: TOKEN,
    allowedOrigins: () => [ORIGIN],
  });
  await runtime.sandbox.app.ready();
});

afterAll(async () => {
  unregister();
  await fixture.dispose();
});

async function overIpc(method: string, payload: unknown): Promise<unknown> {
  const handler = electronFake.ipcMain.handlers.get(`counter:${method}`)!;
  const reply = (await handler(
    { sender: ours, senderFrame: { url: 'app://balcao/index.html', parent: null } },
    payload,
  )) as { ok: true; value: unknown } | { ok: false; error: unknown };
  return reply.ok ? { value: reply.value } : { error: reply.error };
}

async function overBridge(method: string, payload: unknown): Promise<unknown> {
  const response = await fixture.runtime.sandbox.app.inject({
    method: 'POST',
    url: `/__balcao/invoke/${method}`,
    headers: { 'content-type': 'application/json', [TOKEN_HEADER]: TOKEN, origin: ORIGIN },
    payload: payload === undefined ? '' : JSON.stringify(payload),
  });
  const body = response.json<unknown>();
  return response.statusCode === 200 ? { value: body } : body;
}

describe('both hosts, one adapter', () => {
  it.each([
    ['createSale', { value: 12.5 }],
    ['createSale', { value: '1234' }],
    ['createSale', undefined],
    ['refundSale', { correlationID: 'x', value: 100, reason: 'r'.repeat(141) }],
    ['saveSettings', { appId: 'x', isAdmin: true }],
    ['getReceipt', { kind: 'pix-in', endToEndId: `E${'0'.repeat(31)}`, layout: 'a4' }],
    ['setSaleOnScreen', { correlationID: '   ' }],
    ['signIn', { operatorId: 'x', pin: '12' }],
    ['getStatus', { anything: 1 }],
  ])('answer the same INVALID_INPUT body to %s %j', async (method, payload) => {
    const ipc = await overIpc(method, payload);
    expect(ipc).toMatchObject({
      error: { code: 'INVALID_INPUT', message: expect.stringMatching(/^Dados inválidos: /) },
    });
    expect(await overBridge(method, payload)).toEqual(ipc);
  });

  it("answer the same body to a handler's refusal, and the same value to a call that works", async () => {
    const missing = { correlationID: 'balcao-nao-existe' };
    const ipc = await overIpc('getSale', missing);
    expect(ipc).toEqual({
      error: { code: 'SALE_NOT_FOUND', message: 'Venda não encontrada: balcao-nao-existe', details: missing },
    });
    expect(await overBridge('getSale', missing)).toEqual(ipc);
    expect(await overBridge('simulatePayment', missing)).toEqual(await overIpc('simulatePayment', missing));
    expect(await overBridge('getSettings', undefined)).toEqual(await overIpc('getSettings', undefined));
  });
});
