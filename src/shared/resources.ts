// The service's resources exactly as they travel in JSON bodies. Field names are the API's own
// (correlationID, brCode, endToEndId, pageInfo); money is integer cents; timestamps are ISO 8601.

export type TaxIdType = 'BR:CPF' | 'BR:CNPJ';

export interface TaxId {
  taxID: string;
  type: TaxIdType;
}

export interface PageInfo {
  skip: number;
  limit: number;
  hasPreviousPage: boolean;
  hasNextPage: boolean;
}

export interface Address {
  zipcode?: string;
  street?: string;
  number?: string;
  neighborhood?: string;
  city?: string;
  state?: string;
  complement?: string;
  country?: string;
}

export interface Customer {
  name: string;
  email?: string;
  phone?: string;
  taxID?: TaxId;
  correlationID: string;
  address?: Address;
  createdAt: string;
  updatedAt: string;
}

/** The customer as embedded in a charge. */
export interface ChargeCustomer {
  name: string;
  email?: string;
  phone?: string;
  taxID?: TaxId;
  correlationID?: string;
}

export interface AdditionalInfo {
  key: string;
  value: string;
}

export type ChargeStatus = 'ACTIVE' | 'COMPLETED' | 'EXPIRED';
export type ChargeType = 'DYNAMIC' | 'OVERDUE' | 'BOLETO';

export interface Split {
  value: number;
  pixKey: string;
  splitType?: 'SPLIT_INTERNAL_TRANSFER' | 'SPLIT_SUB_ACCOUNT' | 'SPLIT_PARTNER';
}

export interface RateSetting {
  value: number;
  type?: 'FIXED' | 'PERCENTAGE';
}

export interface DiscountSetting {
  modality:
    | 'FIXED_VALUE_UNTIL_SPECIFIED_DATE'
    | 'PERCENTAGE_UNTIL_SPECIFIED_DATE'
    | 'VALUE_PER_RUNNING_DAY_ADVANCE'
    | 'VALUE_PER_BUSINESS_DAY_ADVANCE'
    | 'PERCENTAGE_PER_RUNNING_DAY_ADVANCE'
    | 'PERCENTAGE_PER_BUSINESS_DAY_ADVANCE';
  discountFixedDate?: { daysActive: number; value: number; data?: string }[];
  value?: number;
}

export interface PixPaymentMethod {
  method: 'PIX_COB';
  transactionID: string;
  identifier: string;
  txId: string;
  additionalInfo: AdditionalInfo[];
  fee: number;
  value: number;
  status: ChargeStatus;
  brCode: string;
  qrCodeImage: string;
}

export interface Payer {
  name: string;
  taxID?: TaxId;
  correlationID?: string;
}

export interface Charge {
  value: number;
  customer: ChargeCustomer | null;
  type: ChargeType;
  comment?: string;
  brCode: string;
  status: ChargeStatus;
  correlationID: string;
  paymentLinkID: string;
  paymentLinkUrl: string;
  qrCodeImage: string;
  globalID: string;
  transactionID: string;
  identifier: string;
  additionalInfo: AdditionalInfo[];
  expiresIn: number;
  expiresDate: string;
  dueDate?: string;
  daysForDueDate?: number;
  daysAfterDueDate?: number;
  interests?: RateSetting;
  fines?: RateSetting;
  discount?: DiscountSetting;
  /** For OVERDUE charges: the amount due right now (discounts, fines and interests applied). */
  valueWithDiscount?: number;
  ensureSameTaxID?: boolean;
  fixedLocation?: boolean;
  enableCashbackPercentage?: boolean;
  enableCashbackExclusivePercentage?: boolean;
  subaccount?: string;
  splits?: Split[];
  subscription?: string;
  pixKey?: string;
  fee: number;
  paidAt?: string;
  payer?: Payer;
  paidValue?: number;
  createdAt: string;
  updatedAt: string;
  paymentMethods: { pix: PixPaymentMethod };
}

export type RefundStatus = 'IN_PROCESSING' | 'CONFIRMED' | 'REJECTED';

/** A refund as the charge-scoped endpoints return it. */
export interface ChargeRefund {
  value: number;
  status: RefundStatus;
  correlationID: string;
  endToEndId: string;
  time: string;
  comment?: string;
}

/** A refund as /api/v1/refund returns it (the transaction-scoped view). */
export interface PixTransactionRefund {
  value: number;
  status: 'IN_PROCESSING' | 'REFUNDED' | 'NOT_ACCOMPLISHED';
  correlationID: string;
  refundId: string;
  returnIdentification: string;
  endToEndId: string;
  originalEndToEndId: string;
  time: string;
  comment?: string;
}

