// The charges table: its rows, and every query the charge operations and sweepers make of it,
// prepared once. Over 300 lines because the column list and the prepared statements are the one
// place the table's SQL is written; the handlers never write SQL of their own.
import type { Db } from '#lib/store/database';
import type { ChargeStatus } from '#shared/service/resources';
import { fromGlobalId } from '../ids';
import { listCounts } from '../list-counts';

export interface ChargeRow {
  id: string;
  company_id: string;
  account_id: string;
  correlation_id: string;
  transaction_id: string;
  identifier: string;
  payment_link_id: string;
  location_id: string;
  type: string;
  status: ChargeStatus;
  value: number;
  comment: string | null;
  customer_id: string | null;
  customer: string | null;
  br_code: string;
  pix_key: string | null;
  expires_in: number;
  expires_at: string;
  due_date: string | null;
  days_for_due_date: number | null;
  days_after_due_date: number | null;
  interests: string | null;
  fines: string | null;
  discount: string | null;
  additional_info: string;
  options: string;
  subscription_id: string | null;
  paid_at: string | null;
  paid_value: number | null;
  payer: string | null;
  created_at: string;
  updated_at: string;
  /**
   * Not a column: the public id of the charge's payment link (`/pay/<id>`), joined in by the
   * lookups whose rows are answered, so that serializing one costs no second query.
   */
  payment_link_public_id?: string | null;
}

export interface ChargeListFilter {
  start?: string;
  end?: string;
  status?: ChargeStatus;
  customerId?: string;
  /** The subscription's correlationID or globalID. */
  subscription?: string;
}

const COLUMNS = [
  'id',
  'company_id',
  'account_id',
  'correlation_id',
  'transaction_id',
  'identifier',
  'payment_link_id',
  'location_id',
  'type',
  'status',
  'value',
  'comment',
  'customer_id',
  'customer',
  'br_code',
  'pix_key',
  'expires_in',
  'expires_at',
  'due_date',
  'days_for_due_date',
  'days_after_due_date',
  'interests',
  'fines',
  'discount',
  'additional_info',
  'options',
  'subscription_id',
  'paid_at',
  'paid_value',
  'payer',
  'created_at',
  'updated_at',
] as const;

/**
 * A charge row with its payment link's public id (ChargeRow.payment_link_public_id). A scalar
 * subquery, not a LEFT JOIN: with the same two index searches in EXPLAIN QUERY PLAN, the join form
 * took 33 µs a lookup and this one 4.2 µs (a loop over 1,000 charges, issue 14). Why the join costs
 * so much more was not profiled; its plan gives no reason.
 */
const WITH_PUBLIC_ID = `SELECT c.*, (SELECT pl.public_id FROM payment_links pl
  WHERE pl.company_id = c.company_id AND pl.payment_link_id = c.payment_link_id) AS payment_link_public_id FROM charges c`;

/** Charge rows for one database; every query is scoped by company except location lookups. */
export class ChargeRepo {
  private readonly insertStmt;
  private readonly byCorrelation;
  private readonly byId;
  private readonly byTransactionId;
  private readonly byIdentifier;
  private readonly byPaymentLink;
  private readonly byFixedLocation;
  private readonly byLocation;
  private readonly deleteStmt;
  private readonly expirationStmt;
  private readonly markPaidStmt;
  private readonly dueForExpiryStmt;
  private readonly expireStmt;
  private readonly earliestExpiryStmt;
  private readonly listCache = new Map<string, ReturnType<Db['prepare']>>();

