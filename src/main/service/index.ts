import type { FastifyInstance } from 'fastify';
import { ManualClock, systemClock, type Clock } from '#lib/clock';
import type { EngineConfig } from './engine/context';
import { Engine } from './engine/engine';
import { ServiceError } from './engine/errors';
import { DEFAULT_LISTEN_HOST, httpUrl, linkHost } from '#lib/net/listen-host';
import { createSandboxCompany, findSandboxAppId, type SandboxCompanyOptions } from './engine/tenancy/sandbox-bootstrap';
import type { SandboxMerchantInput } from './engine/tenancy/sandbox-merchant';
import { buildHttpApp } from './http/app';
import { buildPixNetworkApp } from './http/pix-network';
import { createStrictMode, type StrictOptions } from './http/strict-mode';
import { openServiceDatabase } from './engine/migrations';
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
  /**
   * `npm run serve -- --strict`: the API answers only what the real service's published contract
   * documents (src/main/service/http/strict-mode.ts), Pix link to static QR codes only at payment time
   * (EngineConfig.linkAtPaymentOnly), and payments come from a Pix network listener of their own
   * (`pixNetworkUrl`), not from the API. `true` or the test knobs.
   */
  strict?: boolean | StrictSandboxOptions;
}

export interface StrictSandboxOptions extends StrictOptions {
  /** The Pix network listener's port, on the API's host; 0 (the default) picks a free one. */
  pixNetworkPort?: number;
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
  /**
   * Starts listening on `host` (127.0.0.1 by default; port 0 picks a free one) and returns the
   * base URL that links in answers use (listen-host.ts, linkHost). A strict service starts its Pix
   * network listener too (`pixNetworkUrl`), on the same host.
   */
  listen(port?: number, host?: string): Promise<string>;
  /** Once listening: the API socket's own address (`http://0.0.0.0:8080` under `--host 0.0.0.0`). */
  readonly boundUrl: string | undefined;
  /**
   * Strict only, once listening: where a payer's bank sends Pix (`POST <url>/pay`,
   * http/pix-network.ts), as its socket's own address.
   */
  readonly pixNetworkUrl: string | undefined;
  close(): Promise<void>;
}

/**
 * The engine served over HTTP as a sandbox of the service. On first start it creates a sandbox
 * company (bank account, Pix key, application); later starts reuse it. A requested AppID that
 * does not exist yet gets a company of its own.
 */
export function createSandboxService(options: SandboxServiceOptions): SandboxService {
  const strict = options.strict === true ? {} : options.strict || undefined;
  if (strict && options.manualClock && !options.clock) {
    throw new Error('--manual-clock needs POST /sandbox/clock, which a strict service does not serve');
  }
  // Reads the published document before anything is opened: a missing one fails at once.
  const strictMode = strict ? createStrictMode(strict) : undefined;
  const db = openServiceDatabase(options.dbPath);
  const manualClock = !options.clock && options.manualClock ? new PersistedManualClock(db) : undefined;
  const clock = options.clock ?? manualClock ?? systemClock;
  // The tests set BALCAO_CHECK_RESPONSES for every engine they start, in process or as `npm run serve`.
  const checkResponses = options.checkResponses ?? process.env.BALCAO_CHECK_RESPONSES === '1';
  const config = strict ? { ...options.config, linkAtPaymentOnly: true } : options.config;
  const engine = new Engine({ db, clock, config, checkResponses });
  let appId = options.appId;
  if (appId) {
    if (!engine.tenancy.resolveTenant(appId)) createSandboxCompany(db, clock.now(), { ...options.company, appId });
  } else {
    appId = findSandboxAppId(db) ?? createSandboxCompany(db, clock.now(), options.company).appId;
  }
  const app = buildHttpApp(engine, { logger: options.logger, strict: strictMode });
  // The back office (pix-network.ts) reads through the same engine, as the permissive sandbox answers.
  const pixNetwork = strict ? buildPixNetworkApp(engine, buildHttpApp(engine)) : undefined;
  let pixNetworkUrl: string | undefined;
  let boundUrl: string | undefined;
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
    async listen(port = 0, host = DEFAULT_LISTEN_HOST) {
      await app.listen({ host, port });
      const bound = socketAddress(app);
      boundUrl = httpUrl(bound.address, bound.port);
      const url = httpUrl(linkHost(host, bound.address), bound.port);
      engine.setPublicBaseUrl(url);
      if (pixNetwork) {
        // The API's host: a strict sandbox in a container is paid from outside it, and the
        // listener opens nothing the API does not (its GET /openpix/testing pays as well).
        await pixNetwork.listen({ host, port: strict?.pixNetworkPort ?? 0 });
        const network = socketAddress(pixNetwork);
        pixNetworkUrl = httpUrl(network.address, network.port);
      }
      return url;
    },
    get boundUrl() {
      return boundUrl;
    },
    get pixNetworkUrl() {
      return pixNetworkUrl;
    },
    async close() {
      clearInterval(sweeper);
      await webhooks?.stop();
      await pixNetwork?.close();
      await app.close();
      await engine.close();
    },
  };
}

const SWEEP_INTERVAL_MS = 1_000;

/** The address and port a listening app's socket has (the first one, for a name that resolves to several). */
function socketAddress(app: FastifyInstance): { address: string; port: number } {
  const address = app.server.address();
  if (!address || typeof address === 'string') throw new Error('the server is not listening on a TCP port');
  return { address: address.address, port: address.port };
}

function sweepQuietly(engine: Engine): void {
  try {
    engine.sweep();
  } catch (error) {
    // The next tick, or the next request, tries again; a sweep is one transaction, all or nothing.
    console.error('[sandbox] a background sweep failed', error);
  }
}

export { ManualClock };
