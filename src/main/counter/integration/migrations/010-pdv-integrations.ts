// The shop's PDV and ERP software, as the counter knows it (src/main/counter/integration): the
// integrations a manager made in Configurações, each with its own token (only its SHA-256 is
// kept: the token itself is shown once, when it is made), and the PDV's orders, each tied to the
// counter's sale that charges it now. An order row is written in the same transaction as its
// sale (sale-commands.ts's `alsoWrite`), so a crash can never leave a sale the PDV cannot find
// by its order id, nor an order naming a sale that was never made.
export const pdvIntegrationsSchema = `
CREATE TABLE integrations (
  id TEXT PRIMARY KEY,
  name TEXT NOT NULL,
  token_sha256 TEXT NOT NULL UNIQUE,
  -- The integration may refund by itself, without a manager's PIN per refund.
  can_refund INTEGER NOT NULL DEFAULT 0 CHECK (can_refund IN (0, 1)),
  created_at TEXT NOT NULL,
  created_by TEXT,
  revoked_at TEXT,
  last_used_at TEXT
);

CREATE TABLE pdv_orders (
  integration_id TEXT NOT NULL REFERENCES integrations(id),
  order_id TEXT NOT NULL,
  -- The sale that charges the order now; an order whose price changed, or whose sale ended
  -- unpaid, is charged again by a new sale, and the row follows it.
  sale_id TEXT NOT NULL REFERENCES sales(correlation_id),
  -- The summary of the order's items the PDV sent (JSON: [{name, quantity, value}]), for the receipt.
  items_json TEXT,
  created_at TEXT NOT NULL,
  updated_at TEXT NOT NULL,
  PRIMARY KEY (integration_id, order_id)
);
CREATE INDEX pdv_orders_by_sale ON pdv_orders (sale_id);

-- A refund an integration made by its own permission (can_refund), with no manager's PIN: the
-- register's report says so where it names the manager who approved the others.
ALTER TABLE refunds ADD COLUMN approved_by_integration TEXT REFERENCES integrations(id);
`;
