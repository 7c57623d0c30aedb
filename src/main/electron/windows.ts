// Balcão's two windows. Their webPreferences are written as literals on purpose: reviewers and
// scanners (Electronegativity matches the AST) can check them without following any variable.
import { BrowserWindow, type Display } from 'electron';
import { CASHIER_URL, CUSTOMER_DISPLAY_URL } from './app-origin';
import { guardWebContents } from './security';

export const CASHIER_MIN_WIDTH = 1024;
export const CASHIER_MIN_HEIGHT = 700;

/** The cashier's window: the whole counter app, keyboard-first. */
export function createCashierWindow(preloadPath: string, iconPath?: string): BrowserWindow {
  const window = new BrowserWindow({
    width: 1280,
    height: 800,
    minWidth: CASHIER_MIN_WIDTH,
    minHeight: CASHIER_MIN_HEIGHT,
    title: 'Balcão',
    icon: iconPath,
    show: false,
    backgroundColor: '#ffffff',
    autoHideMenuBar: true,
    webPreferences: {
      preload: preloadPath,
      contextIsolation: true,
      sandbox: true,
      nodeIntegration: false,
      nodeIntegrationInSubFrames: false,
      webSecurity: true,
      allowRunningInsecureContent: false,
      experimentalFeatures: false,
      webviewTag: false,
      spellcheck: false,
    },
  });
  guardWebContents(window.webContents);
  window.once('ready-to-show', () => window.show());
  void window.loadURL(CASHIER_URL);
  return window;
}

/** The display the customer faces: the first one that is not the primary, if any. */
export function pickCustomerDisplay(displays: readonly Display[], primary: Display): Display | undefined {
  return displays.find((display) => display.id !== primary.id);
}

/** The customer-facing window: full screen on the second display, the QR and the amount only. */
export function createCustomerWindow(preloadPath: string, display: Display): BrowserWindow {
  const { x, y, width, height } = display.bounds;
  const window = new BrowserWindow({
    x,
    y,
    width,
    height,
    fullscreen: true,
    frame: false,
    focusable: false,
    title: 'Balcão — cliente',
    show: false,
    backgroundColor: '#ffffff',
    webPreferences: {
      preload: preloadPath,
      contextIsolation: true,
      sandbox: true,
      nodeIntegration: false,
      nodeIntegrationInSubFrames: false,
      webSecurity: true,
      allowRunningInsecureContent: false,
      experimentalFeatures: false,
      webviewTag: false,
      spellcheck: false,
    },
  });
  guardWebContents(window.webContents);
  // showInactive: the customer's screen must never steal the cashier's keyboard focus.
  window.once('ready-to-show', () => window.showInactive());
  void window.loadURL(CUSTOMER_DISPLAY_URL);
  return window;
}
