import Fastify, { type FastifyInstance, type FastifyReply, type FastifyRequest } from 'fastify';
import type { ServiceReply } from '#shared/service/service-api';
import type { AnyOperation } from '../engine/operation';
import { operationTable, type OperationName } from '../engine/operations';
import type { Engine } from '../engine/engine';
import { appIdFrom } from './auth-header';
import { registerErrorHandling } from './error-handling';
import { registerJsonParser } from './json-body';
import { registerOpenApiRoute } from './openapi-route';
import { registerKycOnboardingPage } from './kyc-onboarding-page';
import { registerPaymentLinkPage } from './payment-link-page';
import { registerPixLocationRoutes } from './pix-location-routes';
import { withCurrentPrefix, withoutTrailingSlash } from './route-spellings';
import { singleValuedQuery } from './query';
import { portugueseError } from './strict-errors';
import type { StrictMode, StrictRoute } from './strict-mode';

export interface HttpAppOptions {
  logger?: boolean;
  /** Largest accepted request body, bytes. */
  bodyLimit?: number;
  /**
   * `npm run serve -- --strict`: only the published contract's operations, each answer cut to its
   * documented schema, error texts in Portuguese (strict-mode.ts). Undefined: everything we have.
   */
  strict?: StrictMode;
}

/**
 * The service over HTTP: one route per path of the contract table, each a thin call into
 * the engine. Validation, auth, scopes and errors all live in the engine, so HTTP and the
 * in-process callers answer alike.
 */
export function buildHttpApp(engine: Engine, options: HttpAppOptions = {}): FastifyInstance {
  // maxParamLength is generous so over-long ids reach the engine's validation and get its 400,
  // instead of the router's bare 414.
  //
  // Each route answers the spellings the real service answers alike (route-spellings.ts), before
  // any route is chosen, so an alias meets exactly the routes, 404s and strict-mode choices of its
  // canonical spelling, and the route tree has each route once:
  // - the router ignores a trailing slash (on both the request and the declared path);
  // - the older prefix is rewritten to the current one (request.originalUrl keeps what was sent).
  const app = Fastify({
    logger: options.logger ?? false,
    bodyLimit: options.bodyLimit ?? 1024 * 1024,
    routerOptions: { maxParamLength: 2048, ignoreTrailingSlash: true },
    rewriteUrl: (request) => withCurrentPrefix(request.url ?? '/'),
  });
  registerJsonParser(app);
  registerErrorHandling(app);
  const { strict } = options;
  if (strict) registerPortugueseErrors(app);
  for (const op of Object.keys(operationTable) as OperationName[]) {
    const spec: AnyOperation = operationTable[op];
    for (const spellings of pathsByRoute(spec.paths)) {
      // Strict: an operation the published contract does not have is not routed, so it answers
      // exactly as an unknown route does. The contract may write either spelling of the route.
      const route = strict ? strictRoute(strict, spec, spellings) : undefined;
      if (route === null) continue;
      app.route({
        method: spec.method,
        url: spellings[0]!,
        // Not an async function: a read the engine answers at once is sent in the same tick, with
        // no promise made for it (engine.handle).
        handler: (request, reply) => {
          const appId = appIdFrom(request);
          const serviceRequest = toServiceRequest(request);
          const answer = route
            ? route.answer((asked) => engine.handle(appId, op, asked), serviceRequest)
            : engine.handle(appId, op, serviceRequest);
          if (answer instanceof Promise) return answer.then((result) => sendOperationReply(reply, spec, result));
          sendOperationReply(reply, spec, answer);
          return undefined;
        },
      });
    }
  }
  // Public pages the real service has too: the Pix locations a payer's bank reads, the payment
  // link page, the KYC onboarding page. The generated OpenAPI document is ours alone.
  registerPixLocationRoutes(app, engine);
  registerPaymentLinkPage(app, engine);
  registerKycOnboardingPage(app, engine);
  if (!strict) registerOpenApiRoute(app, engine);
  return app;
}

/**
 * An operation's paths grouped by the route the router makes of them: with the trailing slash
 * ignored, `/api/v1/account` and `/api/v1/account/` (listAccounts declares both, as the published
 * contract writes the second) are one route, registered once.
 */
function pathsByRoute(paths: readonly string[]): string[][] {
  const routes = new Map<string, string[]>();
  for (const path of paths) {
    const key = withoutTrailingSlash(path);
    routes.set(key, [...(routes.get(key) ?? []), path]);
  }
  return [...routes.values()];
}

/** The strict route of one route of ours, from whichever spelling the published contract writes; null if it has neither. */
function strictRoute(strict: StrictMode, spec: AnyOperation, spellings: readonly string[]): StrictRoute | null {
  for (const path of spellings) {
    const route = strict.route(spec.method, path, takesLimit(spec));
    if (route) return route;
  }
  return null;
}

/** Whether the operation reads `limit` from its query (a list read page by page). */
function takesLimit(spec: AnyOperation): boolean {
  const shape = (spec.request.query as { shape?: Record<string, unknown> } | undefined)?.shape;
  return shape !== undefined && 'limit' in shape;
}

/**
 * Strict: every `{ error }` answer, whoever sends it (an operation, the error handler, an unknown
 * route, a page's route), says its text in Portuguese.
 */
function registerPortugueseErrors(app: FastifyInstance): void {
  app.addHook('preSerialization', async (_request, reply, payload: unknown) => {
    if (reply.statusCode < 400 || typeof payload !== 'object' || payload === null || Array.isArray(payload))
      return payload;
    const { error } = payload as { error?: unknown };
    return typeof error === 'string' ? { ...payload, error: portugueseError(reply.statusCode, error) } : payload;
  });
}

function toServiceRequest(request: FastifyRequest) {
  return {
    params: request.params as Record<string, string>,
    query: singleValuedQuery(request.query),
    body: request.body,
    // The TCP peer (no trustProxy): a header cannot claim another address for the IP allowlist.
    clientIp: request.ip,
  };
}

function sendOperationReply(reply: FastifyReply, spec: AnyOperation, result: ServiceReply): FastifyReply {
  if (spec.cacheControl && result.status < 300) reply.header('cache-control', spec.cacheControl);
  if (spec.contentDisposition && result.status < 300) reply.header('content-disposition', spec.contentDisposition);
  return send(reply, result);
}

export function send(reply: FastifyReply, result: ServiceReply): FastifyReply {
  reply.code(result.status);
  // 204 No Content: no body and no content type (DELETE /api/v1/pix-keys/{key}).
  if (result.status === 204) return reply.send();
  if ('bytes' in result) return reply.type(result.contentType).send(Buffer.from(result.bytes));
  return reply.type('application/json; charset=utf-8').send(result.body);
}
