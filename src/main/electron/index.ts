import { join } from 'node:path';
import { app, BrowserWindow } from 'electron';
import { createSandboxService, type SandboxService } from '../sandbox-service';

// The Electron shell, foundation stage: it hosts the engine (the embedded sandbox, served on a
// loopback port) and opens the cashier window. The cashier screens, the preload API and the IPC
// registration arrive with the counter app; until then the window shows where the sandbox runs.

let sandbox: SandboxService | undefined;

async function createWindow(): Promise<void> {
  sandbox = createSandboxService({ dbPath: join(app.getPath('userData'), 'sandbox.db') });
  const url = await sandbox.listen(0);
  const window = new BrowserWindow({
    width: 1280,
    height: 800,
    webPreferences: {
      preload: join(__dirname, '../preload/index.cjs'),
      contextIsolation: true,
      sandbox: true,
      nodeIntegration: false,
      webSecurity: true,
    },
  });
  window.webContents.setWindowOpenHandler(() => ({ action: 'deny' }));
  window.webContents.on('will-navigate', (event) => event.preventDefault());
  await window.loadFile(join(__dirname, '../renderer/index.html'), { hash: `sandbox=${encodeURIComponent(url)}` });
}

if (!app.requestSingleInstanceLock()) {
  app.quit();
} else {
  app.whenReady().then(createWindow).catch((error: unknown) => {
    console.error(error);
    app.quit();
  });
  app.on('window-all-closed', () => {
    void sandbox?.close();
    app.quit();
  });
}
