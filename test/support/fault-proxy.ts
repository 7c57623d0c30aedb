// A fault-injecting HTTP proxy to put between the counter and its remote Pix service. Each
// request is read whole, then a plan decides what the network does to it: pass it, lose it
// before the server sees it, lose the answer after the server committed, hold the answer past
// the client's timeout, answer 500/429 itself, or reset the connection halfway through the body.
// `cut()` takes the whole network away (connection refused, or reset) until `restore()`.
//
// Hand-written on node:http rather than a library (mockttp and the like): the modes that matter
// most here ("the server committed, the client never heard", "headers then a reset mid-body")
// need control of the exact moment the client socket dies relative to the upstream's answer,
// which a ~300-line proxy gives plainly and a general-purpose one hides behind its own buffering.
//
// Bodies are buffered both ways. The service's answers are small JSON (or a PNG), and a whole
// upstream answer in hand is what lets drop-after and reset-mid-body be exact.
import http from 'node:http';
import type { AddressInfo, Socket } from 'node:net';
import { SeededRandom } from './prng';

export type Fault =
  | { kind: 'pass' }
  /** Destroy the client connection without forwarding: the server never sees the request. */
  | { kind: 'drop-before' }
  /** Forward, let the server answer in full (it has committed), then destroy the client connection, sending nothing. */
  | { kind: 'drop-after' }
  /** Forward, then hold the server's whole answer `ms` before sending it (if the client is still there). */
  | { kind: 'delay'; ms: number }
  /**
   * Forward, then hold the server's whole answer until `release` settles (or the client leaves).
   * Where `delay` is a guess at how long a test needs, this orders events for certain: e.g. the
   * counter cannot hear of a payment before the test has finished typing.
   */
  | { kind: 'hold'; release: Promise<void> }
  /**
   * Never answer; the connection stays open until the client (or `cut`/`close`) ends it.
   * `forward: true` sends the request on first (the server commits, the client waits forever);
   * by default nothing reaches the server, as when packets are lost.
   */
  | { kind: 'hang'; forward?: boolean }
  /**
   * Answer this status without forwarding; a 429 may carry `Retry-After` (seconds). `error` is the
   * answer's `{ error }` text (default: the proxy's own), e.g. the words a real service would use.
   */
  | { kind: 'status'; status: number; retryAfterSeconds?: number; error?: string }
  /** Forward, send the server's status, headers and part of its body, then reset the connection (TCP RST). */
  | { kind: 'reset-mid-body' };

export type FaultKind = Fault['kind'];

export interface ProxiedRequest {
  /** 1, 2, 3… in the order the proxy finished reading the requests. */
  seq: number;
  method: string;
  /** Path and query, as the client sent them. */
  path: string;
  headers: http.IncomingHttpHeaders;
  body: string;
}

export type FaultPlan = (request: ProxiedRequest) => Fault;

/** What actually happened to one request (the plan's fault, and how far it got). */
export interface ProxyLogEntry {
  seq: number;
  method: string;
  path: string;
  /** The request body, cut to 2 000 characters. */
  body: string;
  fault: Fault;
  /** Whether the request was sent on to the upstream. */
  forwarded: boolean;
  /** The upstream's answer status (the server acted on it); absent when not forwarded or unreachable. */
  upstreamStatus?: number;
  /** True when forwarding failed: the upstream was down or dropped the connection. */
  upstreamFailed?: boolean;
  /** What the client got: the whole answer, a part of it, or nothing. */
  delivered: 'full' | 'partial' | 'none';
  /** The client closed the connection before the proxy was done with it (e.g. its timeout fired). */
  clientGone: boolean;
  startedAt: number;
  /** Set once the proxy is done with the request. */
  endedAt?: number;
}

export type CutMode = 'refuse' | 'reset';

export interface FaultProxy {
  /** http://127.0.0.1:PORT, the same across cut/restore. */
  readonly url: string;
  readonly port: number;
  /** Replaces the plan; no argument passes everything. Applies to requests read from now on. */
  setPlan(plan?: FaultPlan): void;
  /**
   * The network is gone: every open connection is destroyed, and new ones are refused
   * (`refuse`, ECONNREFUSED: the proxy stops listening) or accepted and reset at once (`reset`).
   * A client may still write one request on a kept-alive connection it has not yet seen end (a
   * reset, not a refusal): start the proxy with `keepAlive: false` where that difference matters.
   */
  cut(mode?: CutMode): Promise<void>;
  /** The network is back, on the same port. */
  restore(): Promise<void>;
  readonly isCut: boolean;
  /** A copy of every request's entry so far, in seq order. */
  log(): ProxyLogEntry[];
  clearLog(): void;
  /** Resolves when every request read so far is finished with (hung ones end when their client leaves). */
  idle(): Promise<void>;
  close(): Promise<void>;
}

