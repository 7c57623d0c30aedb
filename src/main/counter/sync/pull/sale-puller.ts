// Keeps the mirror current with what the service decides on its own. The sale on screen is asked
// about every second; the counter's other open sales are read together, by the list filters
// (status and time window), never one request per sale; refunds still settling are read per sale
// (there are few). A paid sale's payment record is read once, for its receipt.
// Over 300 lines because the three reads (the sale on screen, the open sales by list, the settling
// refunds) run on the same two timers and write through the same mirror; each read is its own method.
import type { Db } from '#lib/store/database';
import type { Connectivity } from '../connection/connectivity';
import type { ContractClient } from '../remote/contract-client';
import { listPages } from './list-pages';
import type { SaleMirror } from './sale-mirror';
import type { SaleRow, SalesRepo } from '../sales/sales-repo';
import type {
  ContractCharge,
  ContractChargeRefund,
  ContractCompany,
  ContractOperation,
  ContractTransaction,
} from '../remote/service-contract';
import type { ServiceRequest } from '#shared/service/service-api';
import { chargeRefundOf } from '../commands/transaction-refund';

export interface SalePullerOptions {
  db: Db;
  repo: SalesRepo;
  mirror: SaleMirror;
  connectivity: Connectivity;
  client: () => ContractClient;
  now: () => Date;
  onSaleChanged: (saleId: string) => void;
  /** The on-screen sale is asked about this often. */
  watchIntervalMs?: number;
  /** The other open sales, and refunds settling, this often. */
  openIntervalMs?: number;
}

const PAGE = 100;
// A list of the other open sales' window is a few pages; past this many it is read again next time.
const MAX_PAGES = 20;
// The list's time window reaches a little before the oldest open sale: the service's createdAt
// is its own clock's, a moment after the counter's Enter.
const WINDOW_SLACK_MS = 60_000;
const COMPANY_REFRESH_MS = 6 * 60 * 60 * 1000;
// The sale on the cashier's screen (the customer display shows the same), and the one before it
// for a moment after a new sale: each asked about every second; any other open sale is listed.
const MAX_WATCHED = 2;
const COMPANY_RETRY_MS = 10 * 60 * 1000;

export class SalePuller {
  private readonly watched = new Set<string>();
  private readonly timers: ReturnType<typeof setInterval>[] = [];
  private watchRunning = false;
  private openRunning = false;
  /** Per sale: the pull under way, and the one asked for while it ran. */
  private readonly running = new Map<string, Promise<void>>();
  private readonly following = new Map<string, Promise<void>>();
  private readonly work = new Set<Promise<unknown>>();
  private stopped = false;
  private companyRead: Promise<void> | undefined;

  constructor(private readonly options: SalePullerOptions) {}

  start(): void {
    this.stopped = false;
    this.timers.push(setInterval(() => void this.track(this.pullWatched()), this.options.watchIntervalMs ?? 1_000));
    this.timers.push(setInterval(() => void this.track(this.pullOpen()), this.options.openIntervalMs ?? 3_000));
    for (const timer of this.timers) timer.unref?.();
  }

  stop(): void {
    this.stopped = true;
    for (const timer of this.timers) clearInterval(timer);
    this.timers.length = 0;
  }

  /** Resolves once every pull under way has finished (before the store closes). */
  async idle(): Promise<void> {
    while (this.work.size > 0) await Promise.allSettled([...this.work]);
  }

  /**
   * The sale on screen: asked about every second while the service may still change it. Only the
   * few latest are: a counter shows one sale (two with the customer display), and a sale the
   * cashier left behind is read with the other open sales, by the list filters.
   */
  watch(saleId: string): void {
    this.watched.delete(saleId);
    this.watched.add(saleId);
    for (const oldest of this.watched) {
      if (this.watched.size <= MAX_WATCHED) break;
      this.watched.delete(oldest);
    }
  }

  forget(saleId: string): void {
    this.watched.delete(saleId);
  }

  /**
   * Something says this sale changed (an engine event, a refused cancel, a sandbox payment): ask
   * now. Resolves after a pull that started after this call, so what the caller knows of is in.
   */
  pullNow(saleId: string): Promise<void> {
    const queued = this.following.get(saleId);
    if (queued) return queued;
    const current = this.running.get(saleId);
    const next = (current ?? Promise.resolve()).then(() => {
      this.following.delete(saleId);
      const pull = this.pullOne(saleId).finally(() => {
        if (this.running.get(saleId) === pull) this.running.delete(saleId);
      });
      this.running.set(saleId, pull);
      return pull;
    });
    this.following.set(saleId, next);
    return this.track(next);
  }

