// "Testar conexão" in the owner's language: the verdict, the details line and what the check
// could not remove at the service, from the codes and data main answers (it sends no words).
// Pure: tested in Node.
import type { ConnectionDetail, ConnectionLeftBehind, ConnectionVerdict } from '#shared/counter/counter-api';
import type { Translate } from './translate';

const KEY = 'settings.connectionTest.verdict';

export function connectionVerdictText(verdict: ConnectionVerdict, t: Translate): string {
  switch (verdict.code) {
    case 'ok': {
      const opening = t(`${KEY}.opening.${verdict.company}`, { companyName: verdict.companyName ?? '' });
      if (verdict.missingCount === 0) return opening;
      const features = verdict.missingFeatures.map((feature) => t(`${KEY}.featureNames.${feature}`));
      return t(`${KEY}.okMissing`, { opening, count: verdict.missingCount, features: listText(features, t) });
    }
    case 'appIdRefused':
    case 'appIdForbidden':
      return t(`${KEY}.${verdict.code}`);
    case 'timeout':
      return t(`${KEY}.timeout`, { host: verdict.host, duration: durationText(verdict.timeoutMs, t) });
    case 'wrongPath':
      return t(`${KEY}.wrongPath`, {
        host: verdict.host,
        hint: t(`${KEY}.wrongPathHint.${verdict.hint}`, { path: verdict.path }),
      });
    case 'sellingScopesMissing':
      return t(`${KEY}.sellingScopesMissing`, { scopes: listText(verdict.scopes, t) });
    default:
      return t(`${KEY}.${verdict.code}`, { ...verdict });
  }
}

/** What answered, for the details line: "HTTP 401 · {…}", "sem resposta em 400 ms", "ECONNREFUSED". */
export function connectionDetailText(detail: ConnectionDetail, t: Translate): string {
  switch (detail.kind) {
    case 'http':
      return detail.excerpt
        ? t(`${KEY}.detail.httpExcerpt`, { status: detail.status, excerpt: detail.excerpt })
        : t(`${KEY}.detail.http`, { status: detail.status });
    case 'noAnswer':
      return detail.perRequest
        ? t(`${KEY}.detail.noAnswerPerRequest`, { duration: durationText(detail.timeoutMs, t) })
        : t(`${KEY}.detail.noAnswer`, { timeoutMs: detail.timeoutMs });
    case 'network':
      return detail.code;
  }
}

/** Everything the check left at the service, one sentence or more each, in one paragraph. */
export function leftBehindText(items: readonly ConnectionLeftBehind[], t: Translate): string {
  return items
    .map((item) => {
      if (item.kind === 'unexpectedWrite') {
        return t(`${KEY}.unexpectedWrite`, {
          what: t(`${KEY}.written.${item.what}`),
          correlationID: item.correlationID,
        });
      }
      const cause = item.cause === 'connectionFailed' && !item.created ? 'connectionFailedMaybe' : item.cause;
      return t(`${KEY}.leftCharge.${item.created ? 'created' : 'maybe'}`, {
        correlationID: item.correlationID,
        cause: t(`${KEY}.leftCause.${cause}`, { serviceError: item.serviceError ?? '' }),
      });
    })
    .join(' ');
}

/** "A", "A e B", "A, B e C". */
function listText(items: readonly string[], t: Translate): string {
  if (items.length <= 1) return items[0] ?? '';
  return `${items.slice(0, -1).join(', ')}${t(`${KEY}.and`)}${items[items.length - 1]}`;
}

/** "400 ms", "1 segundo", "5 segundos". */
function durationText(ms: number, t: Translate): string {
  if (ms < 1000) return t(`${KEY}.duration.ms`, { ms });
  return t(`${KEY}.duration.seconds`, { count: Math.round(ms / 1000) });
}
