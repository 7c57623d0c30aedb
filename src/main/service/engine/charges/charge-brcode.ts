import { BrCodeError, buildDynamicBrCode, buildStaticBrCode, decodeBrCode, LOCATION_URL_MAX_LENGTH } from '#lib/pix';

export interface ChargeBrCodeInput {
  publicBaseUrl: string;
  locationId: string;
  /** Due-date charges are served from a cobv location, which takes the payment day. */
  dueDate: boolean;
  merchantName: string;
  merchantCity: string;
  pixKey: string;
  value: number;
  identifier: string;
  comment?: string;
  /**
   * The code will be shared by every charge of its payment link (fixedLocation), whatever their
   * values, so a dynamic one names no amount: its location tells the payer's bank the newest.
   */
  fixedLocation: boolean;
}

/** The location a dynamic BR Code points at: host and path, without scheme, as EMV tag 26-25 wants it. */
export function locationUrl(publicBaseUrl: string, locationId: string, dueDate: boolean): string {
  const host = publicBaseUrl.replace(/^[a-z]+:\/\//i, '').replace(/\/+$/, '');
  return `${host}/qr/v2/${dueDate ? 'cobv' : 'cob'}/${locationId}`;
}

/**
 * A charge's BR Code. Normally the dynamic form, whose location this service serves (the payer's
 * bank reads amount, due-date terms and status from it). When the service's public address is
 * too long for EMV tag 26-25 (77 characters), the static form is the honest fallback: Pix key,
 * amount and the charge identifier as txid, payable by any bank without reaching this service.
 *
 * The dynamic form carries the charge's value in tag 54, as the real service's codes do, so the
 * payer's bank app can show it before loading the location. For a due-date (cobv) charge that is
 * the original value, the one the charge was made for: the amount due moves with the payment day
 * (discounts before, fines and interest after the due date) while a code is fixed once printed,
 * and the location prices the payer's day anyway. A fixed-location code carries no amount.
 */
export function chargeBrCode(input: ChargeBrCodeInput): string {
  const url = locationUrl(input.publicBaseUrl, input.locationId, input.dueDate);
  if (url.length <= LOCATION_URL_MAX_LENGTH) {
    return buildDynamicBrCode({
      locationUrl: url,
      amountCents: input.fixedLocation ? undefined : input.value,
      merchantName: input.merchantName,
      merchantCity: input.merchantCity,
    });
  }
  return buildStaticBrCode({
    pixKey: input.pixKey,
    amountCents: input.value,
    txid: input.identifier,
    description: input.comment,
    merchantName: input.merchantName,
    merchantCity: input.merchantCity,
  });
}

/**
 * Whether a fixed-location link's next charge may take over this code as it is: only a dynamic
 * code without an amount, whose location serves the link's newest charge. A static fallback code
 * (or any code with an amount) names one charge's amount and txid, so it is never handed on.
 */
export function isSharedLocationCode(brCode: string): boolean {
  try {
    const decoded = decodeBrCode(brCode);
    return decoded.pointOfInitiation === 'DYNAMIC' && decoded.amountCents === undefined;
  } catch (error) {
    // A stored code that no longer decodes is not worth reusing; a fresh one is built instead.
    if (error instanceof BrCodeError) return false;
    throw error;
  }
}
