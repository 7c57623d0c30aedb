// Electron's door to the counter's methods: one `counter:<method>` channel per name of the table,
// each checking who is calling and then handing the payload, with the window it came from, to the
// one adapter both hosts share (app/counter-call.ts), whose `{ ok, value }` / `{ ok, error }`
// result is the reply. And the way back: each push to the windows it is for.
import { ipcMain, type IpcMainInvokeEvent, type WebContents } from 'electron';
import type { CounterCall } from '../../app/counter-call';
import { EVERY_WINDOW, reaches, windowOrigin, type Audience } from '../../ports/call-origin';
import type { CounterEvent } from '#shared/counter/counter-api';
import { channelOf, COUNTER_EVENT_CHANNEL, COUNTER_INVOKE_METHODS } from '#shared/counter/counter-channels';
import { isAppUrl } from './app-origin';

export interface IpcRegistrationOptions {
  /** The counter's calls (CounterRuntime.call). */
  call: CounterCall;
  /** True for the webContents of one of Balcão's own windows (never a print or foreign one). */
  isOwnWebContents: (contents: WebContents) => boolean;
  log?: (message: string, error?: unknown) => void;
}

/** Why a sender is refused, or null when it is one of ours showing app://balcao. */
export function senderRejection(event: IpcMainInvokeEvent, isOwn: (contents: WebContents) => boolean): string | null {
  const frame = event.senderFrame;
  if (!frame) return 'no sender frame';
  if (!isAppUrl(frame.url)) return 'sender frame is not app://balcao';
  // Our pages have no frames; a subframe calling in is someone else's content.
  if (frame.parent) return 'sender is a subframe';
  if (!isOwn(event.sender)) return 'sender is not a Balcão window';
  return null;
}

/** Registers every allowlisted channel; returns the unregister (used on quit and in tests). */
export function registerCounterIpc(options: IpcRegistrationOptions): () => void {
  for (const method of COUNTER_INVOKE_METHODS) {
    ipcMain.handle(channelOf(method), (event, payload: unknown) => {
      const rejection = senderRejection(event, options.isOwnWebContents);
      if (rejection) {
        (options.log ?? console.warn)(`counter:${method} refused: ${rejection}`);
        // A rejected promise, not a result: a foreign frame learns nothing about the app.
        throw new Error('Forbidden');
      }
      return options.call(method, payload, windowOrigin(event.sender.id));
    });
  }
  return () => {
    for (const method of COUNTER_INVOKE_METHODS) ipcMain.removeHandler(channelOf(method));
  };
}

/** Pushes one event to every live window of ours it is for, on the single push channel. */
export function broadcastCounterEvent(
  contents: Iterable<WebContents>,
  event: CounterEvent,
  audience: Audience = EVERY_WINDOW,
): void {
  for (const target of contents) {
    if (!target.isDestroyed() && reaches(audience, windowOrigin(target.id))) target.send(COUNTER_EVENT_CHANNEL, event);
  }
}
