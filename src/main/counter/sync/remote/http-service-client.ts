// A remote service over HTTP, addressed by the counter's own contract (service-contract.ts): each
// operation's method and path as the service's published OpenAPI document writes them, so the
// counter calls what the real service documents and carries none of the engine. Every failure is
// classified (see service-outcome.ts); nothing here retries: the sender decides.
import { createHash } from 'node:crypto';
import type { ServiceRequest } from '#shared/service/service-api';
import type { ServiceClient } from './service-client';
import { serviceContract, type ContractOperation } from './service-contract';
import { fetchTransport, undiciTransport, type HttpAnswer, type HttpTransport } from './http-transport';
import { outcomeOfStatus, parseRetryAfter, type ServiceOutcome } from './service-outcome';

export interface HttpServiceClientOptions {
  baseUrl: string;
  appId: string;
  /**
   * No answer within this many milliseconds counts as unknown. Short, for a counter: a customer is
   * waiting, and the command stays queued to be retried with the same key anyway.
   */
  timeoutMs?: number;
  /**
   * Requests go through this `fetch` when given (tests that break the network inside the process,
   * the connection check that records each exchange); through undici's keep-alive pool otherwise.
   */
  fetch?: typeof fetch;
}

export const DEFAULT_REQUEST_TIMEOUT_MS = 5_000;

// Errors that prove the request never reached the service (nothing to be unsure about).
const NOT_SENT_CODES = new Set([
  'ECONNREFUSED',
  'ENOTFOUND',
  'EAI_AGAIN',
  'ENETUNREACH',
  'EHOSTUNREACH',
  'ERR_INVALID_URL',
]);

/** The store's name for a remote: base URL and AppID hashed, so the secret never lands on disk. */
export function remoteServiceId(baseUrl: string, appId: string): string {
  return (
    'remote:' +
    createHash('sha256')
      .update(`${normalizeBaseUrl(baseUrl)}\n${appId}`)
      .digest('hex')
      .slice(0, 32)
  );
}

export function normalizeBaseUrl(baseUrl: string): string {
  return baseUrl.replace(/\/+$/, '');
}

export class HttpServiceClient implements ServiceClient {
  readonly serviceId: string;
  readonly label: string;
  private readonly baseUrl: string;
  private readonly send: HttpTransport;

  constructor(private readonly options: HttpServiceClientOptions) {
    this.baseUrl = normalizeBaseUrl(options.baseUrl);
    this.serviceId = remoteServiceId(this.baseUrl, options.appId);
    this.label = this.baseUrl;
    this.send = options.fetch ? fetchTransport(options.fetch) : undiciTransport();
  }

  async call(op: ContractOperation, request: ServiceRequest = {}): Promise<ServiceOutcome<unknown>> {
    const spec = serviceContract[op];
    const url = this.baseUrl + operationPath(spec.path, request.params ?? {}) + queryString(request.query);
    const headers: Record<string, string> = { Authorization: this.options.appId, Accept: 'application/json' };
    let body: string | undefined;
    if (request.body !== undefined) {
      headers['Content-Type'] = 'application/json';
      body = JSON.stringify(request.body);
    }
    let response: HttpAnswer;
    try {
      response = await this.send(url, {
        method: spec.method,
        headers,
        body,
        timeoutMs: this.options.timeoutMs ?? DEFAULT_REQUEST_TIMEOUT_MS,
      });
    } catch (error) {
      const code = errorCode(error);
      if (code && NOT_SENT_CODES.has(code)) return { kind: 'not-sent', detail: code };
      return { kind: 'unknown', detail: code ?? describe(error) };
    }
    let text: string;
    try {
      text = await response.text();
    } catch (error) {
      // The answer was cut mid-body: the service acted (or not), we cannot tell.
      return { kind: 'unknown', detail: `answer cut: ${errorCode(error) ?? describe(error)}` };
    }
    if (response.status < 200 || response.status > 299) {
      return outcomeOfStatus(
        response.status,
        errorMessageOf(text, response.status),
        parseRetryAfter(response.header('retry-after'), Date.now()),
      );
    }
    try {
      // Not checked here: the contract client parses it through the contract's schema before
      // anyone reads it (contract-client.ts).
      return { kind: 'ok', body: JSON.parse(text) as unknown };
    } catch {
      return { kind: 'unknown', detail: 'answer is not JSON' };
    }
  }
}

/** `/api/v1/charge/{id}/refund` (as the OpenAPI document writes it) with its parameters filled in, each one URL-encoded. */
export function operationPath(template: string, params: Record<string, string>): string {
  return template.replace(/\{([A-Za-z]+)\}/g, (_match, name: string) => {
    const value = params[name];
    if (value === undefined) throw new Error(`missing path parameter ${name} for ${template}`);
    return encodeURIComponent(value);
  });
}

function queryString(query: ServiceRequest['query']): string {
  if (!query) return '';
  const search = new URLSearchParams();
  for (const [key, value] of Object.entries(query)) if (value !== undefined) search.set(key, value);
  const text = search.toString();
  return text ? `?${text}` : '';
}

function errorMessageOf(text: string, status: number): string {
  try {
    const body = JSON.parse(text) as unknown;
    if (body && typeof body === 'object' && 'error' in body && typeof body.error === 'string') return body.error;
  } catch {
    // not JSON: fall through
  }
  return `O serviço Pix respondeu ${status}`;
}

/** The errno-style code of a failed exchange (fetch wraps it in `cause`, sometimes twice; undici's own errors carry it). */
function errorCode(error: unknown): string | undefined {
  for (let current: unknown = error, depth = 0; current && depth < 4; depth++) {
    if (typeof current === 'object') {
      const { code, name } = current as { code?: unknown; name?: unknown };
      if (typeof code === 'string') return code;
      if (name === 'TimeoutError' || name === 'AbortError') return name;
      current = (current as { cause?: unknown }).cause;
    } else break;
  }
  return undefined;
}

function describe(error: unknown): string {
  return error instanceof Error ? error.message : String(error);
}
