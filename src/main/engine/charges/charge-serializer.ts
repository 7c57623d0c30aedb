import type {
  AdditionalInfo,
  Charge,
  ChargeCustomer,
  DiscountSetting,
  Payer,
  RateSetting,
  Split,
} from '../../../shared/resources';
import type { Db } from '../../store/database';
import type { EngineConfig } from '../context';
import { toGlobalId } from '../ids';
import { paymentLinkPublicId } from '../payment-links/payment-links';
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

/**
 * The public page of a record's payment link. It is addressed by the link's public id, never by
 * the paymentLinkID: that one is caller text, and another company may use the same.
 */
export function paymentLinkUrl(ctx: SerializeContext, companyId: string, paymentLinkId: string, publicId?: string | null): string {
  return `${ctx.config.publicBaseUrl}/pay/${publicId ?? paymentLinkPublicId(ctx.db, companyId, paymentLinkId)}`;
}

/**
 * The QR image keeps the paymentLinkID: the image endpoints need the AppID and search only the
 * caller's company, so another company's link of the same name is out of their reach.
 */
export function qrCodeImageUrl(config: Pick<EngineConfig, 'publicBaseUrl'>, paymentLinkId: string): string {
  return `${config.publicBaseUrl}/openpix/charge/brcode/image/${paymentLinkId}.png`;
}

/** The stored row as the API's Charge. `now` prices OVERDUE charges for today. */
export function serializeCharge(row: ChargeRow, ctx: SerializeContext, now: Date): Charge {
  const options = json<ChargeOptions>(row.options) ?? {};
  const additionalInfo = json<AdditionalInfo[]>(row.additional_info) ?? [];
  const qrCodeImage = qrCodeImageUrl(ctx.config, row.payment_link_id);
  const charge: Charge = {
    value: row.value,
    customer: json<ChargeCustomer>(row.customer) ?? null,
    type: row.type as Charge['type'],
    brCode: row.br_code,
    status: row.status,
    correlationID: row.correlation_id,
    paymentLinkID: row.payment_link_id,
    paymentLinkUrl: paymentLinkUrl(ctx, row.company_id, row.payment_link_id, row.payment_link_public_id),
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
