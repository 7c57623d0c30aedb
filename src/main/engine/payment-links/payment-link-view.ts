import type { Db } from '../../store/database';
import { chargeAmountDue } from '../charges/charge-amount';
import { chargeRepo } from '../charges/charge-repo-instance';
import { pixQrCodeRepo } from '../pix-qr-codes/pix-qr-code-repo';
import { paymentLinkRepo } from './payment-link-repo';
import { PUBLIC_LINK_ID } from './payment-links';

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

/**
 * What the public payment page of a link shows, found by the link's public id only (never by a
 * paymentLinkID, which any company may choose). Like the Pix location it is reachable without an
 * AppID and reveals only what the QR code itself promises. Null for an unknown public id, a link
 * whose charges are all deleted, or a deleted static QR code.
 */
export function paymentLinkView(db: Db, publicId: string, now: Date): PaymentLinkView | null {
  if (!PUBLIC_LINK_ID.test(publicId)) return null;
  const link = paymentLinkRepo(db).findByPublicId(publicId);
  if (!link) return null;
  const company = db.prepare<[string], { merchant_name: string }>('SELECT merchant_name FROM companies WHERE id = ?').get(link.company_id)!;
  if (link.kind === 'PIX_QR_CODE') {
    const qr = pixQrCodeRepo(db).findByPaymentLinkId(link.company_id, link.payment_link_id);
    if (!qr) return null;
    return {
      kind: 'PIX_QR_CODE',
      merchantName: company.merchant_name,
      value: qr.value,
      brCode: qr.br_code,
      ...(qr.comment ? { comment: qr.comment } : {}),
    };
  }
  const charge = chargeRepo(db).findByPaymentLinkId(link.company_id, link.payment_link_id);
  if (!charge) return null;
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
