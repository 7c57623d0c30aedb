// The counter's side of the Pix service: its own store (a mirror of this counter's sales, the
// command outbox, the sync state), a sender that drains the outbox and a puller that keeps the
// mirror current. Every screen reads from here; every write is a local change plus its command,
// in one transaction, before anything is sent. The same path serves every mode: the embedded
// sandbox in process, a remote over HTTP.
import { randomUUID } from 'node:crypto';
import { formatBRL } from '../../shared/money';
import type { DayTotals, OfflineDecision, OfflineStatus, Sale, SaleCustomer } from '../../shared/pos-api';
import { openDatabase, type Db } from '../store/database';
import { PosError } from '../app/pos-error';
import { CommandOutbox } from './command-outbox';
import { CommandSender, type AttemptResult } from './command-sender';
import { ContractClient } from './contract-client';
import { Connectivity, type ConnectivityState } from './connectivity';
import { counterMigrations } from './migrations';
import { withdrawCreate } from './create-withdrawal';
import type { OfflineTiming } from './offline-reconciler';
import { OfflineSalesRepo, type OfflineSaleRow } from './offline-sales-repo';
import { OfflineSelling, type OfflineSalesConfig } from './offline-selling';
import { RetrySchedule, type RetryScheduleOptions } from './retry-schedule';
import { SaleMirror } from './sale-mirror';
import { SaleOnScreenStore } from './sale-on-screen-store';
import { SalePuller } from './sale-puller';
import { parse, saleView } from './sale-view';
import { SalesRepo, type Attribution, type RefundRow, type SaleRow } from './sales-repo';
import type { ServiceClient } from './service-client';
import type { ContractCharge, ContractChargeRefund, ContractCompany, ContractTransaction } from './service-contract';

export interface CounterSyncOptions {
  /** counter.db; ':memory:' in tests that need no restart. */
  dbPath: string;
  now?: () => Date;
  onSaleChanged?: (sale: Sale) => void;
  onStatusChanged?: () => void;
  /** How long a create or a refund waits for the service's first answer before the screen moves on. */
  firstAnswerWaitMs?: number;
  watchIntervalMs?: number;
  openIntervalMs?: number;
  healthIntervalMs?: number;
  senderConcurrency?: number;
  retry?: RetryScheduleOptions;
  newId?: () => string;
  /** What offline selling may do now (the settings); absent, no sale is ever made offline. */
  offlineSales?: () => OfflineSalesConfig;
  /** Offline windows and the matcher's margins (tests shorten them). */
  offlineTiming?: OfflineTiming;
  /** Offline sales are reconciled this often while online. */
  reconcileIntervalMs?: number;
  /** The account's Pix keys are asked for again this often while online. */
  keyCheckIntervalMs?: number;
}

export type { OfflineSalesConfig } from './offline-selling';

export interface NewSale {
  value: number;
  comment?: string;
  customer?: SaleCustomer;
  expiresIn: number;
  /** The register session and operator: written with the sale, which gets its number in the session. */
  by?: Attribution;
}

/** A refund's operator and session, and the manager who approved it. */
export interface RefundAttribution extends Attribution {
  approvedBy: string;
}

/** What a receipt is made of, all from the counter's store. */
export interface SaleRecords {
  correlationID: string;
  /** The sale's comment (the receipt's description when the payer wrote none). */
  comment?: string;
  /** The service's charge; an offline sale has none (its payment came through its static code). */
  charge?: ContractCharge;
  payment?: ContractTransaction;
  refunds: ContractChargeRefund[];
}

/** A register session's records: its sales (and sales cancelled in it), and the refunds asked for in it. */
export interface SessionRecords {
  sales: Array<{ sale: Sale; madeHere: boolean; cancelledHere: boolean }>;
  refunds: Array<{ row: RefundRow; sale: Sale }>;
}

export interface SyncStatus extends ConnectivityState {
  queued: number;
  queuedElsewhere: number;
  /** Why no service can be reached at all (a remote mode without its credentials). */
  unavailable?: string;
  offline: OfflineStatus;
}

