import type { FastifyInstance } from 'fastify';
import type { Engine } from '../engine/engine';
import { openApiDocument } from '../engine/openapi';
import { operationTable } from '../engine/operations';
import { API_PREFIX, LEGACY_API_PREFIX } from './route-spellings';

/**
 * GET /openapi.json: the service's OpenAPI document, generated from the operation declarations.
 * Public (no AppID), like any published API description. Built once per public address: the
 * declarations cannot change while the process runs, the address can (a port chosen at listen).
 * The spellings every path also answers (route-spellings.ts) are named once, not as paths.
 */
export function registerOpenApiRoute(app: FastifyInstance, engine: Engine): void {
  let cached: { serverUrl: string; json: string } | null = null;
  app.get('/openapi.json', async (_request, reply) => {
    const serverUrl = engine.config.publicBaseUrl;
    if (cached?.serverUrl !== serverUrl) {
      const routeSpellings = { legacyPrefix: LEGACY_API_PREFIX, prefix: API_PREFIX };
      cached = {
        serverUrl,
        json: JSON.stringify(openApiDocument(operationTable, { serverUrl, routeSpellings })),
      };
    }
    return reply
      .type('application/json; charset=utf-8')
      .header('cache-control', 'public, max-age=300')
      .send(cached.json);
  });
}
