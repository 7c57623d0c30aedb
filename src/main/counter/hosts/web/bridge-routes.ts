// The browser host's door to the counter's methods: POST /__balcao/invoke/<method>. A caller must
// hold the run token and come from the host's own page; then the payload goes, with the tab it
// came from (its page id, src/shared/counter/bridge-page.ts), to the one adapter both hosts share
// (app/counter-call.ts). Every answer's body is the call's value, or the same error body Electron
// replies: `{ error: { code, message?, details? } }`. The HTTP status only tells HTTP clients
// (curl, the tests) what kind of failure it was; the page never reads it.
import type { FastifyInstance, FastifyReply } from 'fastify';
import type { CounterErrorBody } from '#shared/counter/counter-errors';
import type { CounterCall } from '../../app/counter-call';
import { pageOrigin } from '../../ports/call-origin';
import { PAGE_HEADER, PAGE_QUERY } from '#shared/counter/bridge-page';
import { httpStatusOf } from '#shared/counter/counter-error-status';
import type { EventStreams } from './event-stream';
import { tokenMatches } from './run-token';

export const BRIDGE_PREFIX = '/__balcao';
export const TOKEN_HEADER = 'x-balcao-token';

export interface BridgeOptions {
  /** The counter's calls (CounterRuntime.call). */
  call: CounterCall;
  streams: EventStreams;
  token: string;
  /** The origins the host's own page has (http://127.0.0.1:PORT and its localhost twin). */
  allowedOrigins: () => readonly string[];
}

export function registerBridgeRoutes(app: FastifyInstance, options: BridgeOptions): void {
  app.post<{ Params: { method: string } }>(`${BRIDGE_PREFIX}/invoke/:method`, async (request, reply) => {
    if (!tokenMatches(options.token, request.headers[TOKEN_HEADER]))
      return refuse(reply, { code: 'TOKEN_REFUSED', message: 'Token ausente ou inválido' });
    if (!options.allowedOrigins().includes(request.headers.origin ?? ''))
      return refuse(reply, { code: 'ORIGIN_REFUSED', message: 'Origem não permitida' });
    const result = await options.call(request.params.method, request.body, pageOrigin(request.headers[PAGE_HEADER]));
    if (!result.ok) return refuse(reply, result.error);
    return reply
      .code(200)
      .type('application/json; charset=utf-8')
      .send(JSON.stringify(result.value ?? null));
  });

  // EventSource cannot send headers, so the token and the tab's page id ride in the query string
  // of this one GET.
  app.get<{ Querystring: { token?: string } & Record<typeof PAGE_QUERY, string | undefined> }>(
    `${BRIDGE_PREFIX}/events`,
    (request, reply) => {
      if (!tokenMatches(options.token, request.query.token))
        return refuse(reply, { code: 'TOKEN_REFUSED', message: 'Token ausente ou inválido' });
      options.streams.serve(request, reply, pageOrigin(request.query[PAGE_QUERY]));
    },
  );
}

function refuse(reply: FastifyReply, error: CounterErrorBody): FastifyReply {
  return reply.code(httpStatusOf(error.code)).type('application/json; charset=utf-8').send({ error });
}
