// The sale on the cashier's screen, as the sync keeps it: its record in counter.db (written with
// the sale by SaleCommands.createSale, so a restart brings it back), and the puller's closer watch
// on it (asked about every second while it may still change). Main alone decides what the record
// names (src/main/counter/app/sale-on-screen-handlers.ts has the rules of when).
import type { Sale } from '#shared/counter/counter-api';
import type { SaleOnScreenRecord } from './sale-on-screen-record';
import type { SalePuller } from '../pull/sale-puller';
import type { SaleViews } from './sale-views';

export class SaleOnScreen {
  constructor(
    private readonly record: SaleOnScreenRecord,
    private readonly views: SaleViews,
    private readonly puller: SalePuller,
  ) {}

  /** The sale on screen, when it is a sale of the current service: one of another service is not this till's now. */
  current(): Sale | undefined {
    const correlationID = this.record.get();
    const sale = correlationID ? this.views.find(correlationID) : undefined;
    if (sale) this.puller.watch(sale.correlationID);
    return sale;
  }

  /** Puts one of this service's sales on screen (SALE_NOT_FOUND otherwise), or clears the screen (null). */
  put(correlationID: string | null): Sale | undefined {
    if (correlationID === null) {
      this.record.clear();
      return undefined;
    }
    this.views.requireRow(correlationID);
    this.record.set(correlationID);
    this.puller.watch(correlationID);
    return this.views.view(correlationID);
  }

  /** Clears the record if it names this sale (a late word never wipes the next sale's); true when it did. */
  leave(correlationID: string): boolean {
    if (this.record.get() !== correlationID) return false;
    this.record.clear();
    return true;
  }

  /** A sale the window shows: the puller asks about it every second while it may still change. */
  watch(correlationID: string): void {
    this.puller.watch(correlationID);
  }
}