  constructor(private readonly db: Db) {
    // Positional parameters: binding 32 named ones from an object took 4.5 µs an insert, an array
    // of values 3.3 µs (.bench loop, issue 14); this insert is on every charge's path.
    this.insertStmt = db.prepare(
      `INSERT INTO charges (${COLUMNS.join(', ')}) VALUES (${COLUMNS.map(() => '?').join(', ')})`,
    );
    // One statement per lookup: on a file database each statement outside a transaction also takes
    // and releases the WAL read lock (two fcntl calls), so a second query for the link's public id
    // cost a GET as much as the charge's own (`npm run bench:profile -- --get`, issue 14).
    this.byCorrelation = db.prepare<[string, string], ChargeRow>(
      `${WITH_PUBLIC_ID} WHERE c.company_id = ? AND c.correlation_id = ?`,
    );
    this.byId = db.prepare<[string, string], ChargeRow>(`${WITH_PUBLIC_ID} WHERE c.company_id = ? AND c.id = ?`);
    this.byTransactionId = db.prepare<[string, string], ChargeRow>(
      `${WITH_PUBLIC_ID} WHERE c.company_id = ? AND c.transaction_id = ?`,
    );
    this.byIdentifier = db.prepare<[string, string], ChargeRow>(
      `${WITH_PUBLIC_ID} WHERE c.company_id = ? AND c.identifier = ?`,
    );
    this.byPaymentLink = db.prepare<[string, string], ChargeRow>(
      `${WITH_PUBLIC_ID} WHERE c.company_id = ? AND c.payment_link_id = ? ORDER BY c.created_at DESC, c.rowid DESC LIMIT 1`,
    );
    this.byFixedLocation = db.prepare<[string, string], ChargeRow>(
      `SELECT * FROM charges WHERE company_id = ? AND payment_link_id = ? AND json_extract(options, '$.fixedLocation') = 1
       ORDER BY created_at DESC, rowid DESC LIMIT 1`,
    );
    this.byLocation = db.prepare<[string], ChargeRow>(
      'SELECT * FROM charges WHERE location_id = ? ORDER BY created_at DESC, rowid DESC LIMIT 1',
    );
    this.deleteStmt = db.prepare('DELETE FROM charges WHERE company_id = ? AND id = ?');
    this.markPaidStmt = db.prepare(
      `UPDATE charges SET status = 'COMPLETED', paid_at = ?, paid_value = ?, payer = ?, updated_at = ?
       WHERE company_id = ? AND id = ? AND status = 'ACTIVE'`,
    );
    this.dueForExpiryStmt = db.prepare<[string], ChargeRow>(
      `SELECT * FROM charges WHERE status = 'ACTIVE' AND expires_at <= ? ORDER BY expires_at`,
    );
    this.expireStmt = db.prepare(
      `UPDATE charges SET status = 'EXPIRED', updated_at = ? WHERE id = ? AND status = 'ACTIVE'`,
    );
    this.earliestExpiryStmt = db.prepare<[], { at: string | null }>(
      `SELECT MIN(expires_at) AS at FROM charges WHERE status = 'ACTIVE'`,
    );
    this.expirationStmt = db.prepare(
      `UPDATE charges SET expires_at = ?, expires_in = ?, status = ?, updated_at = ? WHERE company_id = ? AND id = ?`,
    );
  }

  insert(row: ChargeRow): void {
    this.insertStmt.run(COLUMNS.map((column) => row[column]));
  }

  findByCorrelationId(companyId: string, correlationId: string): ChargeRow | undefined {
    return this.byCorrelation.get(companyId, correlationId);
  }

  /**
   * Resolves any identifier a client may hold for a charge: correlationID (the documented one),
   * globalID, transactionID, EMV identifier or payment link id.
   */
  findByAnyId(companyId: string, id: string): ChargeRow | undefined {
    return (
      this.byCorrelation.get(companyId, id) ??
      this.findByGlobalId(companyId, id) ??
      this.byId.get(companyId, id) ??
      this.byTransactionId.get(companyId, id) ??
      this.byIdentifier.get(companyId, id) ??
      this.byPaymentLink.get(companyId, id)
    );
  }

  /** Decoded only once the correlationID, the id clients hold most, has found nothing. */
  private findByGlobalId(companyId: string, id: string): ChargeRow | undefined {
    const objectId = fromGlobalId('Charge', id);
    return objectId ? this.byId.get(companyId, objectId) : undefined;
  }

  findById(companyId: string, id: string): ChargeRow | undefined {
    return this.byId.get(companyId, id);
  }

  findByPaymentLinkId(companyId: string, paymentLinkId: string): ChargeRow | undefined {
    return this.byPaymentLink.get(companyId, paymentLinkId);
  }

  /** The newest charge of a payment link made with fixedLocation: the one whose code the next may share. */
  findFixedLocationCharge(companyId: string, paymentLinkId: string): ChargeRow | undefined {
    return this.byFixedLocation.get(companyId, paymentLinkId);
  }