const DEFAULT_FIRST_ANSWER_WAIT_MS = 2_500;
const DEFAULT_RECONCILE_INTERVAL_MS = 5_000;
// The health check looks every 2 s; it asks the service whether it is there while the counter is
// offline, or once the service has said nothing for 5 looks (10 s): an idle counter sends about
// one request per 10 s (its request budget) and learns of an outage within about 12 s.
const DEFAULT_HEALTH_INTERVAL_MS = 2_000;
const HEALTH_SILENCE_LOOKS = 5;

export class CounterSync {
  readonly db: Db;
  private readonly repo: SalesRepo;
  private readonly outbox: CommandOutbox;
  private readonly mirror: SaleMirror;
  private readonly connectivity: Connectivity;
  private readonly schedule: RetrySchedule;
  private readonly sender: CommandSender;
  private readonly puller: SalePuller;
  private readonly offline: OfflineSalesRepo;
  private readonly offlineSelling: OfflineSelling;
  private readonly onScreen: SaleOnScreenStore;
  private reconcileTimer: ReturnType<typeof setInterval> | undefined;
  private readonly now: () => Date;
  private readonly newId: () => string;
  private service: ServiceClient | null = null;
  /** The service as the sync path may use it: the contract's calls only (service-contract.ts). */
  private contract: ContractClient | null = null;
  private unavailable: string | undefined = 'Nenhum serviço Pix configurado';
  private unsubscribeService: (() => void) | undefined;
  private healthTimer: ReturnType<typeof setInterval> | undefined;
  private healthRunning = false;
  private companyRead: Promise<void> = Promise.resolve();
  private statusQueued = false;
  private closed = false;

  constructor(private readonly options: CounterSyncOptions) {
    this.now = options.now ?? (() => new Date());
    this.newId = options.newId ?? randomUUID;
    this.db = openDatabase(options.dbPath, counterMigrations);
    this.repo = new SalesRepo(this.db);
    this.outbox = new CommandOutbox(this.db);
    this.offline = new OfflineSalesRepo(this.db);
    this.onScreen = new SaleOnScreenStore(this.db);
    this.mirror = new SaleMirror(this.repo, () => this.now().toISOString());
    this.schedule = new RetrySchedule(options.retry);
    this.connectivity = new Connectivity(this.now, (next, previous) => this.connectivityChanged(next, previous));
    const client = () => this.requireContract();
    this.sender = new CommandSender({
      db: this.db,
      repo: this.repo,
      outbox: this.outbox,
      mirror: this.mirror,
      offline: this.offline,
      connectivity: this.connectivity,
      schedule: this.schedule,
      client: () => this.contract,
      now: this.now,
      concurrency: options.senderConcurrency,
      onSaleChanged: (saleId) => this.saleChanged(saleId),
      onQueueChanged: () => this.statusChanged(),
      onCancelRefused: (saleId) => void this.puller.pullNow(saleId),
    });
    this.puller = new SalePuller({
      db: this.db,
      repo: this.repo,
      mirror: this.mirror,
      connectivity: this.connectivity,
      client,
      now: this.now,
      onSaleChanged: (saleId) => this.saleChanged(saleId),
      watchIntervalMs: options.watchIntervalMs,
      openIntervalMs: options.openIntervalMs,
    });
    this.offlineSelling = new OfflineSelling({
      db: this.db,
      repo: this.repo,
      outbox: this.outbox,
      offline: this.offline,
      connectivity: this.connectivity,
      now: this.now,
      service: () => this.contract,
      config: options.offlineSales,
      timing: options.offlineTiming,
      keyCheckIntervalMs: options.keyCheckIntervalMs,
      isInFlight: (saleId) => this.sender.isInFlight(saleId),
      onSaleChanged: (saleId) => this.saleChanged(saleId),
      onStatusChanged: () => this.statusChanged(),
    });
  }

