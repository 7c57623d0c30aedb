// What the sync tells the rest of the counter: a sale of the current service changed (its view is
// pushed to the screens), or the status may have (queue, connectivity, offline selling). Every
// part announces through here; nothing is said once the counter's store is closing.
import type { Sale } from '../../shared/pos-api';
import type { SaleViews } from './sale-views';

export interface SyncNoticesOptions {
  views: SaleViews;
  onSaleChanged?: (sale: Sale) => void;
  onStatusChanged?: () => void;
}

export class SyncNotices {
  private statusQueued = false;
  private closed = false;

  constructor(private readonly options: SyncNoticesOptions) {}

  /** A sale's rows changed: its view goes out, when it is a sale of the current service. */
  saleChanged(saleId: string): void {
    if (this.closed || !this.options.onSaleChanged) return;
    const sale = this.options.views.find(saleId);
    if (sale) this.options.onSaleChanged(sale);
  }

  /** Coalesced: a drain of many commands announces the status once per turn. */
  statusChanged(): void {
    if (this.statusQueued || this.closed) return;
    this.statusQueued = true;
    setImmediate(() => {
      this.statusQueued = false;
      if (!this.closed) this.options.onStatusChanged?.();
    });
  }

  close(): void {
    this.closed = true;
  }
}
