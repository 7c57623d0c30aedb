// Payment links: who owns a paymentLinkID and under which public id its page is served.
//
// The API's paymentLinkID is chosen by the caller and only groups charges within its company, so
// it can never be the public address: another company could pick the same text and take the page
// over. Each (company, paymentLinkID) gets instead a random public id of the service's own, made
// in the same transaction as the charge or static QR code that first uses the link.

import type { Db } from '../../store/database';
import { badRequest } from '../errors';
import { newPublicLinkId } from '../ids';
import { paymentLinkRepo, type PaymentLinkKind, type PaymentLinkRow } from './payment-link-repo';

/** The shape of a public id: 32 lowercase hex digits (128 random bits). */
export const PUBLIC_LINK_ID = /^[0-9a-f]{32}$/;

/**
 * The company's link for `paymentLinkId`, created on first use. Call it inside the write
 * transaction of the record that uses the link, so a link never exists without its first record
 * and a rolled-back write leaves none behind. A charge cannot join a static QR code's link: that
 * page shows the QR code, so the charge would be unreachable from it (400, nothing written).
 */
export function claimPaymentLink(db: Db, companyId: string, paymentLinkId: string, kind: PaymentLinkKind, at: string): PaymentLinkRow {
  const repo = paymentLinkRepo(db);
  const existing = repo.find(companyId, paymentLinkId);
  if (existing) {
    if (existing.kind !== kind) {
      throw badRequest(
        existing.kind === 'PIX_QR_CODE'
          ? `paymentLinkID ${paymentLinkId} belongs to a static QR code; choose another one`
          : `paymentLinkID ${paymentLinkId} already links charges`,
      );
    }
    return existing;
  }
  const row: PaymentLinkRow = { public_id: newPublicLinkId(), company_id: companyId, payment_link_id: paymentLinkId, kind, created_at: at };
  repo.insert(row);
  return row;
}

/** The public id of a stored record's link. Every stored link has one (migration 004 and `claimPaymentLink`). */
export function paymentLinkPublicId(db: Db, companyId: string, paymentLinkId: string): string {
  const link = paymentLinkRepo(db).find(companyId, paymentLinkId);
  if (!link) throw new Error(`payment link ${paymentLinkId} of company ${companyId} has no public id`);
  return link.public_id;
}
