import type { FastifyError, FastifyInstance } from 'fastify';
import { ServiceError } from '../engine/errors';
import { ServedPaths } from './route-spellings';

/**
 * Everything that fails before the engine runs (unknown route, bad JSON, wrong content type,
 * oversized body) still answers `{ error }` with a 4xx, never Fastify's own shape or a 500.
 *
 * No route for the method and URL: a path that is served, but with other methods, answers 405
 * with `Allow` naming them (RFC 9110 §15.5.6); an unknown path answers 404. Registered before any
 * route, so that every route registered after it is known (`onRoute`).
 */
export function registerErrorHandling(app: FastifyInstance): void {
  const served = new ServedPaths();
  app.addHook('onRoute', (route) => served.add(route.method, route.url ?? route.path));
  app.setNotFoundHandler((request, reply) => {
    // The path as the client sent it, before any rewrite (the legacy prefix, app.ts); matched as routed.
    const sent = request.originalUrl.split('?')[0];
    const allowed = served.methodsOf(request.url);
    if (allowed.length > 0) {
      reply
        .code(405)
        .header('allow', allowed.join(', '))
        .send({ error: `Method ${request.method} not allowed on ${sent}; allowed: ${allowed.join(', ')}` });
      return;
    }
    reply.code(404).send({ error: `Route ${request.method} ${sent} not found` });
  });
  app.setErrorHandler((error: FastifyError | ServiceError, request, reply) => {
    if (error instanceof ServiceError) return reply.code(error.status).send({ error: error.message });
    const status =
      typeof error.statusCode === 'number' && error.statusCode >= 400 && error.statusCode < 500
        ? error.statusCode
        : 500;
    if (status === 500) request.log.error(error);
    const message =
      error.code === 'FST_ERR_CTP_INVALID_MEDIA_TYPE'
        ? 'Content-Type must be application/json'
        : error.code === 'FST_ERR_CTP_BODY_TOO_LARGE'
          ? 'body is too large'
          : status === 500
            ? 'Internal server error'
            : error.message;
    return reply.code(status === 415 ? 400 : status).send({ error: message });
  });
}