  /**
   * The service to sync with from now on, or none (with the reason the screens show). Commands
   * queued for another service stay in the outbox and go out when that service is back.
   */
  setService(service: ServiceClient | null, unavailableReason?: string): void {
    this.stopService();
    this.service = service;
    this.contract = service ? new ContractClient(service) : null;
    this.unavailable = service ? undefined : (unavailableReason ?? 'Nenhum serviço Pix configurado');
    this.connectivity.reset();
    this.schedule.reset();
    if (service) {
      this.repo.ensureService(service.serviceId, service.label);
      this.unsubscribeService = service.onChargeChanged?.((correlationID) => void this.puller.pullNow(correlationID));
      this.puller.start();
      this.healthTimer = setInterval(
        () => void this.checkHealth(),
        this.options.healthIntervalMs ?? DEFAULT_HEALTH_INTERVAL_MS,
      );
      this.healthTimer.unref?.();
      this.reconcileTimer = setInterval(
        () => this.offlineSelling.work(),
        this.options.reconcileIntervalMs ?? DEFAULT_RECONCILE_INTERVAL_MS,
      );
      this.reconcileTimer.unref?.();
      this.outbox.wakeAll(service.serviceId, this.now().toISOString());
      this.sender.kick();
      // What the service decided while the counter was away (or closed) is read at once, and the
      // company again: the settings that chose this service may have renamed it (embedded mode).
      this.companyRead = this.puller.pullCompany(true).catch(() => undefined);
      void this.puller.pullAll();
      this.offlineSelling.work(true);
    }
    this.statusChanged();
  }

  get serviceId(): string | undefined {
    return this.service?.serviceId;
  }

  status(): SyncStatus {
    const serviceId = this.service?.serviceId ?? '';
    return {
      ...this.connectivity.current,
      queued: this.service ? this.outbox.queued(serviceId) : 0,
      queuedElsewhere: this.outbox.queuedElsewhere(serviceId),
      ...(this.unavailable ? { unavailable: this.unavailable } : {}),
      offline: this.offlineSelling.status(serviceId),
    };
  }

  /** Commands queued for this service (to warn before the settings leave it). */
  queuedFor(serviceId: string): number {
    return this.outbox.queued(serviceId);
  }

  /**
   * Enter: the sale and its create command in one transaction, then the service is asked. With
   * the service known to be out of reach (and offline selling on), the sale is made offline at
   * once, or refused with the reason; a create without an answer in time goes offline too.
   */
  async createSale(input: NewSale): Promise<Sale> {
    const service = this.requireService();
    const correlationID = `balcao-${this.newId()}`;
    const at = this.now().toISOString();
    const newRow = (status: 'PENDING' | 'ACTIVE'): SaleRow => ({
      correlation_id: correlationID,
      service_id: service.serviceId,
      value: input.value,
      comment: input.comment ?? null,
      customer_json: input.customer ? JSON.stringify(input.customer) : null,
      expires_in: input.expiresIn,
      created_at: at,
      status,
      charge_json: null,
      payment_json: null,
      rejected_reason: null,
      updated_at: at,
      session_id: input.by?.sessionId ?? null,
      operator_id: input.by?.operatorId ?? null,
    });
    const offlineConfig = this.offlineSelling.enabledConfig();
    if (offlineConfig && !this.connectivity.current.online) {
      const sale = { correlationID, value: input.value, comment: input.comment, expiresIn: input.expiresIn };
      // The sale goes on screen with its insert (a savepoint inside this transaction): a refusal
      // leaves neither, and a crash right after Enter still brings the sale back.
      this.db.transaction(() => {
        this.offlineSelling.create(service.serviceId, sale, offlineConfig, newRow);
        this.onScreen.set(correlationID);
      })();
      this.sender.kick();
      return this.view(correlationID);
    }
    const body: Record<string, unknown> = { correlationID, value: input.value, expiresIn: input.expiresIn };
    if (input.comment) body.comment = input.comment;
    if (input.customer) body.customer = input.customer;
    this.db.transaction(() => {
      this.repo.insertSale(newRow('PENDING'));
      this.outbox.add({
        serviceId: service.serviceId,
        saleId: correlationID,
        kind: 'create',
        idempotencyKey: correlationID,
        body,
        at,
      });
      this.onScreen.set(correlationID);
    })();
    this.statusChanged();
    const answer = await this.firstAnswer(correlationID);
    if (answer?.outcome.kind === 'rejected')
      throw new PosError(this.view(correlationID).sync.rejected ?? answer.outcome.error, 400);
    const noAnswer = answer === undefined || ['not-sent', 'unknown', 'server'].includes(answer.outcome.kind);
    // The customer is at the counter: a sale the service did not answer in time gets a code that
    // can be paid now. When offline selling cannot take it, it stays "Conectando…" as before.
    const config = noAnswer ? this.offlineSelling.enabledConfig() : undefined;
    if (config && this.offlineSelling.takeOver(correlationID, config)) this.sender.kick();
    this.puller.watch(correlationID);
    return this.view(correlationID);
  }

