// A webhook receiver for tests: node:http on 127.0.0.1, recording every request it gets (raw
// body and headers) and answering as the test says: 2xx, an error status, too slowly, or not at
// all (stopped: the port refuses connections, as a receiver that is down does).
import { createServer, type IncomingHttpHeaders, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';

export interface ReceivedWebhook {
  path: string;
  headers: IncomingHttpHeaders;
  /** The raw bytes, as signed. */
  body: string;
  /** What this request was answered with (null: left without an answer). */
  answered: number | null;
}

/** How to answer the nth request (1-based): a status, or 'hang' to answer only after `ms`. */
export type Answer = number | { hang: number; status?: number };

export interface Receiver {
  readonly url: string;
  readonly port: number;
  readonly received: ReceivedWebhook[];
  /** Sets how the next requests are answered (default 200). */
  answerWith(answer: (n: number, request: ReceivedWebhook) => Answer): void;
  /** Stops listening: connections are refused until start(). */
  stop(): Promise<void>;
  /** Listens again on the same port. */
  start(): Promise<void>;
  close(): Promise<void>;
}

export async function startReceiver(port = 0): Promise<Receiver> {
  const received: ReceivedWebhook[] = [];
  let answer: (n: number, request: ReceivedWebhook) => Answer = () => 200;
  let server: Server | undefined;
  let actualPort = port;
  const timers = new Set<NodeJS.Timeout>();

  const listen = async () => {
    const next = createServer((request, response) => {
      const chunks: Buffer[] = [];
      request.on('data', (chunk: Buffer) => chunks.push(chunk));
      request.on('end', () => {
        const record: ReceivedWebhook = {
          path: request.url ?? '',
          headers: request.headers,
          body: Buffer.concat(chunks).toString('utf8'),
          answered: null,
        };
        received.push(record);
        const decided = answer(received.length, record);
        const reply = (status: number) => {
          if (response.destroyed) return;
          record.answered = status;
          response.writeHead(status, { 'content-type': 'text/plain' }).end(status < 300 ? 'ok' : 'no');
        };
        if (typeof decided === 'number') return reply(decided);
        const timer = setTimeout(() => {
          timers.delete(timer);
          reply(decided.status ?? 200);
        }, decided.hang);
        timers.add(timer);
      });
    });
    await new Promise<void>((resolve, reject) => {
      next.once('error', reject);
      next.listen(actualPort, '127.0.0.1', () => resolve());
    });
    actualPort = (next.address() as AddressInfo).port;
    server = next;
  };

  const stop = async () => {
    const current = server;
    server = undefined;
    if (!current) return;
    for (const timer of timers) clearTimeout(timer);
    timers.clear();
    current.closeAllConnections();
    await new Promise<void>((resolve) => current.close(() => resolve()));
  };

  await listen();
  return {
    get url() {
      return `http://127.0.0.1:${actualPort}`;
    },
    get port() {
      return actualPort;
    },
    received,
    answerWith(next) {
      answer = next;
    },
    stop,
    start: listen,
    close: stop,
  };
}
