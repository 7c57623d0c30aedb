import type { FastifyInstance } from 'fastify';
import { ManualClock, systemClock, type Clock } from './engine/clock';
import type { EngineConfig } from './engine/context';
import { Engine } from './engine/engine';
import { createSandboxCompany, findSandboxAppId, type SandboxCompanyOptions } from './engine/tenancy/sandbox-bootstrap';
import { buildHttpApp } from './http/app';
import { openDatabase } from './store/database';

export interface SandboxServiceOptions {
  dbPath: string;
  appId?: string;
  clock?: Clock;
  config?: Partial<EngineConfig>;
  company?: SandboxCompanyOptions;
  logger?: boolean;
}

export interface SandboxService {
  engine: Engine;
  app: FastifyInstance;
  appId: string;
  /** Starts listening on 127.0.0.1 (port 0 picks a free one) and returns the base URL. */
  listen(port?: number): Promise<string>;
  close(): Promise<void>;
}

/**
 * The engine served over HTTP as a sandbox of the service. On first start it creates a sandbox
 * company (bank account, Pix key, application); later starts reuse it. A requested AppID that
 * does not exist yet gets a company of its own.
 */
export function createSandboxService(options: SandboxServiceOptions): SandboxService {
  const db = openDatabase(options.dbPath);
  const clock = options.clock ?? systemClock;
  const engine = new Engine({ db, clock, config: options.config });
  let appId = options.appId;
  if (appId) {
    if (!engine.tenancy.resolveTenant(appId)) createSandboxCompany(db, clock.now(), { ...options.company, appId });
  } else {
    appId = findSandboxAppId(db) ?? createSandboxCompany(db, clock.now(), options.company).appId;
  }
  const app = buildHttpApp(engine, { logger: options.logger });
  return {
    engine,
    app,
    appId,
    async listen(port = 0) {
      await app.listen({ host: '127.0.0.1', port });
      const address = app.server.address();
      const actualPort = typeof address === 'object' && address ? address.port : port;
      const url = `http://127.0.0.1:${actualPort}`;
      engine.setPublicBaseUrl(url);
      return url;
    },
    async close() {
      await app.close();
      await engine.close();
    },
  };
}

export { ManualClock };
