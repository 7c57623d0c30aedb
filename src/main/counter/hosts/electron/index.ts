// Balcão's Electron main process: lifecycle and wiring only. The counter's logic is the app
// runtime (src/main/counter/app, shared with the browser host); this file connects it to windows, the
// app:// protocol, IPC and the OS (keychain, printers, displays) and closes it cleanly on quit.
import { join } from 'node:path';
import { app, dialog, screen, session, type BrowserWindow, type WebContents } from 'electron';
import { parseLaunchOptions } from '../../app/launch-remote';
import { createCounterRuntime, type CounterRuntime } from '../../app/counter-runtime';
import { keepPdvServer } from '../pdv/pdv-server';
import { keepTefDial } from '../pdv/tef-dial-host';
import { handleAppProtocol, registerAppSchemeAsPrivileged } from './app-protocol';
import { CustomerDisplay } from './customer-display';
import { guardDownloads } from './downloads';
import { broadcastCounterEvent, registerCounterIpc } from './ipc-register';
import { createElectronPrinting } from './printing';
import { guardQuit, type QuitGuard } from './quit-guard';
import { openSecretStore } from './secret-store';
import { guardSession } from './security';
import { claimSingleInstance } from './single-instance';
import { createCashierWindow } from './windows';

const PRELOAD_PATH = join(import.meta.dirname, '../preload/index.cjs');
const RENDERER_DIR = join(import.meta.dirname, '../renderer');

let cashier: BrowserWindow | undefined;
let customerDisplay: CustomerDisplay | undefined;
let runtime: CounterRuntime | undefined;
let stopWiring: Array<() => void> = [];
let shutdown: Promise<void> | undefined;
let stopped = false;
let quitGuard: QuitGuard | undefined;

function liveCashier(): BrowserWindow | undefined {
  return cashier && !cashier.isDestroyed() ? cashier : undefined;
}

/** The webContents that may call the API and hear its events: our two windows, nothing else. */
function ownWebContents(): WebContents[] {
  return [liveCashier(), customerDisplay?.current].flatMap((window) => (window ? [window.webContents] : []));
}

async function start(): Promise<void> {
  await app.whenReady();
  guardSession(session.defaultSession, { allowDevTools: !app.isPackaged });
  handleAppProtocol(session.defaultSession, RENDERER_DIR);
  guardDownloads(session.defaultSession, app.getPath('documents'));

  const userData = app.getPath('userData');
  const secretStore = await openSecretStore(join(userData, 'appid.secret'));
  if (!secretStore.persistent) console.warn(`[balcao] ${secretStore.storageNote}`);
  const launch = parseLaunchOptions(process.argv.slice(1), process.env);
  const pos = createCounterRuntime({
    dataDir: join(userData, 'pos'),
    remote: launch.remote,
    secretStore,
    printing: createElectronPrinting({ printerSource: () => liveCashier()?.webContents }),
  });
  runtime = pos;

  const display = new CustomerDisplay(PRELOAD_PATH, () => pos.settings.get().customerDisplay);
  customerDisplay = display;
  const resyncDisplay = () => display.sync();
  screen.on('display-added', resyncDisplay);
  screen.on('display-removed', resyncDisplay);
  stopWiring = [
    registerCounterIpc({ call: pos.call, isOwnWebContents: (contents) => ownWebContents().includes(contents) }),
    pos.events.subscribe((event, audience) => {
      broadcastCounterEvent(ownWebContents(), event, audience);
      // Settings saves announce themselves with a status event: the display setting may have changed.
      if (event.type === 'status') display.sync();
    }),
    () => screen.off('display-added', resyncDisplay),
    () => screen.off('display-removed', resyncDisplay),
  ];

  // The PDV API beside the window (hosts/pdv): the counter sells without it when its port is taken.
  const pdvServer = keepPdvServer(pos);
  stopWiring.push(() => void pdvServer.stop());
  // And the PDV file exchange (TEF Discado's IntPos.001), when the owner turned it on.
  const tefDial = keepTefDial(pos);
  stopWiring.push(() => void tefDial.stop());

  cashier = createCashierWindow(PRELOAD_PATH, join(app.getAppPath(), 'resources', 'icon.png'));
  // The cashier's window is the app: closing it closes the customer's screen too. While commands
  // wait for the service, closing it asks first, as quitting does.
  quitGuard?.watch(cashier);
  cashier.on('closed', () => app.quit());
  display.sync();
}

/** Unhooks IPC and events, closes the windows and the runtime (SQLite), once. */
function stop(): Promise<void> {
  shutdown ??= (async () => {
    for (const undo of stopWiring) undo();
    stopWiring = [];
    customerDisplay?.close();
    await runtime?.close();
  })().catch((error: unknown) => console.error('[balcao] shutdown failed', error));
  return shutdown;
}

registerAppSchemeAsPrivileged();

if (!claimSingleInstance(app, liveCashier)) {
  app.quit();
} else {
  // Every webContents, including ones Chromium creates itself: no pop-ups, no <webview>.
  app.on('web-contents-created', (_event, contents) => {
    contents.setWindowOpenHandler(() => ({ action: 'deny' }));
    contents.on('will-attach-webview', (event) => event.preventDefault());
  });
  app.on('window-all-closed', () => app.quit());
  quitGuard = guardQuit({ app, dialog, queued: () => runtime?.status().queued ?? 0, parent: liveCashier });
  // Quit waits for the runtime to close (SQLite checkpoint, timers) before the process ends.
  app.on('will-quit', (event) => {
    if (stopped) return;
    event.preventDefault();
    void stop().finally(() => {
      stopped = true;
      app.quit();
    });
  });
  for (const signal of ['SIGINT', 'SIGTERM'] as const) process.on(signal, () => quitGuard?.quitWithoutAsking());

  start().catch((error: unknown) => {
    console.error('[balcao] could not start', error);
    // The cashier sees no terminal: say it in a box before leaving.
    dialog.showErrorBox('Balcão não pôde iniciar', error instanceof Error ? error.message : String(error));
    void stop().finally(() => app.exit(1));
  });
}
