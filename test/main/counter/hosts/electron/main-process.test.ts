import { mkdtempSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { beforeAll, describe, expect, it, vi } from 'vitest';

vi.mock('electron', async () => (await import('./fake-electron')).electronFake);

// The app runtime is another module's job (and has its own tests); here it is a recording stub
// so this file checks only the Electron wiring around it.
const runtime = vi.hoisted(() => ({
  settings: { customerDisplay: false },
  listeners: new Set<(event: unknown) => void>(),
  close: null as unknown as ReturnType<typeof import('vitest').vi.fn>,
  // eslint-disable-next-line @typescript-eslint/no-unnecessary-type-assertion -- the literal types the field: without it, `undefined`
  options: undefined as unknown,
}));
// The PDV API's server is its own module's job (test/main/counter/integration): here, a recording stub.
const pdvServer = vi.hoisted(() => ({ kept: [] as unknown[], stopped: 0 }));
vi.mock('#counter/hosts/pdv/pdv-server', () => ({
  keepPdvServer: (runtime: unknown) => {
    pdvServer.kept.push(runtime);
    return {
      current: () => undefined,
      ready: Promise.resolve(),
      stop: async () => {
        pdvServer.stopped++;
      },
    };
  },
}));
vi.mock('#counter/app/counter-runtime', async () => {
  runtime.close = vi.fn(async () => undefined);
  return {
    createCounterRuntime: vi.fn((options: unknown) => {
      runtime.options = options;
      return {
        call: vi.fn(async (method: string) => ({ ok: true, value: method })),
        events: {
          subscribe: (listener: (event: unknown) => void) => {
            runtime.listeners.add(listener);
            return () => runtime.listeners.delete(listener);
          },
        },
        settings: { get: () => ({ customerDisplay: runtime.settings.customerDisplay }) },
        close: runtime.close,
      };
    }),
  };
});

import { electronFake, fakeElectronState, FakeBrowserWindow } from './fake-electron';

const statusEvent = {
  type: 'status',
  status: { mode: 'embedded', online: true, queued: 0, merchantName: 'Loja', ready: true },
};
let cashier: FakeBrowserWindow;

function call(channel: string, sender: unknown, payload?: unknown) {
  const event = { sender, senderFrame: { url: 'app://balcao/index.html', parent: null } };
  return Promise.resolve().then(() => electronFake.ipcMain.handlers.get(channel)!(event, payload));
}

beforeAll(async () => {
  fakeElectronState.userData = mkdtempSync(join(tmpdir(), 'balcao-user-data-'));
  await import('#counter/hosts/electron/index');
  electronFake.app.markReady();
  await vi.waitFor(() => expect(FakeBrowserWindow.instances).toHaveLength(1));
  cashier = FakeBrowserWindow.instances[0]!;
});

describe('main process start', () => {
  it('registers the privileged app:// scheme and takes the single-instance lock', () => {
    expect(electronFake.protocol.registerSchemesAsPrivileged).toHaveBeenCalledOnce();
    expect(electronFake.app.requestSingleInstanceLock).toHaveBeenCalledOnce();
  });

  it('guards the default session and serves the renderer over app://', () => {
    const session = electronFake.session.defaultSession;
    expect(session.permissionRequest).toBeTypeOf('function');
    expect(session.beforeRequest).toBeTypeOf('function');
    expect(session.protocolHandlers.has('app')).toBe(true);
  });

  it('opens the cashier window from app://balcao with the built preload', () => {
    expect(cashier.loadURL).toHaveBeenCalledWith('app://balcao/index.html');
    expect(cashier.options.webPreferences.preload).toMatch(/out[/\\]preload[/\\]index\.cjs$|preload[/\\]index\.cjs$/);
  });

  it('gives the runtime a data folder under userData, the secret store and the printing port', () => {
    const options = runtime.options as {
      dataDir: string;
      secretStore: { get(): unknown };
      printing: { printReceipt: unknown };
    };
    expect(options.dataDir).toBe(join(fakeElectronState.userData, 'pos'));
    expect(options.secretStore.get()).toBeNull();
    expect(options.printing.printReceipt).toBeTypeOf('function');
  });

  it('answers IPC from the cashier window and refuses a webContents that is not ours', async () => {
    expect(await call('counter:getStatus', cashier.webContents)).toEqual({ ok: true, value: 'getStatus' });
    const foreign = new FakeBrowserWindow({});
    await expect(call('counter:getStatus', foreign.webContents)).rejects.toThrow('Forbidden');
    foreign.destroy();
  });

  it('pushes runtime events to the cashier window', () => {
    for (const listener of runtime.listeners) listener(statusEvent);
    expect(cashier.webContents.send).toHaveBeenCalledWith('counter:event', statusEvent);
  });

  it('denies pop-ups and <webview> for every webContents Chromium creates', () => {
    const contents = new FakeBrowserWindow({}).webContents;
    electronFake.app.emit('web-contents-created', {}, contents);
    expect(contents.windowOpenHandler?.({ url: 'https://example.com' })).toEqual({ action: 'deny' });
    const attach = { preventDefault: vi.fn() };
    contents.emit('will-attach-webview', attach);
    expect(attach.preventDefault).toHaveBeenCalled();
  });
});

describe('single instance', () => {
  it('brings the cashier window back when a second copy is launched', () => {
    cashier.minimized = true;
    electronFake.app.emit('second-instance', {}, ['balcao'], '/');
    expect(cashier.restore).toHaveBeenCalledOnce();
    expect(cashier.show).toHaveBeenCalled();
    expect(cashier.focus).toHaveBeenCalledOnce();
  });
});

describe('customer display', () => {
  const second = { id: 2, bounds: { x: 1920, y: 0, width: 1280, height: 1024 } };

  it('opens on the second display when the setting is turned on, and may call the API', async () => {
    electronFake.screen.getAllDisplays.mockReturnValue([
      { id: 1, bounds: { x: 0, y: 0, width: 1920, height: 1080 } },
      second,
    ]);
    runtime.settings.customerDisplay = true;
    for (const listener of runtime.listeners) listener(statusEvent);
    const customer = FakeBrowserWindow.instances.find((window) => window.options.fullscreen);
    expect(customer?.options).toMatchObject({ x: 1920, width: 1280, height: 1024 });
    expect(customer?.loadURL).toHaveBeenCalledWith('app://balcao/index.html#/cliente');
    expect(await call('counter:getStatus', customer!.webContents)).toEqual({ ok: true, value: 'getStatus' });
  });

  it('closes when the second display is unplugged', () => {
    const customer = FakeBrowserWindow.instances.find((window) => window.options.fullscreen)!;
    electronFake.screen.getAllDisplays.mockReturnValue([{ id: 1, bounds: { x: 0, y: 0, width: 1920, height: 1080 } }]);
    electronFake.screen.emit('display-removed', {}, second);
    expect(customer.isDestroyed()).toBe(true);
  });
});

describe('quit', () => {
  it('waits for the runtime to close and unregisters IPC before letting the app quit', async () => {
    const event = { preventDefault: vi.fn() };
    electronFake.app.emit('will-quit', event);
    expect(event.preventDefault).toHaveBeenCalledOnce();
    await vi.waitFor(() => expect(electronFake.app.quit).toHaveBeenCalled());
    expect(runtime.close).toHaveBeenCalledOnce();
    // The PDV API, kept beside the window since the start, stops with the app.
    expect(pdvServer.kept).toHaveLength(1);
    expect(pdvServer.stopped).toBe(1);
    expect(electronFake.ipcMain.handlers.size).toBe(0);
    const again = { preventDefault: vi.fn() };
    electronFake.app.emit('will-quit', again);
    expect(again.preventDefault).not.toHaveBeenCalled();
  });
});
