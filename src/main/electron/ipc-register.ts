// The ONE place where the renderer's calls enter the main process. Every `pos:<method>` channel
// checks who is calling, parses the payload with the shared zod schema and only then runs the
// app's handler; answers travel as `{ ok, value }` / `{ ok, error, status }` envelopes.
import { ipcMain, type IpcMainInvokeEvent, type WebContents } from 'electron';
import { errorBodyOf, PosError } from '../app/pos-error';
import type { PosEvent } from '../../shared/pos-api';
import { channelOf, POS_EVENT_CHANNEL, POS_INVOKE_METHODS, type PosInvokeMethod } from '../../shared/pos-channels';
import { posPayloadSchemas, type PosPayload } from '../../shared/pos-ipc-schemas';
import { isAppUrl } from './app-origin';

/** The handler table the app runtime provides, one function per invoke method. */
export type PosHandlerTable = { [M in PosInvokeMethod]: (payload: PosPayload<M>) => unknown };

export type PosEnvelope = { ok: true; value: unknown } | { ok: false; error: string; status: number };

export interface IpcRegistrationOptions {
  handlers: PosHandlerTable;
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

function firstIssue(error: { issues: ReadonlyArray<{ path: PropertyKey[]; message: string }> }): string {
  const issue = error.issues[0];
  if (!issue) return 'Dados inválidos';
  const where = issue.path.map(String).join('.');
  return where ? `${where}: ${issue.message}` : issue.message;
}

async function answer(
  method: PosInvokeMethod,
  payload: unknown,
  options: IpcRegistrationOptions,
): Promise<PosEnvelope> {
  const parsed = posPayloadSchemas[method].safeParse(payload);
  if (!parsed.success) return { ok: false, error: firstIssue(parsed.error), status: 400 };
  try {
    const handler = options.handlers[method] as (input: unknown) => unknown;
    return { ok: true, value: await handler(parsed.data) };
  } catch (error) {
    if (!(error instanceof PosError)) (options.log ?? console.error)(`pos:${method} failed`, error);
    return { ok: false, ...errorBodyOf(error) };
  }
}

/** Registers every allowlisted channel; returns the unregister (used on quit and in tests). */
export function registerPosIpc(options: IpcRegistrationOptions): () => void {
  for (const method of POS_INVOKE_METHODS) {
    ipcMain.handle(channelOf(method), (event, payload: unknown) => {
      const rejection = senderRejection(event, options.isOwnWebContents);
      if (rejection) {
        (options.log ?? console.warn)(`pos:${method} refused: ${rejection}`);
        // A rejected promise, not an envelope: a foreign frame learns nothing about the app.
        throw new Error('Forbidden');
      }
      return answer(method, payload, options);
    });
  }
  return () => {
    for (const method of POS_INVOKE_METHODS) ipcMain.removeHandler(channelOf(method));
  };
}

/** Pushes one event to every live window of ours on the single push channel. */
export function broadcastPosEvent(contents: Iterable<WebContents>, event: PosEvent): void {
  for (const target of contents) {
    if (!target.isDestroyed()) target.send(POS_EVENT_CHANNEL, event);
  }
}
