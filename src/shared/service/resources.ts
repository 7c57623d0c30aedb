// The service's resources exactly as they travel in JSON bodies. Field names are the API's own
// (correlationID, brCode, endToEndId, pageInfo); money is integer cents; timestamps are ISO 8601.
//
// Each resource is a zod schema, and its TypeScript type is inferred from it: the engine's
// operation declarations name these schemas as their responses, tests check every answer against
// them, and the published OpenAPI document is generated from them. Objects are strict, so a field
// the engine sends without declaring it here fails the tests instead of going undocumented.
// Over 300 lines because it is the one declaration of every resource the API carries; each schema
// is short, and splitting them would only move the imports.
import { z } from 'zod';

const cents = z.number().int();
const isoTime = z.string();

export const taxIdTypeSchema = z.enum(['BR:CPF', 'BR:CNPJ']);
export type TaxIdType = z.infer<typeof taxIdTypeSchema>;

export const taxIdSchema = z.strictObject({ taxID: z.string(), type: taxIdTypeSchema });
export type TaxId = z.infer<typeof taxIdSchema>;

export const pageInfoSchema = z.strictObject({
  skip: z.number().int(),
  limit: z.number().int(),
  /** Every row the list's filters match, on all pages (not in the OpenAPI file; the PHP, Java and Ruby SDKs page with it). */
  totalCount: z.number().int().nonnegative(),
  hasPreviousPage: z.boolean(),
  hasNextPage: z.boolean(),
});
export type PageInfo = z.infer<typeof pageInfoSchema>;

export const addressSchema = z.strictObject({
  zipcode: z.string().optional(),
  street: z.string().optional(),
  number: z.string().optional(),
  neighborhood: z.string().optional(),
  city: z.string().optional(),
  state: z.string().optional(),
  complement: z.string().optional(),
  country: z.string().optional(),
});
export type Address = z.infer<typeof addressSchema>;

export const customerSchema = z.strictObject({
  name: z.string(),
  email: z.string().optional(),
  phone: z.string().optional(),
  taxID: taxIdSchema.optional(),
  correlationID: z.string(),
  address: addressSchema.optional(),
  createdAt: isoTime,
  updatedAt: isoTime,
});
export type Customer = z.infer<typeof customerSchema>;

/** The customer as embedded in a charge. */
export const chargeCustomerSchema = z.strictObject({
  name: z.string(),
  email: z.string().optional(),
  phone: z.string().optional(),
  taxID: taxIdSchema.optional(),
  correlationID: z.string().optional(),
});
export type ChargeCustomer = z.infer<typeof chargeCustomerSchema>;

export const additionalInfoSchema = z.strictObject({ key: z.string(), value: z.string() });
export type AdditionalInfo = z.infer<typeof additionalInfoSchema>;

export const chargeStatusSchema = z.enum(['ACTIVE', 'COMPLETED', 'EXPIRED']);
export type ChargeStatus = z.infer<typeof chargeStatusSchema>;
export const chargeTypeSchema = z.enum(['DYNAMIC', 'OVERDUE', 'BOLETO']);
export type ChargeType = z.infer<typeof chargeTypeSchema>;

export const splitSchema = z.strictObject({
  value: cents,
  pixKey: z.string(),
  splitType: z.enum(['SPLIT_INTERNAL_TRANSFER', 'SPLIT_SUB_ACCOUNT', 'SPLIT_PARTNER']).optional(),
});
export type Split = z.infer<typeof splitSchema>;

export const rateSettingSchema = z.strictObject({
  value: z.number(),
  type: z.enum(['FIXED', 'PERCENTAGE']).optional(),
});
export type RateSetting = z.infer<typeof rateSettingSchema>;

export const discountSettingSchema = z.strictObject({
  modality: z.enum([
    'FIXED_VALUE_UNTIL_SPECIFIED_DATE',
    'PERCENTAGE_UNTIL_SPECIFIED_DATE',
    'VALUE_PER_RUNNING_DAY_ADVANCE',
    'VALUE_PER_BUSINESS_DAY_ADVANCE',
    'PERCENTAGE_PER_RUNNING_DAY_ADVANCE',
    'PERCENTAGE_PER_BUSINESS_DAY_ADVANCE',
  ]),
  discountFixedDate: z
    .array(z.strictObject({ daysActive: z.number(), value: z.number(), data: z.string().optional() }))
    .optional(),
  value: z.number().optional(),
});
export type DiscountSetting = z.infer<typeof discountSettingSchema>;