const HOP_BY_HOP = new Set([
  'connection',
  'keep-alive',
  'proxy-connection',
  'transfer-encoding',
  'upgrade',
  'te',
  'trailer',
]);
const LOGGED_BODY_CHARS = 2_000;

export const passAll: FaultPlan = () => ({ kind: 'pass' });

export interface FaultProxyOptions {
  /**
   * False: every answer says `Connection: close`, so the client never holds an idle connection.
   * A client that has not yet read the end of a kept-alive connection the cut took away writes
   * its next request there and hears a reset (the request may have arrived), not a refusal;
   * without keep-alive, every request after the cut meets it on a fresh connection, refused.
   */
  keepAlive?: boolean;
}

export async function startFaultProxy(upstreamUrl: string, options: FaultProxyOptions = {}): Promise<FaultProxy> {
  const upstream = new URL(upstreamUrl);
  if (upstream.protocol !== 'http:') throw new Error(`the fault proxy forwards to http only, got ${upstreamUrl}`);
  // No keep-alive upstream: a restarted remote never meets a stale pooled socket.
  const agent = new http.Agent({ keepAlive: false });
  const sockets = new Set<Socket>();
  const entries: ProxyLogEntry[] = [];
  const pending = new Set<Promise<void>>();
  let plan: FaultPlan = passAll;
  let seq = 0;
  let cutMode: CutMode | undefined;
  let closed = false;

  const server = http.createServer();
  // Hung requests must not be ended by Node's own timers while a test waits on them.
  server.requestTimeout = 0;
  server.headersTimeout = 60_000;
  server.on('connection', (socket) => {
    if (cutMode === 'reset') {
      socket.resetAndDestroy();
      return;
    }
    sockets.add(socket);
    socket.on('close', () => sockets.delete(socket));
  });
  server.on('request', (request, response) => {
    if (options.keepAlive === false) response.setHeader('connection', 'close');
    const job = handle(request, response).catch((error: unknown) => {
      // A bug in the proxy must not look like a network fault: say it loudly and drop the request.
      console.error('[fault-proxy] internal error', error);
      request.socket.destroy();
    });
    pending.add(job);
    void job.finally(() => pending.delete(job));
  });

  async function handle(request: http.IncomingMessage, response: http.ServerResponse): Promise<void> {
    const body = await readAll(request).catch(() => undefined);
    if (body === undefined) return; // the client left mid-request: nothing to decide
    const proxied: ProxiedRequest = {
      seq: ++seq,
      method: request.method ?? 'GET',
      path: request.url ?? '/',
      headers: request.headers,
      body: body.toString('utf8'),
    };
    const fault = plan(proxied);
    const entry: ProxyLogEntry = {
      seq: proxied.seq,
      method: proxied.method,
      path: proxied.path,
      body: proxied.body.slice(0, LOGGED_BODY_CHARS),
      fault,
      forwarded: false,
      delivered: 'none',
      clientGone: false,
      startedAt: Date.now(),
    };
    entries.push(entry);
    const job: Job = { request, response, body, entry, closedByProxy: false, closed: false };
    // The response's 'close' (not the socket's: keep-alive sockets serve many requests) says the
    // exchange is over, whether it completed, the proxy cut it, or the client went away.
    response.once('close', () => {
      job.closed = true;
      if (entry.endedAt === undefined && !job.closedByProxy && !response.writableFinished) entry.clientGone = true;
    });
    try {
      await apply(fault, job);
    } finally {
      entry.endedAt ??= Date.now();
    }
  }

  interface Job {
    request: http.IncomingMessage;
    response: http.ServerResponse;
    body: Buffer;
    entry: ProxyLogEntry;
    closedByProxy: boolean;
    closed: boolean;
  }

  function kill(job: Job, how: 'close' | 'reset'): void {
    job.closedByProxy = true;
    const socket = job.request.socket;
    if (socket.destroyed) return;
    if (how === 'reset') socket.resetAndDestroy();
    else socket.destroy();
  }

  /** Resolves after `ms` (forever when undefined), or as soon as the exchange is closed. */
  function waitOrClosed(job: Job, ms?: number): Promise<void> {
    if (job.closed || job.request.socket.destroyed) return Promise.resolve();
    return new Promise((resolve) => {
      const timer = ms === undefined ? undefined : setTimeout(done, ms);
      job.response.once('close', done);
      function done() {
        if (timer) clearTimeout(timer);
        job.response.off('close', done);
        resolve();
      }
    });
  }

  async function apply(fault: Fault, job: Job): Promise<void> {
    const { request, response, body, entry } = job;
    switch (fault.kind) {
      case 'drop-before':
        kill(job, 'close');
        return;
      case 'status': {
        const headers: Record<string, string> = { 'content-type': 'application/json; charset=utf-8' };
        if (fault.retryAfterSeconds !== undefined) headers['retry-after'] = String(fault.retryAfterSeconds);
        await send(response, entry, {
          status: fault.status,
          headers,
          body: Buffer.from(JSON.stringify({ error: fault.error ?? `fault proxy: injected ${fault.status}` })),
        });
        return;
      }
      case 'hang':
        if (fault.forward) await forward(request, body, entry);
        await waitOrClosed(job);
        return;
      default:
        break;
    }
    // Every other mode forwards first.
    const answer = await forward(request, body, entry);
    if (!answer) {
      // The upstream is down or hung up: to the client that is a lost connection, as it would be
      // without the proxy (a reset rather than a made-up 502 the real network never sends).
      kill(job, 'reset');
      return;
    }
    switch (fault.kind) {
      case 'pass':
        await send(response, entry, answer);
        return;
      case 'drop-after':
        kill(job, 'close');
        return;
      case 'delay':
        await waitOrClosed(job, fault.ms);
        await send(response, entry, answer);
        return;
      case 'hold':
        await Promise.race([fault.release.catch(() => undefined), waitOrClosed(job)]);
        await send(response, entry, answer);
        return;
      case 'reset-mid-body':
        await sendPartThenReset(job, answer);
        return;
    }
  }

  interface Answer {
    status: number;
    headers: Record<string, string | string[]>;
    body: Buffer;
  }

  /** Sends the request upstream and reads the whole answer; undefined when the upstream failed. */
  function forward(request: http.IncomingMessage, body: Buffer, entry: ProxyLogEntry): Promise<Answer | undefined> {
    entry.forwarded = true;
    const headers: http.OutgoingHttpHeaders = { ...request.headers, host: upstream.host };
    for (const name of HOP_BY_HOP) delete headers[name];
    headers['content-length'] = String(body.length);
    return new Promise((resolve) => {
      const outgoing = http.request(
        {
          protocol: upstream.protocol,
          hostname: upstream.hostname,
          port: upstream.port,
          method: request.method,
          path: request.url,
          headers,
          agent,
        },
        (incoming) => {
          readAll(incoming).then(
            (answerBody) => {
              entry.upstreamStatus = incoming.statusCode ?? 0;
              resolve({
                status: incoming.statusCode ?? 502,
                headers: answerHeaders(incoming.headers, answerBody.length),
                body: answerBody,
              });
            },
            () => {
              entry.upstreamFailed = true;
              resolve(undefined);
            },
          );
        },
      );
      outgoing.on('error', () => {
        entry.upstreamFailed = true;
        resolve(undefined);
      });
      outgoing.end(body);
    });
  }

  async function send(response: http.ServerResponse, entry: ProxyLogEntry, answer: Answer): Promise<void> {
    if (response.socket?.destroyed ?? true) return;
    await new Promise<void>((resolve) => {
      response.writeHead(answer.status, answer.headers);
      response.end(answer.body, () => resolve());
      response.once('close', () => resolve());
    });
    if (response.writableFinished) entry.delivered = 'full';
  }

  async function sendPartThenReset(job: Job, answer: Answer): Promise<void> {
    const { response, entry } = job;
    if (job.closed || job.request.socket.destroyed) return;
    // The full Content-Length is announced, so the client knows the body came up short.
    response.writeHead(answer.status, answer.headers);
    const part = answer.body.subarray(0, Math.max(1, Math.floor(answer.body.length / 2)));
    await new Promise<void>((resolve) => response.write(part, () => resolve()));
    entry.delivered = 'partial';
    // Give the client time to read the headers, so it sees a response whose body then fails,
    // not a connection that never answered.
    await waitOrClosed(job, 50);
    kill(job, 'reset');
  }

  function destroyAll(): void {
    for (const socket of sockets) socket.destroy();
    sockets.clear();
  }

  await listen(server, 0);
  const port = (server.address() as AddressInfo).port;

  return {
    url: `http://127.0.0.1:${port}`,
    port,
    setPlan(next) {
      plan = next ?? passAll;
    },
    get isCut() {
      return cutMode !== undefined;
    },
    async cut(mode = 'refuse') {
      if (cutMode !== undefined) throw new Error('the proxy is already cut');
      cutMode = mode;
      if (mode === 'refuse') {
        const stopped = new Promise<void>((resolve) => server.close(() => resolve()));
        destroyAll();
        await stopped;
      } else {
        destroyAll();
      }
    },
    async restore() {
      if (cutMode === undefined) return;
      const mode = cutMode;
      cutMode = undefined;
      if (mode === 'refuse') await listen(server, port);
    },
    log: () => entries.map((entry) => ({ ...entry })),
    clearLog() {
      entries.length = 0;
    },
    async idle() {
      while (pending.size > 0) await Promise.allSettled([...pending]);
    },
    async close() {
      if (closed) return;
      closed = true;
      const stopped =
        cutMode === 'refuse' ? Promise.resolve() : new Promise<void>((resolve) => server.close(() => resolve()));
      destroyAll();
      await stopped;
      agent.destroy();
    },
  };
}