export interface PixQrCode {
  id: string;
  name: string;
  value: number | null;
  comment?: string;
  brCode: string;
  correlationID: string;
  identifier: string;
  paymentLinkID: string;
  paymentLinkUrl: string;
  qrCodeImage: string;
  pixKey: string;
  createdAt: string;
  updatedAt: string;
}

export type TransactionType =
  | 'PAYMENT'
  | 'WITHDRAW'
  | 'REFUND'
  | 'FEE'
  | 'INTERNAL_TRANSFER'
  | 'BALANCE_BLOCK'
  | 'BALANCE_UNBLOCK'
  | 'REVERSAL';

export interface PartyBank {
  name: string;
  ispb: string;
}

export interface Transaction {
  globalID: string;
  type: TransactionType;
  status: 'CONFIRMED';
  value: number;
  time: string;
  endToEndId: string;
  /** Same value as endToEndId: the OpenAPI document declares both spellings. */
  endToEndID: string;
  /**
   * A charge's payment: the charge's transactionID. A Pix that came through a static BR Code
   * with a txid (62-05): that txid, as the real service shows a static QR code's payment (its
   * webhook examples give `transactionID` = the QR code's identifier = `raw.txid`); a code paid
   * twice gives two transactions with the same transactionID. Otherwise an id of our own.
   */
  transactionID: string;
  infoPagador?: string;
  payer?: Payer & { bank?: PartyBank };
  customer?: ChargeCustomer | null;
  charge?: { correlationID: string; transactionID: string; globalID: string; value: number; status: ChargeStatus } | null;
  /**
   * The static QR code the Pix came through: the one whose code was paid, or the one whose
   * identifier equals the txid the payment carried, even when it was registered after the payment.
   */
  pixQrCode?: { correlationID: string; identifier: string; id: string; name: string } | null;
  /** For REFUND transactions: the end-to-end id of the payment being returned. */
  originalEndToEndId?: string;
  webhookSent: boolean;
  createdAt: string;
}

export type PixKeyType = 'CPF' | 'CNPJ' | 'EMAIL' | 'PHONE' | 'EVP';

/** One of the account's Pix keys (GET /api/v1/pix-keys), in DICT form. */
export interface PixKey {
  key: string;
  type: PixKeyType;
  /** The key new charges and static QR codes receive with: exactly one per account that has keys. */
  isDefault: boolean;
}

/** The bank account an application is linked to (OpenAPI CompanyBankAccount). Money in cents. */
export interface CompanyBankAccount {
  accountId: string;
  isDefault: boolean;
  balance: { total: number; blocked: number; available: number };
  taxId: string;
  officialName: string;
  tradeName: string;
  branch: string;
  account: string;
  accountName: string;
}

/** The company behind the AppID (GET /api/v1/company). */
export interface Company {
  officialName: string;
  tradeName: string;
  taxID: string;
  correlationID: string;
}

/** A BR Code's fields as POST /api/v1/decode/emv names them (text exactly as in the code). */
export interface DecodedEmv {
  payloadFormatIndicator: string;
  /** Tag 01: "12" single use (dynamic), "11" reusable; absent on most static codes. */
  pointOfInitiationMethod?: string;
  merchantAccountInformationPix: { gui: string; pixKey?: string; url?: string; additionalInformation?: string };
  merchantCategoryCode: string;
  transactionCurrency: string;
  /** Tag 54 as written in the code, in reais ("12.50"); absent when the payer types the amount. */
  transactionAmount?: string;
  countryCode: string;
  merchantName: string;
  merchantCity: string;
  postalCode?: string;
  additionalDataFieldTemplate?: { referenceLabel?: string };
  /** Tag 80 (Pix Automático recurrence). */
  unreservedTemplates?: { gui?: string; url?: string };
  crc: string;
}

/** A COB location resolved by the decoder, in the API's English field names. */
export interface EmvCobLocationPayload {
  calendar: {
    creation: string;
    presentation: string;
    expiration?: number;
    dueDate?: string;
    validityAfterDueDate?: number;
  };
  key: string;
  debtor?: { name: string; cpf?: string; cnpj?: string };
  additionalInfo: { name: string; value: string }[];
  revision: number;
  status: string;
  txid: string;
  /** Decimal strings in reais, as the Pix location carries them. */
  value: { original: string; fine?: string; interest?: string; discount?: string; final?: string };
  payerRequest?: string;
}

export interface EmvLocation<Payload> {
  isValid: boolean;
  locationErrors: string[];
  payload?: Payload;
  url: string;
}

export interface EmvDecodeResult {
  emv: DecodedEmv;
  cobLocation: EmvLocation<EmvCobLocationPayload> | null;
  recLocation: EmvLocation<Record<string, unknown>> | null;
}
