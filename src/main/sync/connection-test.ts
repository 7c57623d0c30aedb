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
//   input or looks anything up (src/main/engine/engine.ts, `run`: `caller` then `parseRequest`,
//   then the handler), so 401/403 means the scope is not granted and any other refusal (400 "not
//   found", a bad body) means it is. Each probe is side-effect free by construction: a refund of
//   a charge or a transaction that does not exist has nothing to refund, and a static QR code
//   without its required name and with a negative value cannot be created.
// Every request goes through HttpServiceClient, so the headers, timeout and network-failure
// vocabulary are the sync path's own. A network failure (or a 5xx) half-way is reported as such,
// never as a missing scope. The AppID never appears in a message or a detail: an answer that echoes
// it has it masked.
import { randomUUID } from 'node:crypto';
import type { ConnectionCheck, MissingScope } from '../../shared/pos-api';
import type { ServiceRequest } from '../../shared/service-api';
import type { OperationName } from '../engine/operations';
import { COUNTER_SCOPES, FEATURE_NAMES } from './connection-scopes';
import { HttpServiceClient, normalizeBaseUrl } from './http-service-client';
import { isUnreachable, type ServiceOutcome } from './service-outcome';

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

type Send = (op: OperationName, request?: ServiceRequest, cleanup?: boolean) => Promise<Probe>;

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
    const outcome = (await client.call(op, request)) as ServiceOutcome<unknown>;
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
  /** In pt-BR: what could not be removed at the service. */
  readonly leftBehind: string[] = [];

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

  private chargeLeftBehind(outcome: ServiceOutcome<unknown>, created: boolean): string {
    // Created for sure, or sent without an answer (it may or may not exist).
    const left = `${created ? 'Ficou' : 'Talvez tenha ficado'} no serviço uma cobrança de teste de R$ 0,01 (correlationID ${this.chargeId})`;
    const remedy =
      'Ela vence sozinha em 5 minutos e ninguém precisa pagá-la; para removê-la já, apague-a no painel do serviço (Cobranças, pelo correlationID).';
    if (outcome.kind === 'auth') return `${left}: sem a permissão CHARGE_DELETE, o Balcão não pôde apagá-la. ${remedy}`;
    if (outcome.kind === 'rejected') return `${left}: o serviço recusou apagá-la ("${outcome.error}"). ${remedy}`;
    return created
      ? `${left}: a conexão falhou antes que o Balcão a apagasse. ${remedy}`
      : `${left}: a conexão falhou antes que o Balcão soubesse se ela foi criada. ${remedy}`;
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
        if (probe.outcome.kind === 'ok') this.leftBehind.push(unexpectedWrite('um estorno', absent));
      },
      // A refund of a charge that does not exist: nothing can be refunded.
      async () => {
        const probe = await this.send('createChargeRefund', {
          params: { id: absent },
          body: { correlationID: absent, value: 1 },
        });
        this.record('CHARGE_REFUND_POST', probe);
        if (probe.outcome.kind === 'ok') this.leftBehind.push(unexpectedWrite('um estorno', absent));
      },
      // A static QR code without its required name and with a negative value: refused as a bad body.
      async () => {
        const probe = await this.send('createPixQrCode', { body: { correlationID: absent, value: -1 } });
        this.record('PIX_QRCODE_POST', probe);
        if (probe.outcome.kind === 'ok') this.leftBehind.push(unexpectedWrite('um QR Code estático', absent));
      },
    ];
    const workers = Array.from({ length: PROBE_CONCURRENCY }, async () => {
      for (let next = probes.shift(); next; next = probes.shift()) await next();
    });
    await Promise.all(workers);
  }
}

function unexpectedWrite(what: string, correlationID: string): string {
  return `O serviço aceitou um pedido de teste que devia recusar e criou ${what} (correlationID ${correlationID}). Confira no painel do serviço e apague-o se puder.`;
}

function isNotFound(outcome: ServiceOutcome<unknown>): boolean {
  return outcome.kind === 'rejected' && (outcome.status === 404 || /not found/i.test(outcome.error));
}

