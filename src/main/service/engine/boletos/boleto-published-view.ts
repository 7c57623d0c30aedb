/**
 * Strict mode (`--strict`, http/published-views.ts): a validated boleto as the published document
 * types it. Its `BoletoValidatedInfo` requires `totalValue`, a number. Our answer gives null for an
 * arrecadação slip whose value field is a reference quantity (value identifier 7 or 9: an index,
 * not money; boleto-lookup.ts). The document's only way to say "no amount known" is the one bank
 * slips use for a value to be informed, 0, so the strict answer gives 0.
 */
export function publishedBoletoAnswer(body: unknown): unknown {
  if (!isRecord(body) || !isRecord(body.boleto) || body.boleto.totalValue !== null) return body;
  return { ...body, boleto: { ...body.boleto, totalValue: 0 } };
}

function isRecord(value: unknown): value is Record<string, unknown> {
  return typeof value === 'object' && value !== null && !Array.isArray(value);
}
