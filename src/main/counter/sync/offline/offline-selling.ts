// Offline selling (issue 10), the counter's side: which key an offline code may pay into (asked
// of the service while online), whether a new offline sale fits the caps, the sale's code and its
// registration command, the cashier's "cliente mostrou o comprovante", and the owner's decisions.
// Every change is one transaction of counter.db with its command; the reconciler (offline-
// reconciler.ts) confirms the sales when the service is back. SaleCommands decides WHEN a sale
// goes offline; this module does it.
// Over 300 lines because its parts share one transaction per change (the sale, its code from the
// pool, its command); the caps, the key, the pool and the reconciler are modules of their own.
import { offlineDecisionsThatFit } from '#shared/counter/offline-decisions';
import type { OfflineDecision, OfflineRefusal, OfflineSalesSettings, OfflineStatus } from '#shared/counter/counter-api';
import { CounterError } from '#shared/counter/counter-errors';
import type { Db } from '#lib/store/database';
import type { CommandOutbox } from '../commands/command-outbox';
import type { Connectivity } from '../connection/connectivity';
import { withdrawCreate } from '../commands/create-withdrawal';
import { offlineCapRefusal } from './offline-caps';
import { buildOfflineBrCode, newOfflineTxid } from './offline-code';
import { offlineKey, type KnownPixKeys, type OfflineKeyDecision } from './offline-key';
import {
  DEFAULT_OFFLINE_GRACE_MS,
  type OfflineReconciler,
  type OfflineTiming,
  type StoredReview,
} from './offline-reconciler';
import type { OfflinePool } from './offline-pool';
import { registrationName } from './offline-registration';
import type { OfflineSalesRepo } from './offline-sales-repo';
import type { SaleRow, SalesRepo } from '../sales/sales-repo';
import type { ContractClient } from '../remote/contract-client';
import { listPages } from '../pull/list-pages';
import type { ContractPixKey, ContractTransaction } from '../remote/service-contract';

/** The settings offline selling reads at each sale. */
export interface OfflineSalesConfig {
  caps: OfflineSalesSettings;
  /** The settings' key (DICT form), if any; else the account's default key. */
  pixKey?: string;
  merchantName: string;
  merchantCity: string;
}

/** What the offline row and the registration need of a sale. */
export interface OfflineSaleInput {
  correlationID: string;
  value: number;
  comment?: string;
  /** Seconds: the countdown, unless the timing sets a window. */
  expiresIn: number;
}

export interface OfflineSellingOptions {
  db: Db;
  repo: SalesRepo;
  outbox: CommandOutbox;
  offline: OfflineSalesRepo;
  connectivity: Connectivity;
  now: () => Date;
  service: () => ContractClient | null;
  /** The settings; absent, no sale is ever made offline. */
  config?: () => OfflineSalesConfig;
  timing?: OfflineTiming;
  keyCheckIntervalMs?: number;
  /** While online, the keys and the offline sales are looked at this often (`work`). */
  reconcileIntervalMs?: number;
  /** The sender has a command of this sale on its way. */
  isInFlight: (saleId: string) => boolean;
  onSaleChanged: (saleId: string) => void;
  onStatusChanged: () => void;
  /** The codes registered ahead (built by the composition root, like every part). */
  pool: OfflinePool;
  /** Which incoming Pix paid which offline sale, once online again. */
  reconciler: OfflineReconciler;
}

const DEFAULT_KEY_CHECK_INTERVAL_MS = 10 * 60_000;
const DEFAULT_RECONCILE_INTERVAL_MS = 5_000;
const KEYS_PAGE = 100;
const KEYS_MAX_PAGES = 10;

export class OfflineSelling {
  private readonly reconciler: OfflineReconciler;
  private readonly pool: OfflinePool;
  private keyCheck: Promise<void> | undefined;
  private poolFill: Promise<void> | undefined;
  private timer: ReturnType<typeof setInterval> | undefined;
  private closed = false;

  constructor(private readonly options: OfflineSellingOptions) {
    this.pool = options.pool;
    this.reconciler = options.reconciler;
  }

  /** The settings, when they allow offline sales at all. */
  enabledConfig(): OfflineSalesConfig | undefined {
    const config = this.options.config?.();
    return config?.caps.enabled ? config : undefined;
  }

