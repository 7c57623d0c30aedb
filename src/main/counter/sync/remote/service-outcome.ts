// What became of one call to the service, in the terms the sync path acts on. A network call can
// fail before sending, after the service committed, or by hanging; each calls for something else:
// - ok: the service answered 2xx with this body;
// - not-sent: the request never left (refused connection, no route, DNS): safe to send again;
// - unknown: sent, no complete answer (timeout, reset, cut body): the service may have acted, so
//   only the same idempotency key may be sent again;
// - rejected: a 4xx other than auth: final; the service's reason is shown;
// - auth: 401/403: the AppID or its scopes are refused; sending stops;
// - server: 5xx or 429: the service is there but not now; back off, honour Retry-After.
export type ServiceOutcome<T> =
  | { kind: 'ok'; body: T }
  | { kind: 'not-sent'; detail: string }
  | { kind: 'unknown'; detail: string }
  | { kind: 'rejected'; status: number; error: string }
  | { kind: 'auth'; status: number; error: string }
  /** `held`: not sent at all, the service's last 429 still holds (contract-client.ts): it says nothing new of the service. */
  | { kind: 'server'; status: number; error: string; retryAfterMs?: number; held?: true };

export type FailedOutcome = Exclude<ServiceOutcome<unknown>, { kind: 'ok' }>;

/** Nothing answered: the request never left, or it left and no complete answer came back. */
export type UnreachableOutcome = Extract<ServiceOutcome<unknown>, { kind: 'not-sent' | 'unknown' }>;

/**
 * The kinds after which the same request, with the same key, may simply be tried again later:
 * nothing answered, or the service answered "not now" (5xx, 429). A create that ends so has had
 * no answer the cashier can act on.
 */
export function isRetryable(outcome: ServiceOutcome<unknown>): boolean {
  return isUnreachable(outcome) || outcome.kind === 'server';
}

/** True when this outcome says the service could not be reached at all. */
export function isUnreachable(outcome: ServiceOutcome<unknown>): outcome is UnreachableOutcome {
  return outcome.kind === 'not-sent' || outcome.kind === 'unknown';
}

/** An answered status (not 2xx) as an outcome. */
export function outcomeOfStatus(status: number, error: string, retryAfterMs?: number): FailedOutcome {
  if (status === 401 || status === 403) return { kind: 'auth', status, error };
  if (status === 429 || status >= 500)
    return { kind: 'server', status, error, ...(retryAfterMs !== undefined ? { retryAfterMs } : {}) };
  return { kind: 'rejected', status, error };
}

/** Retry-After in seconds or as an HTTP date, in milliseconds from `now`; undefined when absent or unreadable. */
export function parseRetryAfter(header: string | null, now: number): number | undefined {
  if (!header) return undefined;
  const text = header.trim();
  if (/^\d+$/.test(text)) return Number(text) * 1000;
  const at = Date.parse(text);
  return Number.isNaN(at) ? undefined : Math.max(0, at - now);
}