export interface FaultRates {
  dropBefore?: number;
  dropAfter?: number;
  delay?: number;
  hang?: number;
  status500?: number;
  status429?: number;
  resetMidBody?: number;
}

export interface RandomFaultOptions {
  /** Delay bounds in ms for `delay` faults (default 50..1500). */
  delayMs?: [number, number];
  /** Retry-After bounds in seconds for 429s (default 0..2). */
  retryAfterSeconds?: [number, number];
  /** Hung requests reach the server first with this probability (default 0.5). */
  hangForwards?: number;
  /** Only requests this accepts get faults; the rest pass. */
  only?: (request: ProxiedRequest) => boolean;
}

/**
 * A plan drawing each request's fault at random: each rate is that fault's probability (their
 * sum at most 1; the rest pass). The same seed and the same sequence of requests give the
 * same faults, whatever the timing.
 */
export function randomFaultPlan(seed: number, rates: FaultRates, options: RandomFaultOptions = {}): FaultPlan {
  const total = Object.values(rates).reduce((sum: number, rate) => sum + (rate ?? 0), 0);
  if (total > 1 + 1e-9) throw new RangeError(`fault rates add up to ${total}, more than 1`);
  const random = new SeededRandom(seed);
  const [delayMin, delayMax] = options.delayMs ?? [50, 1_500];
  const [retryMin, retryMax] = options.retryAfterSeconds ?? [0, 2];
  const hangForwards = options.hangForwards ?? 0.5;
  const within = (param: number, min: number, max: number) => min + Math.floor(param * (max - min + 1));
  const table: [number, (param: number) => Fault][] = [
    [rates.dropBefore ?? 0, () => ({ kind: 'drop-before' })],
    [rates.dropAfter ?? 0, () => ({ kind: 'drop-after' })],
    [rates.delay ?? 0, (param) => ({ kind: 'delay', ms: within(param, delayMin, delayMax) })],
    [rates.hang ?? 0, (param) => ({ kind: 'hang', forward: param < hangForwards })],
    [rates.status500 ?? 0, () => ({ kind: 'status', status: 500 })],
    [
      rates.status429 ?? 0,
      (param) => ({ kind: 'status', status: 429, retryAfterSeconds: within(param, retryMin, retryMax) }),
    ],
    [rates.resetMidBody ?? 0, () => ({ kind: 'reset-mid-body' })],
  ];
  return (request) => {
    // Exactly two draws per request, faulted or not, so neither `only` nor the kind drawn
    // shifts what the following requests get.
    const roll = random.next();
    const param = random.next();
    if (options.only && !options.only(request)) return { kind: 'pass' };
    let threshold = 0;
    for (const [rate, make] of table) {
      threshold += rate;
      if (roll < threshold) return make(param);
    }
    return { kind: 'pass' };
  };
}

