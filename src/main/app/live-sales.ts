// Keeps the screens current: pushes 'sale-updated' when a sale is paid, expires or a refund
// moves on. Embedded mode hears the engine's committed events at once (payment → push within
// the same turn); remote modes poll the sales still in motion, about once a second.
import type { PosMode, Sale } from '../../shared/pos-api';
import type { Engine } from '../engine/engine';
import type { EventHub } from './event-hub';

export interface LiveSalesOptions {
  hub: EventHub;
  engine: Engine;
  /** The embedded sandbox company: events of other companies in the same database are not ours. */
  companyId: string;
  mode: () => PosMode;
  /** Reads a sale through the current gateway. */
  loadSale: (correlationID: string) => Promise<Sale>;
  pollIntervalMs?: number;
  /** How often the embedded engine applies due expiries and refund settlements. */
  sweepIntervalMs?: number;
}

// The engine events that change what a Sale looks like.
const SALE_EVENTS = new Set([
  'OPENPIX:CHARGE_COMPLETED',
  'OPENPIX:CHARGE_EXPIRED',
  'PIX_TRANSACTION_REFUND_SENT_REQUESTED',
  'PIX_TRANSACTION_REFUND_SENT_CONFIRMED',
]);

export class LiveSales {
  /** Remote modes: sales still in motion, with the look we last pushed. */
  private readonly watched = new Map<string, string>();
  /** Latest load per sale, so a slow older read never overwrites a newer push. */
  private readonly generation = new Map<string, number>();
  private readonly timers: ReturnType<typeof setInterval>[] = [];
  private readonly unsubscribe: () => void;
  private polling = false;

  constructor(private readonly options: LiveSalesOptions) {
    this.unsubscribe = options.engine.subscribe((event) => {
      if (event.companyId !== options.companyId || !SALE_EVENTS.has(event.name)) return;
      if (options.mode() !== 'embedded') return;
      const correlationID = chargeCorrelationIdOf(event.payload);
      if (correlationID) void this.refresh(correlationID);
    });
    // The engine applies time-driven changes when asked; with a sale on screen nobody else
    // may ask, so a light periodic sweep makes "Expirada" and settled refunds show up.
    this.timers.push(
      setInterval(() => {
        if (options.mode() !== 'embedded') return;
        try {
          options.engine.sweep();
        } catch (error) {
          console.error('[pos] sweep failed', error);
        }
      }, options.sweepIntervalMs ?? 1_000),
    );
    this.timers.push(setInterval(() => void this.poll(), options.pollIntervalMs ?? 1_000));
    for (const timer of this.timers) timer.unref?.();
  }

  /** Follows a sale until it settles (remote modes; embedded mode hears every change anyway). */
  watch(sale: Sale): void {
    if (isSettled(sale)) this.watched.delete(sale.correlationID);
    else this.watched.set(sale.correlationID, lookOf(sale));
  }

  forget(correlationID: string): void {
    this.watched.delete(correlationID);
  }

  close(): void {
    this.unsubscribe();
    for (const timer of this.timers) clearInterval(timer);
    this.watched.clear();
  }

  private async refresh(correlationID: string): Promise<void> {
    const generation = (this.generation.get(correlationID) ?? 0) + 1;
    this.generation.set(correlationID, generation);
    try {
      const sale = await this.options.loadSale(correlationID);
      if (this.generation.get(correlationID) === generation) this.options.hub.emit({ type: 'sale-updated', sale });
    } catch (error) {
      console.error(`[pos] could not read sale ${correlationID}`, error);
    } finally {
      if (this.generation.get(correlationID) === generation) this.generation.delete(correlationID);
    }
  }

  private async poll(): Promise<void> {
    if (this.polling || this.watched.size === 0 || this.options.mode() === 'embedded') return;
    this.polling = true;
    try {
      for (const [correlationID, lastLook] of [...this.watched]) {
        let sale: Sale;
        try {
          sale = await this.options.loadSale(correlationID);
        } catch {
          // Offline or gone: the status bar already says offline; try again next round.
          continue;
        }
        if (!this.watched.has(correlationID)) continue;
        if (lookOf(sale) !== lastLook) this.options.hub.emit({ type: 'sale-updated', sale });
        this.watch(sale);
      }
    } finally {
      this.polling = false;
    }
  }
}

/** What the screens care about; a change in it is worth a push. */
function lookOf(sale: Sale): string {
  return `${sale.status}|${sale.refunds.map((refund) => `${refund.correlationID}:${refund.status}`).join(',')}`;
}

function isSettled(sale: Sale): boolean {
  return sale.status !== 'ACTIVE' && sale.refunds.every((refund) => refund.status !== 'IN_PROCESSING');
}

/** The charge an engine event is about: its own charge, or the charge of the payment refunded. */
export function chargeCorrelationIdOf(payload: unknown): string | undefined {
  if (!payload || typeof payload !== 'object') return undefined;
  const record = payload as { charge?: { correlationID?: unknown } | null; originalTransaction?: { charge?: { correlationID?: unknown } | null } };
  const id = record.charge?.correlationID ?? record.originalTransaction?.charge?.correlationID;
  return typeof id === 'string' ? id : undefined;
}
