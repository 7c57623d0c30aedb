import type { PixQrCode } from '#shared/service/resources';
import { linkPublicId, paymentLinkUrl, qrCodeImageUrl, type SerializeContext } from '../charges/charge-serializer';
import type { PixQrCodeRow } from './pix-qr-code-repo';

/**
 * The stored row as the API's PixQrCode. Takes anything with `db` and `config` (an
 * OperationContext, or a sweeper's own) so webhook payloads and responses serialize alike. Links
 * use the same routes as charges, both addressed by the QR code's link's public id (the image
 * route also takes any of its ids with the AppID).
 */
export function serializePixQrCode(row: PixQrCodeRow, ctx: SerializeContext): PixQrCode {
  const publicId = linkPublicId(ctx, row.company_id, row.payment_link_id);
  const qr: PixQrCode = {
    id: row.id,
    name: row.name,
    value: row.value,
    brCode: row.br_code,
    correlationID: row.correlation_id,
    identifier: row.identifier,
    paymentLinkID: row.payment_link_id,
    paymentLinkUrl: paymentLinkUrl(ctx, row.company_id, row.payment_link_id, publicId),
    qrCodeImage: qrCodeImageUrl(ctx.config, publicId, row.payment_link_id),
    pixKey: row.pix_key,
    createdAt: row.created_at,
    updatedAt: row.updated_at,
  };
  if (row.comment !== null) qr.comment = row.comment;
  return qr;
}