  /** Esc Esc: cancelled here at once; the service hears it when it can. */
  cancelSale(correlationID: string, by?: Attribution): Sale {
    const row = this.requireSale(correlationID);
    if (row.status === 'CANCELLED') return this.view(correlationID);
    if (row.status === 'COMPLETED')
      throw new PosError('Esta venda já foi paga e não pode ser cancelada; faça uma devolução', 409);
    if (row.status !== 'PENDING' && row.status !== 'ACTIVE')
      throw new PosError('Só uma venda aguardando pagamento pode ser cancelada', 409);
    const at = this.now().toISOString();
    this.db.transaction(() => {
      const current = this.repo.sale(correlationID)!;
      this.repo.updateSale({ ...current, status: 'CANCELLED', updated_at: at });
      this.repo.markCancelled(correlationID, at, by);
      // An offline sale's code is static: nothing at the service to delete (its dynamic charge, if
      // any, is already withdrawn). Money that still comes for it goes to the owner's review.
      if (this.offline.get(correlationID)) return;
      // Never sent, or only ever refused before sending: the service cannot have it.
      withdrawCreate(this.outbox, (saleId) => this.sender.isInFlight(saleId), current, at, 'superseded by cancel');
    })();
    this.puller.forget(correlationID);
    this.saleChanged(correlationID);
    this.statusChanged();
    this.sender.kick();
    return this.view(correlationID);
  }

  /** A refund, its correlationID chosen once, here, and reused on every retry. */
  async refundSale(correlationID: string, value: number, reason: string, by?: RefundAttribution): Promise<Sale> {
    const service = this.requireService();
    const row = this.requireSale(correlationID);
    if (row.status !== 'COMPLETED') throw new PosError('Só uma venda paga pode ser devolvida', 409);
    const refundable = this.view(correlationID).refundable;
    if (value > refundable)
      throw new PosError(`O valor passa do que ainda pode ser devolvido (${formatBRL(refundable)})`, 400);
    const refundId = `balcao-devolucao-${this.newId()}`;
    const at = this.now().toISOString();
    // An offline sale has no charge at the service: its refund names the payment itself.
    const offlinePayment = this.offline.get(correlationID) ? parse<ContractTransaction>(row.payment_json) : undefined;
    if (this.offline.get(correlationID) && !offlinePayment) {
      throw new PosError(
        'Esta venda offline foi confirmada sem um Pix identificado: devolva pelo app ou internet banking da conta',
        409,
      );
    }
    const body: Record<string, unknown> = { correlationID: refundId, value, comment: reason };
    if (offlinePayment) body.transactionEndToEndId = offlinePayment.endToEndId;
    this.db.transaction(() => {
      this.repo.insertRefund({
        correlation_id: refundId,
        sale_id: correlationID,
        value,
        comment: reason,
        created_at: at,
        status: 'QUEUED',
        refund_json: null,
        rejected_reason: null,
        updated_at: at,
        session_id: by?.sessionId ?? null,
        operator_id: by?.operatorId ?? null,
        approved_by: by?.approvedBy ?? null,
      });
      this.outbox.add({
        serviceId: service.serviceId,
        saleId: correlationID,
        kind: 'refund',
        idempotencyKey: refundId,
        body,
        at,
      });
    })();
    this.statusChanged();
    // Another refund of this sale may be queued ahead of this one: only this refund's answer counts.
    const answer = await this.firstAnswer(correlationID, refundId);
    if (answer?.outcome.kind === 'rejected') {
      throw new PosError(this.repo.refund(refundId)?.rejected_reason ?? answer.outcome.error, 400);
    }
    this.puller.watch(correlationID);
    return this.view(correlationID);
  }

