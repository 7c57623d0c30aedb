import type { FastifyInstance } from 'fastify';
import type { Engine } from '../engine/engine';

/**
 * The Pix location a dynamic BR Code points at. A payer's bank fetches it without any AppID
 * (that is how Pix works), so these routes are public and reveal only what the QR promises.
 */
export function registerPixLocationRoutes(app: FastifyInstance, engine: Engine): void {
  for (const kind of ['cob', 'cobv'] as const) {
    app.get<{ Params: { id: string }; Querystring: { DPP?: string } }>(`/qr/v2/${kind}/:id`, async (request, reply) => {
      const payload = engine.pixLocation(request.params.id, request.query.DPP);
      if (!payload) return reply.code(404).send({ error: 'Pix location not found' });
      return reply.send(payload);
    });
  }
}