  /** Everything open, at once (the service is back, or the counter just started). */
  async pullAll(): Promise<void> {
    await this.track(Promise.all([this.pullWatched(), this.pullOpen()]));
  }

  private track<T>(promise: Promise<T>): Promise<T> {
    const tracked = promise.catch((error: unknown) => {
      if (!this.stopped) console.error('[sync] pull failed', error);
    }) as Promise<T>;
    this.work.add(tracked);
    void tracked.finally(() => this.work.delete(tracked));
    return tracked;
  }

  private async pullWatched(): Promise<void> {
    if (this.watchRunning || this.watched.size === 0) return;
    this.watchRunning = true;
    try {
      for (const saleId of [...this.watched]) {
        const row = this.options.repo.sale(saleId);
        if (!row || !stillMoving(row, this.options.repo)) {
          this.watched.delete(saleId);
          continue;
        }
        await this.pullOne(saleId);
      }
    } finally {
      this.watchRunning = false;
    }
  }

  private async pullOne(saleId: string): Promise<void> {
    if (this.stopped) return;
    const row = this.options.repo.sale(saleId);
    // A sale the service has not acknowledged yet is the sender's business (return_existing).
    if (!row || row.status === 'PENDING' || row.status === 'REJECTED') return;
    // An offline sale has no charge to read: the reconciler confirms it; its refunds are read here.
    if (!row.charge_json) {
      if (row.status === 'COMPLETED') await this.pullRefunds(saleId);
      return;
    }
    const answer = await this.call('getCharge', { params: { id: saleId } });
    if (answer.kind !== 'ok') return;
    this.applyCharge(saleId, answer.body.charge);
    await this.completeRecords(saleId);
  }

  private async pullOpen(): Promise<void> {
    if (this.openRunning || this.stopped) return;
    this.openRunning = true;
    try {
      await this.pullCompany();
      const client = this.options.client();
      // The sales on screen are asked about one by one every second already: the lists are for the others.
      const open = this.options.repo
        .openSales(client.serviceId)
        .filter((row) => row.charge_json !== null && row.status === 'ACTIVE' && !this.watched.has(row.correlation_id));
      if (open.length > 0) {
        const start = new Date(Date.parse(open[0]!.created_at) - WINDOW_SLACK_MS).toISOString();
        const end = new Date(this.options.now().getTime() + WINDOW_SLACK_MS).toISOString();
        const ours = new Set(open.map((row) => row.correlation_id));
        // Only what moved: paid or expired charges in the window. Sales of the other tills of the
        // shop (same account) are in these pages too, and are skipped.
        for (const status of ['COMPLETED', 'EXPIRED'] as const) {
          const charges = await this.listCharges({ start, end, status });
          if (!charges) return;
          for (const charge of charges)
            if (ours.has(charge.correlationID)) this.applyCharge(charge.correlationID, charge);
        }
      }
      for (const row of this.options.repo.salesWithUnsettledRefunds(client.serviceId))
        await this.pullRefunds(row.correlation_id);
      for (const row of this.paidWithoutPayment(client.serviceId)) await this.completeRecords(row.correlation_id);
    } finally {
      this.openRunning = false;
    }
  }

  private paidWithoutPayment(serviceId: string): SaleRow[] {
    return this.options.db
      .prepare<[string], SaleRow>(
        "SELECT * FROM sales WHERE service_id = ? AND status = 'COMPLETED' AND payment_json IS NULL LIMIT 20",
      )
      .all(serviceId);
  }

  private async listCharges(query: Record<string, string>): Promise<ContractCharge[] | undefined> {
    const result = await listPages(
      async (skip, limit) => {
        const answer = await this.call('listCharges', {
          query: { ...query, skip: String(skip), limit: String(limit) },
        });
        return answer.kind === 'ok'
          ? { kind: 'ok', body: { items: answer.body.charges, hasNextPage: answer.body.pageInfo.hasNextPage } }
          : answer;
      },
      { idOf: (charge) => charge.correlationID, limit: PAGE, maxPages: MAX_PAGES },
    );
    // What a partial read saw is still true of those charges.
    return result.kind === 'failed' ? undefined : result.items;
  }

