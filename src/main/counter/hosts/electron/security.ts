// Session- and window-level guards from Electron's security checklist. Everything is denied by
// default; the only content ever allowed is our own app:// origin (plus DevTools while developing).
import type { Session, WebContents } from 'electron';
import { isAppUrl, isDevToolsUrl, isOwnBlobUrl } from './app-origin';
import { CONTENT_SECURITY_POLICY } from '../content-security-policy';

export interface SessionGuardOptions {
  /** Development only: lets DevTools' own devtools:// pages load. */
  allowDevTools?: boolean;
}

/**
 * Whether a request may leave the renderer at all: only app://balcao, the page's own blob: URLs
 * and data: URLs (local by nature; the CSP limits them to images and sound), and DevTools in dev.
 */
export function isAllowedRequest(url: string, options: SessionGuardOptions = {}): boolean {
  if (isAppUrl(url) || isOwnBlobUrl(url) || isDataUrl(url)) return true;
  return Boolean(options.allowDevTools) && isDevToolsUrl(url);
}

function isDataUrl(url: string): boolean {
  try {
    return new URL(url).protocol === 'data:';
  } catch {
    return false;
  }
}

/** No remote content, a CSP on every response, and every permission refused. */
export function guardSession(session: Session, options: SessionGuardOptions = {}): void {
  session.webRequest.onBeforeRequest((details, callback) => {
    callback({ cancel: !isAllowedRequest(details.url, options) });
  });
  session.webRequest.onHeadersReceived((details, callback) => {
    const responseHeaders = { ...details.responseHeaders };
    for (const name of Object.keys(responseHeaders)) {
      if (name.toLowerCase() === 'content-security-policy') delete responseHeaders[name];
    }
    responseHeaders['Content-Security-Policy'] = [CONTENT_SECURITY_POLICY];
    callback({ responseHeaders });
  });
  // A POS needs no camera, microphone, notifications, geolocation or clipboard-read grants.
  session.setPermissionRequestHandler((_webContents, _permission, callback) => callback(false));
  session.setPermissionCheckHandler(() => false);
}

/** Navigation only within app://balcao; no new windows, no <webview>. */
export function guardWebContents(contents: WebContents): void {
  const denyForeign = (event: { preventDefault(): void }, url: string) => {
    if (!isAppUrl(url)) event.preventDefault();
  };
  contents.on('will-navigate', denyForeign);
  contents.on('will-redirect', denyForeign);
  contents.on('will-frame-navigate', (event) => {
    if (!isAppUrl(event.url)) event.preventDefault();
  });
  contents.on('will-attach-webview', (event) => event.preventDefault());
  contents.setWindowOpenHandler(() => ({ action: 'deny' }));
}
