import type {
  AdditionalInfo,
  BoletoPaymentMethod,
  Charge,
  ChargeCustomer,
  DiscountSetting,
  Payer,
  RateSetting,
  Split,
} from '#shared/service/resources';
import type { Db } from '#lib/store/database';
import type { EngineConfig } from '../context';
import { chargeBoleto } from '../boletos/charge-boleto';
import { toGlobalId } from '../ids';
import { imageLinkId, paymentLinkPublicId } from '../payment-links/payment-links';
import { chargeAmountDue } from './charge-amount';
import type { ChargeRow } from './charge-repo';

/** Flags and passthrough fields stored together in `charges.options`. */
export interface ChargeOptions {
  ensureSameTaxID?: boolean;
  fixedLocation?: boolean;
  enableCashbackPercentage?: boolean;
  enableCashbackExclusivePercentage?: boolean;
  subaccount?: string;
  splits?: Split[];
}

function json<T>(text: string | null): T | undefined {
  return text ? (JSON.parse(text) as T) : undefined;
}

/** What a serializer reads besides the row: the public address, and the store for the link's public id. */
export interface SerializeContext {
  db: Db;
  config: Pick<EngineConfig, 'publicBaseUrl'>;
}

/** The public id of a record's payment link: joined into the row when it was read, else looked up. */
export function linkPublicId(
  ctx: SerializeContext,
  companyId: string,
  paymentLinkId: string,
  publicId?: string | null,
): string {
  return publicId ?? paymentLinkPublicId(ctx.db, companyId, paymentLinkId);
}

/**
 * The public page of a record's payment link. It is addressed by the link's public id, never by
 * the paymentLinkID: that one is caller text, and another company may use the same.
 */
export function paymentLinkUrl(
  ctx: SerializeContext,
  companyId: string,
  paymentLinkId: string,
  publicId?: string | null,
): string {
  return `${ctx.config.publicBaseUrl}/pay/${linkPublicId(ctx, companyId, paymentLinkId, publicId)}`;
}

/**
 * The QR image. Shops put this URL in an <img> in the shopper's browser, which sends no AppID, and
 * without one the image route opens only an unguessable id (payment-links.ts `imageLinkId`): the
 * paymentLinkID the service gave, as the real service writes it, else the link's public id
 * (never a caller's correlationID, nor a paymentLinkID a caller chose).
 */
export function qrCodeImageUrl(
  config: Pick<EngineConfig, 'publicBaseUrl'>,
  publicId: string,
  paymentLinkId: string,
): string {
  return `${config.publicBaseUrl}/openpix/charge/brcode/image/${imageLinkId(publicId, paymentLinkId)}.png`;
}

/** A BOLETO charge's barcode image, addressed and opened like its QR image. */
export function boletoBarcodeImageUrl(
  config: Pick<EngineConfig, 'publicBaseUrl'>,
  publicId: string,
  paymentLinkId: string,
): string {
  return `${config.publicBaseUrl}/openpix/charge/boleto/barcode/${imageLinkId(publicId, paymentLinkId)}.png`;
}

/**
 * `paymentMethods.boleto` of a BOLETO charge: what WooCommerce's boleto gateway reads (the
 * barcode, the line and an image of the barcode), with the value and status beside them as the
 * real service's boleto objects have them. POST /api/v1/boleto/validate reads the barcode back
 * to the charge's value and due day (charge-boleto.ts).
 */
function boletoPaymentMethod(
  row: ChargeRow,
  config: Pick<EngineConfig, 'publicBaseUrl'>,
  publicId: string,
): BoletoPaymentMethod {
  const { barcode, digitable } = chargeBoleto(row);
  return {
    method: 'BOLETO',
    value: row.value,
    status: row.status,
    fee: 0,
    boletoBarcode: barcode,
    boletoDigitable: digitable,
    barcodeImage: boletoBarcodeImageUrl(config, publicId, row.payment_link_id),
  };
}

/** The stored row as the API's Charge. `now` prices OVERDUE charges for today. */
export function serializeCharge(row: ChargeRow, ctx: SerializeContext, now: Date): Charge {
  const options = json<ChargeOptions>(row.options) ?? {};
  const additionalInfo = json<AdditionalInfo[]>(row.additional_info) ?? [];
  const publicId = linkPublicId(ctx, row.company_id, row.payment_link_id, row.payment_link_public_id);
  const qrCodeImage = qrCodeImageUrl(ctx.config, publicId, row.payment_link_id);
  const charge: Charge = {
    value: row.value,
    customer: json<ChargeCustomer>(row.customer) ?? null,
    type: row.type as Charge['type'],
    brCode: row.br_code,
    status: row.status,
    correlationID: row.correlation_id,
    paymentLinkID: row.payment_link_id,
    paymentLinkUrl: paymentLinkUrl(ctx, row.company_id, row.payment_link_id, publicId),
    qrCodeImage,
    globalID: toGlobalId('Charge', row.id),
    transactionID: row.transaction_id,
    identifier: row.identifier,
    additionalInfo,
    expiresIn: row.expires_in,
    expiresDate: row.expires_at,
    fee: 0,
    createdAt: row.created_at,
    updatedAt: row.updated_at,
    paymentMethods: {
      pix: {
        method: 'PIX_COB',
        transactionID: row.transaction_id,
        identifier: row.identifier,
        txId: row.transaction_id,
        additionalInfo,
        fee: 0,
        value: row.value,
        status: row.status,
        brCode: row.br_code,
        qrCodeImage,
      },
      ...(row.type === 'BOLETO' ? { boleto: boletoPaymentMethod(row, ctx.config, publicId) } : {}),
    },
  };
  if (row.comment !== null) charge.comment = row.comment;
  if (row.pix_key !== null) charge.pixKey = row.pix_key;
  if (row.due_date !== null) charge.dueDate = row.due_date;
  if (row.days_for_due_date !== null) charge.daysForDueDate = row.days_for_due_date;
  if (row.days_after_due_date !== null) charge.daysAfterDueDate = row.days_after_due_date;
  const interests = json<RateSetting>(row.interests);
  const fines = json<RateSetting>(row.fines);
  const discount = json<DiscountSetting>(row.discount);
  if (interests) charge.interests = interests;
  if (fines) charge.fines = fines;
  if (discount) charge.discount = discount;
  if (row.type === 'OVERDUE' && row.status === 'ACTIVE') charge.valueWithDiscount = chargeAmountDue(row, now);
  // The subscription's globalID (PaymentSubscription:<id>), the id GET /api/v1/subscriptions/{id} takes.
  if (row.subscription_id !== null) charge.subscription = toGlobalId('PaymentSubscription', row.subscription_id);
  if (row.paid_at !== null) charge.paidAt = row.paid_at;
  if (row.paid_value !== null) charge.paidValue = row.paid_value;
  const payer = json<Payer>(row.payer);
  if (payer) charge.payer = payer;
  Object.assign(charge, options);
  return charge;
}
