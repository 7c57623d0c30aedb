/**
 * Strict mode (`--strict`, http/published-views.ts): a charge as the published document types it.
 * Our charge names the subscription that generated it by its globalID, a string (the id
 * GET /api/v1/subscriptions/{id} takes; src/shared/service/resources.ts reads it so); the
 * document's `Charge.subscription` is a `Subscription` object, none of whose fields it requires.
 * The strict answer gives the object with the one field the charge knows: `{ globalID }`.
 */
export function publishedChargeAnswer(body: unknown): unknown {
  if (!isRecord(body)) return body;
  const out: Record<string, unknown> = { ...body };
  if (isRecord(body.charge)) out.charge = publishedCharge(body.charge);
  if (Array.isArray(body.charges)) out.charges = body.charges.map(publishedCharge);
  return out;
}

function publishedCharge(charge: unknown): unknown {
  if (!isRecord(charge) || typeof charge.subscription !== 'string') return charge;
  return { ...charge, subscription: { globalID: charge.subscription } };
}

function isRecord(value: unknown): value is Record<string, unknown> {
  return typeof value === 'object' && value !== null && !Array.isArray(value);
}
