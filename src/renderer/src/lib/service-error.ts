// The Pix service answers in English, for integrators ("customer.taxID: taxID is not a valid CPF
// or CNPJ", "Route POST /api/api/v1/charge not found"). A cashier reads what it means in pt-BR,
// with the service's own words kept on a smaller "details" line for whoever gives support.
// The counter's own messages (already pt-BR) pass through as they are. Pure: tested in Node.

/** i18n keys under `serviceError.` */
export type ServiceErrorKind =
  | 'customerTaxId'
  | 'customerEmail'
  | 'customerPhone'
  | 'customerName'
  | 'customerContact'
  | 'valueTooLarge'
  | 'valueTooSmall'
  | 'commentTooLong'
  | 'wrongPath'
  | 'appIdRefused'
  | 'chargeNotFound'
  | 'unreachable'
  | 'refused';

export interface ServiceErrorText {
  /** An i18n key under `serviceError.`, or null when the message is already the counter's own. */
  kind: ServiceErrorKind | null;
  /** The text as it arrived: shown whole when kind is null, as the details line otherwise. */
  original: string;
}

const RULES: ReadonlyArray<readonly [RegExp, ServiceErrorKind]> = [
  [/taxID\b.*\b(not a valid CPF or CNPJ|too long|must be)/i, 'customerTaxId'],
  [/\bemail\b.*\b(not a valid|too long|must be)/i, 'customerEmail'],
  [/\bphone\b.*\b(must|has an invalid|invalid)/i, 'customerPhone'],
  [/customer\.name\b|\bname is (required|too long)/i, 'customerName'],
  [/customer needs taxID, email or phone/i, 'customerContact'],
  [/\bvalue is too large\b/i, 'valueTooLarge'],
  [/\bvalue must be at least 1 cent\b/i, 'valueTooSmall'],
  [/\bcomment is too long\b/i, 'commentTooLong'],
  [/^Route [A-Z]+ \S+ not found$/, 'wrongPath'],
  [
    /\b(AppID|appID|app id)\b.*\b(invalid|not found|refused|unknown)\b|\bUnauthorized\b|\bAuthorization header\b/i,
    'appIdRefused',
  ],
  [/^Charge not found\b/i, 'chargeNotFound'],
  [/\b(ECONNREFUSED|ENOTFOUND|ETIMEDOUT|EAI_AGAIN|fetch failed)\b/, 'unreachable'],
];

/** "O serviço Pix recusou: …" (counter-sync): the counter's frame around the service's words. */
const REFUSED_PREFIX = /^O serviço Pix recusou:\s*/;

export function readServiceError(message: string): ServiceErrorText {
  const original = message.trim();
  const inner = original.replace(REFUSED_PREFIX, '');
  for (const [pattern, kind] of RULES) {
    if (pattern.test(inner)) return { kind, original: inner };
  }
  // The counter said the service refused, in the service's words we do not know yet.
  if (inner !== original) return { kind: 'refused', original: inner };
  return { kind: null, original };
}

export interface ReadableError {
  /** What the cashier reads, in the counter's language. */
  text: string;
  /** The service's own words, for a smaller "Detalhes:" line or a tooltip; null when `text` already is the message. */
  details: string | null;
}

/** A message in the cashier's words: the service's mapped through `translate` (the i18n `t`), the counter's own as it is. */
export function readableError(
  message: string,
  translate: (key: `serviceError.${ServiceErrorKind}`) => string,
): ReadableError {
  const read = readServiceError(message);
  return read.kind
    ? { text: translate(`serviceError.${read.kind}`), details: read.original }
    : { text: read.original, details: null };
}
