// "Testar conexão": what the service at the base URL the owner typed says about it and about the
// AppID, and whether that AppID holds every scope the counter uses (connection-scopes.ts), so a
// misconfigured application is caught at setup and not at the first sale.
//
// First GET /api/v1/company (the read the counter makes for receipt headers): its answer alone
// tells an unreachable service, a wrong path, a web page, a refused AppID or a service in trouble,
// and the check stops there. Then one request per scope, within a bounded total time:
// - charges: a test charge of our own (R$ 0,01, 5 minutes, correlationID
//   `balcao-teste-conexao-<uuid>`) is created, read, listed, its refunds listed, and deleted. If
//   the delete is refused the result says plainly that it was left, and how to remove it;
// - reads: plain reads (one-item pages, or a record that does not exist);
// - writes that cannot be undone (refunds, static QR codes): a request the service refuses for a
//   reason other than the scope. The service checks the AppID and the scope before it reads the
//   input or looks anything up (src/main/service/engine/engine.ts, `run`: `caller` then `parseRequest`,
//   then the handler), so 401/403 means the scope is not granted and any other refusal (400 "not
//   found", a bad body) means it is. Each probe is side-effect free by construction: a refund of
//   a charge or a transaction that does not exist has nothing to refund, and a static QR code
//   without its required name and with a negative value cannot be created.
// Every request goes through HttpServiceClient, so the headers, timeout and network-failure
// vocabulary are the sync path's own. A network failure (or a 5xx) half-way is reported as such,
// never as a missing scope. The check answers codes with their data (the verdict, the details
// line, what was left behind); the renderer says them in the owner's language. The AppID never
// appears in a verdict or a detail: an answer that echoes it has it masked.
// Over 300 lines because the check walks every scope the counter uses, in order, and undoes what
// it made; its verdict's text is the renderer's (connection-check-text.ts), its scopes are
// connection-scopes.ts.
import { randomUUID } from 'node:crypto';
import type {
  ConnectionCheck,
  ConnectionDetail,
  ConnectionLeftBehind,
  ConnectionVerdict,
  MissingScope,
} from '#shared/counter/counter-api';
import type { ServiceRequest } from '#shared/service/service-api';
import type { ContractOperation } from '../remote/service-contract';
import { COUNTER_SCOPES } from './connection-scopes';
import { HttpServiceClient, normalizeBaseUrl } from '../remote/http-service-client';
import { isUnreachable, type ServiceOutcome } from '../remote/service-outcome';

export interface ConnectionTarget {
  baseUrl: string;
  appId: string;
}

export interface ConnectionTestOptions {
  /** Each request's own limit; a few seconds by default: the owner is waiting in front of the settings screen. */
  timeoutMs?: number;
  /**
   * The whole check's limit: no request starts after it, and those running are cut at it. Only the
   * delete of the test charge may run a little past it (CLEANUP_MS), so a charge is not left behind
   * just because the service was slow.
   */
  totalTimeoutMs?: number;
  fetch?: typeof fetch;
}

export const CONNECTION_TEST_TIMEOUT_MS = 5_000;
export const CONNECTION_TEST_TOTAL_MS = 15_000;
const CLEANUP_MS = 3_000;
/** Probes running at once besides the test charge's own sequence: quick, without looking like a flood. */
const PROBE_CONCURRENCY = 4;

/** The test charge: the smallest value and the shortest lifetime the service accepts. */
export const TEST_CHARGE_PREFIX = 'balcao-teste-conexao-';
const TEST_CHARGE_VALUE = 1;
const TEST_CHARGE_EXPIRES_IN = 300;

const EXCERPT_LENGTH = 140;

/** What came back over the wire, seen before the client turned it into an outcome. */
interface Answer {
  status: number;
  contentType: string;
  excerpt: string;
}

interface Probe {
  outcome: ServiceOutcome<unknown>;
  answer?: Answer;
}

/** What one request says about its scope; `failed`: nothing (the network or the service failed). */
type Verdict = { kind: 'granted'; probe: Probe } | { kind: 'missing'; probe: Probe } | { kind: 'failed'; probe: Probe };

interface Context {
  baseUrl: string;
  timeoutMs: number;
}

