import { chargeBoleto } from '../boletos/charge-boleto';
import type { ChargeRow } from '../charges/charge-repo';
import { chargeRepo } from '../charges/charge-repo-instance';
import type { OperationContext } from '../context';
import { unknownRecord } from '../errors';
import { publicLinkRecord, type PublicLinkRecord } from '../payment-links/payment-link-view';
import { pixQrCodeRepo } from '../pix-qr-codes/pix-qr-code-repo';

/**
 * The record behind a link's unguessable id (payment-link-view.ts `publicLinkRecord`), when the
 * caller may see it: anyone without an AppID (the id is the record's address, what `qrCodeImage`
 * carries for a shopper's browser), only the link's own company with one. Whoever asks with company A's AppID learns nothing of
 * company B's links, as for every other id.
 */
function publicRecord(ctx: OperationContext, id: string): PublicLinkRecord | null {
  const record = publicLinkRecord(ctx.db, id);
  if (!record) return null;
  return ctx.anonymous || record.companyId === ctx.tenant.company.id ? record : null;
}

/**
 * The BR Code an image id stands for.
 *
 * Without an AppID, only an unguessable id of a payment link opens an image: its public id, or
 * the paymentLinkID the service gave it (the same digits as a UUID; payment-links.ts). Never a
 * correlationID, a paymentLinkID the caller chose, or any other id a caller chose or could guess,
 * of its own company or another's: those answer exactly like an unknown id, so a probe learns
 * nothing.
 *
 * With an AppID, any id of the caller's company: charges first (any charge id; a paymentLinkID
 * gives the link's newest charge, so a printed link image follows its current charge), then live
 * static QR codes (id, correlationID, identifier or paymentLinkID), then the company's own public
 * link ids (the `qrCodeImage` URL, fetched by a server with its AppID). Another company's id is
 * "not found" exactly like an unknown one.
 */
export function brCodeForImage(ctx: OperationContext, id: string): string {
  if (!ctx.anonymous) {
    const companyId = ctx.tenant.company.id;
    const charge = chargeRepo(ctx.db).findByAnyId(companyId, id);
    if (charge) return charge.br_code;
    const qr = pixQrCodeRepo(ctx.db).findByAnyId(companyId, id);
    if (qr) return qr.br_code;
  }
  const record = publicRecord(ctx, id);
  if (record) return record.kind === 'CHARGE' ? record.charge.br_code : record.qr.br_code;
  throw unknownRecord('QR code not found');
}

/**
 * The 44-digit barcode a boleto image id stands for: a BOLETO charge, found as `brCodeForImage`
 * finds a charge (with an AppID any of its ids, without one only the unguessable id of its link
 * that the `barcodeImage` URL carries). Anything else, a charge of another type included, is
 * "Boleto not found".
 */
export function boletoBarcodeForImage(ctx: OperationContext, id: string): string {
  let charge: ChargeRow | undefined;
  if (!ctx.anonymous) charge = chargeRepo(ctx.db).findByAnyId(ctx.tenant.company.id, id);
  if (!charge) {
    const record = publicRecord(ctx, id);
    if (record?.kind === 'CHARGE') charge = record.charge;
  }
  if (!charge || charge.type !== 'BOLETO') throw unknownRecord('Boleto not found');
  return chargeBoleto(charge).barcode;
}
