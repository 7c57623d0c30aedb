// The counter's side of the Pix service, as the rest of main sees it: which service it syncs with
// (setService), the sync's status, the service's company, and its parts: the writes on the sales
// (sales), the reads (views), the sale on screen, the sandbox's payment. Its parts are built and
// wired by the composition root (counter-sync-root.ts); this facade links them to the service of
// the moment: it starts and stops what paces itself with a service, and when the service comes
// back, sends what waited for it and reads what it decided meanwhile. The same path serves every
// mode: the embedded sandbox in process, a remote over HTTP.
import type { ServiceNotConfigured } from '#shared/counter/counter-errors';
import type { OfflineStatus } from '#shared/counter/counter-api';
import type { Db } from '#lib/store/database';
import type { CommandOutbox } from './commands/command-outbox';
import type { CommandSender } from './commands/command-sender';
import type { Connectivity, ConnectivityState } from './connection/connectivity';
import type { CurrentService } from './remote/current-service';
import type { HealthCheck } from './connection/health-check';
import type { OfflineSelling } from './offline/offline-selling';
import type { RetrySchedule } from './commands/retry-schedule';
import type { SaleCommands } from './commands/sale-commands';
import type { SaleOnScreen } from './sales/sale-on-screen';
import type { SalePuller } from './pull/sale-puller';
import type { SaleViews } from './sales/sale-views';
import type { SalesRepo } from './sales/sales-repo';
import type { TrainingPayment } from './remote/training-payment';
import type { ServiceClient } from './remote/service-client';
import type { ContractCompany } from './remote/service-contract';
import type { SyncNotices } from './sync-notices';

export interface SyncStatus extends ConnectivityState {
  queued: number;
  queuedElsewhere: number;
  /** Why no service can be reached at all (a remote mode without its credentials). */
  unavailable?: ServiceNotConfigured;
  offline: OfflineStatus;
}

/** What the facade links to the service of the moment, and hands out. */
export interface CounterSyncParts {
  db: Db;
  repo: SalesRepo;
  outbox: CommandOutbox;
  service: CurrentService;
  connectivity: Connectivity;
  schedule: RetrySchedule;
  sender: CommandSender;
  puller: SalePuller;
  health: HealthCheck;
  offlineSelling: OfflineSelling;
  notices: SyncNotices;
  sales: SaleCommands;
  views: SaleViews;
  onScreen: SaleOnScreen;
  sandbox: TrainingPayment;
  now: () => Date;
}

export class CounterSync {
  /** Enter, Esc Esc, refunds, and the offline sales' marks and decisions. */
  readonly sales: SaleCommands;
  /** Every read of the counter's sales, from its own store. */
  readonly views: SaleViews;
  readonly onScreen: SaleOnScreen;
  /** Training only: "Simular pagamento". */
  readonly sandbox: TrainingPayment;
  private unsubscribeService: (() => void) | undefined;
  private companyRead: Promise<void> = Promise.resolve();
  private closed = false;

  constructor(private readonly parts: CounterSyncParts) {
    this.sales = parts.sales;
    this.views = parts.views;
    this.onScreen = parts.onScreen;
    this.sandbox = parts.sandbox;
    parts.connectivity.onChange((next, previous) => this.connectivityChanged(next, previous));
  }

  /**
   * The service to sync with from now on, or none (with the reason the screens show). Commands
   * queued for another service stay in the outbox and go out when that service is back.
   */
  setService(service: ServiceClient | null, unavailableReason?: ServiceNotConfigured): void {
    const { repo, outbox, connectivity, schedule, sender, puller, health, offlineSelling } = this.parts;
    this.stopService();
    this.parts.service.set(service, unavailableReason);
    connectivity.reset();
    schedule.reset();
    if (service) {
      repo.ensureService(service.serviceId, service.label);
      this.unsubscribeService = service.onChargeChanged?.((correlationID) => void puller.pullNow(correlationID));
      puller.start();
      health.start();
      offlineSelling.start();
      outbox.wakeAll(service.serviceId, this.parts.now().toISOString());
      sender.kick();
      // What the service decided while the counter was away (or closed) is read at once, and the
      // company again: the settings that chose this service may have renamed it (embedded mode).
      this.companyRead = puller.pullCompany(true).catch(() => undefined);
      void puller.pullAll();
      offlineSelling.work(true);
    }
    this.parts.notices.statusChanged();
  }

  get serviceId(): string | undefined {
    return this.parts.service.id;
  }

  status(): SyncStatus {
    const { service, connectivity, outbox, offlineSelling } = this.parts;
    const serviceId = service.id ?? '';
    return {
      ...connectivity.current,
      queued: service.client ? outbox.queued(serviceId) : 0,
      queuedElsewhere: outbox.queuedElsewhere(serviceId),
      ...(service.unavailable ? { unavailable: service.unavailable } : {}),
      offline: offlineSelling.status(serviceId),
    };
  }

  /** Commands queued for this service (to warn before the settings leave it). */
  queuedFor(serviceId: string): number {
    return this.parts.outbox.queued(serviceId);
  }

  /**
   * The service's company, for a receipt's header: as last read, after the read that setService
   * started (so a name just changed in the settings is in). Null when the service would not say.
   */
  async company(): Promise<ContractCompany | null> {
    if (this.parts.service.id === undefined) return null;
    await this.companyRead;
    // The service of the moment once the read is done (setService may have run meanwhile).
    const serviceId = this.parts.service.id;
    const service = serviceId === undefined ? undefined : this.parts.repo.service(serviceId);
    return service?.company_json ? (JSON.parse(service.company_json) as ContractCompany | null) : null;
  }

  async close(): Promise<void> {
    if (this.closed) return;
    this.closed = true;
    const { sender, puller, offlineSelling } = this.parts;
    this.parts.notices.close();
    this.stopService();
    sender.stop();
    await Promise.all([sender.idle(), puller.idle(), this.companyRead, offlineSelling.close()]);
    // counter.db closes with the sync, the last of its parts to stop writing (the register's tables
    // live in it too, one file, one backup).
    this.parts.db.close();
  }

  private stopService(): void {
    this.unsubscribeService?.();
    this.unsubscribeService = undefined;
    this.parts.puller.stop();
    this.parts.health.stop();
    this.parts.offlineSelling.stop();
  }

  private connectivityChanged(next: ConnectivityState, previous: ConnectivityState): void {
    const back =
      (!previous.online && next.online) || (previous.authRefused !== undefined && next.authRefused === undefined);
    const serviceId = this.parts.service.id;
    if (back && serviceId !== undefined) {
      // The service is back: what waited for it goes now, and what it decided meanwhile is read.
      const { schedule, outbox, sender, puller, offlineSelling } = this.parts;
      schedule.reset();
      outbox.wakeAll(serviceId, this.parts.now().toISOString());
      queueMicrotask(() => {
        sender.kick();
        void puller.pullAll();
        offlineSelling.work(true);
      });
    }
    this.parts.notices.statusChanged();
  }
}
