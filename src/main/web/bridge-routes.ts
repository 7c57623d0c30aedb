// The browser host's half of the preload contract: the same handlers Electron's IPC reaches,
// behind the same checks. A caller must hold the run token (401), come from the host's own
// page (403), name an allowlisted method (404) and send a payload its schema accepts (400).
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import { POS_INVOKE_METHODS, type PosInvokeMethod } from '../../shared/pos-channels';
import { posPayloadSchemas } from '../../shared/pos-ipc-schemas';
import type { PosHandlers } from '../app/pos-handlers';
import { errorBodyOf } from '../app/pos-error';
import type { EventStreams } from './event-stream';
import { tokenMatches } from './run-token';

export const BRIDGE_PREFIX = '/__balcao';
export const TOKEN_HEADER = 'x-balcao-token';

export interface BridgeOptions {
  handlers: PosHandlers;
  streams: EventStreams;
  token: string;
  /** The origins the host's own page has (http://127.0.0.1:PORT and its localhost twin). */
  allowedOrigins: () => readonly string[];
}

const methods = new Set<string>(POS_INVOKE_METHODS);

export function registerBridgeRoutes(app: FastifyInstance, options: BridgeOptions): void {
  app.post<{ Params: { method: string } }>(`${BRIDGE_PREFIX}/invoke/:method`, async (request, reply) => {
    if (!tokenMatches(options.token, request.headers[TOKEN_HEADER]))
      return refuse(reply, 401, 'Token ausente ou inválido');
    if (!options.allowedOrigins().includes(request.headers.origin ?? ''))
      return refuse(reply, 403, 'Origem não permitida');
    const method = request.params.method;
    if (!methods.has(method)) return refuse(reply, 404, `Método desconhecido: ${method}`);
    return invoke(method as PosInvokeMethod, request, reply, options.handlers);
  });

  // EventSource cannot send headers, so the token rides in the query string of this one GET.
  app.get<{ Querystring: { token?: string } }>(`${BRIDGE_PREFIX}/events`, (request, reply) => {
    if (!tokenMatches(options.token, request.query.token)) return refuse(reply, 401, 'Token ausente ou inválido');
    options.streams.serve(request, reply);
  });
}

async function invoke(method: PosInvokeMethod, request: FastifyRequest, reply: FastifyReply, handlers: PosHandlers) {
  const parsed = posPayloadSchemas[method].safeParse(request.body);
  if (!parsed.success) {
    const issue = parsed.error.issues[0];
    const where = issue?.path.length ? `${issue.path.join('.')}: ` : '';
    return refuse(reply, 400, `Dados inválidos: ${where}${issue?.message ?? 'payload'}`);
  }
  try {
    const handler = handlers[method] as (payload: unknown) => Promise<unknown>;
    const result = await handler(parsed.data);
    return reply
      .code(200)
      .type('application/json; charset=utf-8')
      .send(JSON.stringify(result ?? null));
  } catch (error) {
    const body = errorBodyOf(error);
    if (body.status === 500) console.error(`[web] ${method} failed`, error);
    return refuse(reply, body.status, body.error);
  }
}

function refuse(reply: FastifyReply, status: number, error: string): FastifyReply {
  return reply.code(status).type('application/json; charset=utf-8').send({ error, status });
}
