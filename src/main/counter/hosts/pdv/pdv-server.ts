// The PDV API's server (integration/pdv-contract.ts): its own Fastify app on its own port, on this
// machine only unless the owner opened it to the shop's network. A thin adapter: access first
// (pdv-access.ts), then each route as the contract declares it, its input parsed with the
// contract's schema, the work done by integration/pdv-sales.ts, and every refusal answered
// `{ error, code, details? }` with the counter's code and its HTTP status. Never a 500 for what
// a caller sent.
import Fastify, { type FastifyInstance, type FastifyReply, type FastifyRequest } from 'fastify';
import { networkInterfaces } from 'node:os';
import { z } from 'zod';
import { CounterError, type CounterErrorCode } from '#shared/counter/counter-errors';
import { httpStatusOf } from '#shared/counter/counter-error-status';
import { PDV_API_DEFAULT_PORT } from '#shared/counter/counter-schemas';
import type { PdvRuntime } from '../../app/counter-runtime';
import type { Integration } from '../../integration/integration-tokens';
import { PDV_OPERATIONS, orderId as orderIdSchema, type PdvOperation } from '../../integration/pdv-contract';
import { pdvOpenApiDocument } from '../../integration/pdv-openapi';
import { isFinal } from '../../integration/pdv-sales';
import { PdvAccess } from './pdv-access';
import { followSettings, type SettingsFollower } from './follow-settings';

export interface PdvServer {
  /** http://127.0.0.1:PORT (or the LAN address it also answers on). */
  origin: string;
  port: number;
  close(): Promise<void>;
}

export interface PdvServerOptions {
  pdv: PdvRuntime;
  /** Overrides the settings' port (0: any free one, for tests). */
  port?: number;
  log?: (line: string) => void;
}

/** A long poll's wait is cut here, below the usual proxies' and clients' 60 s. */
const HEARTBEAT_MS = 15_000;

function fastifyPath(path: string): string {
  return path.replace(/\{(\w+)\}/g, ':$1');
}

function send(reply: FastifyReply, status: number, body: unknown): FastifyReply {
  return reply.code(status).type('application/json; charset=utf-8').send(body);
}

function refusal(reply: FastifyReply, code: CounterErrorCode, error: string, details?: unknown): FastifyReply {
  return send(reply, httpStatusOf(code), { error, code, ...(details === undefined ? {} : { details }) });
}

function answerError(reply: FastifyReply, error: unknown, log: (line: string) => void): FastifyReply {
  if (error instanceof CounterError) {
    const body = error.body();
    return refusal(reply, body.code, body.message ?? body.code, body.details);
  }
  log(`[pdv] failed: ${error instanceof Error ? (error.stack ?? error.message) : String(error)}`);
  return refusal(reply, 'INTERNAL', 'Erro interno');
}

function invalid(reply: FastifyReply, issues: readonly z.core.$ZodIssue[]): FastifyReply {
  const issue = issues[0];
  const path = issue ? issue.path.map(String).join('.') : '';
  const text = issue?.message ?? 'payload';
  return refusal(reply, 'INVALID_INPUT', `Dados inválidos: ${path ? `${path}: ` : ''}${text}`, { path, issue: text });
}

/** The machine's own IPv4 addresses on the shop's network: the Host values it answers to once opened. */
function lanAddresses(): string[] {
  return Object.values(networkInterfaces())
    .flat()
    .filter((entry) => entry && entry.family === 'IPv4' && !entry.internal)
    .map((entry) => entry!.address);
}