  /** Offline selling as the status bar shows it: from the store and the settings, nothing asked. */
  status(serviceId: string): OfflineStatus {
    const config = this.options.config?.();
    const unconfirmed = this.options.offline.unconfirmed(serviceId);
    const status: OfflineStatus = {
      enabled: config?.caps.enabled ?? false,
      unconfirmedCount: unconfirmed.count,
      unconfirmedValue: unconfirmed.value,
      reviewCount: this.options.offline.reviewCount(serviceId),
    };
    if (config && this.options.service()) {
      const key = this.keyDecision(config);
      if ('key' in key) {
        status.confirmedKey = key.key;
        if (!this.options.service()?.service.inProcess) status.readyCodes = this.pool.ready(serviceId, key.key);
      } else status.unavailable = key.problem;
      if (this.pool.refused) status.readyCodesRefused = this.pool.refused;
    }
    return status;
  }

  /**
   * A sale made offline from the start (the service is known to be out of reach): the sale, its
   * code and its registration in one transaction; no create is ever sent. Refused
   * (OFFLINE_SALE_REFUSED, with the refusal) when no key is confirmed or a cap says no.
   */
  create(
    serviceId: string,
    sale: OfflineSaleInput,
    config: OfflineSalesConfig,
    newSaleRow: (status: 'ACTIVE') => SaleRow,
  ): void {
    const at = this.options.now().toISOString();
    const refusal = this.options.db.transaction(() => {
      const reason = this.refusal(serviceId, sale.value, config);
      if (reason) return reason;
      this.options.repo.insertSale(newSaleRow('ACTIVE'));
      this.insert(serviceId, sale, at, config, false);
      return null;
    })();
    if (refusal) throw new CounterError('OFFLINE_SALE_REFUSED', { refusal });
    // Told like takeOver's sale, so the paper it owes (its QR slip) prints without waiting for the
    // queue's next look; the screens hear of it with the create's answer (held until then:
    // sync-notices.ts).
    this.options.onSaleChanged(sale.correlationID);
    this.options.onStatusChanged();
  }

  /**
   * A PENDING sale the service did not answer in time takes an offline code. Its create is
   * withdrawn like a cancel's: dropped when it never left, else a cancel follows it so the dynamic
   * charge, if the service made it, is deleted there before anyone could pay it: a sale never
   * has two payable codes. Nothing changes when the answer came meanwhile or the caps say no.
   */
  takeOver(correlationID: string, config: OfflineSalesConfig): boolean {
    const at = this.options.now().toISOString();
    const { repo } = this.options;
    const switched = this.options.db.transaction(() => {
      const row = repo.sale(correlationID);
      if (!row || row.status !== 'PENDING' || row.charge_json !== null) return false;
      if (this.refusal(row.service_id, row.value, config)) return false;
      const withdrawn = withdrawCreate(
        this.options.outbox,
        this.options.isInFlight,
        row,
        at,
        'superseded by an offline code',
      );
      repo.updateSale({ ...row, status: 'ACTIVE', updated_at: at });
      const sale = { correlationID, value: row.value, comment: row.comment ?? undefined, expiresIn: row.expires_in };
      this.insert(row.service_id, sale, row.created_at, config, withdrawn);
      return true;
    })();
    if (switched) {
      this.options.onSaleChanged(correlationID);
      this.options.onStatusChanged();
    }
    return switched;
  }

  /** "Cliente mostrou o comprovante": recorded on the offline sale, never taken as its payment. */
  markCustomerShowedReceipt(correlationID: string): void {
    const at = this.options.now().toISOString();
    this.options.db.transaction(() => {
      const offline = this.options.offline.get(correlationID);
      if (!offline) throw new CounterError('NOT_AN_OFFLINE_SALE');
      if (offline.customer_receipt_at === null)
        this.options.offline.update({ ...offline, customer_receipt_at: at, updated_at: at });
    })();
    this.options.onSaleChanged(correlationID);
  }

