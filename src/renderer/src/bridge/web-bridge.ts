// The CounterApi for the page: Electron's preload already defined `window.counter`; in the browser
// host the same contract is carried over HTTP (invoke) and Server-Sent Events (onEvent), both
// named by this tab's page id, so a push this tab's own call already answered skips it.
import { newPageId, PAGE_HEADER, PAGE_QUERY } from '#shared/counter/bridge-page';
import { counterErrorBodyOf, type CounterErrorBody } from '#shared/counter/counter-errors';
import type { CounterApi, CounterEvent } from '#shared/counter/counter-api';
import { COUNTER_INVOKE_METHODS, type CounterInvokeMethod } from '#shared/counter/counter-channels';

const TOKEN_KEY = 'balcao.token';
const BRIDGE = '/__balcao';

/**
 * The error a call rejects with: main's body `{ code, message?, details? }` as it came, the very
 * plain object Electron's preload rejects with, so the screens read one shape in both hosts. The
 * response's HTTP status is not part of it: the code says what happened.
 */
function refuse(body: unknown): never {
  const error = typeof body === 'object' && body !== null ? (body as { error?: unknown }).error : undefined;
  const refusal: CounterErrorBody = counterErrorBodyOf(error) ?? { code: 'INTERNAL' };
  // eslint-disable-next-line @typescript-eslint/only-throw-error -- the one plain error shape (see above)
  throw refusal;
}

/**
 * Takes the run token from `?token=` once, keeps it for this tab (sessionStorage survives a
 * reload, not the tab) and removes it from the address bar so it is not bookmarked or shared.
 */
export function takeRunToken(): string {
  const url = new URL(window.location.href);
  const fromUrl = url.searchParams.get('token');
  if (fromUrl) {
    sessionStorage.setItem(TOKEN_KEY, fromUrl);
    url.searchParams.delete('token');
    history.replaceState(history.state, '', url.pathname + url.search + url.hash);
    return fromUrl;
  }
  const kept = sessionStorage.getItem(TOKEN_KEY);
  if (kept) return kept;
  throw new Error('falta o token de acesso: abra o endereço que o Balcão mostrou ao iniciar (…/?token=…)');
}

export function createWebBridge(): CounterApi {
  const token = takeRunToken();
  // New with every page load: a reloaded tab is a new page, with a new stream.
  const pageId = newPageId();

  async function invoke(method: CounterInvokeMethod, payload: unknown): Promise<unknown> {
    let response: Response;
    try {
      response = await fetch(`${BRIDGE}/invoke/${method}`, {
        method: 'POST',
        headers: { 'Content-Type': 'application/json', 'x-balcao-token': token, [PAGE_HEADER]: pageId },
        body: payload === undefined ? '' : JSON.stringify(payload),
        credentials: 'omit',
        cache: 'no-store',
      });
    } catch {
      refuse({ error: { code: 'HOST_UNREACHABLE' } });
    }
    const body = (await response.json().catch(() => null)) as unknown;
    if (!response.ok) refuse(body);
    return body;
  }

  const listeners = new Set<(event: CounterEvent) => void>();
  let source: EventSource | null = null;
  let retry: ReturnType<typeof setTimeout> | null = null;

  // One stream for every listener. The browser reconnects on its own after a drop; if it gives
  // up (the host answered an error, e.g. a restart with a new token), we try again ourselves.
  function connect(): void {
    const query = new URLSearchParams({ token, [PAGE_QUERY]: pageId });
    source = new EventSource(`${BRIDGE}/events?${query.toString()}`);
    source.onmessage = (message: MessageEvent<string>) => {
      let event: CounterEvent;
      try {
        event = JSON.parse(message.data) as CounterEvent;
      } catch {
        return;
      }
      for (const listener of listeners) listener(event);
    };
    source.onerror = () => {
      if (source?.readyState !== EventSource.CLOSED) return;
      source = null;
      retry = setTimeout(() => {
        retry = null;
        if (listeners.size > 0) connect();
      }, 2_000);
    };
  }

  function disconnect(): void {
    source?.close();
    source = null;
    if (retry) clearTimeout(retry);
    retry = null;
  }

  // Every allowlisted method has the same shape on the wire: payload in, result out.
  const invokers = Object.fromEntries(
    COUNTER_INVOKE_METHODS.map((method) => [method, (payload?: unknown) => invoke(method, payload)]),
  ) as { [M in CounterInvokeMethod]: CounterApi[M] };

  return {
    ...invokers,
    onEvent(listener) {
      listeners.add(listener);
      if (!source && !retry) connect();
      return () => {
        listeners.delete(listener);
        if (listeners.size === 0) disconnect();
      };
    },
  } satisfies CounterApi;
}

/** Called once at startup: the preload's API under Electron, the web bridge in a browser. */
export function installCounterApi(): CounterApi {
  return window.counter ?? createWebBridge();
}
