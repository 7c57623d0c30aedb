import { beforeEach, describe, expect, it, vi } from 'vitest';

vi.mock('electron', async () => (await import('./fake-electron')).electronFake);

import { createCounterCall } from '#counter/app/counter-call';
import type { CounterHandlers } from '#counter/ports/counter-handler-port';
import { allBut, windowOrigin } from '#counter/ports/call-origin';
import { broadcastCounterEvent, registerCounterIpc } from '#counter/hosts/electron/ipc-register';
import { CounterError } from '#shared/counter/counter-errors';
import { COUNTER_EVENT_CHANNEL, COUNTER_INVOKE_METHODS } from '#shared/counter/counter-channels';
import { electronFake, FakeWebContents } from './fake-electron';

const ours = new FakeWebContents();
const stranger = new FakeWebContents();

/** Every method answers its own name, through the real adapter (nobody is signed in: a fresh counter). */
function handlerTable(): CounterHandlers {
  return Object.fromEntries(
    COUNTER_INVOKE_METHODS.map((method) => [method, vi.fn(async () => ({ from: method }))]),
  ) as unknown as CounterHandlers;
}

const freshCounter = { setUp: false, requireSignedIn: () => undefined, attribution: () => undefined };

function invoke(
  channel: string,
  payload: unknown,
  sender: FakeWebContents = ours,
  frameUrl: string | null = 'app://balcao/index.html',
) {
  const handler = electronFake.ipcMain.handlers.get(channel);
  if (!handler) throw new Error(`no handler on ${channel}`);
  const event = { sender, senderFrame: frameUrl === null ? null : { url: frameUrl, parent: null } };
  return Promise.resolve().then(() => handler(event, payload));
}

let handlers: CounterHandlers;
let unregister: () => void;
const log = vi.fn();

beforeEach(() => {
  unregister?.();
  log.mockClear();
  handlers = handlerTable();
  const call = createCounterCall({ handlers, gate: freshCounter, log });
  unregister = registerCounterIpc({ call, isOwnWebContents: (contents) => contents === (ours as never), log });
});