export async function startPdvServer(options: PdvServerOptions): Promise<PdvServer> {
  const { pdv } = options;
  const log = options.log ?? ((line: string) => console.warn(line));
  const settings = pdv.settings();
  const lan = settings?.lan === true;
  // Keep-alive connections are closed with the server; held answers are let go by `closing`.
  const app: FastifyInstance = Fastify({ bodyLimit: 64 * 1024, logger: false, forceCloseConnections: true });
  /** Aborted when the server closes: long polls answer what they have, event streams end. */
  const closing = new AbortController();
  let hosts: string[] = [];
  const access = new PdvAccess({
    tokens: pdv.tokens,
    hosts: () => hosts,
    allowFrom: () => (lan ? (pdv.settings()?.allowFrom ?? []) : []),
    log,
  });
  const who = new WeakMap<FastifyRequest, Integration>();

  app.addHook('onRequest', async (request, reply) => {
    const isDocument = request.url.split('?')[0] === '/pdv/v1/openapi.json';
    const verdict = access.check(
      {
        host: request.headers.host,
        remoteAddress: request.socket.remoteAddress,
        authorization: request.headers.authorization,
      },
      !isDocument,
    );
    if (!verdict.ok) {
      if (verdict.seconds) reply.header('Retry-After', String(verdict.seconds));
      // The verdict's own status: a foreign Host is 421 (Misdirected Request), as the browser host says it.
      return send(reply, verdict.status, {
        error: verdict.message,
        code: verdict.code,
        ...(verdict.seconds ? { details: { seconds: verdict.seconds } } : {}),
      });
    }
    if (verdict.integration) who.set(request, verdict.integration);
  });

  // What Fastify itself refuses (a body that is no JSON, too large, a wrong content type) is the caller's, never a 500.
  app.setErrorHandler((error: { statusCode?: number; message: string }, _request, reply) => {
    const status = error.statusCode ?? 500;
    if (status >= 500) return answerError(reply, error, log);
    return send(reply, status, { error: error.message, code: 'INVALID_INPUT' });
  });
  app.setNotFoundHandler((request, reply) => {
    const path = request.url.split('?')[0] ?? '';
    const allowed = Object.values(PDV_OPERATIONS as Record<string, PdvOperation>)
      .filter((operation) => new RegExp(`^${fastifyPath(operation.path).replace(/:\w+/g, '[^/]+')}$`).test(path))
      .map((operation) => operation.method);
    if (allowed.length > 0) {
      reply.header('Allow', [...new Set(allowed)].join(', '));
      return send(reply, 405, { error: `Método não permitido: use ${allowed.join(', ')}`, code: 'UNKNOWN_METHOD' });
    }
    return send(reply, 404, { error: 'Rota não encontrada', code: 'UNKNOWN_METHOD' });
  });

  app.get('/pdv/v1/openapi.json', async (_request, reply) => send(reply, 200, pdvOpenApiDocument(origin)));

  /** The request's integration and path order id, or a refusal already sent. */
  const routeOf = (request: FastifyRequest, reply: FastifyReply) => {
    const integration = who.get(request)!;
    const raw = (request.params as { orderId?: string }).orderId;
    if (raw === undefined) return { integration, orderId: undefined };
    const parsed = orderIdSchema.safeParse(raw);
    if (!parsed.success) {
      invalid(reply, parsed.error.issues);
      return null;
    }
    return { integration, orderId: parsed.data };
  };

  const ops = PDV_OPERATIONS;

  app.post(fastifyPath(ops.createSale.path), async (request, reply) => {
    const route = routeOf(request, reply);
    if (!route) return reply;
    const body = ops.createSale.body.safeParse(request.body);
    if (!body.success) return invalid(reply, body.error.issues);
    try {
      const { created, sale } = await pdv.sales.create(route.integration, body.data);
      return send(reply, created ? 201 : 200, sale);
    } catch (error) {
      return answerError(reply, error, log);
    }
  });

  app.get(fastifyPath(ops.getSale.path), async (request, reply) => {
    const route = routeOf(request, reply);
    if (!route) return reply;
    const query = ops.getSale.query.safeParse(request.query);
    if (!query.success) return invalid(reply, query.error.issues);
    const hungUp = new AbortController();
    // The response's close: the PDV hung up (the request's own 'close' only says its body was read).
    reply.raw.on('close', () => hungUp.abort());
    try {
      const sale = await pdv.sales.waitForChange(
        route.integration,
        route.orderId!,
        query.data.since,
        (query.data.wait ?? 0) * 1000,
        AbortSignal.any([hungUp.signal, closing.signal]),
      );
      return send(reply, 200, sale);
    } catch (error) {
      return answerError(reply, error, log);
    }
  });

  app.get(fastifyPath(ops.followSale.path), async (request, reply) => {
    const route = routeOf(request, reply);
    if (!route) return reply;
    let first;
    try {
      first = await pdv.sales.get(route.integration, route.orderId!);
    } catch (error) {
      return answerError(reply, error, log);
    }
    reply.hijack();
    const raw = reply.raw;
    raw.writeHead(200, {
      'Content-Type': 'text/event-stream; charset=utf-8',
      'Cache-Control': 'no-store',
      Connection: 'keep-alive',
    });
    let ended = false;
    const end = () => {
      if (ended) return;
      ended = true;
      clearInterval(heartbeat);
      unsubscribe();
      raw.end();
    };
    const emit = (sale: typeof first) => {
      if (ended) return;
      raw.write(`event: sale\ndata: ${JSON.stringify(sale)}\n\n`);
      if (isFinal(sale)) end();
    };
    const heartbeat = setInterval(() => raw.write(': ainda aqui\n\n'), HEARTBEAT_MS);
    const unsubscribe = pdv.sales.onChangeOf(route.integration, route.orderId!, emit);
    raw.on('close', end);
    closing.signal.addEventListener('abort', end, { once: true });
    emit(first);
  });

  app.post(fastifyPath(ops.cancelSale.path), async (request, reply) => {
    const route = routeOf(request, reply);
    if (!route) return reply;
    try {
      return send(reply, 200, await pdv.sales.cancel(route.integration, route.orderId!));
    } catch (error) {
      return answerError(reply, error, log);
    }
  });

  app.post(fastifyPath(ops.refundSale.path), async (request, reply) => {
    const route = routeOf(request, reply);
    if (!route) return reply;
    const body = ops.refundSale.body.safeParse(request.body);
    if (!body.success) return invalid(reply, body.error.issues);
    try {
      return send(reply, 200, await pdv.sales.refund(route.integration, route.orderId!, body.data));
    } catch (error) {
      return answerError(reply, error, log);
    }
  });

  const port = options.port ?? settings?.port ?? PDV_API_DEFAULT_PORT;
  await app.listen({ host: lan ? '0.0.0.0' : '127.0.0.1', port });
  const bound = (app.server.address() as { port: number }).port;
  hosts = [`127.0.0.1:${bound}`, `localhost:${bound}`, ...(lan ? lanAddresses().map((ip) => `${ip}:${bound}`) : [])];
  const origin = `http://127.0.0.1:${bound}`;
  pdv.listeningAt(origin);
  return {
    origin,
    port: bound,
    async close() {
      pdv.listeningAt(undefined);
      closing.abort();
      await app.close();
    },
  };
}

/**
 * The PDV API kept in step with the settings: started at once, and started again on its new port
 * or reach when the owner saves other PDV API settings (a status event follows every save). A
 * port that is taken leaves it off, said once in the log; the counter sells on.
 */
export function keepPdvServer(
  runtime: { pdv: PdvRuntime; events: { subscribe(listener: (event: { type: string }) => void): () => void } },
  options: { port?: number; log?: (line: string) => void } = {},
): SettingsFollower<PdvServer> {
  const log = options.log ?? ((line: string) => console.warn(line));
  return followSettings({
    events: runtime.events,
    // Always on: unset settings are the machine only, on the default port.
    wanted: () => JSON.stringify(runtime.pdv.settings() ?? null),
    start: () =>
      startPdvServer({ pdv: runtime.pdv, ...(options.port === undefined ? {} : { port: options.port }), log }).catch(
        (error: unknown) => {
          log(`[pdv] the PDV API did not start: ${error instanceof Error ? error.message : String(error)}`);
          return undefined;
        },
      ),
    end: (server) => server.close(),
  });
}