interface Summary {
  context: Context;
  companyName: string | undefined;
  companyDetail: string;
  verdicts: Map<string, Verdict>;
  run: ScopeRun;
}

function summarize({ context, companyName, companyDetail, verdicts, run }: Summary): ConnectionCheck {
  const missingScopes: MissingScope[] = COUNTER_SCOPES.filter(
    (entry) => verdicts.get(entry.scope)?.kind === 'missing',
  ).map(({ scope, feature, consequence }) => ({ scope, feature, consequence }));
  const extra = {
    missingScopes,
    ...(companyName ? { companyName } : {}),
    ...(run.leftBehind.length > 0 ? { leftBehind: run.leftBehind.join(' ') } : {}),
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
      message:
        `O serviço aceitou o AppID, mas sem ${names(selling.map((entry) => entry.scope))} o Balcão não consegue vender. ` +
        'Dê ao aplicativo as permissões que faltam no painel do serviço e teste de novo.',
      detail,
      ...extra,
    };
  }
  if (run.chargeRefused) {
    return {
      ok: false,
      problem: 'unexpected',
      message:
        `O serviço aceitou o AppID, mas recusou a cobrança de teste (R$ 0,01, 5 minutos): "${run.chargeRefused.error}". ` +
        'Sem criar cobranças, o Balcão não consegue vender. Confira a conta no painel do serviço (uma chave Pix, a conta ativa).',
      detail: run.chargeRefused.probe.answer ? detailOf(run.chargeRefused.probe.answer) : companyDetail,
      ...extra,
    };
  }
  const opening = companyName
    ? `Conexão ok: ${companyName}.`
    : companyName === ''
      ? 'Conexão ok.'
      : 'Conexão ok: o serviço aceitou o AppID.';
  if (missingScopes.length === 0) return { ok: true, message: opening, detail, ...extra };
  const features = [...new Set(missingScopes.map((entry) => FEATURE_NAMES[entry.feature]))];
  const count = missingScopes.length === 1 ? 'falta 1 permissão' : `faltam ${missingScopes.length} permissões`;
  return {
    ok: true,
    message:
      `${opening} O Balcão vende, mas ${count} ao AppID, e fica sem: ${names(features)}. ` +
      'Para ter tudo, dê ao aplicativo as permissões que faltam no painel do serviço e teste de novo.',
    detail,
    ...extra,
  };
}

/** A request after the company's got no answer, or a 5xx: the check could not finish. */
function midwayFailure(probe: Probe, context: Context): ConnectionCheck {
  const { outcome, answer } = probe;
  const host = hostOf(context);
  if (outcome.kind === 'server') {
    return {
      ok: false,
      problem: 'unexpected',
      message: `O serviço em ${host} respondeu, mas falhou no meio do teste (HTTP ${outcome.status}): nem todas as permissões foram conferidas. Tente de novo em alguns minutos.`,
      detail: answer ? detailOf(answer) : `HTTP ${outcome.status}`,
    };
  }
  const code = isUnreachable(outcome) ? outcome.detail : outcome.kind;
  const timeout = code === 'TimeoutError' || code === 'AbortError';
  return {
    ok: false,
    problem: 'unreachable',
    message: timeout
      ? `O serviço em ${host} respondeu, mas parou de responder no meio do teste: nem todas as permissões foram conferidas. Confira a internet desta máquina e teste de novo.`
      : `O serviço em ${host} respondeu, mas a conexão falhou no meio do teste: nem todas as permissões foram conferidas. Confira a internet desta máquina e teste de novo.`,
    detail: timeout
      ? `sem resposta a tempo (${durationText(context.timeoutMs)} por pedido)`
      : answer
        ? detailOf(answer)
        : code,
  };
}

/** "A", "A e B", "A, B e C". */
function names(items: readonly string[]): string {
  return items.length <= 1 ? (items[0] ?? '') : `${items.slice(0, -1).join(', ')} e ${items[items.length - 1]}`;
}

function detailOf(answer: Answer): string {
  return `HTTP ${answer.status}${answer.excerpt ? ` · ${answer.excerpt}` : ''}`;
}