  /** "Cliente mostrou o comprovante": recorded on the offline sale, never taken as its payment. */
  markCustomerShowedReceipt(correlationID: string): Sale {
    this.requireSale(correlationID);
    this.offlineSelling.markCustomerShowedReceipt(correlationID);
    return this.view(correlationID);
  }

  /** "Conferir pagamentos offline": the offline sales a person must look at, oldest first, any day. */
  offlineReview(): Sale[] {
    const serviceId = this.requireService().serviceId;
    return this.offline.underReview(serviceId).map((offline) => this.viewOf(this.repo.sale(offline.sale_id)!, offline));
  }

  /** The owner's decision on a sale under review (see OfflineSelling.resolve). */
  resolveOfflineReview(correlationID: string, decision: OfflineDecision): Sale {
    this.requireSale(correlationID);
    this.offlineSelling.resolve(correlationID, decision);
    return this.view(correlationID);
  }

  /**
   * Training only: pays the sale's charge with the service's documented sandbox simulator
   * (GET /openpix/testing?transactionID=), as "Simular pagamento" in the service's own panel does.
   */
  async payInSandbox(correlationID: string): Promise<Sale> {
    const contract = this.requireContract();
    const row = this.requireSale(correlationID);
    const charge = parse<ContractCharge>(row.charge_json);
    if (this.view(correlationID).status !== 'ACTIVE' || !charge)
      throw new PosError('Só uma venda aguardando pagamento pode ser paga', 409);
    if (!charge.transactionID)
      throw new PosError(
        'O serviço Pix não informou o transactionID desta cobrança: pague pelo painel do serviço',
        409,
      );
    const answer = await contract.call('sandboxPay', { query: { transactionID: charge.transactionID } });
    this.connectivity.observe(answer);
    if (answer.kind === 'not-sent' || answer.kind === 'unknown')
      throw new PosError('Sem conexão com o serviço Pix. Verifique a internet e tente de novo.', 503);
    if (answer.kind !== 'ok')
      throw new PosError(`O serviço Pix recusou: ${answer.error}`, answer.kind === 'auth' ? answer.status : 400);
    await this.puller.pullNow(correlationID);
    return this.view(correlationID);
  }

  getSale(correlationID: string): Sale {
    this.requireSale(correlationID);
    return this.view(correlationID);
  }

  /**
   * The sale the cashier had on screen (createSale put it there, or putSaleOnScreen), when it is
   * a sale of the current service; a sale of another service (the mode changed) is not this till's now.
   */
  saleOnScreen(): Sale | undefined {
    const correlationID = this.onScreen.get();
    if (!correlationID || !this.service) return undefined;
    const row = this.repo.sale(correlationID);
    if (!row || row.service_id !== this.service.serviceId) return undefined;
    this.puller.watch(correlationID);
    return this.viewOf(row);
  }

  /** Puts one of this service's sales on screen (404 otherwise), or clears the screen (null). */
  putSaleOnScreen(correlationID: string | null): Sale | undefined {
    if (correlationID === null) {
      this.onScreen.clear();
      return undefined;
    }
    this.requireSale(correlationID);
    this.onScreen.set(correlationID);
    this.puller.watch(correlationID);
    return this.view(correlationID);
  }

  /** The sale on screen: the puller asks about it every second while it may still change. */
  watch(correlationID: string): void {
    this.puller.watch(correlationID);
  }

  /** Sales made in [start, end) at the current service, newest first; no request to the service. */
  salesBetween(start: string, end: string): Sale[] {
    const serviceId = this.requireService().serviceId;
    // A day of a thousand sales in three queries, not three per sale.
    const refunds = this.repo.refundsOfSalesBetween(serviceId, start, end);
    const facts = this.outbox.syncFactsBetween(serviceId, start, end);
    const offline = this.offline.ofSalesBetween(serviceId, start, end);
    return this.repo
      .salesBetween(serviceId, start, end)
      .map((row) =>
        saleView(
          row,
          refunds.get(row.correlation_id) ?? [],
          facts.get(row.correlation_id) ?? { queued: 0 },
          offline.get(row.correlation_id),
        ),
      );
  }

