// Composition root of the counter's main-process side: the embedded sandbox, the settings, the
// counter's sync with the service of the current mode, the handlers (assembled into the one table
// of src/shared/counter/counter-methods.ts), the one call both hosts make, and the live events. Electron
// and the browser host each create one and only adapt `call` and `events` to their transport.
import { mkdirSync } from 'node:fs';
import { join } from 'node:path';
import type { CounterMethodsApi, CounterStatus, Settings, SettingsInput } from '#shared/counter/counter-api';
import { shopHeader } from '#shared/counter/receipt-header';
import { systemClock, type Clock } from '#lib/clock';
import type { Db } from '#lib/store/database';
import { createSandboxService, type SandboxService, type SandboxServiceOptions } from '#service/index';
import type { CounterSync } from '../sync/counter-sync';
import { paperReceipts, reprintOnPaper } from './paper-receipts';
import { paperPrinterOf } from '../printing/paper-printer';
import { sessionReportDocument } from '../register/session-report-document';
import type { ReportShop } from '../register/session-report';
import { createPaperPrinterHandlers } from './paper-printer-handlers';
import { createIntegrationHandlers } from './integration-handlers';
import { pdvCounterPort } from './pdv-counter-port';
import { IntegrationTokens } from '../integration/integration-tokens';
import { PdvOrders } from '../integration/pdv-orders';
import { PdvSales } from '../integration/pdv-sales';
import { createFixedQrHandlers } from './fixed-qr-handlers';
import { composeCounter, type CounterSyncOptions } from '../composition-root';
import type { SyncProbe } from '../sync/sync-probe';
import { HttpServiceClient, remoteServiceId } from '../sync/remote/http-service-client';
import { EMBEDDED_SERVICE_ID, InProcessService } from '../sync/remote/in-process-service';
import { embeddedMerchant } from './embedded-merchant';
import { EventHub, type CounterEvents } from './event-hub';
import type { LaunchRemote } from './launch-remote';
import { notConfigured } from './not-configured';
import { counterClient, createCounterCall, type CounterCall } from './counter-call';
import { assembleHandlers } from './counter-handlers';
import { createSaleHandlers, DEFAULT_SALE_EXPIRES_IN_SECONDS } from './sale-handlers';
import { createSaleOnScreenHandlers } from './sale-on-screen-handlers';
import { SalePushes } from './sale-pushes';
import { createConnectionGate } from './connection-gate';
import { testConnection } from '../sync/connection/connection-test';
import type { Printing } from '../ports/printing-port';
import { SettingsFile, type SecretStore } from './settings-file';
import { createRegisterHandlers } from '../register/register-handlers';
import type { SalesStorePort } from '../register/sales-store-port';

export interface CounterRuntimeOptions {
  dataDir: string;
  secretStore: SecretStore;
  printing: Printing;
  clock?: Clock;
  /** The embedded sandbox's AppID (created on first use when it does not exist yet). */
  sandboxAppId?: string;
  saleExpiresInSeconds?: number;
  /** Engine tuning (tests shorten the sandbox's refund settlement). */
  engineConfig?: SandboxServiceOptions['config'];
  /** How often the sale on screen is asked about (tests shorten it). */
  pollIntervalMs?: number;
  /** Sync tuning (tests shorten waits and intervals). */
  sync?: Partial<Omit<CounterSyncOptions, 'dbPath' | 'now' | 'onSaleChanged' | 'onStatusChanged'>>;
  /** The fetch remote modes use (tests inject one). */
  fetch?: typeof fetch;
  /** A remote request without an answer this long is unknown (and retried with the same key). */
  requestTimeoutMs?: number;
  /** `--remote URL --app-id ID`: start in the remote sandbox mode against that service. */
  remote?: LaunchRemote;
  /** Tests: every answer is checked against its method's output schema and error list (counter-call.ts). */
  checkAnswers?: boolean;
}

export interface CounterRuntime {
  /** One call of a counter method by name, as both hosts make it: parsed, admitted, answered `{ ok, … }`. */
  call: CounterCall;
  /** The same calls, typed, throwing CounterError: for tests, the bench and tools in this process. */
  api: CounterMethodsApi;
  events: CounterEvents;
  settings: SettingsFile;
  /** The embedded sandbox: its engine, its HTTP app (not listening until a host asks) and AppID. */
  sandbox: SandboxService;
  /** The counter's store and its sync with the current service. */
  sync: CounterSync;
  /** Tests and the bench: when the sync's queue is empty, a reconciliation pass now. */
  syncProbe: SyncProbe;
  /** Tests only: counter.db, to read what they check (the parts that own it write it). */
  counterDb: Db;
  /** The PDV API's workings, for the host that serves it (hosts/pdv/pdv-server.ts). */
  pdv: PdvRuntime;
  status(): CounterStatus;
  close(): Promise<void>;
}