  /** The charge a Pix location currently serves: the newest one linked to it. */
  findByLocation(locationId: string): ChargeRow | undefined {
    return this.byLocation.get(locationId);
  }

  delete(companyId: string, id: string): void {
    this.deleteStmt.run(companyId, id);
  }

  updateExpiration(
    companyId: string,
    id: string,
    expiresAt: string,
    expiresIn: number,
    status: ChargeStatus,
    now: string,
  ): void {
    this.expirationStmt.run(expiresAt, expiresIn, status, now, companyId, id);
  }

  /** Completes an ACTIVE charge; returns false when it was no longer ACTIVE (paid or expired meanwhile). */
  markPaid(companyId: string, id: string, paidAt: string, paidValue: number, payer: string): boolean {
    return this.markPaidStmt.run(paidAt, paidValue, payer, paidAt, companyId, id).changes === 1;
  }

  /** ACTIVE charges whose time is up, oldest first. */
  dueForExpiry(now: string): ChargeRow[] {
    return this.dueForExpiryStmt.all(now);
  }

  expire(id: string, now: string): void {
    this.expireStmt.run(now, id);
  }

  earliestActiveExpiry(): string | null {
    return this.earliestExpiryStmt.get()?.at ?? null;
  }

  /** Newest first (insertion order breaks ties within one instant); fetches `limit + 1` rows so the caller can tell whether a next page exists. */
  list(companyId: string, filter: ChargeListFilter, skip: number, limit: number): ChargeRow[] {
    return this.listStatement(chargeListSql(filter)).all({
      companyId,
      ...filter,
      take: limit + 1,
      skip,
    }) as ChargeRow[];
  }

  /**
   * Every charge the filter matches, on all pages. With no filter but the status, from the counts
   * the triggers of migration 016 keep (a COUNT(*) of 100k charges costs several times the page);
   * with a customer, subscription or time filter, COUNT(*) over the same index the list uses.
   */
  count(companyId: string, filter: ChargeListFilter): number {
    if (!filter.customerId && !filter.subscription && !filter.start && !filter.end) {
      return listCounts(this.db).count('charges', companyId, filter.status);
    }
    return (this.listStatement(chargeCountSql(filter)).get({ companyId, ...filter }) as { n: number }).n;
  }

  private listStatement(sql: string): ReturnType<Db['prepare']> {
    let stmt = this.listCache.get(sql);
    if (!stmt) {
      stmt = this.db.prepare(sql);
      this.listCache.set(sql, stmt);
    }
    return stmt;
  }
}

/** The WHERE of the list and of its count; parameters @companyId and the filter's fields. */
function chargeListWhere(filter: ChargeListFilter): string {
  const where = ['company_id = @companyId'];
  if (filter.status) where.push('status = @status');
  if (filter.customerId) where.push('customer_id = @customerId');
  // The spec's filter is the subscription's correlation ID; its globalID (what a charge shows as
  // `subscription`) finds it too, the correlationID first. Only the company's own subscriptions
  // are looked at. One id, compared with `=`, so the search runs on the subscription index.
  if (filter.subscription) {
    where.push(
      `subscription_id = COALESCE(
        (SELECT id FROM subscriptions WHERE company_id = @companyId AND correlation_id = @subscription),
        (SELECT id FROM subscriptions WHERE company_id = @companyId AND global_id = @subscription))`,
    );
  }
  if (filter.start) where.push('created_at >= @start');
  if (filter.end) where.push('created_at <= @end');
  return where.join(' AND ');
}

/** The list query for a filter; parameters @companyId, the filter's fields, @take and @skip. */
export function chargeListSql(filter: ChargeListFilter): string {
  return `SELECT * FROM charges WHERE ${chargeListWhere(filter)} ORDER BY created_at DESC, rowid DESC LIMIT @take OFFSET @skip`;
}

/** The count of the same rows; parameters @companyId and the filter's fields. */
export function chargeCountSql(filter: ChargeListFilter): string {
  return `SELECT COUNT(*) AS n FROM charges WHERE ${chargeListWhere(filter)}`;
}
