import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterEach, beforeEach, describe } from 'vitest';
import type { ServiceReply, ServiceRequest } from '#shared/service/service-api';
import { operationTable as operations, type OperationName } from '#service/engine/operations';
import { ManualClock } from '#lib/clock';
import type { Engine } from '#service/engine/engine';
import { createSandboxCompany } from '#service/engine/tenancy/sandbox-bootstrap';
import { createSandboxService } from '#service/index';

export type Transport = 'engine' | 'http';

/** Calls one operation and gives back status and body (or bytes), whichever path it takes. */
export interface ServiceClient {
  request(op: OperationName, request?: ServiceRequest, options?: { appId?: string | null }): Promise<ServiceReply>;
}

export interface Harness {
  transport: Transport;
  client: ServiceClient;
  engine: Engine;
  clock: ManualClock;
  /** The main test company's AppID. */
  appId: string;
  pixKey: string;
  /** A second company, to prove one tenant never sees another's records. */
  other: { appId: string; pixKey: string };
  baseUrl: string;
  /** Shortcut: request with the main AppID and expect a 2xx JSON body. */
  ok<T = any>(op: OperationName, request?: ServiceRequest): Promise<T>;
  /** Row counts of the given tables, to prove a rejected request wrote nothing. */
  counts<Table extends string>(...tables: Table[]): Record<Table, number>;
  close(): Promise<void>;
}

export async function createHarness(transport: Transport, start = '2026-11-22T15:00:00.000Z'): Promise<Harness> {
  const clock = new ManualClock(start);
  // Over HTTP the store is a file, as under `npm run serve`: the same contract then also runs the
  // file database's own paths (the reads' connection, the WAL sync, the checkpoint thread).
  const dir = transport === 'http' ? mkdtempSync(join(tmpdir(), 'balcao-contract-')) : null;
  const dbPath = dir ? join(dir, 'service.db') : ':memory:';
  const service = createSandboxService({ dbPath, clock, config: { refundSettlementMs: 2_000 } });
  const main = service.engine.tenancy.resolveTenant(service.appId)!;
  const mainKey = service.engine.tenancy.defaultPixKey(main.account.id)!.key;
  const other = createSandboxCompany(service.engine.db, clock.now(), { tradeName: 'Outra Loja' });
  let baseUrl = 'http://sandbox.balcao.test';
  let client: ServiceClient;
  if (transport === 'http') {
    baseUrl = await service.listen(0);
    client = httpClient(baseUrl, service.appId);
  } else {
    service.engine.setPublicBaseUrl(baseUrl);
    client = engineClient(service.engine, service.appId);
  }
  const harness: Harness = {
    transport,
    client,
    engine: service.engine,
    clock,
    appId: service.appId,
    pixKey: mainKey,
    other: { appId: other.appId, pixKey: other.pixKey },
    baseUrl,
    async ok(op, request) {
      const reply = await client.request(op, request);
      if (reply.status >= 300 || !('body' in reply)) {
        throw new Error(
          `${op} answered ${reply.status}: ${JSON.stringify('body' in reply ? reply.body : reply.contentType)}`,
        );
      }
      return reply.body as any;
    },
    counts(...tables) {
      return Object.fromEntries(
        tables.map((t) => [t, (service.engine.db.prepare(`SELECT COUNT(*) AS n FROM ${t}`).get() as { n: number }).n]),
      ) as Record<(typeof tables)[number], number>;
    },
    async close() {
      await service.close();
      if (dir) rmSync(dir, { recursive: true, force: true });
    },
  };
  return harness;
}

function engineClient(engine: Engine, defaultAppId: string): ServiceClient {
  return {
    request: (op, request = {}, options = {}) =>
      Promise.resolve(engine.handle(options.appId === null ? undefined : (options.appId ?? defaultAppId), op, request)),
  };
}

function httpClient(baseUrl: string, defaultAppId: string): ServiceClient {
  return {
    async request(op, request = {}, options = {}) {
      const spec = operations[op];
      let path: string = spec.paths[0];
      for (const [name, value] of Object.entries(request.params ?? {})) {
        path = path.replace(`:${name}`, encodeURIComponent(value));
      }
      const query = new URLSearchParams();
      for (const [key, value] of Object.entries(request.query ?? {})) if (value !== undefined) query.set(key, value);
      const headers: Record<string, string> = {};
      const appId = options.appId === null ? undefined : (options.appId ?? defaultAppId);
      if (appId !== undefined) headers.authorization = appId;
      let body: string | undefined;
      if (request.body !== undefined) {
        headers['content-type'] = 'application/json';
        body = JSON.stringify(request.body);
      }
      const url = `${baseUrl}${path}${query.size ? `?${query}` : ''}`;
      const response = await fetch(url, { method: spec.method, headers, body });
      if (response.status === 204) return { status: 204, body: undefined };
      const contentType = response.headers.get('content-type') ?? '';
      if (contentType.startsWith('application/json')) return { status: response.status, body: await response.json() };
      return { status: response.status, bytes: new Uint8Array(await response.arrayBuffer()), contentType };
    },
  };
}

/**
 * Declares a contract suite that runs twice: against the engine in process over a database in
 * memory, and through HTTP over a database file. Each test gets a fresh database, so tests never
 * depend on one another. The harness exists only inside a test, so the transport is also handed
 * to `body` at collection time: a test that needs a real server says
 * `it.skipIf(transport !== 'http')` and is reported skipped in the engine run, instead of
 * returning early and passing without checking anything.
 */
export function describeContract(name: string, body: (get: () => Harness, transport: Transport) => void): void {
  for (const transport of ['engine', 'http'] as const) {
    describe(`${name} [${transport}]`, () => {
      let harness: Harness | undefined;
      beforeEach(async () => {
        harness = await createHarness(transport);
      });
      afterEach(async () => {
        await harness?.close();
        harness = undefined;
      });
      body(() => {
        if (!harness) throw new Error('harness not ready');
        return harness;
      }, transport);
    });
  }
}
