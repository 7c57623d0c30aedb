// Balcão's two windows. Their webPreferences are written once, as a literal in the one
// BrowserWindow constructor call, on purpose: reviewers and scanners (Electronegativity matches the
// AST) can check them without following any variable.
import { BrowserWindow, type BrowserWindowConstructorOptions, type Display } from 'electron';
import { CASHIER_URL, CUSTOMER_DISPLAY_URL } from './app-origin';
import { guardWebContents } from './security';

// The smallest window the layout tour checks (test/e2e/viewports.ts): a 1024×768 monitor's width,
// and the height of a 1366×768 laptop at Windows' 125% scale (614 CSS pixels), so the window fits it.
export const CASHIER_MIN_WIDTH = 1024;
export const CASHIER_MIN_HEIGHT = 614;

/** The cashier's window: the whole counter app, keyboard-first. */
export function createCashierWindow(preloadPath: string, iconPath?: string): BrowserWindow {
  return createGuardedWindow(
    {
      width: 1280,
      height: 800,
      minWidth: CASHIER_MIN_WIDTH,
      minHeight: CASHIER_MIN_HEIGHT,
      title: 'Balcão',
      icon: iconPath,
      autoHideMenuBar: true,
    },
    preloadPath,
    CASHIER_URL,
    (window) => window.show(),
  );
}

/** The display the customer faces: the first one that is not the primary, if any. */
export function pickCustomerDisplay(displays: readonly Display[], primary: Display): Display | undefined {
  return displays.find((display) => display.id !== primary.id);
}

/** The customer-facing window: full screen on the second display, the QR and the amount only. */
export function createCustomerWindow(preloadPath: string, display: Display): BrowserWindow {
  const { x, y, width, height } = display.bounds;
  return createGuardedWindow(
    { x, y, width, height, fullscreen: true, frame: false, focusable: false, title: 'Balcão — cliente' },
    preloadPath,
    CUSTOMER_DISPLAY_URL,
    // showInactive: the customer's screen must never steal the cashier's keyboard focus.
    (window) => window.showInactive(),
  );
}

/**
 * A Balcão window with `look`: the secure webPreferences and the preload, its navigation guarded,
 * hidden until its first paint is ready (no white flash), then shown by `show`, on `url`.
 */
function createGuardedWindow(
  look: Omit<BrowserWindowConstructorOptions, 'show' | 'backgroundColor' | 'webPreferences'>,
  preloadPath: string,
  url: string,
  show: (window: BrowserWindow) => void,
): BrowserWindow {
  const window = new BrowserWindow({
    ...look,
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
  window.once('ready-to-show', () => show(window));
  void window.loadURL(url);
  return window;
}
