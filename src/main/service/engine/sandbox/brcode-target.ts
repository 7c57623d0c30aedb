import { chargeAmountDue } from '../charges/charge-amount';
import type { ChargeRow } from '../charges/charge-repo';
import { chargeRepo } from '../charges/charge-repo-instance';
import type { OperationContext } from '../context';
import { badRequest, notFound } from '../errors';
import { BrCodeError, decodeBrCode, type DecodedBrCode } from '#lib/pix';
import type { PixQrCodeRow } from '../pix-qr-codes/pix-qr-code-repo';
import { pixQrCodeRepo } from '../pix-qr-codes/pix-qr-code-repo';
import type { PixKeyRow } from '../tenancy/tenancy-rows';

/** What a BR Code pays, resolved within the caller's company, and the amount it asks for. */
export interface BrCodeTarget {
  charge?: ChargeRow;
  pixQrCode?: PixQrCodeRow;
  pixKey?: PixKeyRow;
  /** The static code's txid (62-05) as the payment carries it; undefined: none, or dropped. */
  txid?: string;
  /** Cents the code fixes, or undefined when the payer types the amount. */
  amount?: number;
}

export interface ResolveOptions {
  /**
   * Pay as a bank that drops the static code's txid (some do): the Pix reaches the key with no
   * txid, so it links to no static QR code or charge, exactly as the receiver would see it.
   */
  dropTxid?: boolean;
}

function decode(brCode: string): DecodedBrCode {
  try {
    return decodeBrCode(brCode);
  } catch (error) {
    if (error instanceof BrCodeError) throw badRequest(`brCode is not a valid BR Code: ${error.message}`);
    throw error;
  }
}

/**
 * Resolves a BR Code as a payer's bank would: a dynamic code through its location (which must be
 * one this service serves), a static code through its Pix key, with its txid naming one of our
 * static QR codes or charges when it does, and carried along in any case. Only the caller's own
 * records can be paid: anything else is "not found", exactly like an unknown one.
 */
export function resolveBrCode(ctx: OperationContext, brCode: string, options: ResolveOptions = {}): BrCodeTarget {
  const decoded = decode(brCode);
  const companyId = ctx.tenant.company.id;
  if (decoded.locationUrl !== undefined) {
    // A dynamic code's txid comes from its location, not from 62-05: no bank can drop it.
    if (options.dropTxid)
      throw badRequest('dropTxid applies to static BR Codes only: a dynamic code takes its txid from its location');
    const match = /\/qr\/v2\/cobv?\/([0-9a-f]{32})$/.exec(decoded.locationUrl);
    const charge = match ? chargeRepo(ctx.db).findByLocation(match[1]!) : undefined;
    if (!charge || charge.company_id !== companyId) throw notFound('Charge not found for this BR Code');
    // The amount is the charge's, as the location serves it: a dynamic code's tag 54 is only
    // shown to the payer (and anyone can edit it), so it never decides what is paid.
    return { charge, amount: chargeAmountDue(charge, ctx.now) };
  }
  const key = decoded.pixKey ? ctx.tenancy.pixKey(decoded.pixKey) : undefined;
  if (!key || key.company_id !== companyId) throw notFound('Pix key not found for this account');
  const txid = options.dropTxid ? undefined : decoded.txid;
  if (txid === undefined) return { pixKey: key, amount: decoded.amountCents };
  // The txid names a code of the company the key belongs to; another company's code with the same
  // identifier is another code (identifiers are unique per company, migration 023).
  const qr = pixQrCodeRepo(ctx.db).findByIdentifier(companyId, txid);
  if (qr) return { pixQrCode: qr, pixKey: key, txid, amount: decoded.amountCents };
  const charge = chargeRepo(ctx.db).findByAnyId(companyId, txid);
  if (charge && charge.identifier === txid) return { charge, pixKey: key, txid, amount: decoded.amountCents };
  // A txid naming nothing of ours is still money sent to our key, as real Pix delivers it: a
  // plain Pix in that keeps its txid, so a static QR code registered later with that identifier
  // (an offline sale) finds it.
  return { pixKey: key, txid, amount: decoded.amountCents };
}
