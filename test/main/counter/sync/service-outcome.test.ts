import { describe, expect, it } from 'vitest';
import { isRetryable, isUnreachable, type ServiceOutcome } from '#counter/sync/remote/service-outcome';

const outcomes: Record<ServiceOutcome<unknown>['kind'], ServiceOutcome<unknown>> = {
  ok: { kind: 'ok', body: {} },
  'not-sent': { kind: 'not-sent', detail: 'ECONNREFUSED' },
  unknown: { kind: 'unknown', detail: 'TimeoutError' },
  rejected: { kind: 'rejected', status: 400, error: 'valor inválido' },
  auth: { kind: 'auth', status: 401, error: 'AppID inválido' },
  server: { kind: 'server', status: 503, error: 'indisponível' },
};
const kindsWhere = (test: (outcome: ServiceOutcome<unknown>) => boolean) =>
  Object.values(outcomes)
    .filter(test)
    .map((outcome) => outcome.kind);

describe('what a call to the service came to', () => {
  it('is unreachable when nothing answered: never sent, or sent without a complete answer', () => {
    expect(kindsWhere(isUnreachable)).toEqual(['not-sent', 'unknown']);
  });

  it('is retryable when nothing answered or the service said "not now" (5xx, 429), never after an answer to act on', () => {
    expect(kindsWhere(isRetryable)).toEqual(['not-sent', 'unknown', 'server']);
    expect(isRetryable({ kind: 'server', status: 429, error: 'devagar', retryAfterMs: 1000 })).toBe(true);
  });
});