export async function testConnection(
  target: ConnectionTarget,
  options: ConnectionTestOptions = {},
): Promise<ConnectionCheck> {
  const baseUrl = normalizeBaseUrl(target.baseUrl.trim());
  const timeoutMs = options.timeoutMs ?? CONNECTION_TEST_TIMEOUT_MS;
  const deadline = Date.now() + (options.totalTimeoutMs ?? CONNECTION_TEST_TOTAL_MS);
  const context: Context = { baseUrl, timeoutMs };
  const send = sender(target, baseUrl, options.fetch ?? fetch, timeoutMs, deadline);

  const company = await send('getCompany');
  const first = classifyCompany(company, context);
  if ('check' in first) return first.check;

  const verdicts = new Map<string, Verdict>([['COMPANY_GET', verdictOf(company)]]);
  const record = (scope: string, probe: Probe) => verdicts.set(scope, verdictOf(probe));
  const run = new ScopeRun(send, record);
  await Promise.all([run.charges(), run.probes()]);
  return summarize({ context, companyName: first.companyName, companyDetail: first.detail, verdicts, run });
}

type Send = (op: ContractOperation, request?: ServiceRequest, cleanup?: boolean) => Promise<Probe>;

function sender(
  target: ConnectionTarget,
  baseUrl: string,
  fetchImpl: typeof fetch,
  timeoutMs: number,
  deadline: number,
): Send {
  return async (op, request = {}, cleanup = false) => {
    const left = (cleanup ? deadline + CLEANUP_MS : deadline) - Date.now();
    if (left <= 0) return { outcome: { kind: 'unknown', detail: 'TimeoutError' } };
    let answer: Answer | undefined;
    // The client keeps only what the sync path needs (status, the service's `error`); telling an
    // HTML page from the service's JSON needs the content type and the first words of the body.
    const recording: typeof fetch = async (input, init) => {
      const response = await fetchImpl(input, init);
      const text = await response.clone().text();
      answer = {
        status: response.status,
        contentType: response.headers.get('content-type') ?? '',
        excerpt: excerptOf(text, target.appId),
      };
      return response;
    };
    const client = new HttpServiceClient({
      baseUrl,
      appId: target.appId,
      timeoutMs: Math.min(timeoutMs, left),
      fetch: recording,
    });
    const outcome = await client.call(op, request);
    return { outcome, answer };
  };
}

/**
 * The scope is checked before anything else, so any answer but 401/403 proves it granted: a
 * success, or a refusal for the input or an unknown record. No answer, or a 5xx, proves nothing.
 */
function verdictOf(probe: Probe): Verdict {
  switch (probe.outcome.kind) {
    case 'ok':
    case 'rejected':
      return { kind: 'granted', probe };
    case 'auth':
      return { kind: 'missing', probe };
    default:
      return { kind: 'failed', probe };
  }
}

/** The requests after the company's: the test charge's life, and one probe for each other scope. */
class ScopeRun {
  private readonly id = randomUUID();
  /** The test charge's correlationID. */
  readonly chargeId = `${TEST_CHARGE_PREFIX}${this.id}`;
  /** A record that does not exist, for the probes that must be refused. */
  private readonly absentId = `${TEST_CHARGE_PREFIX}${this.id}-inexistente`;
  /** The service refused to create the test charge for a reason other than the scope (its words). */
  chargeRefused?: { probe: Probe; error: string };
  /** What could not be removed at the service. */
  readonly leftBehind: ConnectionLeftBehind[] = [];

  constructor(
    private readonly send: Send,
    private readonly record: (scope: string, probe: Probe) => void,
  ) {}

