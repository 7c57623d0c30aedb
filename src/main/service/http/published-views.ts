import { publishedBoletoAnswer } from '../engine/boletos/boleto-published-view';
import { publishedChargeAnswer } from '../engine/charges/charge-published-view';
import { publishedPaymentAnswer } from '../engine/payments/payment-serializer';
import { routeKey } from './published-contract';

/**
 * Strict mode (`--strict`): answers whose published schema types a part otherwise than our
 * default answer, turned into what the document's own examples show before they are cut to the
 * schema (strict-mode.ts). Each view lives beside the serializer that knows the answer; this table
 * names the documented operations (method and path as the document writes them) that take one.
 * A view applies to success answers only.
 */
const VIEWS: ReadonlyMap<string, (body: unknown) => unknown> = new Map([
  [routeKey('GET', '/api/v1/payment'), publishedPaymentAnswer],
  [routeKey('POST', '/api/v1/payment'), publishedPaymentAnswer],
  [routeKey('GET', '/api/v1/payment/{id}'), publishedPaymentAnswer],
  [routeKey('POST', '/api/v1/payment/approve'), publishedPaymentAnswer],
  // Every answer that carries a charge (`charge`, or `charges` in the list).
  [routeKey('GET', '/api/v1/charge'), publishedChargeAnswer],
  [routeKey('POST', '/api/v1/charge'), publishedChargeAnswer],
  [routeKey('GET', '/api/v1/charge/{id}'), publishedChargeAnswer],
  [routeKey('PATCH', '/api/v1/charge/{id}'), publishedChargeAnswer],
  // A slip with no amount: `totalValue` 0, not null.
  [routeKey('POST', '/api/v1/boleto/validate'), publishedBoletoAnswer],
]);

export function publishedView(method: string, path: string): ((body: unknown) => unknown) | undefined {
  return VIEWS.get(routeKey(method, path));
}