/**
 * The company's answer: a final check (the service cannot be used with this URL and AppID), or
 * the company's name and whether COMPANY_GET is granted, to go on with the scopes.
 */
function classifyCompany(
  { outcome, answer }: Probe,
  context: Context,
): { check: ConnectionCheck } | { companyName: string | undefined; detail: string } {
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
          message: `${hostOf(context)} respondeu, mas não como um serviço Pix (a resposta não traz a empresa). Confira a URL base.`,
          detail,
        },
      };
    }
    return { companyName: name, detail: `HTTP ${answer.status}` };
  }
  if (outcome.kind === 'auth') {
    // A missing scope proves the AppID itself was accepted: the counter sells without reading the
    // company (receipts then use the shop name from the settings), as the sync path already does.
    if (outcome.status === 403 && /required scope/i.test(outcome.error)) return { companyName: undefined, detail };
    return {
      check: {
        ok: false,
        problem: 'refused-app-id',
        message:
          outcome.status === 401
            ? 'O serviço Pix recusou o AppID. Copie de novo o AppID do aplicativo no painel do serviço, inteiro, e confira se é do mesmo ambiente (sandbox ou produção) que a URL base.'
            : 'O serviço Pix recusou este AppID para esta operação (sem permissão). Confira as permissões do aplicativo no painel do serviço e se este computador pode usá-lo.',
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
      message:
        answer.status >= 500 || answer.status === 429
          ? `O serviço em ${hostOf(context)} está com problemas agora (HTTP ${answer.status}). Tente de novo em alguns minutos.`
          : `${hostOf(context)} respondeu de um jeito que o Balcão não reconhece. Confira a URL base e tente de novo.`,
      detail,
    },
  };
}

function unreachable(outcome: ServiceOutcome<unknown>, context: Context): ConnectionCheck {
  const code = isUnreachable(outcome) ? outcome.detail : outcome.kind;
  const host = hostOf(context);
  let message: string;
  if (code === 'TimeoutError' || code === 'AbortError') {
    message = `${host} não respondeu em ${durationText(context.timeoutMs)}. Confira a internet desta máquina e a URL base; o serviço pode estar fora do ar.`;
  } else if (code === 'ENOTFOUND' || code === 'EAI_AGAIN') {
    message = `O endereço ${host} não foi encontrado. Confira se a URL base está escrita certa e se esta máquina tem internet.`;
  } else if (/CERT|TLS|SSL|EPROTO/i.test(code)) {
    message = `A conexão segura com ${host} falhou (certificado ou protocolo). Confira se a URL base está certa, com https:// para o serviço.`;
  } else {
    message = `Nada respondeu em ${host}. Confira a URL base (endereço e porta) e a internet desta máquina; o serviço pode estar fora do ar.`;
  }
  return {
    ok: false,
    problem: 'unreachable',
    message,
    detail: code === 'TimeoutError' ? `sem resposta em ${context.timeoutMs} ms` : code,
  };
}

function wrongPath(context: Context, detail: string): ConnectionCheck {
  const path = pathOf(context.baseUrl);
  // What the owner typed, said back: the most common slip is pasting an endpoint, not the server.
  const hint = /\/api(\/v1)?$/i.test(path)
    ? `A URL base termina em "${path.match(/\/api(\/v1)?$/i)![0]}", e o Balcão já acrescenta /api/v1: apague essa parte (ex.: https://api.woovi.com).`
    : path !== ''
      ? `Confira a URL base: ela é só o endereço do serviço, sem caminho depois (ex.: https://api.woovi.com), e não "${path}".`
      : 'Confira a URL base: ela deve ser o endereço da API do serviço Pix (ex.: https://api.woovi.com), não o do site ou do painel.';
  return {
    ok: false,
    problem: 'wrong-path',
    message: `${hostOf(context)} respondeu, mas ali não está a API do serviço Pix. ${hint}`,
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

function durationText(ms: number): string {
  if (ms < 1000) return `${ms} ms`;
  const seconds = Math.round(ms / 1000);
  return seconds === 1 ? '1 segundo' : `${seconds} segundos`;
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
