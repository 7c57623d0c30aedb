import { chargeRepo } from '../charges/charge-repo-instance';
import type { OperationContext } from '../context';
import { unknownRecord } from '../errors';
import { pixQrCodeRepo } from '../pix-qr-codes/pix-qr-code-repo';

/**
 * The BR Code an image id stands for. Charges first (any charge id; a paymentLinkID gives the
 * link's newest charge, so a printed link image follows its current charge), then live static
 * QR codes (id, correlationID, identifier or paymentLinkID). Only the caller's company is
 * searched, so another company's id is "not found" exactly like an unknown one.
 */
export function brCodeForImage(ctx: OperationContext, id: string): string {
  const companyId = ctx.tenant.company.id;
  const charge = chargeRepo(ctx.db).findByAnyId(companyId, id);
  if (charge) return charge.br_code;
  const qr = pixQrCodeRepo(ctx.db).findByAnyId(companyId, id);
  if (qr) return qr.br_code;
  throw unknownRecord('QR code not found');
}