  /**
   * A register session's sales (and other sessions' sales cancelled in it), oldest first, with the
   * refunds asked for in it: whatever service each was made on, from the counter's store alone.
   */
  sessionRecords(sessionId: string): SessionRecords {
    const sales = this.repo.salesOfSession(sessionId).map((row) => ({
      sale: this.viewOf(row),
      madeHere: row.session_id === sessionId,
      // A sale cancelled before the register recorded where (none) counts where it was made.
      cancelledHere: row.status === 'CANCELLED' && (row.cancelled_session_id ?? row.session_id) === sessionId,
    }));
    const refunds = this.repo
      .refundsOfSession(sessionId)
      .map((refund) => ({ row: refund, sale: this.viewOf(this.repo.sale(refund.sale_id)!) }));
    return { sales, refunds };
  }

  /** What a receipt of this sale is made of. */
  saleRecords(correlationID: string): SaleRecords {
    const row = this.requireSale(correlationID);
    const charge = parse<ContractCharge>(row.charge_json);
    const payment = parse<ContractTransaction>(row.payment_json);
    // An offline sale's records are its payment alone, once the service's records confirmed it.
    if (!charge && !payment) throw new PosError('Esta venda ainda não tem registros do serviço Pix', 404);
    const refunds = this.repo
      .refundsOf(correlationID)
      .map((refund) => parse<ContractChargeRefund>(refund.refund_json))
      .filter((refund): refund is ContractChargeRefund => refund !== undefined);
    const comment = row.comment ?? charge?.comment;
    return {
      correlationID,
      refunds,
      ...(comment ? { comment } : {}),
      ...(charge ? { charge } : {}),
      ...(payment ? { payment } : {}),
    };
  }

  /**
   * The service's company, for a receipt's header: as last read, after the read that setService
   * started (so a name just changed in the settings is in). Null when the service would not say.
   */
  async company(): Promise<ContractCompany | null> {
    if (!this.service) return null;
    await this.companyRead;
    const service = this.repo.service(this.service.serviceId);
    return service?.company_json ? (JSON.parse(service.company_json) as ContractCompany | null) : null;
  }

  /** One reconciliation pass of the offline sales now (it also runs by itself while online; tests, bench). */
  reconcileOffline(): Promise<void> {
    return this.offlineSelling.reconcile();
  }

  /** Resolves once the outbox of the current service is empty and nothing is in flight (tests, bench). */
  async drained(timeoutMs = 30_000): Promise<void> {
    const deadline = Date.now() + timeoutMs;
    while (this.status().queued > 0) {
      if (Date.now() > deadline) throw new Error(`queue not drained: ${this.status().queued} commands left`);
      this.sender.kick();
      await new Promise((resolve) => setTimeout(resolve, 10));
    }
    await this.sender.idle();
  }

  async close(): Promise<void> {
    if (this.closed) return;
    this.closed = true;
    this.stopService();
    this.sender.stop();
    await Promise.all([this.sender.idle(), this.puller.idle(), this.companyRead, this.offlineSelling.close()]);
    this.db.close();
  }

  private stopService(): void {
    this.unsubscribeService?.();
    this.unsubscribeService = undefined;
    this.puller.stop();
    if (this.healthTimer) clearInterval(this.healthTimer);
    this.healthTimer = undefined;
    if (this.reconcileTimer) clearInterval(this.reconcileTimer);
    this.reconcileTimer = undefined;
  }

  /** The first answer to this sale's command `key` (its create by default), or undefined after the wait. */
  private async firstAnswer(saleId: string, key: string = saleId): Promise<AttemptResult | undefined> {
    const wait = { over: false };
    const answered = this.answerTo(saleId, key, wait);
    this.sender.kick();
    let timer: ReturnType<typeof setTimeout> | undefined;
    const waited = new Promise<undefined>((resolve) => {
      timer = setTimeout(() => resolve(undefined), this.options.firstAnswerWaitMs ?? DEFAULT_FIRST_ANSWER_WAIT_MS);
    });
    try {
      return await Promise.race([answered, waited]);
    } finally {
      wait.over = true;
      clearTimeout(timer);
    }
  }