  /**
   * The owner's decision on a sale under review. `paid`: the sale is paid (with the Pix in
   * question as its payment when there is exactly one, not already another sale's); `unpaid`: it
   * was not (EXPIRED); `acknowledged`: the money beyond a payment, or for a cancelled sale, is the
   * owner's to return by hand. Recorded with its time; the reconciliation never overwrites it.
   */
  resolve(correlationID: string, decision: OfflineDecision): void {
    const at = this.options.now().toISOString();
    const { repo, offline: store } = this.options;
    this.options.db.transaction(() => {
      const offline = store.get(correlationID);
      const sale = repo.sale(correlationID)!;
      if (!offline?.review_json || offline.decision !== null) throw new CounterError('NOT_UNDER_REVIEW');
      const review = JSON.parse(offline.review_json) as StoredReview;
      const fits = offlineDecisionsThatFit(review, sale.status === 'CANCELLED');
      if (!fits.includes(decision))
        throw new CounterError(
          'DECISION_DOES_NOT_FIT',
          { fits },
          `Decisão que não cabe aqui: use ${fits.join(' ou ')}`,
        );
      const decided = { ...offline, decision, decided_at: at, updated_at: at };
      if (decision === 'acknowledged') return store.update(decided);
      if (decision === 'unpaid') {
        store.update({ ...decided, state: 'UNPAID_BY_OWNER' });
        return repo.updateSale({ ...sale, status: 'EXPIRED', updated_at: at });
      }
      store.update({ ...decided, state: 'CONFIRMED_BY_OWNER' });
      repo.updateSale({
        ...sale,
        status: 'COMPLETED',
        payment_json: this.ownerPayment(review.records),
        updated_at: at,
      });
    })();
    this.options.onSaleChanged(correlationID);
    this.options.onStatusChanged();
  }

  /**
   * While online: the account's keys are asked for when due (an offline code may only pay into
   * one of them), and the offline sales are reconciled with the Pix that came in.
   */
  work(keysNow = false): void {
    const client = this.options.service();
    if (this.closed || !client || !this.options.connectivity.current.online) return;
    const service = this.options.repo.service(client.serviceId);
    const checkedAt = service?.pix_keys_checked_at ? Date.parse(service.pix_keys_checked_at) : 0;
    const due =
      this.options.now().getTime() - checkedAt >= (this.options.keyCheckIntervalMs ?? DEFAULT_KEY_CHECK_INTERVAL_MS);
    if (keysNow || due) this.keyCheck ??= this.checkPixKeys(client).finally(() => (this.keyCheck = undefined));
    this.fillPool(client);
    void this.reconcile(false).catch((error: unknown) => console.error('[sync] offline reconciliation failed', error));
  }

  /** `work` on its interval, while there is a service (started and stopped with it). */
  start(): void {
    this.stop();
    this.timer = setInterval(() => this.work(), this.options.reconcileIntervalMs ?? DEFAULT_RECONCILE_INTERVAL_MS);
    this.timer.unref?.();
  }

  stop(): void {
    if (this.timer) clearInterval(this.timer);
    this.timer = undefined;
  }

  /** One reconciliation pass now (it also runs from `work`, and then only when one is due). */
  reconcile(force = true): Promise<void> {
    return this.reconciler.run(force);
  }

  async close(): Promise<void> {
    this.closed = true;
    this.stop();
    await Promise.all([this.keyCheck, this.poolFill, this.reconciler.run()]);
  }

  /** Tops up the codes registered ahead, to the key offline sales would use now (after the key check). */
  private fillPool(client: ContractClient): void {
    // A service in process is never out of reach: no code is registered ahead for it.
    if (this.poolFill || client.service.inProcess) return;
    const config = this.enabledConfig();
    // Without offline selling, a counter that ever registered codes still renews its word: the
    // other counters of the account would otherwise wait for it (offline-neighbours.ts).
    if (!config && !this.pool.everRegistered(client.serviceId)) return;
    this.poolFill = (async () => {
      await this.keyCheck;
      const key = config ? this.keyDecision(config) : undefined;
      if (this.closed || this.options.service() !== client || !this.options.connectivity.current.online) return;
      // A code registered now tells the other counters this one's offline sales are all
      // registered: not while one still waits to be, nor while offline. With no confirmed key
      // (or offline selling off) only that word is renewed, with the account's default key.
      const mayRegister = () =>
        this.options.connectivity.current.online &&
        this.options.outbox.queuedOfKind(client.serviceId, 'register') === 0;
      await this.pool.fill(client, key && 'key' in key ? key.key : undefined, mayRegister);
      this.options.onStatusChanged();
    })()
      .catch((error: unknown) => console.error('[sync] offline pool failed', error))
      .finally(() => (this.poolFill = undefined));
  }

  /** Why a new offline sale of `value` cannot be made now, or null. Read inside the sale's transaction. */
  private refusal(serviceId: string, value: number, config: OfflineSalesConfig): OfflineRefusal | null {
    const key = this.keyDecision(config);
    if ('problem' in key) return key.problem;
    return offlineCapRefusal(config.caps, this.options.offline.unconfirmed(serviceId), value, this.options.now());
  }

