// Offline codes registered ahead (issue 24). The real service links a Pix to a static QR code by
// the code's identifier (the txid the payer's BR Code carries) when the code exists as the Pix
// arrives; it documents nothing for a code registered later. So while online the counter keeps a
// pool of static QR codes registered at the service, open-amount, each with an identifier of its
// own; an offline sale's code carries one of them as its txid, and its payment is linked to that
// code by the service, as documented, even though the counter was offline when it was paid.
//
// The codes are named after the counter that registered them (its id, made once per counter.db):
// another counter of the account reads, from the newest code each counter registered, up to when
// that counter's offline sales are all registered (offline-neighbours.ts).
export const offlinePoolSchema = `
CREATE TABLE counter_identity (
  singleton INTEGER PRIMARY KEY CHECK (singleton = 1),
  id TEXT NOT NULL CHECK (length(id) BETWEEN 6 AND 16),
  created_at TEXT NOT NULL
);
CREATE TABLE offline_pool (
  -- The code's identifier at the service: the txid (62-05) of the offline sale that takes it.
  identifier TEXT PRIMARY KEY CHECK (length(identifier) BETWEEN 1 AND 25),
  service_id TEXT NOT NULL REFERENCES services(id),
  -- The key the code pays into (DICT form): only a sale to the same key may take it. Empty for a
  -- code that only renews the counter's word (no confirmed key): no sale ever takes one.
  pix_key TEXT NOT NULL,
  -- The code's correlationID at the service (balcao-reserva-<identifier>), to look it up by.
  correlation_id TEXT NOT NULL UNIQUE,
  -- REGISTERING: written before it is sent (a crash then looks it up first); READY: the service
  -- has it; USED: an offline sale took it (never again another); DROPPED: the service refused it.
  state TEXT NOT NULL CHECK (state IN ('REGISTERING', 'READY', 'USED', 'DROPPED')),
  sale_id TEXT UNIQUE REFERENCES sales(correlation_id),
  created_at TEXT NOT NULL,
  registered_at TEXT,
  updated_at TEXT NOT NULL
);
CREATE INDEX offline_pool_ready ON offline_pool (service_id, pix_key, state, created_at);
`;
