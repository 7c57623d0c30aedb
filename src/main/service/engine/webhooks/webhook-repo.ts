import type { Db } from '#lib/store/database';
import { perDatabase } from '../repo-cache';

/** One row of table `webhooks`. */
export interface WebhookRow {
  id: string;
  company_id: string;
  name: string;
  event: string;
  url: string;
  authorization: string | null;
  is_active: 0 | 1;
  /** The Standard Webhooks secret (whsec_…) of this webhook's webhook-signature header. */
  secret: string;
  /** The key of this webhook's X-OpenPix-Signature header (base64 HMAC-SHA1), shown as hmacSecretKey. */
  hmac_secret_key: string;
  created_at: string;
  updated_at: string;
  deleted_at: string | null;
}

export interface WebhookRepo {
  insert(row: WebhookRow): void;
  /** A webhook of the company that is not deleted. */
  findById(companyId: string, id: string): WebhookRow | undefined;
  /** Newest first, `limit + 1` rows; `url` filters by exact URL. */
  list(companyId: string, url: string | undefined, skip: number, limit: number): WebhookRow[];
  /** Every webhook the same filter matches (the list's totalCount). */
  count(companyId: string, url: string | undefined): number;
  /** Deletes a webhook and cancels what it still had to deliver; false when it was not there. */
  remove(companyId: string, id: string, at: string): boolean;
  /** The company's active webhooks listening to an event: who gets a delivery of it. */
  subscribers(companyId: string, event: string): WebhookRow[];
}

export const webhookRepo = perDatabase<WebhookRepo>((db: Db) => {
  const insert = db.prepare(
    `INSERT INTO webhooks (id, company_id, name, event, url, authorization, is_active, secret, hmac_secret_key, created_at, updated_at, deleted_at)
     VALUES (@id, @company_id, @name, @event, @url, @authorization, @is_active, @secret, @hmac_secret_key, @created_at, @updated_at, @deleted_at)`,
  );
  const byId = db.prepare<[string, string], WebhookRow>(
    'SELECT * FROM webhooks WHERE company_id = ? AND id = ? AND deleted_at IS NULL',
  );
  const page = db.prepare<[string, number, number], WebhookRow>(
    'SELECT * FROM webhooks WHERE company_id = ? AND deleted_at IS NULL ORDER BY created_at DESC, rowid DESC LIMIT ? OFFSET ?',
  );
  const pageByUrl = db.prepare<[string, string, number, number], WebhookRow>(
    'SELECT * FROM webhooks WHERE company_id = ? AND url = ? AND deleted_at IS NULL ORDER BY created_at DESC, rowid DESC LIMIT ? OFFSET ?',
  );
  const count = db.prepare<[string], { n: number }>(
    'SELECT COUNT(*) AS n FROM webhooks WHERE company_id = ? AND deleted_at IS NULL',
  );
  const countByUrl = db.prepare<[string, string], { n: number }>(
    'SELECT COUNT(*) AS n FROM webhooks WHERE company_id = ? AND url = ? AND deleted_at IS NULL',
  );
  const softDelete = db.prepare<[string, string, string, string]>(
    'UPDATE webhooks SET deleted_at = ?, updated_at = ? WHERE company_id = ? AND id = ? AND deleted_at IS NULL',
  );
  const cancelPending = db.prepare<[string, string]>(
    "UPDATE webhook_deliveries SET status = 'CANCELLED', last_error = ? WHERE webhook_id = ? AND status = 'PENDING'",
  );
  // Asked on every outbox write (POST /api/v1/charge included), and nearly always empty. With its
  // ORDER BY created_at, rowid this statement took about 8 µs per call on an empty table, without
  // it 0.7 µs (timed in a loop; `npm run bench:profile -- --memory` had put the lookup at 8.6% of
  // a create's CPU). So the few rows are put in creation order here instead.
  const subscribers = db.prepare<[string, string], WebhookRow & { creation_order: number }>(
    'SELECT rowid AS creation_order, * FROM webhooks WHERE company_id = ? AND event = ? AND deleted_at IS NULL AND is_active = 1',
  );
  return {
    insert: (row) => {
      insert.run(row);
    },
    findById: (companyId, id) => byId.get(companyId, id),
    list: (companyId, url, skip, limit) =>
      url === undefined ? page.all(companyId, limit + 1, skip) : pageByUrl.all(companyId, url, limit + 1, skip),
    count: (companyId, url) => (url === undefined ? count.get(companyId) : countByUrl.get(companyId, url))!.n,
    remove: (companyId, id, at) => {
      if (softDelete.run(at, at, companyId, id).changes === 0) return false;
      cancelPending.run('webhook deleted', id);
      return true;
    },
    subscribers: (companyId, event) => {
      const rows = subscribers.all(companyId, event);
      if (rows.length > 1)
        rows.sort((a, b) =>
          a.created_at < b.created_at ? -1 : a.created_at > b.created_at ? 1 : a.creation_order - b.creation_order,
        );
      return rows.map(({ creation_order: _order, ...row }) => row);
    },
  };
});