  async charges(): Promise<void> {
    const created = await this.send('createCharge', {
      body: {
        correlationID: this.chargeId,
        value: TEST_CHARGE_VALUE,
        expiresIn: TEST_CHARGE_EXPIRES_IN,
        comment: 'Balcão: teste de conexão (apagada em seguida)',
      },
    });
    this.record('CHARGE_POST', created);
    const outcome = created.outcome;
    if (outcome.kind === 'rejected') this.chargeRefused = { probe: created, error: outcome.error };
    // Sent without an answer: the charge may exist, so it is deleted like one that does.
    const mayExist = outcome.kind === 'ok' || outcome.kind === 'unknown';
    const readId = outcome.kind === 'ok' ? this.chargeId : this.absentId;
    const at = new Date().toISOString();
    this.record('CHARGE_GET', await this.send('getCharge', { params: { id: readId } }));
    this.record('CHARGE_GET_LIST', await this.send('listCharges', { query: { start: at, end: at, limit: '1' } }));
    this.record(
      'CHARGE_REFUND_GET_LIST',
      await this.send('listChargeRefunds', { params: { id: readId }, query: { skip: '0', limit: '1' } }),
    );
    if (!mayExist) {
      // Nothing was made: the delete scope is checked on a charge that does not exist.
      this.record('CHARGE_DELETE', await this.send('deleteCharge', { params: { id: this.absentId } }));
      return;
    }
    const deleted = await this.send('deleteCharge', { params: { id: this.chargeId } }, true);
    this.record('CHARGE_DELETE', deleted);
    // "Not found": the create never took effect (or the charge is gone already).
    const gone = deleted.outcome.kind === 'ok' || isNotFound(deleted.outcome);
    if (!gone) this.leftBehind.push(this.chargeLeftBehind(deleted.outcome, outcome.kind === 'ok'));
  }

  private chargeLeftBehind(outcome: ServiceOutcome<unknown>, created: boolean): ConnectionLeftBehind {
    // Created for sure, or sent without an answer (it may or may not exist).
    const charge = { kind: 'testCharge', correlationID: this.chargeId, created } as const;
    if (outcome.kind === 'auth') return { ...charge, cause: 'noDeleteScope' };
    if (outcome.kind === 'rejected') return { ...charge, cause: 'deleteRefused', serviceError: outcome.error };
    return { ...charge, cause: 'connectionFailed' };
  }

  async probes(): Promise<void> {
    const at = new Date().toISOString();
    const absent = this.absentId;
    const probes: Array<() => Promise<void>> = [
      async () =>
        this.record(
          'TRANSACTION_GET_LIST',
          await this.send('listTransactions', { query: { start: at, end: at, limit: '1' } }),
        ),
      async () => this.record('PIX_KEY_GET_LIST', await this.send('listPixKeys', { query: { skip: '0', limit: '1' } })),
      async () =>
        this.record('PIX_QRCODE_GET_LIST', await this.send('listPixQrCodes', { query: { skip: '0', limit: '1' } })),
      async () => this.record('PIX_QRCODE_GET', await this.send('getPixQrCode', { params: { id: absent } })),
      // A code that does not exist: "not found" once the scope is checked, nothing deleted.
      async () => this.record('PIX_QRCODE_DELETE', await this.send('deletePixQrCode', { params: { id: absent } })),
      async () => this.record('REFUND_GET', await this.send('getRefund', { params: { id: absent } })),
      // A refund of a transaction that does not exist: nothing can be refunded.
      async () => {
        const probe = await this.send('createRefund', {
          body: { transactionEndToEndId: absent, value: 1, correlationID: absent },
        });
        this.record('REFUND_POST', probe);
        if (probe.outcome.kind === 'ok') this.leftBehind.push(unexpectedWrite('refund', absent));
      },
      // A refund of a charge that does not exist: nothing can be refunded.
      async () => {
        const probe = await this.send('createChargeRefund', {
          params: { id: absent },
          body: { correlationID: absent, value: 1 },
        });
        this.record('CHARGE_REFUND_POST', probe);
        if (probe.outcome.kind === 'ok') this.leftBehind.push(unexpectedWrite('refund', absent));
      },
      // A static QR code without its required name and with a negative value: refused as a bad body.
      async () => {
        const probe = await this.send('createPixQrCode', { body: { correlationID: absent, value: -1 } });
        this.record('PIX_QRCODE_POST', probe);
        if (probe.outcome.kind === 'ok') this.leftBehind.push(unexpectedWrite('staticQrCode', absent));
      },
    ];
    const workers = Array.from({ length: PROBE_CONCURRENCY }, async () => {
      for (let next = probes.shift(); next; next = probes.shift()) await next();
    });
    await Promise.all(workers);
  }
}

function unexpectedWrite(what: 'refund' | 'staticQrCode', correlationID: string): ConnectionLeftBehind {
  return { kind: 'unexpectedWrite', what, correlationID };
}

