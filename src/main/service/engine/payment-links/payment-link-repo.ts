import type { Db } from '#lib/store/database';
import { perDatabase } from '../repo-cache';

/** What a link's public page shows: the newest charge of the link, or one static QR code. */
export type PaymentLinkKind = 'CHARGE' | 'PIX_QR_CODE';

/** One row of table payment_links (migration 004). */
export interface PaymentLinkRow {
  /** The id in `/pay/<public_id>`: random, the service's own. */
  public_id: string;
  company_id: string;
  /** The API's paymentLinkID: the caller's grouping key, unique only within its company. */
  payment_link_id: string;
  kind: PaymentLinkKind;
  created_at: string;
  /**
   * fixedLocation: the location and the code every charge of the link made with fixedLocation
   * shares (migration 017), kept by the link so the printed code outlives its charges. Null until
   * the link's first such charge got a shareable code, and on links stored before 017.
   */
  fixed_location_id?: string | null;
  fixed_br_code?: string | null;
}

export interface PaymentLinkRepo {
  insert(row: PaymentLinkRow): void;
  /** The link a company's paymentLinkID stands for. */
  find(companyId: string, paymentLinkId: string): PaymentLinkRow | undefined;
  /** Across companies: the public page knows only the public id, which names one company's link. */
  findByPublicId(publicId: string): PaymentLinkRow | undefined;
  /** Gives the link its fixed location, once: a link that has one keeps it. */
  setFixedLocation(companyId: string, paymentLinkId: string, locationId: string, brCode: string): void;
}

export const paymentLinkRepo = perDatabase<PaymentLinkRepo>((db: Db) => {
  const insertStmt = db.prepare(
    `INSERT INTO payment_links (public_id, company_id, payment_link_id, kind, created_at)
     VALUES (@public_id, @company_id, @payment_link_id, @kind, @created_at)`,
  );
  const byLink = db.prepare<[string, string], PaymentLinkRow>(
    'SELECT * FROM payment_links WHERE company_id = ? AND payment_link_id = ?',
  );
  const byPublicId = db.prepare<[string], PaymentLinkRow>('SELECT * FROM payment_links WHERE public_id = ?');
  const fixedLocationStmt = db.prepare(
    `UPDATE payment_links SET fixed_location_id = ?, fixed_br_code = ?
     WHERE company_id = ? AND payment_link_id = ? AND fixed_location_id IS NULL`,
  );
  return {
    insert: (row) => {
      insertStmt.run(row);
    },
    find: (companyId, paymentLinkId) => byLink.get(companyId, paymentLinkId),
    findByPublicId: (publicId) => byPublicId.get(publicId),
    setFixedLocation: (companyId, paymentLinkId, locationId, brCode) => {
      fixedLocationStmt.run(locationId, brCode, companyId, paymentLinkId);
    },
  };
});
