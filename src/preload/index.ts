// The preload of Balcão's windows: runs sandboxed with contextIsolation and exposes ONE typed API,
// `window.balcao`, whose shape is the shared contract (PosApi). Each method invokes its own
// allowlisted channel; nothing raw (ipcRenderer, channels chosen by the page, the IPC event
// object) ever reaches the renderer. It imports only electron and the dependency-free channel list
// so the bundle is one small CJS file, as a sandboxed preload requires.
import { contextBridge, ipcRenderer } from 'electron';
import { channelOf, POS_EVENT_CHANNEL, POS_INVOKE_METHODS, type PosInvokeMethod } from '../shared/pos-channels';
import type { PosApi, PosEvent } from '../shared/pos-api';

type Envelope = { ok: true; value: unknown } | { ok: false; error: string; status?: number };

/**
 * The error the renderer sees: the main process's message and its HTTP-like status. A plain
 * object, not an Error: contextBridge copies an Error into the page with its message alone, and
 * the status (a 409 that asks the owner to confirm, say) would be lost on the way.
 */
interface PosBridgeError {
  name: 'PosError';
  message: string;
  status?: number;
}

function bridgeError(message: string, status?: number): PosBridgeError {
  return status === undefined ? { name: 'PosError', message } : { name: 'PosError', message, status };
}

function unwrap(envelope: unknown): unknown {
  const reply = envelope as Envelope | undefined;
  if (reply && reply.ok === true) return reply.value;
  // eslint-disable-next-line @typescript-eslint/only-throw-error -- see PosBridgeError
  if (reply && reply.ok === false) throw bridgeError(String(reply.error), reply.status);
  throw bridgeError('Resposta inválida do processo principal');
}

function invoker(method: PosInvokeMethod) {
  const channel = channelOf(method);
  return async (payload?: unknown) => unwrap(await ipcRenderer.invoke(channel, payload));
}

// The cast is sound: pos-channels proves at compile time that POS_INVOKE_METHODS lists every
// invoke method of PosApi, and each value is whatever main's handler for that method returned.
const invokers = Object.fromEntries(POS_INVOKE_METHODS.map((method) => [method, invoker(method)])) as unknown as Omit<
  PosApi,
  'onEvent'
>;

const api = {
  ...invokers,
  onEvent(listener: (event: PosEvent) => void): () => void {
    // The IpcRendererEvent carries `sender` (the ipcRenderer itself): it must not cross the bridge.
    const relay = (_event: unknown, payload: PosEvent) => listener(payload);
    ipcRenderer.on(POS_EVENT_CHANNEL, relay);
    return () => {
      ipcRenderer.removeListener(POS_EVENT_CHANNEL, relay);
    };
  },
} satisfies PosApi;

contextBridge.exposeInMainWorld('balcao', api);
