import type { PixQrCode } from '../../../shared/resources';
import { paymentLinkUrl, qrCodeImageUrl, type SerializeContext } from '../charges/charge-serializer';
import type { PixQrCodeRow } from './pix-qr-code-repo';

/**
 * The stored row as the API's PixQrCode. Takes anything with `db` and `config` (an
 * OperationContext, or a sweeper's own) so webhook payloads and responses serialize alike. Links
 * use the same routes as charges: the public page resolves the QR code's link by its public id,
 * and the image endpoint resolves its paymentLinkID too.
 */
export function serializePixQrCode(row: PixQrCodeRow, ctx: SerializeContext): PixQrCode {
  const qr: PixQrCode = {
    id: row.id,
    name: row.name,
    value: row.value,
    brCode: row.br_code,
    correlationID: row.correlation_id,
    identifier: row.identifier,
    paymentLinkID: row.payment_link_id,
    paymentLinkUrl: paymentLinkUrl(ctx, row.company_id, row.payment_link_id),
    qrCodeImage: qrCodeImageUrl(ctx.config, row.payment_link_id),
    pixKey: row.pix_key,
    createdAt: row.created_at,
    updatedAt: row.updated_at,
  };
  if (row.comment !== null) qr.comment = row.comment;
  return qr;
}
