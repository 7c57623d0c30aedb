// Composition root of the counter's main-process side: the embedded sandbox, the settings, the
// gateway of the current mode, the handlers and the live events. Electron and the browser host
// each create one and only adapt it to their transport.
import { mkdirSync } from 'node:fs';
import { join } from 'node:path';
import type { PosStatus, Settings } from '../../shared/pos-api';
import { systemClock, type Clock } from '../engine/clock';
import type { EngineConfig } from '../engine/context';
import { createSandboxService, type SandboxService } from '../sandbox-service';
import { embeddedMerchant } from './embedded-merchant';
import { EventHub, type PosEvents } from './event-hub';
import type { LaunchRemote } from './launch-remote';
import { LiveSales } from './live-sales';
import { OnlineTracker } from './online-tracker';
import { OrderJournal } from './order-journal';
import { createPosHandlers, DEFAULT_SALE_EXPIRES_IN_SECONDS, type PosHandlers } from './pos-handlers';
import type { Printing } from './printing';
import { loadSaleById } from './sale-mapper';
import { EmbeddedGateway, RemoteGateway, type ServiceGateway } from './service-gateway';
import { SettingsStore, type SecretStore } from './settings-store';
import { notConfiguredMessage, UnconfiguredGateway } from './unconfigured-gateway';

export interface PosRuntimeOptions {
  dataDir: string;
  secretStore: SecretStore;
  printing: Printing;
  clock?: Clock;
  /** The embedded sandbox's AppID (created on first use when it does not exist yet). */
  sandboxAppId?: string;
  saleExpiresInSeconds?: number;
  /** Engine tuning (tests shorten the sandbox's refund settlement). */
  engineConfig?: Partial<EngineConfig>;
  pollIntervalMs?: number;
  /** The fetch remote modes use (tests inject one). */
  fetch?: typeof fetch;
  /** `--remote URL --app-id ID`: start in the remote sandbox mode against that service. */
  remote?: LaunchRemote;
}

export interface PosRuntime {
  handlers: PosHandlers;
  events: PosEvents;
  settings: SettingsStore;
  /** The embedded sandbox: its engine, its HTTP app (not listening until a host asks) and AppID. */
  sandbox: SandboxService;
  status(): PosStatus;
  close(): Promise<void>;
}

/** The service refuses a charge that expires sooner (spec: expiresIn ≥ 300 s). */
export const MIN_SALE_EXPIRES_IN_SECONDS = 300;

export function createPosRuntime(options: PosRuntimeOptions): PosRuntime {
  const saleExpiresInSeconds = options.saleExpiresInSeconds ?? DEFAULT_SALE_EXPIRES_IN_SECONDS;
  if (!Number.isInteger(saleExpiresInSeconds) || saleExpiresInSeconds < MIN_SALE_EXPIRES_IN_SECONDS) {
    // Refused here rather than at the first sale, where every charge would fail the same way.
    throw new RangeError(
      `saleExpiresInSeconds must be a whole number of seconds, at least ${MIN_SALE_EXPIRES_IN_SECONDS} (got ${saleExpiresInSeconds})`,
    );
  }
  mkdirSync(options.dataDir, { recursive: true });
  const clock = options.clock ?? systemClock;
  const sandbox = createSandboxService({
    dbPath: join(options.dataDir, 'sandbox.db'),
    appId: options.sandboxAppId,
    clock,
    config: options.engineConfig,
  });
  const company = sandbox.engine.tenancy.resolveTenant(sandbox.appId)!.company;
  const settings = new SettingsStore(join(options.dataDir, 'settings.json'), options.secretStore, {
    merchantName: company.merchant_name,
    merchantCity: company.merchant_city,
  });
  // Saved like a trip through Configurações would save it, so the next start without flags stays there.
  if (options.remote) settings.save({ mode: 'remote-sandbox', baseUrl: options.remote.baseUrl, appId: options.remote.appId });
  const merchant = embeddedMerchant(sandbox.engine, sandbox.appId);
  // Settings saved while another mode was active (or a sandbox.db restored from elsewhere) are
  // brought in at start. Queued in the engine's writer before any sale can be, so it goes first.
  merchant.apply(settings.get()).catch((error: unknown) => {
    console.error('[settings] the merchant settings could not be applied to the embedded sandbox', error);
  });
  const journal = new OrderJournal(join(options.dataDir, 'pos.db'));
  const hub = new EventHub();
  const tracker = new OnlineTracker(() => hub.emit({ type: 'status', status: status() }));

  let gateway = buildGateway(settings.get());

  function buildGateway(current: Settings): ServiceGateway {
    if (current.mode === 'embedded') return tracker.observe(new EmbeddedGateway(sandbox.engine, sandbox.appId));
    const appId = settings.appId();
    if (!current.baseUrl || !appId) {
      // Never the embedded sandbox in its place: see UnconfiguredGateway.
      return new UnconfiguredGateway(notConfiguredMessage(current.mode, { baseUrl: !current.baseUrl, appId: !appId }));
    }
    return tracker.observe(new RemoteGateway({ baseUrl: current.baseUrl, appId, fetch: options.fetch }));
  }

  function status(): PosStatus {
    const current = settings.get();
    const embedded = current.mode === 'embedded';
    return {
      mode: current.mode,
      online: embedded || tracker.online,
      queued: 0,
      merchantName: current.merchantName,
      ready: embedded || (Boolean(current.baseUrl) && current.hasAppId),
    };
  }

  const live = new LiveSales({
    hub,
    engine: sandbox.engine,
    companyId: company.id,
    mode: () => settings.get().mode,
    loadSale: (correlationID) => loadSaleById(gateway, correlationID),
    pollIntervalMs: options.pollIntervalMs,
  });

  const handlers = createPosHandlers({
    gateway: () => gateway,
    settings,
    beforeSettingsSaved: (next) => merchant.apply(next),
    onSettingsSaved(saved) {
      gateway = buildGateway(saved);
      // A new mode starts optimistic: the first call tells whether it is reachable.
      tracker.set(true);
      hub.emit({ type: 'status', status: status() });
    },
    status,
    journal,
    live,
    printing: options.printing,
    clock,
    saleExpiresInSeconds,
  });

  let closed = false;
  return {
    handlers,
    events: hub,
    settings,
    sandbox,
    status,
    async close() {
      if (closed) return;
      closed = true;
      live.close();
      hub.clear();
      journal.close();
      await sandbox.close();
    },
  };
}
