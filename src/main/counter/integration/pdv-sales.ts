// What the PDV API does (pdv-contract.ts), over the counter's own methods: a PDV's order becomes
// a sale exactly as the cashier's Enter makes one (the same handler, the same checks: an operator
// at the counter, the register open), with the order's row written in the sale's transaction and
// its id in the charge's additionalInfo; the sale goes on the cashier's screen; and the PDV reads
// it back by its order id, now or when it changes.
//
// Creates are taken one at a time. So the same order asked twice at once is one sale (the second
// finds the first's), and two orders at once cannot both find the screen free.
import { createHash } from 'node:crypto';
import { CounterError } from '#shared/counter/counter-errors';
import type { CounterEvent, Sale } from '#shared/counter/counter-api';
import { isWaitingStatus } from '#shared/counter/waiting-sale';
import type { CounterEvents } from '../app/event-hub';
import type { Integration } from './integration-tokens';
import type { PdvOrders } from './pdv-orders';
import { fiscalFieldsOf, type FiscalFacts } from './pdv-fiscal';
import type { PdvCreateSale, PdvRefund, PdvSale } from './pdv-contract';

/** The counter's create and cancel, as the PDV uses them (the cashier's own handlers, checks included). */
export interface PdvCounterPort {
  createSale(
    input: { value: number; comment?: string },
    order: { additionalInfo: { key: string; value: string }[]; alsoWrite: (correlationID: string) => void },
  ): Promise<Sale>;
  cancelSale(correlationID: string): Promise<void>;
  /**
   * A refund by the integration's own permission (a manager gave it `canRefund`): no PIN, but the
   * rest of the screen's rule (an operator at the counter, the register open, the amount refundable).
   */
  refundByIntegration(input: {
    correlationID: string;
    value: number;
    reason: string;
    integrationId: string;
  }): Promise<void>;
  /** The screen's refund, its rule included (a manager's PIN once the register is set up). */
  refundSale(input: {
    correlationID: string;
    value: number;
    reason: string;
    manager?: { operatorId: string; pin: string };
  }): Promise<void>;
  /** One of the current service's sales, or undefined. */
  sale(correlationID: string): Sale | undefined;
  /** The sale on the cashier's screen now, if any. */
  onScreen(): Sale | undefined;
  /** Tells the windows to show this sale: a PDV put it on screen. */
  show(sale: Sale): void;
  fiscalFacts(sale: Sale): Promise<FiscalFacts>;
}

export interface PdvSalesDeps {
  counter: PdvCounterPort;
  orders: PdvOrders;
  events: CounterEvents;
}

const FINAL: readonly PdvSale['status'][] = ['PAID', 'EXPIRED', 'CANCELLED', 'REFUSED'];

export function isFinal(sale: PdvSale): boolean {
  return FINAL.includes(sale.status);
}

/**
 * PAID once the counter has the payment itself (its end-to-end id): "paid" always comes with the
 * fiscal fields. The service may say COMPLETED a moment before the payment is read; until then
 * the order still waits.
 */
function statusOf(sale: Sale): PdvSale['status'] {
  if (sale.status === 'COMPLETED') return sale.endToEndId ? 'PAID' : 'WAITING';
  if (sale.status === 'EXPIRED') return 'EXPIRED';
  if (sale.status === 'CANCELLED') return 'CANCELLED';
  if (sale.status === 'REJECTED') return 'REFUSED';
  return 'WAITING';
}

export class PdvSales {
  /** The creates in line: each starts when the one before ended. */
  private line: Promise<unknown> = Promise.resolve();

  constructor(private readonly deps: PdvSalesDeps) {}

  /** Charges the order (see PDV_OPERATIONS.createSale); `created`: a new sale was made for it. */
  create(integration: Integration, input: PdvCreateSale): Promise<{ created: boolean; sale: PdvSale }> {
    const turn = this.line.then(() => this.createNow(integration, input));
    this.line = turn.catch(() => undefined);
    return turn;
  }

  private async createNow(
    integration: Integration,
    input: PdvCreateSale,
  ): Promise<{ created: boolean; sale: PdvSale }> {
    const { counter, orders } = this.deps;
    const existingId = orders.saleOf(integration.id, input.orderId);
    const existing = existingId ? counter.sale(existingId) : undefined;
    if (existing) {
      if (existing.status === 'COMPLETED') {
        if (existing.value === input.value) return { created: false, sale: await this.viewOf(input.orderId, existing) };
        throw new CounterError('ORDER_ALREADY_PAID', { orderId: input.orderId });
      }
      if (isWaitingStatus(existing.status)) {
        // Asked again (a retry, a PDV back from a crash): the same sale, as it is now.
        if (existing.value === input.value) return { created: false, sale: await this.viewOf(input.orderId, existing) };
        // The PDV's total changed: the old code stops being payable before the new one is shown.
        await counter.cancelSale(existing.correlationID);
      }
      // Ended unpaid (expired, cancelled, refused): the order is charged anew.
    }
    const onScreen = counter.onScreen();
    if (onScreen && isWaitingStatus(onScreen.status) && onScreen.correlationID !== existing?.correlationID)
      throw new CounterError('SALE_ON_SCREEN', { correlationID: onScreen.correlationID, value: onScreen.value });
    const sale = await counter.createSale(
      { value: input.value, ...(input.description ? { comment: input.description } : {}) },
      {
        additionalInfo: [{ key: 'Pedido', value: input.orderId }],
        alsoWrite: (correlationID) =>
          orders.link({
            integrationId: integration.id,
            orderId: input.orderId,
            saleId: correlationID,
            ...(input.items ? { items: input.items } : {}),
          }),
      },
    );
    counter.show(sale);
    return { created: true, sale: await this.viewOf(input.orderId, sale) };
  }

