// The browser host's tabs, told apart. Each page makes up an id when its bridge starts, opens its
// push stream with it and sends it with every call: so main knows which tab a call came from, and
// which push stream is that tab's (main/call-origin.ts). Electron needs none: it knows the window.
export const PAGE_HEADER = 'x-balcao-page';
/** The push stream's query parameter (EventSource cannot send headers). */
export const PAGE_QUERY = 'page';

const PAGE_ID = /^[0-9a-f]{32}$/;

export function isPageId(value: unknown): value is string {
  return typeof value === 'string' && PAGE_ID.test(value);
}

/** 128 random bits in hex: getRandomValues, unlike randomUUID, works on a plain-http LAN address too. */
export function newPageId(): string {
  const bytes = globalThis.crypto.getRandomValues(new Uint8Array(16));
  return Array.from(bytes, (byte) => byte.toString(16).padStart(2, '0')).join('');
}
