import type { Db } from '../../store/database';
import { chargeAmountDue } from './charge-amount';
import { chargeRepo } from './charge-repo-instance';

export interface PaymentLinkView {
  merchantName: string;
  value: number;
  status: 'ACTIVE' | 'COMPLETED' | 'EXPIRED';
  brCode: string;
  expiresDate: string;
  comment?: string;
}

/**
 * What the public payment page of a link shows: the newest charge of that link, priced for now.
 * Like the Pix location, it is reachable without an AppID and reveals only what the QR promises.
 */
export function paymentLinkView(db: Db, paymentLinkId: string, now: Date): PaymentLinkView | null {
  if (!/^[A-Za-z0-9_-]{1,64}$/.test(paymentLinkId)) return null;
  const row = db
    .prepare<[string], { company_id: string; id: string }>(
      'SELECT company_id, id FROM charges WHERE payment_link_id = ? ORDER BY created_at DESC, rowid DESC LIMIT 1',
    )
    .get(paymentLinkId);
  if (!row) return null;
  const charge = chargeRepo(db).findById(row.company_id, row.id)!;
  const company = db.prepare<[string], { merchant_name: string }>('SELECT merchant_name FROM companies WHERE id = ?').get(row.company_id)!;
  return {
    merchantName: company.merchant_name,
    value: charge.status === 'ACTIVE' ? chargeAmountDue(charge, now) : (charge.paid_value ?? charge.value),
    status: charge.status,
    brCode: charge.br_code,
    expiresDate: charge.expires_at,
    ...(charge.comment ? { comment: charge.comment } : {}),
  };
}