  /** Skips the answers to the sale's other commands; stops listening once nobody waits. */
  private async answerTo(saleId: string, key: string, wait: { over: boolean }): Promise<AttemptResult | undefined> {
    while (!wait.over) {
      const result = await this.sender.nextAttempt(saleId);
      if (result.idempotencyKey === key) return result;
    }
    return undefined;
  }

  /** A light question while the service has said nothing for a while: is it there? */
  private async checkHealth(): Promise<void> {
    const service = this.service;
    if (!service || this.healthRunning) return;
    const state = this.connectivity.current;
    // A refusal is asked about no more often than silence is: the sender probes a refused write.
    const silenceMs = HEALTH_SILENCE_LOOKS * (this.options.healthIntervalMs ?? DEFAULT_HEALTH_INTERVAL_MS);
    if (state.online && this.connectivity.silenceMs() < silenceMs) return;
    this.healthRunning = true;
    try {
      const at = this.now().toISOString();
      const outcome = await this.requireContract().call('listCharges', { query: { start: at, end: at, limit: '1' } });
      if (this.service === service) this.connectivity.observe(outcome);
    } finally {
      this.healthRunning = false;
    }
  }

  private connectivityChanged(next: ConnectivityState, previous: ConnectivityState): void {
    const back =
      (!previous.online && next.online) || (previous.authRefused !== undefined && next.authRefused === undefined);
    if (back && this.service) {
      // The service is back: what waited for it goes now, and what it decided meanwhile is read.
      this.schedule.reset();
      this.outbox.wakeAll(this.service.serviceId, this.now().toISOString());
      queueMicrotask(() => {
        this.sender.kick();
        void this.puller.pullAll();
        this.offlineSelling.work(true);
      });
    }
    this.statusChanged();
  }

  private requireService(): ServiceClient {
    if (!this.service) throw new PosError(this.unavailable ?? 'Nenhum serviço Pix configurado', 409);
    return this.service;
  }

  private requireContract(): ContractClient {
    this.requireService();
    return this.contract!;
  }

  private requireSale(correlationID: string): SaleRow {
    this.requireService();
    const row = this.repo.sale(correlationID);
    if (!row || row.service_id !== this.service?.serviceId)
      throw new PosError(`Venda não encontrada: ${correlationID}`, 404);
    return row;
  }

  private view(correlationID: string): Sale {
    return this.viewOf(this.repo.sale(correlationID)!);
  }

  private viewOf(row: SaleRow, offline: OfflineSaleRow | undefined = this.offline.get(row.correlation_id)): Sale {
    return saleView(
      row,
      this.repo.refundsOf(row.correlation_id),
      {
        queued: this.outbox.queuedOfSale(row.correlation_id),
        lastRejection: this.outbox.lastRejection(row.correlation_id),
      },
      offline,
    );
  }

  private saleChanged(saleId: string): void {
    if (this.closed || !this.options.onSaleChanged) return;
    const row = this.repo.sale(saleId);
    if (row && row.service_id === this.service?.serviceId) this.options.onSaleChanged(this.viewOf(row));
  }

  /** Coalesced: a drain of many commands announces the status once per turn. */
  private statusChanged(): void {
    if (this.statusQueued || this.closed) return;
    this.statusQueued = true;
    setImmediate(() => {
      this.statusQueued = false;
      if (!this.closed) this.options.onStatusChanged?.();
    });
  }
}

export function dayTotals(day: string, sales: readonly Sale[]): DayTotals {
  let paidCount = 0;
  let paidValue = 0;
  let refundedValue = 0;
  for (const sale of sales) {
    if (sale.status !== 'COMPLETED') continue;
    paidCount += 1;
    paidValue += sale.value;
    // Refunds in processing, or still queued, count: that money is leaving the till's balance.
    for (const refund of sale.refunds) if (refund.status !== 'REJECTED') refundedValue += refund.value;
  }
  return { day, count: sales.length, paidCount, paidValue, refundedValue, net: paidValue - refundedValue };
}
