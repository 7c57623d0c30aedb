import type { FastifyError, FastifyInstance } from 'fastify';
import { ServiceError } from '../engine/errors';

/**
 * Everything that fails before the engine runs (unknown route, bad JSON, wrong content type,
 * oversized body) still answers `{ error }` with a 4xx, never Fastify's own shape or a 500.
 */
export function registerErrorHandling(app: FastifyInstance): void {
  app.setNotFoundHandler((request, reply) => {
    // The path as the client sent it, before any rewrite (the legacy prefix, app.ts).
    reply.code(404).send({ error: `Route ${request.method} ${request.originalUrl.split('?')[0]} not found` });
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