/** A plan from a fixed list: the n-th request gets faults[n-1] (after the list: pass). Handy in tests. */
export function scriptedPlan(faults: readonly Fault[]): FaultPlan {
  let index = 0;
  return () => faults[index++] ?? { kind: 'pass' };
}

function answerHeaders(headers: http.IncomingHttpHeaders, length: number): Record<string, string | string[]> {
  const result: Record<string, string | string[]> = {};
  for (const [name, value] of Object.entries(headers)) {
    if (value === undefined || HOP_BY_HOP.has(name)) continue;
    result[name] = value;
  }
  result['content-length'] = String(length);
  return result;
}

function readAll(stream: NodeJS.ReadableStream & { destroyed?: boolean }): Promise<Buffer> {
  return new Promise((resolve, reject) => {
    const chunks: Buffer[] = [];
    stream.on('data', (chunk: Buffer) => chunks.push(chunk));
    stream.on('end', () => resolve(Buffer.concat(chunks)));
    stream.on('error', reject);
    // An IncomingMessage whose connection dies mid-body emits 'aborted'/'close' without 'end'.
    stream.on('close', () => reject(new Error('closed before the end')));
  });
}

function listen(server: http.Server, port: number): Promise<void> {
  return new Promise((resolve, reject) => {
    server.once('error', reject);
    server.listen(port, '127.0.0.1', () => {
      server.off('error', reject);
      resolve();
    });
  });
}
