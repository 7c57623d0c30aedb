import { buildDynamicBrCode, buildStaticBrCode, LOCATION_URL_MAX_LENGTH } from '../pix';

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
 */
export function chargeBrCode(input: ChargeBrCodeInput): string {
  const url = locationUrl(input.publicBaseUrl, input.locationId, input.dueDate);
  if (url.length <= LOCATION_URL_MAX_LENGTH) {
    return buildDynamicBrCode({ locationUrl: url, merchantName: input.merchantName, merchantCity: input.merchantCity });
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
