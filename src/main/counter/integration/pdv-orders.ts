// Which sale charges each of a PDV's orders (the pdv_orders table, 010-pdv-integrations.ts). The
// row is written by the sale's own transaction (`link`, run inside it), so an order always names
// a sale that exists, and a sale made for an order is always found by it.
import type { Db } from '#lib/store/database';

/** One line of the order's summary, as the PDV sent it (the line's total in cents). */
export interface OrderItem {
  name: string;
  quantity: number;
  value: number;
}

export interface OrderLink {
  integrationId: string;
  orderId: string;
  saleId: string;
  items?: OrderItem[];
}

export class PdvOrders {
  private readonly statements;

  constructor(
    db: Db,
    private readonly now: () => Date,
  ) {
    this.statements = {
      find: db.prepare<[string, string], { sale_id: string }>(
        'SELECT sale_id FROM pdv_orders WHERE integration_id = ? AND order_id = ?',
      ),
      ofSale: db.prepare<[string], { integration_id: string; order_id: string; items_json: string | null }>(
        'SELECT integration_id, order_id, items_json FROM pdv_orders WHERE sale_id = ?',
      ),
      link: db.prepare(
        `INSERT INTO pdv_orders (integration_id, order_id, sale_id, items_json, created_at, updated_at)
         VALUES (@integrationId, @orderId, @saleId, @items, @at, @at)
         ON CONFLICT (integration_id, order_id) DO UPDATE SET sale_id = excluded.sale_id,
           items_json = excluded.items_json, updated_at = excluded.updated_at`,
      ),
    };
  }

  /** The sale that charges the order now, if the PDV ever asked for it. */
  saleOf(integrationId: string, orderId: string): string | undefined {
    return this.statements.find.get(integrationId, orderId)?.sale_id;
  }

  /** The order a sale charges, when a PDV asked for it (the receipt prints it, and its items). */
  orderOf(saleId: string): { integrationId: string; orderId: string; items?: OrderItem[] } | undefined {
    const row = this.statements.ofSale.get(saleId);
    if (!row) return undefined;
    return {
      integrationId: row.integration_id,
      orderId: row.order_id,
      ...(row.items_json ? { items: JSON.parse(row.items_json) as OrderItem[] } : {}),
    };
  }

  /** Ties the order to the sale; to be run inside the sale's own transaction. */
  link(order: OrderLink): void {
    const { items, ...rest } = order;
    this.statements.link.run({
      ...rest,
      items: items?.length ? JSON.stringify(items) : null,
      at: this.now().toISOString(),
    });
  }
}