export interface PdvRuntime {
  sales: PdvSales;
  tokens: IntegrationTokens;
  /** The owner's settings for the API's reach (none: the machine only, on the default port). */
  settings(): Settings['pdvApi'];
  /** The host says where the API answers (Configurações shows it), or undefined once it stopped. */
  listeningAt(address: string | undefined): void;
}

/** The service refuses a charge that expires sooner (spec: expiresIn ≥ 300 s). */
export const MIN_SALE_EXPIRES_IN_SECONDS = 300;

export function createCounterRuntime(options: CounterRuntimeOptions): CounterRuntime {
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
  const settings = new SettingsFile(join(options.dataDir, 'settings.json'), options.secretStore, sandbox.merchant());
  // Saved like a trip through Configurações would save it, so the next start without flags stays there.
  if (options.remote)
    settings.save({ mode: 'remote-sandbox', baseUrl: options.remote.baseUrl, appId: options.remote.appId });
  const merchant = embeddedMerchant(sandbox);
  // Settings saved while another mode was active (or a sandbox.db restored from elsewhere) are
  // brought in at start. Queued in the engine's writer before any sale can be, so it goes first.
  merchant.apply(settings.get()).catch((error: unknown) => {
    console.error('[settings] the merchant settings could not be applied to the embedded sandbox', error);
  });
  const hub = new EventHub();
  const pushes = new SalePushes((sale, audience) => hub.emit({ type: 'sale-updated', sale }, audience));
  const {
    sync,
    register,
    history,
    probe: syncProbe,
    paper,
    fixedQr,
    db: counterDb,
  } = composeCounter({
    ...options.sync,
    dbPath: join(options.dataDir, 'counter.db'),
    now: () => clock.now(),
    watchIntervalMs: options.sync?.watchIntervalMs ?? options.pollIntervalMs,
    onSaleChanged: (sale) => pushes.changed(sale),
    onStatusChanged: () => hub.emit({ type: 'status', status: status() }),
    // Called only once everything below exists: a job is printed after the counter started.
    paper: {
      printer: () => paperPrinterOf(settings.get()),
      paperFor: paperReceipts({
        records: (correlationID) => sync.views.saleRecords(correlationID),
        saleOfRefund: (correlationID) => sync.views.saleOfRefund(correlationID),
        sessionReport: (sessionId) =>
          sessionReportDocument({ register, sales: salesStore, shop: reportShop, now: () => clock.now() }, sessionId)
            .report,
        sale: (correlationID) => sync.views.getSale(correlationID),
        findSale: (correlationID) => sync.views.find(correlationID),
        tillOfSession: (sessionId) => register.session(sessionId)?.till_name,
        orderOf: (correlationID) => pdvOrders.orderOf(correlationID),
        company: () => sync.company(),
        settings: () => settings.get(),
        environment: () => (status().mode === 'production' ? 'PRODUCTION' : 'SANDBOX'),
        now: () => clock.now(),
      }),
      onChanged: () => hub.emit({ type: 'status', status: status() }),
    },
    fixedQr: () => settings.get().fixedQr,
    offlineSales: () => {
      const current = settings.get();
      return {
        caps: current.offlineSales,
        ...(current.pixKey ? { pixKey: current.pixKey } : {}),
        merchantName: current.merchantName,
        merchantCity: current.merchantCity,
      };
    },
  });

  function useServiceOf(current: Settings): void {
    if (current.mode === 'embedded') return sync.setService(new InProcessService(sandbox.engine, sandbox.appId));
    const appId = settings.appId();
    if (!current.baseUrl || !appId) {
      // Never the embedded sandbox in its place: its codes point at 127.0.0.1.
      return sync.setService(null, notConfigured(current.mode, { baseUrl: !current.baseUrl, appId: !appId }));
    }
    sync.setService(
      new HttpServiceClient({
        baseUrl: current.baseUrl,
        appId,
        fetch: options.fetch,
        timeoutMs: options.requestTimeoutMs,
      }),
    );
  }

  function serviceIdOf(next: Settings, input: SettingsInput): string | undefined {
    if (next.mode === 'embedded') return EMBEDDED_SERVICE_ID;
    const appId = input.appId === undefined ? settings.appId() : input.appId.trim() || null;
    return next.baseUrl && appId ? remoteServiceId(next.baseUrl, appId) : undefined;
  }

  function status(): CounterStatus {
    const current = settings.get();
    const facts = sync.status();
    const connection = !facts.online ? 'offline' : facts.queued > 0 ? 'syncing' : 'online';
    return {
      mode: current.mode,
      online: facts.online,
      connection,
      ...(facts.offlineSince && !facts.online ? { offlineSince: facts.offlineSince } : {}),
      queued: facts.queued,
      queuedElsewhere: facts.queuedElsewhere,
      ...(facts.authRefused ? { authRefused: facts.authRefused } : {}),
      merchantName: current.merchantName,
      ready: current.mode === 'embedded' || (Boolean(current.baseUrl) && current.hasAppId),
      offline: facts.offline,
      ...paperStatus(current),
    };
  }

  /** The printer's word for the status bar, when a printer is set. */
  function paperStatus(current: Settings): Pick<CounterStatus, 'paper'> {
    if (!paper || !paperPrinterOf(current)) return {};
    const { owed, problem } = paper.queue.status();
    return { paper: { owed, ...(problem && owed > 0 ? { problem } : {}) } };
  }

  // Which sale charges each PDV order (integration/pdv-orders.ts): the PDV API and the receipts read it.
  const pdvOrders = new PdvOrders(counterDb, () => clock.now());
  useServiceOf(settings.get());
  paper?.applySettings(settings.get());
  // What the register reads of the sales (its port, declared on its side).
  const salesStore: SalesStorePort = {
    sessionRecords: (sessionId) => sync.views.sessionRecords(sessionId),
    status: () => sync.status(),
  };
  /** The shop as the register's reports print it. */
  function reportShop(): ReportShop {
    const current = settings.get();
    const header = shopHeader(current);
    return { name: header.title, lines: header.lines, training: current.mode !== 'production' };
  }
  const salesHandlers = createSaleHandlers({
    sync,
    orderOf: (correlationID) => pdvOrders.orderOf(correlationID),
    history,
    settings,
    beforeSettingsSaved: (next) => merchant.apply(next),
    onSettingsSaved(saved) {
      useServiceOf(saved);
      paper?.applySettings(saved);
      hub.emit({ type: 'status', status: status() });
    },
    serviceIdOf,
    // The same fetch as the sync path, so a test reaches what the counter would reach.
    connection: createConnectionGate(settings, (target) => testConnection(target, { fetch: options.fetch })),
    status,
    printing: options.printing,
    paperReprint: (request) =>
      paper && request.layout === 'thermal80' && paperPrinterOf(settings.get())
        ? reprintOnPaper(request, {
            jobs: paper.jobs,
            queue: paper.queue,
            records: (correlationID) => sync.views.saleRecords(correlationID),
            now: () => clock.now(),
          })
        : null,
    clock,
    saleExpiresInSeconds,
    register,
    pushes,
  });
  // The PDV API's tokens (Configurações → Integrações), and where its server listens once a host started it.
  const pdvTokens = new IntegrationTokens(counterDb, () => clock.now());
  let pdvAddress: string | undefined;
  // Throws at startup when a method is handled twice or not at all.
  const handlers = assembleHandlers({
    sales: salesHandlers,
    register: createRegisterHandlers({
      register,
      sales: salesStore,
      shop: reportShop,
      now: () => clock.now(),
      // A closing may owe the report on paper (a trigger wrote the job with it).
      onChanged: () => paper?.queue.kick(),
      printing: options.printing,
      printer: () => settings.get().printer,
    }),
    'sale on screen': createSaleOnScreenHandlers({ sync, register }),
    integrations: createIntegrationHandlers({
      tokens: pdvTokens,
      approve: (approval) => register.approve(approval),
      address: () => pdvAddress,
    }),
    'paper printer': createPaperPrinterHandlers({
      now: () => clock.now(),
      printer: () => paperPrinterOf(settings.get()),
      approve: (approval) => register.approve(approval),
    }),
    'fixed qr': createFixedQrHandlers({
      fixedQr,
      settings: () => settings.get(),
      tillName: () => register.state().tillName,
      printer: () => paperPrinterOf(settings.get()),
      environment: () => (status().mode === 'production' ? 'PRODUCTION' : 'SANDBOX'),
      approve: (approval) => register.approve(approval),
      now: () => clock.now(),
    }),
  });
  const call = createCounterCall({ handlers, gate: register, checkAnswers: options.checkAnswers });
  const pdvSales = new PdvSales({
    counter: pdvCounterPort({ call, sync, register, hub, settings: () => settings.get() }),
    orders: pdvOrders,
    events: hub,
  });

  let closed = false;
  return {
    call,
    api: counterClient(call),
    events: hub,
    settings,
    sandbox,
    sync,
    syncProbe,
    counterDb,
    pdv: {
      sales: pdvSales,
      tokens: pdvTokens,
      settings: () => settings.get().pdvApi,
      listeningAt(address) {
        pdvAddress = address;
      },
    },
    status,
    async close() {
      if (closed) return;
      closed = true;
      hub.clear();
      await paper?.queue.stop();
      await sync.close();
      await sandbox.close();
    },
  };
}
