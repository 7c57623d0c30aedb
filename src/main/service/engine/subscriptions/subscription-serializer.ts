import { z } from 'zod';
import { additionalInfoSchema, addressSchema, taxIdSchema, type AdditionalInfo } from '#shared/service/resources';
import { paymentLinkUrl, type SerializeContext } from '../charges/charge-serializer';
import type { CustomerRow } from '../customers/customer-repo';
import { chargeCustomerSnapshot, rowAddress } from '../customers/customer-serializer';
import { FREQUENCIES } from './subscription-schedule';
import { JOURNEYS, RETRY_POLICIES, SUBSCRIPTION_CHARGE_TYPES, SUBSCRIPTION_TYPES } from './subscription-input';
import type { SubscriptionRow } from './subscription-repo';

/** The subscription's customer as the OpenAPI file's example shows it: contact, taxID object, address. */
const subscriptionCustomerSchema = z.strictObject({
  name: z.string(),
  email: z.string().optional(),
  phone: z.string().optional(),
  taxID: taxIdSchema.optional(),
  correlationID: z.string(),
  address: addressSchema.optional(),
});

/**
 * Pix Automático's state. The sandbox has no payer's bank to approve a recurrence, so it treats
 * the recurrence as approved from the start (as the real sandbox's "simulate approval" button
 * does) and issues no authorization QR code: there is no `emv`.
 */
const pixRecurringOptionsSchema = z.strictObject({
  status: z.enum(['CREATED', 'CANCELED', 'APPROVED', 'EXPIRED', 'REJECTED']),
  retryPolicy: z.enum(RETRY_POLICIES),
  journey: z.enum(JOURNEYS),
  minimumValue: z.number().int().optional(),
});

/** The record (the OpenAPI file's `Subscription`, remote-api-notes §6.6) plus the create fields it echoes. */
export const subscriptionSchema = z.strictObject({
  globalID: z.string(),
  value: z.number().int(),
  name: z.string().optional(),
  comment: z.string().optional(),
  customer: subscriptionCustomerSchema,
  dayGenerateCharge: z.number().int(),
  type: z.enum(SUBSCRIPTION_TYPES),
  frequency: z.enum(FREQUENCIES),
  chargeType: z.enum(SUBSCRIPTION_CHARGE_TYPES),
  dayDue: z.number().int(),
  /** The installments planned; null when the subscription is open-ended. */
  installmentsCount: z.number().int().nullable(),
  isActive: z.boolean(),
  status: z.enum(['ACTIVE', 'COMPLETED', 'EXPIRED']),
  correlationID: z.string(),
  paymentLinkUrl: z.string(),
  additionalInfo: z.array(additionalInfoSchema),
  /** The OpenAPI file's record spells it so; sent beside the correct name for clients that read it. */
  addtionalInfo: z.array(additionalInfoSchema),
  pixRecurringOptions: pixRecurringOptionsSchema.optional(),
  createdAt: z.string(),
  updatedAt: z.string(),
});
export type Subscription = z.infer<typeof subscriptionSchema>;
export type SubscriptionCustomer = z.infer<typeof subscriptionCustomerSchema>;

/** The copy of its customer a subscription keeps (and shows), taken when it is created. */
export function subscriptionCustomer(row: CustomerRow): SubscriptionCustomer {
  const address = rowAddress(row);
  return { ...chargeCustomerSnapshot(row), correlationID: row.correlation_id, ...(address ? { address } : {}) };
}

type PixRecurringOptions = z.infer<typeof pixRecurringOptionsSchema>;

function recurrenceStatus(row: SubscriptionRow): PixRecurringOptions['status'] {
  if (row.cancelled_at !== null) return 'CANCELED';
  return row.status === 'EXPIRED' ? 'EXPIRED' : 'APPROVED';
}

export function serializeSubscription(row: SubscriptionRow, ctx: SerializeContext): Subscription {
  const additionalInfo = JSON.parse(row.additional_info) as AdditionalInfo[];
  const subscription: Subscription = {
    globalID: row.global_id,
    value: row.value,
    customer: JSON.parse(row.customer) as SubscriptionCustomer,
    dayGenerateCharge: row.day_generate_charge,
    type: row.type,
    frequency: row.frequency as Subscription['frequency'],
    chargeType: row.charge_type,
    dayDue: row.day_due,
    installmentsCount: row.installment_count,
    isActive: row.is_active === 1,
    status: row.status,
    correlationID: row.correlation_id,
    paymentLinkUrl: paymentLinkUrl(ctx, row.company_id, row.payment_link_id),
    additionalInfo,
    addtionalInfo: additionalInfo,
    createdAt: row.created_at,
    updatedAt: row.updated_at,
  };
  if (row.name !== null) subscription.name = row.name;
  if (row.comment !== null) subscription.comment = row.comment;
  if (row.pix_recurring_options !== null) {
    const options = JSON.parse(row.pix_recurring_options) as Omit<PixRecurringOptions, 'status'>;
    subscription.pixRecurringOptions = { status: recurrenceStatus(row), ...options };
  }
  return subscription;
}
