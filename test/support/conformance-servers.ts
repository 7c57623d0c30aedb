// Two in-process sandbox servers over the same world, for conformance tests: one under
// `--strict` (its answers checked against the real service's published document) and one by
// default (its answers checked against the derived document it serves at GET /openapi.json).
// Calls go through Fastify's inject with the main company's AppID.
import { afterAll, beforeAll } from 'vitest';
import { loadPublishedDocument } from '#service/http/published-contract';
import { createSandboxService, type SandboxService, type SandboxServiceOptions } from '#service/index';
import { answerValidator, type AnswerValidator, type AnswerVerdict } from '#test/support/openapi-validate';

type Json = any;

export type ServerKind = 'strict' | 'plain';

export interface ConformanceOptions {
  /** One clock for both servers; `clocks` gives each its own instead. */
  clock?: SandboxServiceOptions['clock'];
  clocks?: { strict: SandboxServiceOptions['clock']; plain: SandboxServiceOptions['clock'] };
  company?: SandboxServiceOptions['company'];
  /** The strict server's knobs (an `onMismatch` collector…); `true` when not given. */
  strict?: true | Exclude<SandboxServiceOptions['strict'], boolean | undefined>;
  /** The document the strict answers are held to; the published one as loaded when not given. */
  published?: Record<string, unknown>;
  /** Listen on a free port (a strict server's Pix network listener starts with it); else only `app.ready()`. */
  listen?: boolean;
}

/** An answer as the tests compare it: `toEqual({ status, body })`. */
export interface Reply {
  status: number;
  /** Parsed JSON, or the raw bytes when the answer is not JSON. */
  body: Json;
}

/** The same with its headers, for answers whose bytes or headers matter. */
export interface FullReply extends Reply {
  contentType: string;
  headers: Record<string, unknown>;
}

export interface ConformanceServers {
  readonly strict: SandboxService;
  readonly plain: SandboxService;
  /** The plain server's GET /openapi.json, fetched by start(). */
  readonly derived: Json;
  start(this: void): Promise<void>;
  stop(this: void): Promise<void>;
  call(this: void, service: SandboxService, method: string, url: string, body?: unknown): Promise<Reply>;
  inject(this: void, service: SandboxService, method: string, url: string, body?: unknown): Promise<FullReply>;
  /** What the document of `kind` (published for strict, derived for plain) says of this answer. */
  conforms(
    this: void,
    kind: ServerKind,
    method: string,
    documentedPath: string,
    status: number,
    body: unknown,
    contentType?: string,
  ): AnswerVerdict;
  /** The kind of one of the two servers. */
  kindOf(this: void, service: SandboxService): ServerKind;
}

/** Calls `service` with its own AppID, a JSON body when one is given: the answer with its headers. */
export async function inject(service: SandboxService, method: string, url: string, body?: unknown): Promise<FullReply> {
  const reply = await service.app.inject({
    method: method as 'GET',
    url,
    headers: { authorization: service.appId, ...(body === undefined ? {} : { 'content-type': 'application/json' }) },
    payload: body === undefined ? undefined : JSON.stringify(body),
  });
  const contentType = String(reply.headers['content-type'] ?? 'application/json');
  const json = contentType.startsWith('application/json');
  return {
    status: reply.statusCode,
    body: json ? reply.json() : reply.rawPayload,
    contentType,
    headers: reply.headers,
  };
}

/** inject's status and body only. */
export async function call(service: SandboxService, method: string, url: string, body?: unknown): Promise<Reply> {
  const { status, body: answer } = await inject(service, method, url, body);
  return { status, body: answer };
}

/**
 * Pays a BR Code as the payer's bank would: through the strict server's Pix network listener
 * (`--strict` takes no payments through the API), else the sandbox's POST /openpix/testing/pay.
 * The status of the payment answer.
 */
export async function pay(service: SandboxService, brCode: string): Promise<number> {
  if (!service.pixNetworkUrl) return (await call(service, 'POST', '/openpix/testing/pay', { brCode })).status;
  const reply = await fetch(`${service.pixNetworkUrl}/pay`, {
    method: 'POST',
    headers: { authorization: service.appId, 'content-type': 'application/json' },
    body: JSON.stringify({ brCode }),
  });
  return reply.status;
}

/** The two servers, not yet started: call start() in beforeAll and stop() in afterAll (or use useConformanceServers). */
export function conformanceServers(options: ConformanceOptions = {}): ConformanceServers {
  let strict: SandboxService | undefined;
  let plain: SandboxService | undefined;
  let derived: Json;
  const validators: Partial<Record<ServerKind, AnswerValidator>> = {};
  const started = <T>(value: T | undefined, name: string): T => {
    if (value === undefined) throw new Error(`conformance servers: ${name} before start()`);
    return value;
  };
  return {
    get strict() {
      return started(strict, 'strict');
    },
    get plain() {
      return started(plain, 'plain');
    },
    get derived() {
      return started(derived, 'derived');
    },
    async start() {
      strict = createSandboxService({
        dbPath: ':memory:',
        clock: options.clocks?.strict ?? options.clock,
        company: options.company,
        strict: options.strict ?? true,
      });
      plain = createSandboxService({
        dbPath: ':memory:',
        clock: options.clocks?.plain ?? options.clock,
        company: options.company,
      });
      if (options.listen) await Promise.all([strict.listen(0), plain.listen(0)]);
      else await Promise.all([strict.app.ready(), plain.app.ready()]);
      const served = await call(plain, 'GET', '/openapi.json');
      if (served.status !== 200) throw new Error(`GET /openapi.json answered ${served.status}`);
      derived = served.body;
    },
    async stop() {
      await strict?.close();
      await plain?.close();
    },
    call,
    inject,
    conforms(kind, method, documentedPath, status, body, contentType) {
      validators[kind] ??= answerValidator(
        kind === 'strict' ? (options.published ?? loadPublishedDocument()) : started(derived, 'derived'),
      );
      return validators[kind](method, documentedPath, status, body, contentType);
    },
    kindOf(service) {
      if (service === strict) return 'strict';
      if (service === plain) return 'plain';
      throw new Error('conformance servers: not one of the two servers');
    },
  };
}

/** conformanceServers, started in beforeAll and stopped in afterAll of the enclosing describe. */
export function useConformanceServers(options: ConformanceOptions = {}): ConformanceServers {
  const servers = conformanceServers(options);
  beforeAll(() => servers.start());
  afterAll(() => servers.stop());
  return servers;
}
