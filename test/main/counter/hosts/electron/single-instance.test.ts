import { EventEmitter } from 'node:events';
import { describe, expect, it, vi } from 'vitest';

vi.mock('electron', async () => {
  const { electronFake } = await import('./fake-electron');
  electronFake.app.hasLock = false;
  return electronFake;
});
vi.mock('#counter/app/counter-runtime', () => ({ createCounterRuntime: vi.fn() }));

import { createCounterRuntime } from '#counter/app/counter-runtime';
import { claimSingleInstance } from '#counter/hosts/electron/single-instance';
import { electronFake, FakeBrowserWindow } from './fake-electron';

describe('a second instance', () => {
  it('quits at once when another Balcão holds the lock: no window, no runtime, no IPC', async () => {
    await import('#counter/hosts/electron/index');
    electronFake.app.markReady();
    await new Promise((resolve) => setTimeout(resolve, 20));
    expect(electronFake.app.quit).toHaveBeenCalledOnce();
    expect(FakeBrowserWindow.instances).toHaveLength(0);
    expect(createCounterRuntime).not.toHaveBeenCalled();
    expect(electronFake.ipcMain.handlers.size).toBe(0);
  });

  it('does not fail when the first instance has no window yet', () => {
    const app = Object.assign(new EventEmitter(), { requestSingleInstanceLock: () => true });
    expect(claimSingleInstance(app as never, () => undefined)).toBe(true);
    expect(() => app.emit('second-instance')).not.toThrow();
  });
});