  /** A paid sale's payment record (for its receipt) and its refunds. */
  private async completeRecords(saleId: string): Promise<void> {
    const row = this.options.repo.sale(saleId);
    if (!row || row.status !== 'COMPLETED') return;
    if (!row.payment_json) {
      const answer = await this.call('listTransactions', { query: { charge: saleId, type: 'PAYMENT', limit: '1' } });
      if (answer.kind !== 'ok') return;
      // The list was asked for this charge's payments only; a service that ignores `type` still
      // lists the payment with the type said, or none.
      const payment = answer.body.transactions.find(
        (transaction: ContractTransaction) => transaction.type === undefined || transaction.type === 'PAYMENT',
      );
      if (payment) this.write(saleId, (current) => this.options.mirror.applyPayment(current, payment));
    }
    await this.pullRefunds(saleId);
  }

  private async pullRefunds(saleId: string): Promise<void> {
    const sale = this.options.repo.sale(saleId);
    if (sale && !sale.charge_json) return this.pullPaymentRefunds(saleId);
    // The documented answer is the whole list, without pageInfo.
    const answer = await this.call('listChargeRefunds', { params: { id: saleId } });
    if (answer.kind !== 'ok') return;
    const refunds: ContractChargeRefund[] = answer.body.refunds;
    this.write(saleId, (current) => this.options.mirror.applyRefunds(current, refunds));
  }

  /**
   * The refunds of a sale without a charge (made offline), one by one by their correlationID:
   * the service lists a payment's refunds by charge only. Only those still settling are asked.
   */
  private async pullPaymentRefunds(saleId: string): Promise<void> {
    for (const local of this.options.repo.refundsOf(saleId)) {
      if (local.status !== 'IN_PROCESSING' || !local.refund_json) continue;
      const answer = await this.call('getRefund', { params: { id: local.correlation_id } });
      if (answer.kind !== 'ok') return;
      const refund = chargeRefundOf(answer.body.pixTransactionRefund, local.created_at);
      this.write(saleId, () => {
        const current = this.options.repo.refund(local.correlation_id);
        return current ? this.options.mirror.applyRefundAnswer(current, refund) : false;
      });
    }
  }

  /** The service's company, for receipt headers; `force` after the settings changed it. */
  pullCompany(force = false): Promise<void> {
    // One read at a time: the forced read at a service change and the periodic one would cross.
    this.companyRead ??= this.readCompany(force).finally(() => {
      this.companyRead = undefined;
    });
    return this.companyRead;
  }

  private async readCompany(force: boolean): Promise<void> {
    const client = this.options.client();
    const service = this.options.repo.service(client.serviceId);
    const fetchedAt = service?.company_fetched_at && !force ? Date.parse(service.company_fetched_at) : 0;
    // A refusal (no COMPANY_GET scope) is asked again sooner: the scope may be granted.
    const refresh = service?.company_json === 'null' ? COMPANY_RETRY_MS : COMPANY_REFRESH_MS;
    if (this.options.now().getTime() - fetchedAt < refresh) return;
    const answer = await this.call('getCompany');
    // Without the COMPANY_GET scope the receipt header falls back to the settings: not worth asking again soon.
    const company: ContractCompany | null = answer.kind === 'ok' ? answer.body.company : null;
    if (this.stopped) return;
    if (answer.kind === 'ok' || answer.kind === 'auth' || answer.kind === 'rejected') {
      this.options.repo.setCompany(client.serviceId, JSON.stringify(company), this.options.now().toISOString());
    }
  }

  private applyCharge(saleId: string, charge: ContractCharge): void {
    this.write(saleId, (current) => this.options.mirror.applyCharge(current, charge));
  }

  /** One transaction per change, and a push when the sale's rows changed. */
  private write(saleId: string, change: (row: SaleRow) => boolean): void {
    if (this.stopped) return;
    const changed = this.options.db.transaction(() => {
      const row = this.options.repo.sale(saleId);
      return row ? change(row) : false;
    })();
    if (changed) this.options.onSaleChanged(saleId);
  }

  private async call<Op extends ContractOperation>(op: Op, request?: ServiceRequest) {
    const outcome = await this.options.client().call(op, request);
    this.options.connectivity.observe(outcome);
    return outcome;
  }
}

/** Whether the service may still change this sale: unpaid and unexpired, or refunds settling. */
function stillMoving(row: SaleRow, repo: SalesRepo): boolean {
  if (row.status === 'ACTIVE' || row.status === 'PENDING') return true;
  if (row.status === 'COMPLETED')
    return (
      !row.payment_json ||
      repo.refundsOf(row.correlation_id).some((r) => r.status === 'QUEUED' || r.status === 'IN_PROCESSING')
    );
  return false;
}