  private keyDecision(config: OfflineSalesConfig): OfflineKeyDecision {
    const client = this.options.service();
    const service = client ? this.options.repo.service(client.serviceId) : undefined;
    const known = service?.pix_keys_json ? (JSON.parse(service.pix_keys_json) as KnownPixKeys) : undefined;
    return offlineKey(config.pixKey, known);
  }

  /** The offline row and the sale's registration command; call inside the sale's transaction. */
  private insert(
    serviceId: string,
    sale: OfflineSaleInput,
    createdAt: string,
    config: OfflineSalesConfig,
    dynamicWithdrawn: boolean,
  ): void {
    const key = this.keyDecision(config);
    if (!('key' in key)) throw new Error('no confirmed key for an offline sale');
    // A code registered ahead, so the service links its payment as documented; when none is left
    // (a long outage), a txid of its own, which only links from its registration on.
    const reserved = this.pool.take(serviceId, key.key, sale.correlationID, this.options.now().toISOString());
    const txid = reserved?.identifier ?? newOfflineTxid();
    const brCode = buildOfflineBrCode({
      pixKey: key.key,
      value: sale.value,
      txid,
      merchantName: config.merchantName,
      merchantCity: config.merchantCity,
    });
    const timing = this.options.timing;
    const expiresAt = Date.parse(createdAt) + (timing?.windowMs ?? sale.expiresIn * 1000);
    const windowEnd = new Date(expiresAt + (timing?.graceMs ?? DEFAULT_OFFLINE_GRACE_MS)).toISOString();
    const at = this.options.now().toISOString();
    this.options.offline.insert({
      sale_id: sale.correlationID,
      service_id: serviceId,
      txid,
      br_code: brCode,
      pix_key: key.key,
      created_at: createdAt,
      expires_at: new Date(expiresAt).toISOString(),
      window_end: windowEnd,
      state: 'AWAITING',
      matched_by: null,
      review_json: null,
      decision: null,
      decided_at: null,
      customer_receipt_at: null,
      registered: 0,
      dynamic_withdrawn: dynamicWithdrawn ? 1 : 0,
      updated_at: at,
    });
    // What the sale was, for every counter of the account (its value, its window, its txid in the
    // name). A reserved code already holds the txid as its identifier at the service; a txid of
    // the counter's own becomes this code's identifier.
    const body: Record<string, unknown> = {
      name: registrationName(txid, createdAt, windowEnd),
      correlationID: sale.correlationID,
      value: sale.value,
      pixKey: key.key,
    };
    if (!reserved) body.identifier = txid;
    if (sale.comment) body.comment = sale.comment;
    this.options.outbox.add({
      serviceId,
      saleId: sale.correlationID,
      kind: 'register',
      idempotencyKey: sale.correlationID,
      body,
      at,
    });
  }

  /** The one Pix of a review, as the sale's payment (its receipt), unless it already is another sale's. */
  private ownerPayment(records: readonly ContractTransaction[]): string | null {
    if (records.length !== 1) return null;
    if (this.options.repo.saleWithPayment(records[0]!.endToEndId)) return null;
    return JSON.stringify(records[0]);
  }

  /**
   * GET /api/v1/pix-keys, kept with the service: the answer stands until the next one. A refusal
   * (no permission) takes away offline selling alone, with the service's reason on the status.
   */
  private async checkPixKeys(service: ContractClient): Promise<void> {
    const result = await listPages<ContractPixKey>(
      async (skip, limit) => {
        const answer = await service.call('listPixKeys', { query: { skip: String(skip), limit: String(limit) } });
        this.options.connectivity.observe(answer);
        // The document gives this list no pageInfo: a page shorter than asked is the last.
        return answer.kind === 'ok'
          ? { kind: 'ok', body: { items: answer.body.pixKeys, hasNextPage: answer.body.pixKeys.length >= limit } }
          : answer;
      },
      { idOf: (key) => key.key, limit: KEYS_PAGE, maxPages: KEYS_MAX_PAGES },
    );
    let known: KnownPixKeys;
    if (result.kind === 'complete') known = { keys: result.items };
    else if (result.kind === 'failed' && (result.outcome.kind === 'auth' || result.outcome.kind === 'rejected'))
      known = { refused: result.outcome.error };
    else return; // not heard (or more keys than any account has): the last answer stands
    if (this.closed || this.options.service() !== service) return;
    this.options.repo.setPixKeys(service.serviceId, JSON.stringify(known), this.options.now().toISOString());
    this.options.onStatusChanged();
  }
}
