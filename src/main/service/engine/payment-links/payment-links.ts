// Payment links: who owns a paymentLinkID and under which public id its page is served.
//
// The API's paymentLinkID is chosen by the caller and only groups charges within its company, so
// it can never be the public address: another company could pick the same text and take the page
// over. Each (company, paymentLinkID) gets instead a random public id of the service's own, made
// in the same transaction as the charge or static QR code that first uses the link.

import type { Db } from '#lib/store/database';
import { badRequest } from '../errors';
import { newPublicLinkId } from '../ids';
import { paymentLinkRepo, type PaymentLinkKind, type PaymentLinkRow } from './payment-link-repo';

/** The shape of a public id: 32 lowercase hex digits (128 random bits). */
export const PUBLIC_LINK_ID = /^[0-9a-f]{32}$/;

/** The same 32 digits written as a UUID (8-4-4-4-12): the paymentLinkID the service gives a link. */
const PUBLIC_LINK_UUID = /^([0-9a-f]{8})-([0-9a-f]{4})-([0-9a-f]{4})-([0-9a-f]{4})-([0-9a-f]{12})$/;

/** A public id written as a UUID. */
export function publicIdAsUuid(publicId: string): string {
  return `${publicId.slice(0, 8)}-${publicId.slice(8, 12)}-${publicId.slice(12, 16)}-${publicId.slice(16, 20)}-${publicId.slice(20)}`;
}

/**
 * A link for a record whose caller named no paymentLinkID: the service's own paymentLinkID is
 * then its public id written as a UUID, as unguessable as the public id itself. That is the id
 * the real service puts in qrCodeImage, and clients build image URLs from it (WHMCS:
 * /openpix/charge/brcode/image/{paymentLinkID}.png in an <img>, with no AppID), so it opens the
 * link's images and page without an AppID like the public id does. A paymentLinkID the caller
 * chose never does: it is caller text, and any other company may choose the same.
 */
export function newServicePaymentLink(): { paymentLinkId: string; publicId: string } {
  const publicId = newPublicLinkId();
  return { paymentLinkId: publicIdAsUuid(publicId), publicId };
}

/**
 * The public id an id opened without an AppID may stand for: the id itself when it has a public
 * id's shape, its 32 digits when it is written as a UUID (a service-given paymentLinkID), else
 * null. A UUID-shaped id names its link only if that link's paymentLinkID is that very UUID (see
 * `opensLink`): a caller may choose a UUID-shaped paymentLinkID, and it must not open anything.
 */
export function publicIdOfAnonymousId(id: string): string | null {
  if (PUBLIC_LINK_ID.test(id)) return id;
  const uuid = PUBLIC_LINK_UUID.exec(id);
  return uuid ? uuid.slice(1).join('') : null;
}

/** Whether `id` (a public id, or a service-given paymentLinkID) opens `link` without an AppID. */
export function opensLink(id: string, link: Pick<PaymentLinkRow, 'public_id' | 'payment_link_id'>): boolean {
  return id === link.public_id || (id === publicIdAsUuid(link.public_id) && link.payment_link_id === id);
}

/**
 * The id a record's image URLs carry: its paymentLinkID when the service gave it (the real
 * service's qrCodeImage form), else the link's public id; either opens the image without an AppID.
 */
export function imageLinkId(publicId: string, paymentLinkId: string): string {
  return paymentLinkId === publicIdAsUuid(publicId) ? paymentLinkId : publicId;
}

/**
 * The company's link for `paymentLinkId`, created on first use. Call it inside the write
 * transaction of the record that uses the link, so a link never exists without its first record
 * and a rolled-back write leaves none behind. A charge cannot join a static QR code's link: that
 * page shows the QR code, so the charge would be unreachable from it (400, nothing written).
 */
export function claimPaymentLink(
  db: Db,
  companyId: string,
  paymentLinkId: string,
  kind: PaymentLinkKind,
  at: string,
  /** The public id of a new link whose paymentLinkID the service made (`newServicePaymentLink`). */
  publicId: string = newPublicLinkId(),
): PaymentLinkRow {
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
  const row: PaymentLinkRow = {
    public_id: publicId,
    company_id: companyId,
    payment_link_id: paymentLinkId,
    kind,
    created_at: at,
  };
  repo.insert(row);
  return row;
}

/** The public id of a stored record's link. Every stored link has one (migration 004 and `claimPaymentLink`). */
export function paymentLinkPublicId(db: Db, companyId: string, paymentLinkId: string): string {
  const link = paymentLinkRepo(db).find(companyId, paymentLinkId);
  if (!link) throw new Error(`payment link ${paymentLinkId} of company ${companyId} has no public id`);
  return link.public_id;
}
