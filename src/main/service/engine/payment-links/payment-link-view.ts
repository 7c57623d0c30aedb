import type { Db } from '#lib/store/database';
import { chargeAmountDue } from '../charges/charge-amount';
import type { ChargeRow } from '../charges/charge-repo';
import { chargeRepo } from '../charges/charge-repo-instance';
import { pixQrCodeRepo, type PixQrCodeRow } from '../pix-qr-codes/pix-qr-code-repo';
import { paymentLinkRepo } from './payment-link-repo';
import { opensLink, publicIdOfAnonymousId } from './payment-links';

/** The public page of a charge link: its newest charge, priced for now. */
export interface ChargeLinkView {
  kind: 'CHARGE';
  merchantName: string;
  value: number;
  status: 'ACTIVE' | 'COMPLETED' | 'EXPIRED';
  brCode: string;
  expiresDate: string;
  comment?: string;
}

/** The public page of a static QR code: always payable, for its value or for what the payer types. */
export interface PixQrCodeLinkView {
  kind: 'PIX_QR_CODE';
  merchantName: string;
  /** Cents, or null when the payer chooses the amount. */
  value: number | null;
  brCode: string;
  comment?: string;
}

export type PaymentLinkView = ChargeLinkView | PixQrCodeLinkView;

/** What a link's public id stands for now: its newest live charge, or its live static QR code. */
export type PublicLinkRecord =
  | { kind: 'CHARGE'; companyId: string; charge: ChargeRow }
  | { kind: 'PIX_QR_CODE'; companyId: string; qr: PixQrCodeRow };

/**
 * The record behind a link's public id, or behind a paymentLinkID the service gave (the same
 * digits as a UUID, payment-links.ts), found by that id only: never by a paymentLinkID a caller
 * chose, which any company may choose too, nor by any other id a caller chose. These are the
 * addresses of a record that may be opened without an AppID, by the payment page and the images
 * alike. Null for anything else, a link whose charges are all deleted, or a deleted static QR code.
 */
export function publicLinkRecord(db: Db, id: string): PublicLinkRecord | null {
  const publicId = publicIdOfAnonymousId(id);
  if (publicId === null) return null;
  const link = paymentLinkRepo(db).findByPublicId(publicId);
  if (!link || !opensLink(id, link)) return null;
  if (link.kind === 'PIX_QR_CODE') {
    const qr = pixQrCodeRepo(db).findByPaymentLinkId(link.company_id, link.payment_link_id);
    return qr ? { kind: 'PIX_QR_CODE', companyId: link.company_id, qr } : null;
  }
  const charge = chargeRepo(db).findByPaymentLinkId(link.company_id, link.payment_link_id);
  return charge ? { kind: 'CHARGE', companyId: link.company_id, charge } : null;
}

/**
 * What the public payment page of a link shows, found as `publicLinkRecord` finds it (by the
 * link's public id, or the paymentLinkID the service gave it; never by one a caller chose, which
 * any company may choose). Like the Pix location it is reachable without an AppID and reveals
 * only what the QR code itself promises. Null for an unknown id, a link whose charges are all
 * deleted, or a deleted static QR code.
 */
export function paymentLinkView(db: Db, id: string, now: Date): PaymentLinkView | null {
  const record = publicLinkRecord(db, id);
  if (!record) return null;
  const company = db
    .prepare<[string], { merchant_name: string }>('SELECT merchant_name FROM companies WHERE id = ?')
    .get(record.companyId)!;
  if (record.kind === 'PIX_QR_CODE') {
    const { qr } = record;
    return {
      kind: 'PIX_QR_CODE',
      merchantName: company.merchant_name,
      value: qr.value,
      brCode: qr.br_code,
      ...(qr.comment ? { comment: qr.comment } : {}),
    };
  }
  const { charge } = record;
  return {
    kind: 'CHARGE',
    merchantName: company.merchant_name,
    value: charge.status === 'ACTIVE' ? chargeAmountDue(charge, now) : (charge.paid_value ?? charge.value),
    status: charge.status,
    brCode: charge.br_code,
    expiresDate: charge.expires_at,
    ...(charge.comment ? { comment: charge.comment } : {}),
  };
}
