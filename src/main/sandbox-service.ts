import type { FastifyInstance } from 'fastify';
import { ManualClock, systemClock, type Clock } from './clock';
import type { EngineConfig } from './engine/context';
import { Engine } from './engine/engine';
import { ServiceError } from './engine/errors';
import { createSandboxCompany, findSandboxAppId, type SandboxCompanyOptions } from './engine/tenancy/sandbox-bootstrap';
import type { SandboxMerchantInput } from './engine/tenancy/sandbox-merchant';
import { buildHttpApp } from './http/app';
import { openDatabase } from './store/database';
import { WebhookDispatcher, type WebhookDispatcherOptions } from './webhooks/dispatcher';
import { PersistedManualClock, registerSandboxClockRoutes } from './webhooks/sandbox-clock';

export interface SandboxServiceOptions {
  dbPath: string;
  appId?: string;
  clock?: Clock;
  config?: Partial<EngineConfig>;
  company?: SandboxCompanyOptions;
  logger?: boolean;
  /** Check every answer against its declared schema (Engine's checkResponses); BALCAO_CHECK_RESPONSES=1 by default. */
  checkResponses?: boolean;
  /**
   * Sends webhooks in the background (npm run serve does; in-process tests start their own
   * dispatcher when they want one). Options tune it (timeout, retry policy).
   */
  webhooks?: boolean | Omit<WebhookDispatcherOptions, 'db' | 'clock'>;
  /**
   * Test-only (`npm run serve -- --manual-clock`): time stands still, kept in the database, until
   * POST /sandbox/clock moves it. Ignored when `clock` is given.
   */
  manualClock?: boolean;
}

/** The shop as the counter's settings give it; the key as typed ("(11) 98765-4321"). */
export type SandboxMerchantSettings = SandboxMerchantInput;

/**
 * The status and message of a refusal by the embedded sandbox (a bad Pix key, another
 * account's key, a name no BR Code can carry), or null for any other failure. Lets the counter
 * answer the owner without knowing the engine's error type.
 */
export function sandboxRefusal(error: unknown): { status: number; message: string } | null {
  return error instanceof ServiceError ? { status: error.status, message: error.message } : null;
}

export interface SandboxService {
  engine: Engine;
  app: FastifyInstance;
  /** The webhook dispatcher, when `webhooks` asked for one. */
  webhooks?: WebhookDispatcher;
  appId: string;
  /**
   * The sandbox company becomes the counter's shop: its name and city in BR Codes, and its
   * receiving Pix key (see Engine.configureSandboxMerchant). Writes nothing when it already is.
   * A value the service refuses rejects with an error `sandboxRefusal` reads.
   */
  configureMerchant(settings: SandboxMerchantSettings): Promise<void>;
  /** The sandbox company's name and city as its BR Codes carry them (the counter's first defaults). */
  merchant(): { merchantName: string; merchantCity: string };
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
  const manualClock = !options.clock && options.manualClock ? new PersistedManualClock(db) : undefined;
  const clock = options.clock ?? manualClock ?? systemClock;
  // The tests set BALCAO_CHECK_RESPONSES for every engine they start, in process or as `npm run serve`.
  const checkResponses = options.checkResponses ?? process.env.BALCAO_CHECK_RESPONSES === '1';
  const engine = new Engine({ db, clock, config: options.config, checkResponses });
  let appId = options.appId;
  if (appId) {
    if (!engine.tenancy.resolveTenant(appId)) createSandboxCompany(db, clock.now(), { ...options.company, appId });
  } else {
    appId = findSandboxAppId(db) ?? createSandboxCompany(db, clock.now(), options.company).appId;
  }
  const app = buildHttpApp(engine, { logger: options.logger });
  let webhooks: WebhookDispatcher | undefined;
  if (options.webhooks) {
    webhooks = new WebhookDispatcher({ ...(options.webhooks === true ? {} : options.webhooks), db, clock });
    const dispatcher = webhooks;
    // A committed event may have queued deliveries: look at once instead of at the next poll.
    engine.subscribe(() => dispatcher.wake());
    dispatcher.start();
  }
  if (manualClock) registerSandboxClockRoutes(app, engine, manualClock, () => webhooks?.wake());
  // A served sandbox moves time-driven states (charge expiry, settlements, subscriptions' charges)
  // on its own, not only when the next request arrives: their events are webhooks a receiver waits
  // for. A sweep with nothing due costs one comparison.
  const sweeper = options.webhooks ? setInterval(() => sweepQuietly(engine), SWEEP_INTERVAL_MS) : undefined;
  sweeper?.unref();
  const companyAppId = appId;
  return {
    engine,
    app,
    webhooks,
    appId,
    async configureMerchant(settings) {
      await engine.configureSandboxMerchant(companyAppId, settings);
    },
    merchant() {
      const { company } = engine.tenancy.resolveTenant(companyAppId)!;
      return { merchantName: company.merchant_name, merchantCity: company.merchant_city };
    },
    async listen(port = 0) {
      await app.listen({ host: '127.0.0.1', port });
      const address = app.server.address();
      const actualPort = typeof address === 'object' && address ? address.port : port;
      const url = `http://127.0.0.1:${actualPort}`;
      engine.setPublicBaseUrl(url);
      return url;
    },
    async close() {
      clearInterval(sweeper);
      await webhooks?.stop();
      await app.close();
      await engine.close();
    },
  };
}

const SWEEP_INTERVAL_MS = 1_000;

function sweepQuietly(engine: Engine): void {
  try {
    engine.sweep();
  } catch (error) {
    // The next tick, or the next request, tries again; a sweep is one transaction, all or nothing.
    console.error('[sandbox] a background sweep failed', error);
  }
}

export { ManualClock };