function isNotFound(outcome: ServiceOutcome<unknown>): boolean {
  return outcome.kind === 'rejected' && (outcome.status === 404 || /not found/i.test(outcome.error));
}

interface Summary {
  context: Context;
  companyName: string | undefined;
  companyDetail: ConnectionDetail;
  verdicts: Map<string, Verdict>;
  run: ScopeRun;
}

function summarize({ context, companyName, companyDetail, verdicts, run }: Summary): ConnectionCheck {
  const missingScopes: MissingScope[] = COUNTER_SCOPES.filter(
    (entry) => verdicts.get(entry.scope)?.kind === 'missing',
  ).map(({ scope, feature }) => ({ scope, feature }));
  const extra = {
    missingScopes,
    ...(companyName ? { companyName } : {}),
    ...(run.leftBehind.length > 0 ? { leftBehind: run.leftBehind } : {}),
  };

  const failure = COUNTER_SCOPES.map((entry) => verdicts.get(entry.scope)).find(
    (verdict) => verdict?.kind === 'failed',
  );
  if (failure) {
    const check = midwayFailure(failure.probe, context);
    return { ...check, ...extra };
  }

  const firstMissing = missingScopes[0] && verdicts.get(missingScopes[0].scope)?.probe.answer;
  const detail = firstMissing ? detailOf(firstMissing) : companyDetail;
  const selling = missingScopes.filter((entry) => entry.feature === 'selling');
  if (selling.length > 0) {
    return {
      ok: false,
      problem: 'missing-scopes',
      verdict: { code: 'sellingScopesMissing', scopes: selling.map((entry) => entry.scope) },
      detail,
      ...extra,
    };
  }
  if (run.chargeRefused) {
    return {
      ok: false,
      problem: 'unexpected',
      verdict: { code: 'testChargeRefused', serviceError: run.chargeRefused.error },
      detail: run.chargeRefused.probe.answer ? detailOf(run.chargeRefused.probe.answer) : companyDetail,
      ...extra,
    };
  }
  const verdict: ConnectionVerdict = {
    code: 'ok',
    company: companyName ? 'named' : companyName === '' ? 'unnamed' : 'unread',
    ...(companyName ? { companyName } : {}),
    missingFeatures: [...new Set(missingScopes.map((entry) => entry.feature))],
    missingCount: missingScopes.length,
  };
  return { ok: true, verdict, detail, ...extra };
}

/** A request after the company's got no answer, or a 5xx: the check could not finish. */
function midwayFailure(probe: Probe, context: Context): ConnectionCheck {
  const { outcome, answer } = probe;
  const host = hostOf(context);
  if (outcome.kind === 'server') {
    return {
      ok: false,
      problem: 'unexpected',
      verdict: { code: 'midwayServerError', host, status: outcome.status },
      detail: answer ? detailOf(answer) : { kind: 'http', status: outcome.status },
    };
  }
  const code = isUnreachable(outcome) ? outcome.detail : outcome.kind;
  const timeout = code === 'TimeoutError' || code === 'AbortError';
  return {
    ok: false,
    problem: 'unreachable',
    verdict: { code: timeout ? 'midwayTimeout' : 'midwayNetwork', host },
    detail: timeout
      ? { kind: 'noAnswer', timeoutMs: context.timeoutMs, perRequest: true }
      : answer
        ? detailOf(answer)
        : { kind: 'network', code },
  };
}

function detailOf(answer: Answer): ConnectionDetail {
  return { kind: 'http', status: answer.status, ...(answer.excerpt ? { excerpt: answer.excerpt } : {}) };
}

/**
 * The company's answer: a final check (the service cannot be used with this URL and AppID), or
 * the company's name and whether COMPANY_GET is granted, to go on with the scopes.
 */
