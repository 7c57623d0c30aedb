import Fastify, { type FastifyInstance } from 'fastify';
import type { Engine } from '../engine/engine';
import { send } from './app';
import { appIdFrom } from './auth-header';
import { registerErrorHandling } from './error-handling';
import { registerJsonParser } from './json-body';

/** The one path of the Pix network listener: a payer's bank sends a Pix to a BR Code. */
export const PIX_NETWORK_PAY_PATH = '/pay';
/**
 * The service's own view, for auditors in tests: `GET /back-office/<any API path>` answers as the
 * permissive sandbox does (every field, English errors), reads only. A test that checks the
 * counter against the strict API still needs the truth the strict API hides (a static QR code's
 * identifier, the links of its payments): the service's back office knows it, its clients do not.
 */
export const BACK_OFFICE_PREFIX = '/back-office';

/**
 * The "Pix network" of a strict server (`npm run serve -- --strict`), on a listener of its own:
 * in reality a payment reaches the service from the payer's bank over the Pix network, never
 * through the service's API, so the strict API port does not take it.
 *
 * `POST /pay {brCode, value?, payer?, dropTxid?}` with the AppID of the account paid into (the
 * receiving account, as the BR Code addresses it) in `Authorization`: the same body and answer as
 * the permissive sandbox's `POST /openpix/testing/pay` (the engine's sandboxPayBrCode), errors
 * and all.
 */
export function buildPixNetworkApp(engine: Engine, permissive?: FastifyInstance): FastifyInstance {
  const app = Fastify({ logger: false, bodyLimit: 64 * 1024 });
  registerJsonParser(app);
  registerErrorHandling(app);
  app.post(PIX_NETWORK_PAY_PATH, (request, reply) => {
    const answer = engine.handle(appIdFrom(request), 'sandboxPayBrCode', { body: request.body, clientIp: request.ip });
    if (answer instanceof Promise) return answer.then((result) => send(reply, result));
    send(reply, answer);
    return undefined;
  });
  if (permissive) {
    app.get(`${BACK_OFFICE_PREFIX}/*`, async (request, reply) => {
      const answer = await permissive.inject({
        method: 'GET',
        url: request.url.slice(BACK_OFFICE_PREFIX.length),
        headers: request.headers.authorization ? { authorization: request.headers.authorization } : {},
      });
      const contentType = answer.headers['content-type'];
      if (typeof contentType === 'string') reply.type(contentType);
      return reply.code(answer.statusCode).send(answer.rawPayload);
    });
  }
  return app;
}
