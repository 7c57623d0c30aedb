import type { FastifyInstance } from 'fastify';
import type { Engine } from '../engine/engine';
import { singleValuedQuery } from './query';

/**
 * The Pix location a dynamic BR Code points at. A payer's bank fetches it without any AppID
 * (that is how Pix works), so these routes are public and reveal only what the QR promises.
 * Bad input (a DPP that is not one calendar day) throws a ServiceError: 400 `{ error }`.
 */
export function registerPixLocationRoutes(app: FastifyInstance, engine: Engine): void {
  for (const kind of ['cob', 'cobv'] as const) {
    app.get<{ Params: { id: string } }>(`/qr/v2/${kind}/:id`, async (request, reply) => {
      // A repeated DPP (?DPP=a&DPP=b) is refused: which day would the payer mean?
      const { DPP } = singleValuedQuery(request.query);
      const payload = await engine.pixLocation(request.params.id, DPP);
      if (!payload) return reply.code(404).send({ error: 'Pix location not found' });
      return reply.send(payload);
    });
  }
}
