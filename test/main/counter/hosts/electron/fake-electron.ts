// A small stand-in for the `electron` module (whose binary is not available in tests): just the
// surface Balcão's shell touches, recording what it was asked so tests can assert on it.
import { EventEmitter } from 'node:events';
import { vi } from 'vitest';

type Handler = (...args: any[]) => any;

let nextWebContentsId = 1;

export class FakeWebContents extends EventEmitter {
  readonly id = nextWebContentsId++;
  destroyed = false;
  windowOpenHandler: Handler | undefined;
  readonly send = vi.fn();
  printers: Array<{ name: string; displayName: string; description: string; options: Record<string, string> }> = [];
  printOutcome: { success: boolean; failureReason: string } = { success: true, failureReason: '' };
  readonly print = vi.fn((_options: unknown, callback: (success: boolean, reason: string) => void) => {
    callback(this.printOutcome.success, this.printOutcome.failureReason);
  });

  isDestroyed(): boolean {
    return this.destroyed;
  }
  setWindowOpenHandler(handler: Handler): void {
    this.windowOpenHandler = handler;
  }
  async getPrintersAsync() {
    return this.printers;
  }
}

export class FakeBrowserWindow extends EventEmitter {
  static instances: FakeBrowserWindow[] = [];
  readonly webContents = new FakeWebContents();
  readonly loadURL = vi.fn(async (_url: string) => undefined);
  readonly show = vi.fn();
  readonly showInactive = vi.fn();
  readonly focus = vi.fn();
  readonly restore = vi.fn();
  minimized = false;
  destroyed = false;

  constructor(readonly options: Record<string, any>) {
    super();
    FakeBrowserWindow.instances.push(this);
  }
  isMinimized(): boolean {
    return this.minimized;
  }
  isDestroyed(): boolean {
    return this.destroyed;
  }
  destroy(): void {
    this.destroyed = true;
    this.webContents.destroyed = true;
    this.emit('closed');
  }
  /** As Electron does: 'close' first, which a listener may prevent, then the window goes. */
  close(): void {
    let prevented = false;
    this.emit('close', { preventDefault: () => void (prevented = true) });
    if (!prevented) this.destroy();
  }
  static getAllWindows(): FakeBrowserWindow[] {
    return FakeBrowserWindow.instances.filter((window) => !window.destroyed);
  }
}

export class FakeSession extends EventEmitter {
  beforeRequest: Handler | undefined;
  headersReceived: Handler | undefined;
  permissionRequest: Handler | undefined;
  permissionCheck: Handler | undefined;
  readonly protocolHandlers = new Map<string, Handler>();
  readonly webRequest = {
    onBeforeRequest: (handler: Handler) => void (this.beforeRequest = handler),
    onHeadersReceived: (handler: Handler) => void (this.headersReceived = handler),
  };
  readonly protocol = {
    handle: (scheme: string, handler: Handler) => void this.protocolHandlers.set(scheme, handler),
  };
  setPermissionRequestHandler(handler: Handler): void {
    this.permissionRequest = handler;
  }
  setPermissionCheckHandler(handler: Handler): void {
    this.permissionCheck = handler;
  }
}

class FakeIpcMain {
  readonly handlers = new Map<string, Handler>();
  handle(channel: string, handler: Handler): void {
    if (this.handlers.has(channel)) throw new Error(`second handler for ${channel}`);
    this.handlers.set(channel, handler);
  }
  removeHandler(channel: string): void {
    this.handlers.delete(channel);
  }
}

class FakeApp extends EventEmitter {
  hasLock = true;
  readonly quit = vi.fn();
  readonly exit = vi.fn();
  readonly requestSingleInstanceLock = vi.fn(() => this.hasLock);
  isPackaged = false;
  markReady: () => void = () => undefined;
  private readonly ready: Promise<void> = new Promise((resolve) => (this.markReady = resolve));
  whenReady(): Promise<void> {
    return this.ready;
  }
  getPath(_name: string): string {
    return fakeElectronState.userData;
  }
  getAppPath(): string {
    return process.cwd();
  }
}

export const fakeElectronState = { userData: '/tmp/balcao-test-user-data' };

const defaultSession = new FakeSession();
const partitions = new Map<string, FakeSession>();

export function createElectronFake() {
  const ipcRendererListeners = new EventEmitter();
  return {
    app: new FakeApp(),
    BrowserWindow: FakeBrowserWindow,
    ipcMain: new FakeIpcMain(),
    protocol: { registerSchemesAsPrivileged: vi.fn(), handle: vi.fn() },
    dialog: {
      showErrorBox: vi.fn(),
      // (window, options) or (options), as Electron takes them; answers the first button unless told.
      showMessageBox: vi.fn(async (..._args: unknown[]) => ({ response: 0, checkboxChecked: false })),
    },
    session: {
      defaultSession,
      fromPartition: (name: string) => {
        if (!partitions.has(name)) partitions.set(name, new FakeSession());
        return partitions.get(name)!;
      },
    },
    screen: Object.assign(new EventEmitter(), {
      getAllDisplays: vi.fn(() => [{ id: 1, bounds: { x: 0, y: 0, width: 1920, height: 1080 } }] as unknown[]),
      getPrimaryDisplay: vi.fn(() => ({ id: 1, bounds: { x: 0, y: 0, width: 1920, height: 1080 } })),
    }),
    safeStorage: {
      backend: 'gnome_libsecret' as string,
      available: true,
      isAsyncEncryptionAvailable: vi.fn(async () => electronFake.safeStorage.available),
      getSelectedStorageBackend: () => electronFake.safeStorage.backend,
      // Reversible but not plain text, so a test can tell the file is not the AppID itself.
      encryptString: vi.fn((text: string) => Buffer.from(`enc:${Buffer.from(text).toString('hex')}`)),
      decryptStringAsync: vi.fn(async (buffer: Buffer) => {
        const text = buffer.toString();
        if (!text.startsWith('enc:')) throw new Error('cannot decrypt');
        return { result: Buffer.from(text.slice(4), 'hex').toString(), shouldReEncrypt: false };
      }),
    },
    contextBridge: {
      exposeInMainWorld: vi.fn((key: string, api: unknown) => {
        (globalThis as Record<string, unknown>)[key] = api;
      }),
    },
    ipcRenderer: {
      invoke: vi.fn(async (_channel: string, _payload?: unknown): Promise<unknown> => ({ ok: true, value: null })),
      on: vi.fn((channel: string, listener: Handler) => void ipcRendererListeners.on(channel, listener)),
      removeListener: vi.fn(
        (channel: string, listener: Handler) => void ipcRendererListeners.removeListener(channel, listener),
      ),
      emitFromMain: (channel: string, ...args: unknown[]) => ipcRendererListeners.emit(channel, ...args),
      listenerCount: (channel: string) => ipcRendererListeners.listenerCount(channel),
    },
  };
}

export const electronFake = createElectronFake();
export type ElectronFake = typeof electronFake;
