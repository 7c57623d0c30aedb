import { mkdtempSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { describe, expect, it, vi } from 'vitest';

vi.mock('electron', async () => (await import('./fake-electron')).electronFake);
vi.mock('#counter/app/counter-runtime', () => ({
  createCounterRuntime: vi.fn(() => {
    throw new Error('database is locked');
  }),
}));

import { electronFake, fakeElectronState, FakeBrowserWindow } from './fake-electron';

describe('a start that fails', () => {
  it('tells the cashier in a dialog, opens no window, leaves no IPC and exits non-zero', async () => {
    fakeElectronState.userData = mkdtempSync(join(tmpdir(), 'balcao-user-data-'));
    vi.spyOn(console, 'error').mockImplementation(() => undefined);
    await import('#counter/hosts/electron/index');
    electronFake.app.markReady();
    await vi.waitFor(() => expect(electronFake.app.exit).toHaveBeenCalledWith(1));
    expect(electronFake.dialog.showErrorBox).toHaveBeenCalledWith('Balcão não pôde iniciar', 'database is locked');
    expect(FakeBrowserWindow.instances).toHaveLength(0);
    expect(electronFake.ipcMain.handlers.size).toBe(0);
  });
});
