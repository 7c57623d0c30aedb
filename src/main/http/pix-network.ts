import Fastify, { type FastifyInstance } from 'fastify';
import type { Engine } from '../engine/engine';
import { send } from './app';
import { appIdFrom } from './auth-header';
import { registerErrorHandling } from './error-handling';
import { registerJsonParser } from './json-body';

/** The one path of the Pix network listener: a payer's bank sends a Pix to a BR Code. */
export const PIX_NETWORK_PAY_PATH = '/pay';

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
export function buildPixNetworkApp(engine: Engine): FastifyInstance {
  const app = Fastify({ logger: false, bodyLimit: 64 * 1024 });
  registerJsonParser(app);
  registerErrorHandling(app);
  app.post(PIX_NETWORK_PAY_PATH, (request, reply) => {
    const answer = engine.handle(appIdFrom(request), 'sandboxPayBrCode', { body: request.body, clientIp: request.ip });
    if (answer instanceof Promise) return answer.then((result) => send(reply, result));
    send(reply, answer);
    return undefined;
  });
  return app;
}
