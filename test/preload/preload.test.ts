import { beforeAll, beforeEach, describe, expect, it, vi } from 'vitest';

vi.mock('electron', async () => (await import('../main/counter/hosts/electron/fake-electron')).electronFake);

import type { CounterApi, CounterEvent } from '#shared/counter/counter-api';
import { COUNTER_EVENT_CHANNEL, COUNTER_INVOKE_METHODS } from '#shared/counter/counter-channels';
import { electronFake } from '../main/counter/hosts/electron/fake-electron';

// wdio-electron-service style: contextBridge.exposeInMainWorld defines a global, then the
// preload is imported for real and we look at what it put there.
let api: CounterApi;

beforeAll(async () => {
  await import('../../src/preload/index');
  api = (globalThis as unknown as { counter: CounterApi }).counter;
});

beforeEach(() => {
  electronFake.ipcRenderer.invoke.mockReset();
});

describe('preload', () => {
  it('exposes one object, window.counter, through the context bridge', () => {
    expect(electronFake.contextBridge.exposeInMainWorld).toHaveBeenCalledOnce();
    expect(electronFake.contextBridge.exposeInMainWorld).toHaveBeenCalledWith('counter', expect.any(Object));
  });

  it('exposes exactly the allowlisted methods plus onEvent, all functions, nothing raw', () => {
    expect(Object.keys(api).sort()).toEqual([...COUNTER_INVOKE_METHODS, 'onEvent'].sort());
    for (const value of Object.values(api)) expect(typeof value).toBe('function');
    expect(api).not.toHaveProperty('ipcRenderer');
    expect(api).not.toHaveProperty('invoke');
    expect(api).not.toHaveProperty('send');
  });

  it.each(COUNTER_INVOKE_METHODS)(
    '%s invokes its own counter:<method> channel with the payload and unwraps the value',
    async (method) => {
      electronFake.ipcRenderer.invoke.mockResolvedValueOnce({ ok: true, value: { answer: method } });
      const call = api[method] as (payload?: unknown) => Promise<unknown>;
      await expect(call({ probe: 1 })).resolves.toEqual({ answer: method });
      expect(electronFake.ipcRenderer.invoke).toHaveBeenCalledWith(`counter:${method}`, { probe: 1 });
    },
  );

  it("rejects with main's error body as it came, a plain object that survives contextBridge", async () => {
    const body = { code: 'COMMANDS_QUEUED', message: 'Há 2 operações na fila', details: { count: 2 } };
    electronFake.ipcRenderer.invoke.mockResolvedValueOnce({ ok: false, error: body });
    const failure = await api.createSale({ value: 0 }).catch((error: unknown) => error);
    // contextBridge would copy an Error's message alone: the code must be a plain property.
    expect(Object.getPrototypeOf(failure)).toBe(Object.prototype);
    expect(failure).toEqual(body);
    expect(failure).not.toHaveProperty('status');
    expect(structuredClone(failure)).toEqual(failure);
  });

  it('treats a reply that is not a result as an INTERNAL error, not a value', async () => {
    electronFake.ipcRenderer.invoke.mockResolvedValueOnce('surprise');
    await expect(api.getStatus()).rejects.toEqual({
      code: 'INTERNAL',
      message: 'Resposta inválida do processo principal',
    });
  });

  it('passes only the event payload to onEvent listeners, never the IpcRendererEvent', () => {
    const listener = vi.fn();
    const unsubscribe = api.onEvent(listener);
    const ipcEvent = { sender: { send: () => undefined }, senderId: 0, ports: [] };
    const event: CounterEvent = {
      type: 'status',
      status: {
        mode: 'embedded',
        online: true,
        connection: 'online',
        queued: 0,
        queuedElsewhere: 0,
        merchantName: 'Loja',
        ready: true,
        offline: { enabled: false, unconfirmedCount: 0, unconfirmedValue: 0, reviewCount: 0 },
      },
    };
    electronFake.ipcRenderer.emitFromMain(COUNTER_EVENT_CHANNEL, ipcEvent, event);
    expect(listener).toHaveBeenCalledOnce();
    expect(listener.mock.calls[0]).toEqual([event]);
    unsubscribe();
    electronFake.ipcRenderer.emitFromMain(COUNTER_EVENT_CHANNEL, ipcEvent, event);
    expect(listener).toHaveBeenCalledOnce();
    expect(electronFake.ipcRenderer.listenerCount(COUNTER_EVENT_CHANNEL)).toBe(0);
  });
});
