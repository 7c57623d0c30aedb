// The preload of Balcão's windows: runs sandboxed with contextIsolation and exposes ONE typed API,
// `window.counter`, whose shape is the shared contract (CounterApi). Each method invokes its own
// allowlisted channel; nothing raw (ipcRenderer, channels chosen by the page, the IPC event
// object) ever reaches the renderer. It imports only electron and the dependency-free name list
// (src/shared/counter/counter-channels.ts, proven equal to the method table's names), never the table itself:
// a sandboxed preload may require nothing but 'electron', so whatever it imports is bundled into
// its one small CJS file, and zod has no place there.
import { contextBridge, ipcRenderer } from 'electron';
import type { CounterErrorBody, CounterResult } from '#shared/counter/counter-errors';
import {
  channelOf,
  COUNTER_EVENT_CHANNEL,
  COUNTER_INVOKE_METHODS,
  type CounterInvokeMethod,
} from '#shared/counter/counter-channels';
import type { CounterApi, CounterEvent } from '#shared/counter/counter-api';

/**
 * What the renderer catches: main's error body as it came, `{ code, message?, details? }`, the
 * same object the browser bridge throws. A plain object, not an Error: contextBridge copies an
 * Error into the page with its message alone, and the code would be lost on the way.
 */
function unwrap(reply: unknown): unknown {
  const result = reply as CounterResult | undefined;
  if (result && result.ok === true) return result.value;
  if (result && result.ok === false && typeof result.error?.code === 'string') refuse(result.error);
  refuse({ code: 'INTERNAL', message: 'Resposta inválida do processo principal' });
}

function refuse(error: CounterErrorBody): never {
  // eslint-disable-next-line @typescript-eslint/only-throw-error -- a plain object on purpose (see above)
  throw error;
}

function invoker(method: CounterInvokeMethod) {
  const channel = channelOf(method);
  return async (payload?: unknown) => unwrap(await ipcRenderer.invoke(channel, payload));
}

// The cast is sound: counter-methods.ts proves at compile time that COUNTER_INVOKE_METHODS names every
// method of the table, and each value is whatever main's handler for that method answered.
const invokers = Object.fromEntries(
  COUNTER_INVOKE_METHODS.map((method) => [method, invoker(method)]),
) as unknown as Omit<CounterApi, 'onEvent'>;

const api = {
  ...invokers,
  onEvent(listener: (event: CounterEvent) => void): () => void {
    // The IpcRendererEvent carries `sender` (the ipcRenderer itself): it must not cross the bridge.
    const relay = (_event: unknown, payload: CounterEvent) => listener(payload);
    ipcRenderer.on(COUNTER_EVENT_CHANNEL, relay);
    return () => {
      ipcRenderer.removeListener(COUNTER_EVENT_CHANNEL, relay);
    };
  },
} satisfies CounterApi;

contextBridge.exposeInMainWorld('counter', api);