describe('IPC registration', () => {
  it('registers exactly one handler per allowlisted method, and nothing else', () => {
    expect([...electronFake.ipcMain.handlers.keys()].sort()).toEqual(
      COUNTER_INVOKE_METHODS.map((m) => `counter:${m}`).sort(),
    );
  });

  it('passes a valid payload from our window to the handler and wraps the answer', async () => {
    const reply = await invoke('counter:createSale', { value: 1234, comment: 'Café' });
    expect(reply).toEqual({ ok: true, value: { from: 'createSale' } });
    // With the window it came from, so the push of its answer can skip that window.
    expect(handlers.createSale).toHaveBeenCalledWith(
      { value: 1234, comment: 'Café' },
      { origin: windowOrigin(ours.id) },
    );
  });

  it.each([
    ['another origin', 'https://evil.example/index.html'],
    ['another app:// host', 'app://evil/index.html'],
    ['a look-alike host', 'app://balcao.evil.example/index.html'],
    ['a file:// page', 'file:///work/main/out/renderer/index.html'],
    ['an unparsable URL', 'not a url'],
  ])('rejects a sender frame from %s without calling any handler', async (_what, url) => {
    await expect(invoke('counter:getSettings', undefined, ours, url)).rejects.toThrow('Forbidden');
    expect(handlers.getSettings).not.toHaveBeenCalled();
    expect(log).toHaveBeenCalledWith(expect.stringContaining('refused'));
  });

  it('rejects a webContents that is not one of our windows, even on app://balcao', async () => {
    await expect(invoke('counter:listSales', {}, stranger)).rejects.toThrow('Forbidden');
    expect(handlers.listSales).not.toHaveBeenCalled();
  });

  it('rejects a subframe, even one showing app://balcao', async () => {
    const handler = electronFake.ipcMain.handlers.get('counter:getStatus')!;
    const event = {
      sender: ours,
      senderFrame: { url: 'app://balcao/index.html', parent: { url: 'app://balcao/index.html' } },
    };
    await expect(Promise.resolve().then(() => handler(event, undefined))).rejects.toThrow('Forbidden');
    expect(handlers.getStatus).not.toHaveBeenCalled();
  });

  it('rejects an event without a sender frame (the frame navigated away or was destroyed)', async () => {
    await expect(invoke('counter:getStatus', undefined, ours, null)).rejects.toThrow('Forbidden');
    expect(handlers.getStatus).not.toHaveBeenCalled();
  });

  it.each([
    ['counter:createSale', { value: 12.5 }, 'value'],
    ['counter:createSale', { value: -1 }, 'value'],
    ['counter:createSale', '1234', ''],
    ['counter:refundSale', { correlationID: 'x', value: 100, reason: 'r'.repeat(141) }, 'reason'],
    ['counter:saveSettings', { appId: 'x', isAdmin: true }, ''],
    [
      'counter:getReceipt',
      { correlationID: 'balcao-1', kind: 'pix-in', endToEndId: '../../etc/passwd', layout: 'a4' },
      'endToEndId',
    ],
    ['counter:getReceipt', { kind: 'pix-in', endToEndId: `E${'0'.repeat(31)}`, layout: 'a4' }, 'correlationID'],
    ['counter:getStatus', { anything: 1 }, ''],
  ])(
    'answers INVALID_INPUT to a bad payload on %s, naming the field, and calls no handler',
    async (channel, payload, path) => {
      const reply = (await invoke(channel, payload)) as {
        ok: boolean;
        error: { code: string; details: { path: string } };
      };
      expect(reply).toMatchObject({
        ok: false,
        error: { code: 'INVALID_INPUT', message: expect.stringMatching(/^Dados inválidos: /) },
      });
      expect(reply.error.details.path).toBe(path);
      expect(reply).not.toHaveProperty('status');
      for (const method of COUNTER_INVOKE_METHODS) expect(handlers[method]).not.toHaveBeenCalled();
    },
  );

  it('turns a CounterError into its code, details and words, and nothing else', async () => {
    vi.mocked(handlers.saveSettings).mockRejectedValueOnce(
      new CounterError('COMMANDS_QUEUED', { count: 2 }, 'Há 2 operações aguardando envio'),
    );
    expect(await invoke('counter:saveSettings', { mode: 'embedded' })).toEqual({
      ok: false,
      error: { code: 'COMMANDS_QUEUED', details: { count: 2 }, message: 'Há 2 operações aguardando envio' },
    });
    vi.mocked(handlers.cancelSale).mockRejectedValueOnce(new CounterError('SALE_ALREADY_PAID'));
    expect(await invoke('counter:cancelSale', { correlationID: 'abc' })).toEqual({
      ok: false,
      error: { code: 'SALE_ALREADY_PAID' },
    });
    expect(log).not.toHaveBeenCalled();
  });

  it('hides an unexpected failure behind INTERNAL and logs it', async () => {
    const failure = new Error('SQLITE_BUSY at /home/user/secret/path');
    vi.mocked(handlers.getSale).mockRejectedValueOnce(failure);
    expect(await invoke('counter:getSale', { correlationID: 'abc' })).toEqual({
      ok: false,
      error: { code: 'INTERNAL' },
    });
    expect(log).toHaveBeenCalledWith('[pos] getSale failed', failure);
  });

  it('unregisters every channel', () => {
    unregister();
    expect(electronFake.ipcMain.handlers.size).toBe(0);
    unregister = () => undefined;
  });
});

describe('event push', () => {
  it('sends the event on counter:event to every live window and skips destroyed ones', () => {
    const live = new FakeWebContents();
    const gone = new FakeWebContents();
    gone.destroyed = true;
    const event = {
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
    } as const;
    broadcastCounterEvent([live, gone] as never, event);
    expect(live.send).toHaveBeenCalledWith(COUNTER_EVENT_CHANNEL, event);
    expect(gone.send).not.toHaveBeenCalled();
  });

  it('skips the window a push is not for (the one a create already answered), and only that one', () => {
    const creator = new FakeWebContents();
    const display = new FakeWebContents();
    const event = { type: 'sale-updated', sale: { correlationID: 'balcao-1' } } as never;
    broadcastCounterEvent([creator, display] as never, event, allBut(windowOrigin(creator.id)));
    expect(creator.send).not.toHaveBeenCalled();
    expect(display.send).toHaveBeenCalledWith(COUNTER_EVENT_CHANNEL, event);
    // A later push about that sale (its payment) is for every window, the creator's too.
    broadcastCounterEvent([creator, display] as never, event);
    expect(creator.send).toHaveBeenCalledWith(COUNTER_EVENT_CHANNEL, event);
    expect(display.send).toHaveBeenCalledTimes(2);
  });
});