  /** The order's sale as it is now; ORDER_NOT_FOUND for an order this integration never asked for. */
  async get(integration: Integration, orderId: string): Promise<PdvSale> {
    return this.viewOf(orderId, this.saleOf(integration, orderId));
  }

  /**
   * The order's sale once it differs from `since` (or at once when it already does), or as it is
   * after `waitMs`, or when `signal` aborts (the PDV hung up).
   */
  async waitForChange(
    integration: Integration,
    orderId: string,
    since: string | undefined,
    waitMs: number,
    signal?: AbortSignal,
  ): Promise<PdvSale> {
    const now = await this.get(integration, orderId);
    if (since === undefined || now.version !== since || waitMs <= 0 || isFinal(now)) return now;
    return new Promise<PdvSale>((resolve, reject) => {
      let settled = false;
      const finish = () => {
        if (settled) return;
        settled = true;
        clearTimeout(timer);
        unsubscribe();
        signal?.removeEventListener('abort', finish);
        this.get(integration, orderId).then(resolve, reject);
      };
      const timer = setTimeout(finish, waitMs);
      const unsubscribe = this.onChangeOf(integration, orderId, (sale) => {
        if (sale.version !== since) finish();
      });
      signal?.addEventListener('abort', finish, { once: true });
    });
  }

  /** Calls `listener` with the order's sale each time it changes; returns the unsubscribe. */
  onChangeOf(integration: Integration, orderId: string, listener: (sale: PdvSale) => void): () => void {
    let last: string | undefined;
    return this.deps.events.subscribe((event: CounterEvent) => {
      if (event.type !== 'sale-updated') return;
      // The order may have moved to a new sale (a changed price): read it by the order each time.
      const saleId = this.deps.orders.saleOf(integration.id, orderId);
      if (saleId !== event.sale.correlationID) return;
      void this.viewOf(orderId, event.sale).then((sale) => {
        if (sale.version === last) return;
        last = sale.version;
        listener(sale);
      });
    });
  }

  /** Cancels the order's sale while it waits (the cashier's cancel: SALE_ALREADY_PAID, SALE_NOT_WAITING). */
  async cancel(integration: Integration, orderId: string): Promise<PdvSale> {
    const sale = this.saleOf(integration, orderId);
    await this.deps.counter.cancelSale(sale.correlationID);
    return this.get(integration, orderId);
  }

  /** Refunds the order's paid sale (the whole refundable amount unless `value` says less). */
  async refund(integration: Integration, orderId: string, input: PdvRefund): Promise<PdvSale> {
    const sale = this.saleOf(integration, orderId);
    if (sale.status !== 'COMPLETED') throw new CounterError('SALE_NOT_PAID');
    const refund = { correlationID: sale.correlationID, value: input.value ?? sale.refundable, reason: input.reason };
    // A manager's PIN, when given, is the screen's rule whatever the integration may do alone.
    if (integration.canRefund && !input.manager)
      await this.deps.counter.refundByIntegration({ ...refund, integrationId: integration.id });
    else await this.deps.counter.refundSale({ ...refund, ...(input.manager ? { manager: input.manager } : {}) });
    return this.get(integration, orderId);
  }

  private saleOf(integration: Integration, orderId: string): Sale {
    const saleId = this.deps.orders.saleOf(integration.id, orderId);
    const sale = saleId ? this.deps.counter.sale(saleId) : undefined;
    if (!sale) throw new CounterError('ORDER_NOT_FOUND', { orderId });
    return sale;
  }

  private async viewOf(orderId: string, sale: Sale): Promise<PdvSale> {
    const refunded = sale.refunds
      .filter((refund) => refund.status === 'CONFIRMED')
      .reduce((sum, refund) => sum + refund.value, 0);
    const fiscal =
      sale.status === 'COMPLETED' ? fiscalFieldsOf(sale, await this.deps.counter.fiscalFacts(sale)) : undefined;
    const view: Omit<PdvSale, 'version'> = {
      orderId,
      correlationID: sale.correlationID,
      status: statusOf(sale),
      value: sale.value,
      ...(sale.brCode && isWaitingStatus(sale.status) ? { brCode: sale.brCode } : {}),
      offline: sale.offline !== undefined,
      expiresAt: sale.expiresDate,
      ...(sale.paidAt ? { paidAt: sale.paidAt } : {}),
      ...(sale.endToEndId ? { endToEndId: sale.endToEndId } : {}),
      ...(sale.payerName ? { payerName: sale.payerName } : {}),
      refunded,
      refundable: sale.refundable,
      ...(fiscal ? { fiscal } : {}),
    };
    const version = createHash('sha256').update(JSON.stringify(view)).digest('hex').slice(0, 16);
    return { ...view, version };
  }
}