export const pixPaymentMethodSchema = z.strictObject({
  method: z.literal('PIX_COB'),
  transactionID: z.string(),
  identifier: z.string(),
  txId: z.string(),
  additionalInfo: z.array(additionalInfoSchema),
  fee: cents,
  value: cents,
  status: chargeStatusSchema,
  brCode: z.string(),
  qrCodeImage: z.string(),
});
export type PixPaymentMethod = z.infer<typeof pixPaymentMethodSchema>;

/** A BOLETO charge's boleto (not in the OpenAPI file; WooCommerce's boleto gateway reads its barcode, line and image). */
export const boletoPaymentMethodSchema = z.strictObject({
  method: z.literal('BOLETO'),
  value: cents,
  status: chargeStatusSchema,
  fee: cents,
  /** 44 digits. */
  boletoBarcode: z.string(),
  /** The linha digitável, 47 digits. */
  boletoDigitable: z.string(),
  /** URL of a PNG of the barcode. */
  barcodeImage: z.string(),
});
export type BoletoPaymentMethod = z.infer<typeof boletoPaymentMethodSchema>;

export const payerSchema = z.strictObject({
  name: z.string(),
  taxID: taxIdSchema.optional(),
  correlationID: z.string().optional(),
});
export type Payer = z.infer<typeof payerSchema>;

export const chargeSchema = z.strictObject({
  value: cents,
  customer: chargeCustomerSchema.nullable(),
  type: chargeTypeSchema,
  comment: z.string().optional(),
  brCode: z.string(),
  status: chargeStatusSchema,
  correlationID: z.string(),
  paymentLinkID: z.string(),
  paymentLinkUrl: z.string(),
  qrCodeImage: z.string(),
  globalID: z.string(),
  transactionID: z.string(),
  identifier: z.string(),
  additionalInfo: z.array(additionalInfoSchema),
  expiresIn: z.number().int(),
  expiresDate: isoTime,
  dueDate: isoTime.optional(),
  daysForDueDate: z.number().int().optional(),
  daysAfterDueDate: z.number().int().optional(),
  interests: rateSettingSchema.optional(),
  fines: rateSettingSchema.optional(),
  discount: discountSettingSchema.optional(),
  /** For OVERDUE charges: the amount due right now (discounts, fines and interests applied). */
  valueWithDiscount: cents.optional(),
  ensureSameTaxID: z.boolean().optional(),
  fixedLocation: z.boolean().optional(),
  enableCashbackPercentage: z.boolean().optional(),
  enableCashbackExclusivePercentage: z.boolean().optional(),
  subaccount: z.string().optional(),
  splits: z.array(splitSchema).optional(),
  subscription: z.string().optional(),
  pixKey: z.string().optional(),
  fee: cents,
  paidAt: isoTime.optional(),
  payer: payerSchema.optional(),
  paidValue: cents.optional(),
  createdAt: isoTime,
  updatedAt: isoTime,
  paymentMethods: z.strictObject({ pix: pixPaymentMethodSchema, boleto: boletoPaymentMethodSchema.optional() }),
});
export type Charge = z.infer<typeof chargeSchema>;

export const refundStatusSchema = z.enum(['IN_PROCESSING', 'CONFIRMED', 'REJECTED']);
export type RefundStatus = z.infer<typeof refundStatusSchema>;

/** A refund as the charge-scoped endpoints return it. */
export const chargeRefundSchema = z.strictObject({
  value: cents,
  status: refundStatusSchema,
  correlationID: z.string(),
  endToEndId: z.string(),
  time: isoTime,
  comment: z.string().optional(),
});
export type ChargeRefund = z.infer<typeof chargeRefundSchema>;

