// What the sync tells the rest of the counter: a sale of the current service changed (its view is
// pushed to the screens), or the status may have (queue, connectivity, offline selling). Every
// part announces through here; nothing is said once the counter's store is closing.
import type { Sale } from '#shared/counter/counter-api';
import type { SaleViews } from './sales/sale-views';

export interface SyncNoticesOptions {
  views: SaleViews;
  onSaleChanged?: (sale: Sale) => void;
  onStatusChanged?: () => void;
}

export class SyncNotices {
  private statusQueued = false;
  private closed = false;
  /** Sales whose create is running, and whether they changed meanwhile (sale-commands.ts). */
  private readonly held = new Map<string, boolean>();

  constructor(private readonly options: SyncNoticesOptions) {}

  /** A sale's rows changed: its view goes out, when it is a sale of the current service. */
  saleChanged(saleId: string): void {
    if (this.closed || !this.options.onSaleChanged) return;
    // Its create will answer with it as it then stands: no view is built for news the answer carries.
    if (this.held.has(saleId)) return void this.held.set(saleId, true);
    const sale = this.options.views.find(saleId);
    if (sale) this.options.onSaleChanged(sale);
  }

  /**
   * While a sale's create runs, its changes are not told: the create's answer tells them. The
   * returned end of the hold says whether anything changed meanwhile; it ends the hold once
   * (false after that), so it can be called again on a way out.
   */
  hold(saleId: string): () => boolean {
    this.held.set(saleId, false);
    return () => {
      const changed = this.held.get(saleId);
      this.held.delete(saleId);
      return changed === true;
    };
  }

  /**
   * A create's answer, told once: through `tell` when the caller tells the windows itself (the
   * window that asked already has it), else like any change.
   */
  answered(sale: Sale, tell?: (sale: Sale) => void): void {
    if (this.closed) return;
    (tell ?? this.options.onSaleChanged)?.(sale);
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
