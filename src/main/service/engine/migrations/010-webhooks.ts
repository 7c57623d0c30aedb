// Schema v10: webhooks (src/main/service/engine/webhooks for the operations and the queue, src/main/service/webhooks
// for the dispatcher that sends them).
//
// - webhooks: a company's subscriptions, one event each (remote-api-notes §2.1). `secret` is the
//   Standard Webhooks secret (whsec_…) the webhook-signature header is made with; deleting a
//   webhook keeps the row (deleted_at) so its deliveries keep pointing at it.
// - webhook_signing_keys: the environment's RSA key pairs for x-webhook-signature. Exactly one is
//   current (partial unique index); older ones stay listed by GET /api/v1/webhook/public-keys so
//   signatures made before a rotation still verify.
// - webhook_events: the public form of an outbox event (events.id is its id, sent as webhook-id in
//   every delivery of it), with the exact body signed and sent, written once so every retry and
//   replay sends the same bytes. `resource` orders deliveries per resource (a charge's CREATED
//   before its COMPLETED); `transaction_id` ties it to the transaction it is about (webhookSent).
// - webhook_deliveries: one per event and subscribed webhook, written in the transaction that
//   wrote the outbox row, so an acknowledged event can never lose its deliveries. `seq` is the
//   enqueue order. PENDING until a 2xx (DELIVERED), until retries run out (FAILED), or until its
//   webhook is deleted (CANCELLED).
// - webhook_attempts: every POST made for a delivery, with its HTTP status (null: no answer) or error.
// - sandbox_clock: the instant of `npm run serve --manual-clock`, kept across a kill -9 restart.
export const webhooksSchema = /* sql */ `
CREATE TABLE webhooks (
  id TEXT PRIMARY KEY,
  company_id TEXT NOT NULL REFERENCES companies(id),
  name TEXT NOT NULL,
  event TEXT NOT NULL,
  url TEXT NOT NULL,
  authorization TEXT,
  is_active INTEGER NOT NULL CHECK (is_active IN (0, 1)),
  secret TEXT NOT NULL,
  created_at TEXT NOT NULL,
  updated_at TEXT NOT NULL,
  deleted_at TEXT
);
CREATE INDEX webhooks_company_created ON webhooks(company_id, created_at) WHERE deleted_at IS NULL;
CREATE INDEX webhooks_subscribers ON webhooks(company_id, event) WHERE deleted_at IS NULL AND is_active = 1;

CREATE TABLE webhook_signing_keys (
  key_identifier TEXT PRIMARY KEY,
  public_key TEXT NOT NULL,
  private_key TEXT NOT NULL,
  is_current INTEGER NOT NULL CHECK (is_current IN (0, 1)),
  created_at TEXT NOT NULL
);
CREATE UNIQUE INDEX webhook_signing_keys_current ON webhook_signing_keys(is_current) WHERE is_current = 1;

CREATE TABLE webhook_events (
  id TEXT PRIMARY KEY,
  company_id TEXT NOT NULL REFERENCES companies(id),
  name TEXT NOT NULL,
  resource TEXT NOT NULL,
  transaction_id TEXT,
  body TEXT NOT NULL,
  created_at TEXT NOT NULL
);
CREATE INDEX webhook_events_transaction ON webhook_events(transaction_id) WHERE transaction_id IS NOT NULL;

CREATE TABLE webhook_deliveries (
  seq INTEGER PRIMARY KEY AUTOINCREMENT,
  event_id TEXT NOT NULL REFERENCES webhook_events(id),
  webhook_id TEXT NOT NULL REFERENCES webhooks(id),
  company_id TEXT NOT NULL REFERENCES companies(id),
  url TEXT NOT NULL,
  resource TEXT NOT NULL,
  status TEXT NOT NULL CHECK (status IN ('PENDING', 'DELIVERED', 'FAILED', 'CANCELLED')),
  attempts INTEGER NOT NULL DEFAULT 0,
  next_attempt_at TEXT NOT NULL,
  first_attempt_at TEXT,
  last_attempt_at TEXT,
  last_status INTEGER,
  last_error TEXT,
  replay_of INTEGER REFERENCES webhook_deliveries(seq),
  created_at TEXT NOT NULL
);
CREATE INDEX webhook_deliveries_due ON webhook_deliveries(next_attempt_at, seq) WHERE status = 'PENDING';
CREATE INDEX webhook_deliveries_order ON webhook_deliveries(url, resource, seq) WHERE status = 'PENDING';
CREATE INDEX webhook_deliveries_webhook ON webhook_deliveries(webhook_id, seq);
CREATE INDEX webhook_deliveries_event ON webhook_deliveries(event_id);

CREATE TABLE webhook_attempts (
  id INTEGER PRIMARY KEY AUTOINCREMENT,
  delivery_seq INTEGER NOT NULL REFERENCES webhook_deliveries(seq),
  event_id TEXT NOT NULL REFERENCES webhook_events(id),
  at TEXT NOT NULL,
  status INTEGER,
  error TEXT,
  duration_ms INTEGER NOT NULL,
  is_retry INTEGER NOT NULL CHECK (is_retry IN (0, 1))
);
CREATE INDEX webhook_attempts_event ON webhook_attempts(event_id, id);
CREATE INDEX webhook_attempts_delivery ON webhook_attempts(delivery_seq, id);

CREATE TABLE sandbox_clock (
  id INTEGER PRIMARY KEY CHECK (id = 1),
  now TEXT NOT NULL
);
`;