/** A refund as /api/v1/refund returns it (the transaction-scoped view). */
export const pixTransactionRefundSchema = z.strictObject({
  value: cents,
  status: z.enum(['IN_PROCESSING', 'REFUNDED', 'NOT_ACCOMPLISHED']),
  correlationID: z.string(),
  refundId: z.string(),
  returnIdentification: z.string(),
  endToEndId: z.string(),
  originalEndToEndId: z.string(),
  time: isoTime,
  comment: z.string().optional(),
});
export type PixTransactionRefund = z.infer<typeof pixTransactionRefundSchema>;

export const pixQrCodeSchema = z.strictObject({
  id: z.string(),
  name: z.string(),
  value: cents.nullable(),
  comment: z.string().optional(),
  brCode: z.string(),
  correlationID: z.string(),
  identifier: z.string(),
  paymentLinkID: z.string(),
  paymentLinkUrl: z.string(),
  qrCodeImage: z.string(),
  pixKey: z.string(),
  createdAt: isoTime,
  updatedAt: isoTime,
});
export type PixQrCode = z.infer<typeof pixQrCodeSchema>;

export const transactionTypeSchema = z.enum([
  'PAYMENT',
  'WITHDRAW',
  'REFUND',
  'FEE',
  'INTERNAL_TRANSFER',
  'BALANCE_BLOCK',
  'BALANCE_UNBLOCK',
  'REVERSAL',
]);
export type TransactionType = z.infer<typeof transactionTypeSchema>;

export const partyBankSchema = z.strictObject({ name: z.string(), ispb: z.string() });
export type PartyBank = z.infer<typeof partyBankSchema>;

/**
 * One webhook attempt about a transaction, as the OpenAPI Transaction's webhookSent shows it:
 * `{"OPENPIX:TRANSACTION_RECEIVED": {status: 200, time}, isRetry: false}`. `status` is null when
 * the receiver gave no answer (refused, unreachable, timed out).
 */
export const webhookSentSchema = z
  .record(z.string(), z.union([z.boolean(), z.strictObject({ status: z.number().int().nullable(), time: isoTime })]))
  .refine((entry) => typeof entry.isRetry === 'boolean' && Object.keys(entry).length === 2, {
    error: 'expected {"<EVENT NAME>": {status, time}, isRetry}',
  });
export type WebhookSent = z.infer<typeof webhookSentSchema>;

export const transactionSchema = z.strictObject({
  globalID: z.string(),
  type: transactionTypeSchema,
  status: z.literal('CONFIRMED'),
  value: cents,
  time: isoTime,
  endToEndId: z.string(),
  /** Same value as endToEndId: the OpenAPI document declares both spellings. */
  endToEndID: z.string(),
  /**
   * A charge's payment: the charge's transactionID. A Pix that came through a static BR Code
   * with a txid (62-05): that txid, as the real service shows a static QR code's payment (its
   * webhook examples give `transactionID` = the QR code's identifier = `raw.txid`); a code paid
   * twice gives two transactions with the same transactionID. Otherwise an id of our own.
   */
  transactionID: z.string(),
  infoPagador: z.string().optional(),
  payer: payerSchema.extend({ bank: partyBankSchema.optional() }).optional(),
  customer: chargeCustomerSchema.nullable().optional(),
  charge: z
    .strictObject({
      correlationID: z.string(),
      transactionID: z.string(),
      globalID: z.string(),
      value: cents,
      status: chargeStatusSchema,
    })
    .nullable()
    .optional(),
  /**
   * The static QR code the Pix came through: the one whose code was paid, or the one whose
   * identifier equals the txid the payment carried, even when it was registered after the payment.
   */
  pixQrCode: z
    .strictObject({ correlationID: z.string(), identifier: z.string(), id: z.string(), name: z.string() })
    .nullable()
    .optional(),
  /** For REFUND transactions: the end-to-end id of the payment being returned. */
  originalEndToEndId: z.string().optional(),
  /** Every webhook attempt of the events about this transaction, oldest first. */
  webhookSent: z.array(webhookSentSchema),
  createdAt: isoTime,
});
export type Transaction = z.infer<typeof transactionSchema>;

export const pixKeyTypeSchema = z.enum(['CPF', 'CNPJ', 'EMAIL', 'PHONE', 'EVP']);
export type PixKeyType = z.infer<typeof pixKeyTypeSchema>;

