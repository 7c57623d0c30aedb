import Fastify, { type FastifyInstance, type FastifyReply, type FastifyRequest } from 'fastify';
import type { ServiceReply } from '../../shared/service-api';
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
import { singleValuedQuery } from './query';

export interface HttpAppOptions {
  logger?: boolean;
  /** Largest accepted request body, bytes. */
  bodyLimit?: number;
}

/**
 * The service over HTTP: one route per path of the contract table, each a thin call into
 * the engine. Validation, auth, scopes and errors all live in the engine, so HTTP and the
 * in-process callers answer alike.
 */
export function buildHttpApp(engine: Engine, options: HttpAppOptions = {}): FastifyInstance {
  // maxParamLength is generous so over-long ids reach the engine's validation and get its 400,
  // instead of the router's bare 414.
  const app = Fastify({
    logger: options.logger ?? false,
    bodyLimit: options.bodyLimit ?? 1024 * 1024,
    routerOptions: { maxParamLength: 2048 },
  });
  registerJsonParser(app);
  registerErrorHandling(app);
  for (const op of Object.keys(operationTable) as OperationName[]) {
    const spec: AnyOperation = operationTable[op];
    for (const path of spec.paths) {
      app.route({
        method: spec.method,
        url: path,
        // Not an async function: a read the engine answers at once is sent in the same tick, with
        // no promise made for it (engine.handle).
        handler: (request, reply) => {
          const answer = engine.handle(appIdFrom(request), op, toServiceRequest(request));
          if (answer instanceof Promise) return answer.then((result) => sendOperationReply(reply, spec, result));
          sendOperationReply(reply, spec, answer);
          return undefined;
        },
      });
    }
  }
  registerPixLocationRoutes(app, engine);
  registerPaymentLinkPage(app, engine);
  registerKycOnboardingPage(app, engine);
  registerOpenApiRoute(app, engine);
  return app;
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
  return send(reply, result);
}

export function send(reply: FastifyReply, result: ServiceReply): FastifyReply {
  reply.code(result.status);
  // 204 No Content: no body and no content type (DELETE /api/v1/pix-keys/{key}).
  if (result.status === 204) return reply.send();
  if ('bytes' in result) return reply.type(result.contentType).send(Buffer.from(result.bytes));
  return reply.type('application/json; charset=utf-8').send(result.body);
}
