// A real client's webhook endpoint on a loopback port: each request is handed, raw, to that
// client's receiver logic (re-implemented in its replay file), and the answer that logic decides
// is what the sandbox gets back. Every request and answer is recorded; a test awaits the one it
// expects with `next`, which resolves when it arrives (no polling, no sleeps).
import { EventEmitter, once } from 'node:events';
import { createServer, type IncomingHttpHeaders, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';

export interface IncomingWebhook {
  method: string;
  /** Path and query as received. */
  path: string;
  query: URLSearchParams;
  /** Header names lowercased (node's view). */
  headers: IncomingHttpHeaders;
  /** The exact bytes received, as UTF-8 text: what signatures are over. */
  rawBody: string;
}

export interface ReceiverAnswer {
  status: number;
  /** Sent as JSON when given. */
  body?: unknown;
}

export interface Handled {
  request: IncomingWebhook;
  answer: ReceiverAnswer;
}

export type ReceiverLogic = (request: IncomingWebhook) => ReceiverAnswer;

export interface ClientReceiver {
  /** Base URL, no trailing slash. */
  readonly url: string;
  readonly handled: readonly Handled[];
  /**
   * The first handled request (already recorded or still to come) that `matches`, in arrival
   * order; rejects after `timeoutMs` naming `what`.
   */
  next(what: string, matches: (handled: Handled) => boolean, timeoutMs?: number): Promise<Handled>;
  close(): Promise<void>;
}

export async function startClientReceiver(logic: ReceiverLogic): Promise<ClientReceiver> {
  const handled: Handled[] = [];
  const arrivals = new EventEmitter();
  const server: Server = createServer((request, response) => {
    const chunks: Buffer[] = [];
    request.on('data', (chunk: Buffer) => chunks.push(chunk));
    request.on('end', () => {
      const path = request.url ?? '/';
      const incoming: IncomingWebhook = {
        method: request.method ?? 'POST',
        path,
        query: new URL(path, 'http://receiver').searchParams,
        headers: request.headers,
        rawBody: Buffer.concat(chunks).toString('utf8'),
      };
      let answer: ReceiverAnswer;
      try {
        answer = logic(incoming);
      } catch (error) {
        // As PHP or Node would: an uncaught error in the receiver is a 500.
        answer = { status: 500, body: { error: error instanceof Error ? error.message : String(error) } };
      }
      handled.push({ request: incoming, answer });
      response.writeHead(answer.status, { 'content-type': 'application/json' });
      response.end(answer.body === undefined ? '' : JSON.stringify(answer.body));
      arrivals.emit('handled');
    });
  });
  server.listen(0, '127.0.0.1');
  await once(server, 'listening');
  const port = (server.address() as AddressInfo).port;
  return {
    url: `http://127.0.0.1:${port}`,
    handled,
    async next(what, matches, timeoutMs = 10_000) {
      const deadline = AbortSignal.timeout(timeoutMs);
      for (;;) {
        const found = handled.find(matches);
        if (found) return found;
        try {
          await once(arrivals, 'handled', { signal: deadline });
        } catch {
          const seen = handled.map((h) => `${h.answer.status} ${h.request.rawBody.slice(0, 120)}`).join('\n  ');
          throw new Error(`${what}: not received in ${timeoutMs} ms; received:\n  ${seen || '(nothing)'}`);
        }
      }
    },
    async close() {
      server.closeAllConnections();
      await new Promise<void>((resolve) => server.close(() => resolve()));
    },
  };
}

/** `JSON.parse`, or undefined for a body that is not JSON (PHP's json_decode gives null). */
export function jsonDecode(text: string): any {
  try {
    return JSON.parse(text);
  } catch {
    return undefined;
  }
}
