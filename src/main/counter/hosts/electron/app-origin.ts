// Balcão's own origin: the renderer is served from app://balcao/ and nothing else is trusted.
// Trust is decided by parsing (protocol + host), never by looking for substrings in a URL.

export const APP_SCHEME = 'app';
export const APP_HOST = 'balcao';
export const APP_ORIGIN = `${APP_SCHEME}://${APP_HOST}`;

export const CASHIER_URL = `${APP_ORIGIN}/index.html`;
export const CUSTOMER_DISPLAY_URL = `${APP_ORIGIN}/index.html#/cliente`;

/** True only for a well-formed app://balcao/… URL. */
export function isAppUrl(url: string | undefined | null): boolean {
  if (!url) return false;
  try {
    const parsed = new URL(url);
    return parsed.protocol === `${APP_SCHEME}:` && parsed.host === APP_HOST && !parsed.username && !parsed.password;
  } catch {
    return false;
  }
}

/** A blob: URL created by our own page (blob:app://balcao/<uuid>). */
export function isOwnBlobUrl(url: string): boolean {
  try {
    const parsed = new URL(url);
    return parsed.protocol === 'blob:' && isAppUrl(parsed.pathname);
  } catch {
    return false;
  }
}

/** DevTools' own pages, allowed only while developing (they are Chromium's, never remote). */
export function isDevToolsUrl(url: string): boolean {
  try {
    return new URL(url).protocol === 'devtools:';
  } catch {
    return false;
  }
}