/** One of the account's Pix keys (GET /api/v1/pix-keys), in DICT form. */
export const pixKeySchema = z.strictObject({
  key: z.string(),
  type: pixKeyTypeSchema,
  /** The key new charges and static QR codes receive with: exactly one per account that has keys. */
  isDefault: z.boolean(),
});
export type PixKey = z.infer<typeof pixKeySchema>;

/** The bank account an application is linked to (OpenAPI CompanyBankAccount). Money in cents. */
export const companyBankAccountSchema = z.strictObject({
  accountId: z.string(),
  isDefault: z.boolean(),
  balance: z.strictObject({ total: cents, blocked: cents, available: cents }),
  taxId: z.string(),
  officialName: z.string(),
  tradeName: z.string(),
  branch: z.string(),
  account: z.string(),
  accountName: z.string(),
});
export type CompanyBankAccount = z.infer<typeof companyBankAccountSchema>;

/** The company behind the AppID (GET /api/v1/company). */
export const companySchema = z.strictObject({
  officialName: z.string(),
  tradeName: z.string(),
  taxID: z.string(),
  correlationID: z.string(),
});
export type Company = z.infer<typeof companySchema>;

/** A BR Code's fields as POST /api/v1/decode/emv names them (text exactly as in the code). */
export const decodedEmvSchema = z.strictObject({
  payloadFormatIndicator: z.string(),
  /** Tag 01: "12" single use (dynamic), "11" reusable; absent on most static codes. */
  pointOfInitiationMethod: z.string().optional(),
  merchantAccountInformationPix: z.strictObject({
    gui: z.string(),
    pixKey: z.string().optional(),
    url: z.string().optional(),
    additionalInformation: z.string().optional(),
  }),
  merchantCategoryCode: z.string(),
  transactionCurrency: z.string(),
  /** Tag 54 as written in the code, in reais ("12.50"); absent when the payer types the amount. */
  transactionAmount: z.string().optional(),
  countryCode: z.string(),
  merchantName: z.string(),
  merchantCity: z.string(),
  postalCode: z.string().optional(),
  additionalDataFieldTemplate: z.strictObject({ referenceLabel: z.string().optional() }).optional(),
  /** Tag 80 (Pix Automático recurrence). */
  unreservedTemplates: z.strictObject({ gui: z.string().optional(), url: z.string().optional() }).optional(),
  crc: z.string(),
});
export type DecodedEmv = z.infer<typeof decodedEmvSchema>;

/** A COB location resolved by the decoder, in the API's English field names. */
export const emvCobLocationPayloadSchema = z.strictObject({
  calendar: z.strictObject({
    creation: z.string(),
    presentation: z.string(),
    expiration: z.number().optional(),
    dueDate: z.string().optional(),
    validityAfterDueDate: z.number().optional(),
  }),
  key: z.string(),
  debtor: z.strictObject({ name: z.string(), cpf: z.string().optional(), cnpj: z.string().optional() }).optional(),
  additionalInfo: z.array(z.strictObject({ name: z.string(), value: z.string() })),
  revision: z.number(),
  status: z.string(),
  txid: z.string(),
  /** Decimal strings in reais, as the Pix location carries them. */
  value: z.strictObject({
    original: z.string(),
    fine: z.string().optional(),
    interest: z.string().optional(),
    discount: z.string().optional(),
    final: z.string().optional(),
  }),
  payerRequest: z.string().optional(),
});
export type EmvCobLocationPayload = z.infer<typeof emvCobLocationPayloadSchema>;

const emvLocationSchema = <P extends z.ZodType>(payload: P) =>
  z.strictObject({
    isValid: z.boolean(),
    locationErrors: z.array(z.string()),
    payload: payload.optional(),
    url: z.string(),
  });

export interface EmvLocation<Payload> {
  isValid: boolean;
  locationErrors: string[];
  payload?: Payload;
  url: string;
}

export const emvDecodeResultSchema = z.strictObject({
  emv: decodedEmvSchema,
  cobLocation: emvLocationSchema(emvCobLocationPayloadSchema).nullable(),
  recLocation: emvLocationSchema(z.record(z.string(), z.unknown())).nullable(),
});
export type EmvDecodeResult = z.infer<typeof emvDecodeResultSchema>;
