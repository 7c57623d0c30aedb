import type { FastifyRequest } from 'fastify';

/**
 * The AppID travels raw in `Authorization` (no "Bearer"). Some of the service's own docs send
 * the same bytes as `Basic <AppID>`, so that prefix is accepted too.
 */
export function appIdFrom(request: FastifyRequest): string | undefined {
  const header = request.headers.authorization;
  if (typeof header !== 'string') return undefined;
  const value = header.trim().replace(/^Basic\s+/i, '');
  return value === '' ? undefined : value;
}