function classifyCompany(
  { outcome, answer }: Probe,
  context: Context,
): { check: ConnectionCheck } | { companyName: string | undefined; detail: ConnectionDetail } {
  if (!answer) return { check: unreachable(outcome, context) };
  const detail = detailOf(answer);
  if (looksLikeHtml(answer)) return { check: wrongPath(context, detail) };
  if (outcome.kind === 'ok') {
    const name = companyNameOf(outcome.body);
    if (name === undefined) {
      return {
        check: {
          ok: false,
          problem: 'unexpected',
          verdict: { code: 'notPixService', host: hostOf(context) },
          detail,
        },
      };
    }
    return { companyName: name, detail: { kind: 'http', status: answer.status } };
  }
  if (outcome.kind === 'auth') {
    // A missing scope proves the AppID itself was accepted: the counter sells without reading the
    // company (receipts then use the shop name from the settings), as the sync path already does.
    if (outcome.status === 403 && /required scope/i.test(outcome.error)) return { companyName: undefined, detail };
    return {
      check: {
        ok: false,
        problem: 'refused-app-id',
        verdict: { code: outcome.status === 401 ? 'appIdRefused' : 'appIdForbidden' },
        detail,
      },
    };
  }
  if (answer.status === 404 || (outcome.kind === 'rejected' && /^Route [A-Z]+ \S+ not found$/.test(outcome.error))) {
    return { check: wrongPath(context, detail) };
  }
  return {
    check: {
      ok: false,
      problem: 'unexpected',
      verdict:
        answer.status >= 500 || answer.status === 429
          ? { code: 'serviceTrouble', host: hostOf(context), status: answer.status }
          : { code: 'unrecognized', host: hostOf(context) },
      detail,
    },
  };
}

function unreachable(outcome: ServiceOutcome<unknown>, context: Context): ConnectionCheck {
  const code = isUnreachable(outcome) ? outcome.detail : outcome.kind;
  const host = hostOf(context);
  let verdict: ConnectionVerdict;
  if (code === 'TimeoutError' || code === 'AbortError') {
    verdict = { code: 'timeout', host, timeoutMs: context.timeoutMs };
  } else if (code === 'ENOTFOUND' || code === 'EAI_AGAIN') {
    verdict = { code: 'hostNotFound', host };
  } else if (/CERT|TLS|SSL|EPROTO/i.test(code)) {
    verdict = { code: 'tlsFailed', host };
  } else {
    verdict = { code: 'nothingAnswered', host };
  }
  return {
    ok: false,
    problem: 'unreachable',
    verdict,
    detail:
      code === 'TimeoutError'
        ? { kind: 'noAnswer', timeoutMs: context.timeoutMs, perRequest: false }
        : { kind: 'network', code },
  };
}

function wrongPath(context: Context, detail: ConnectionDetail): ConnectionCheck {
  const path = pathOf(context.baseUrl);
  // What the owner typed, said back: the most common slip is pasting an endpoint, not the server.
  const apiSuffix = /\/api(\/v1)?$/i.exec(path);
  return {
    ok: false,
    problem: 'wrong-path',
    verdict: {
      code: 'wrongPath',
      host: hostOf(context),
      ...(apiSuffix
        ? { hint: 'apiSuffix', path: apiSuffix[0] }
        : path !== ''
          ? { hint: 'extraPath', path }
          : { hint: 'noPath', path }),
    },
    detail,
  };
}

function companyNameOf(body: unknown): string | undefined {
  if (!body || typeof body !== 'object' || !('company' in body)) return undefined;
  const company = body.company;
  if (!company || typeof company !== 'object') return undefined;
  const { tradeName, officialName } = company as { tradeName?: unknown; officialName?: unknown };
  const name = [tradeName, officialName].find(
    (value): value is string => typeof value === 'string' && value.trim() !== '',
  );
  return name?.trim() ?? '';
}

function looksLikeHtml(answer: Answer): boolean {
  return /text\/html/i.test(answer.contentType) || /^<(!doctype|html|head|body)\b/i.test(answer.excerpt);
}

function hostOf(context: Context): string {
  try {
    return new URL(context.baseUrl).host;
  } catch {
    return context.baseUrl;
  }
}

function pathOf(baseUrl: string): string {
  try {
    return new URL(baseUrl).pathname.replace(/\/+$/, '');
  } catch {
    return '';
  }
}

/** The first words of an answer, on one line, with the AppID masked should the answer echo it. */
function excerptOf(text: string, appId: string): string {
  let plain = text.replace(/\s+/g, ' ').trim();
  if (appId) plain = plain.split(appId).join('•••');
  return plain.length > EXCERPT_LENGTH ? `${plain.slice(0, EXCERPT_LENGTH - 1)}…` : plain;
}
