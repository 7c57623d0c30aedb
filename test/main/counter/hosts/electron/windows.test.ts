import { beforeEach, describe, expect, it, vi } from 'vitest';

vi.mock('electron', async () => (await import('./fake-electron')).electronFake);

import { createCashierWindow, createCustomerWindow, pickCustomerDisplay } from '#counter/hosts/electron/windows';
import type { Display } from 'electron';
import { FakeBrowserWindow } from './fake-electron';
import { SCREEN_SIZES } from '#test/e2e/viewports';

const SECURE_WEB_PREFERENCES = {
  contextIsolation: true,
  sandbox: true,
  nodeIntegration: false,
  nodeIntegrationInSubFrames: false,
  webSecurity: true,
  allowRunningInsecureContent: false,
  experimentalFeatures: false,
  webviewTag: false,
  spellcheck: false,
};

function display(id: number, x: number) {
  return { id, bounds: { x, y: 0, width: 1920, height: 1080 } } as unknown as Display;
}

beforeEach(() => {
  FakeBrowserWindow.instances.length = 0;
});

describe('cashier window', () => {
  it('is created with the secure webPreferences, the preload and the minimum size', () => {
    createCashierWindow('/app/out/preload/index.cjs');
    const [window] = FakeBrowserWindow.instances;
    expect(window!.options.webPreferences).toEqual({
      preload: '/app/out/preload/index.cjs',
      ...SECURE_WEB_PREFERENCES,
    });
    // As small as the smallest screen the layout tour checks, and no smaller.
    expect(window!.options.minWidth).toBe(Math.min(...SCREEN_SIZES.map((size) => size.width)));
    expect(window!.options.minHeight).toBe(Math.min(...SCREEN_SIZES.map((size) => size.height)));
    expect(window!.options.webPreferences).not.toHaveProperty('enableBlinkFeatures');
  });

  it('loads the renderer from app://balcao, never file://', () => {
    createCashierWindow('/p.cjs');
    expect(FakeBrowserWindow.instances[0]!.loadURL).toHaveBeenCalledWith('app://balcao/index.html');
  });

  it('is shown only when ready (no white flash) and guards its navigation', () => {
    const window = createCashierWindow('/p.cjs') as unknown as FakeBrowserWindow;
    expect(window.show).not.toHaveBeenCalled();
    window.emit('ready-to-show');
    expect(window.show).toHaveBeenCalledOnce();
    expect(window.webContents.windowOpenHandler?.({ url: 'https://example.com' })).toEqual({ action: 'deny' });
    expect(window.webContents.listenerCount('will-navigate')).toBe(1);
  });
});

describe('customer display', () => {
  it('picks the first display that is not the primary one', () => {
    const primary = display(1, 0);
    expect(pickCustomerDisplay([primary, display(7, 1920), display(9, 3840)], primary)?.id).toBe(7);
    expect(pickCustomerDisplay([primary], primary)).toBeUndefined();
  });

  it('opens full screen on that display with the same secure preferences, on #/cliente, without taking focus', () => {
    const window = createCustomerWindow('/p.cjs', display(7, 1920)) as unknown as FakeBrowserWindow;
    expect(window.options).toMatchObject({
      x: 1920,
      y: 0,
      width: 1920,
      height: 1080,
      fullscreen: true,
      focusable: false,
    });
    expect(window.options.webPreferences).toEqual({ preload: '/p.cjs', ...SECURE_WEB_PREFERENCES });
    expect(window.loadURL).toHaveBeenCalledWith('app://balcao/index.html#/cliente');
    window.emit('ready-to-show');
    expect(window.showInactive).toHaveBeenCalledOnce();
    expect(window.show).not.toHaveBeenCalled();
  });
});
