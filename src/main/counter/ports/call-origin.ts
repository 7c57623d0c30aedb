// Which window of the counter a call came from, and so which windows a push is for. A create's
// answer already carries its sale to the window that asked; the push of that sale goes to every
// window but that one (app/sale-pushes.ts). Electron knows each window by its webContents; the
// browser host knows each tab by the page id its calls and its push stream carry
// (src/shared/counter/bridge-page.ts). A call from no window (tests, tools, the bench) has no origin, and
// its pushes reach every window. Declared here, beside the layers, so the handlers' port
// (counter-handler-port.ts) and both hosts name the same thing.
import { isPageId } from '#shared/counter/bridge-page';

export type CallOrigin = string & { readonly __callOrigin: unique symbol };

/** An Electron window, by its webContents' id. */
export function windowOrigin(webContentsId: number): CallOrigin {
  return `window:${webContentsId}` as CallOrigin;
}

/** A browser tab, by the page id it sent; undefined for anything that is not one. */
export function pageOrigin(pageId: unknown): CallOrigin | undefined {
  return isPageId(pageId) ? (`page:${pageId}` as CallOrigin) : undefined;
}

/** Who a push is for: every window, or every window but one (a call's answer already told it). */
export interface Audience {
  readonly except?: CallOrigin;
}

export const EVERY_WINDOW: Audience = {};

/** Every window but `origin`; every window when there is none. */
export function allBut(origin: CallOrigin | undefined): Audience {
  return origin === undefined ? EVERY_WINDOW : { except: origin };
}

/** Whether a push for `audience` goes to `window` (undefined: a listener that is no window). */
export function reaches(audience: Audience, window: CallOrigin | undefined): boolean {
  return audience.except === undefined || audience.except !== window;
}
