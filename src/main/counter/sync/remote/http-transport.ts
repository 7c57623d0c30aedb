// How the counter's remote client puts a request on the wire and reads its answer, and nothing
// more: the client decides what the answer, or the failure, means (http-service-client.ts).
//
// By default through undici's `request` on a keep-alive pool, not through `fetch`. A drain of an
// hour offline sends thousands of requests back to back, and `fetch` (undici underneath, behind
// the WHATWG Request, Response and streams) cost about as much CPU per request as everything else
// the counter does with the answer (bench/profile-drain.ts). undici is Node's own HTTP client, kept
// by Node's team; its keep-alive pool reuses a connection the way fetch's global one did.
// A `fetch` can still be given (tests that break the network from inside the process, and the
// connection check, which records each exchange): both read the same way.
import { Agent, request } from 'undici';

export interface HttpExchange {
  method: string;
  headers: Record<string, string>;
  body?: string;
  /** No whole answer (status and body) within this many milliseconds aborts the exchange. */
  timeoutMs: number;
}

export interface HttpAnswer {
  status: number;
  /** A response header, or null when absent. */
  header(name: string): string | null;
  /** The body as text; rejects when the connection drops mid-body. */
  text(): Promise<string>;
}

/** Sends one request; rejects, with the network's error as undici or fetch gives it, when no answer came. */
export type HttpTransport = (url: string, exchange: HttpExchange) => Promise<HttpAnswer>;

/** Idle connections are kept this long: past a few seconds a remote or a proxy may close them first. */
const KEEP_ALIVE_MS = 4_000;

let sharedPool: Agent | undefined;

/** undici's `request` on one keep-alive pool for the process. */
export function undiciTransport(
  pool: Agent = (sharedPool ??= new Agent({ keepAliveTimeout: KEEP_ALIVE_MS })),
): HttpTransport {
  return async (url, exchange) => {
    const signal = AbortSignal.timeout(exchange.timeoutMs);
    const answer = await request(url, {
      dispatcher: pool,
      method: exchange.method as 'GET',
      headers: exchange.headers,
      body: exchange.body,
      signal,
    });
    return {
      status: answer.statusCode,
      header(name) {
        const value = answer.headers[name.toLowerCase()];
        return Array.isArray(value) ? (value[0] ?? null) : (value ?? null);
      },
      text: () => answer.body.text(),
    };
  };
}

/** The same exchange through a `fetch`. */
export function fetchTransport(fetchImpl: typeof fetch): HttpTransport {
  return async (url, exchange) => {
    const response = await fetchImpl(url, {
      method: exchange.method,
      headers: exchange.headers,
      body: exchange.body,
      signal: AbortSignal.timeout(exchange.timeoutMs),
    });
    return {
      status: response.status,
      header: (name) => response.headers.get(name),
      text: () => response.text(),
    };
  };
}
