// The service API contract: every operation's HTTP method and path, the scope it needs and
// the shape of its success body. The engine implements exactly these operations; the HTTP
// layer mounts them from this table; the contract tests call them through either path.
import type {
  Charge,
  ChargeRefund,
  CompanyBankAccount,
  Customer,
  EmvDecodeResult,
  PageInfo,
  PixKey,
  PixQrCode,
  PixTransactionRefund,
  Transaction,
} from './resources';

export type Scope =
  | 'CHARGE_POST'
  | 'CHARGE_GET'
  | 'CHARGE_GET_LIST'
  | 'CHARGE_PATCH'
  | 'CHARGE_DELETE'
  | 'CHARGE_IMAGE_GET'
  | 'CHARGE_BRCODE_IMAGE_GET'
  | 'CHARGE_REFUND_GET_LIST'
  | 'CHARGE_REFUND_POST'
  | 'CUSTOMER_POST'
  | 'CUSTOMER_GET'
  | 'CUSTOMER_GET_LIST'
  | 'CUSTOMER_PATCH'
  | 'REFUND_POST'
  | 'REFUND_GET'
  | 'REFUND_GET_LIST'
  | 'PIX_QRCODE_POST'
  | 'PIX_QRCODE_GET'
  | 'PIX_QRCODE_GET_LIST'
  | 'PIX_QRCODE_DELETE'
  | 'TRANSACTION_GET'
  | 'TRANSACTION_GET_LIST'
  | 'DECODE_EMV_POST'
  | 'COMPANY_GET'
  // Not named by the spec or the OpenAPI file (GET /api/v1/pix-keys declares no x-required-scope);
  // named like the other list scopes (CHARGE_GET_LIST, PIX_QRCODE_GET_LIST).
  | 'PIX_KEY_GET_LIST';

export const ALL_SCOPES: readonly Scope[] = [
  'CHARGE_POST',
  'CHARGE_GET',
  'CHARGE_GET_LIST',
  'CHARGE_PATCH',
  'CHARGE_DELETE',
  'CHARGE_IMAGE_GET',
  'CHARGE_BRCODE_IMAGE_GET',
  'CHARGE_REFUND_GET_LIST',
  'CHARGE_REFUND_POST',
  'CUSTOMER_POST',
  'CUSTOMER_GET',
  'CUSTOMER_GET_LIST',
  'CUSTOMER_PATCH',
  'REFUND_POST',
  'REFUND_GET',
  'REFUND_GET_LIST',
  'PIX_QRCODE_POST',
  'PIX_QRCODE_GET',
  'PIX_QRCODE_GET_LIST',
  'PIX_QRCODE_DELETE',
  'TRANSACTION_GET',
  'TRANSACTION_GET_LIST',
  'DECODE_EMV_POST',
  'COMPANY_GET',
  'PIX_KEY_GET_LIST',
];

export type HttpMethod = 'GET' | 'POST' | 'PUT' | 'PATCH' | 'DELETE';

export interface OperationSpec {
  method: HttpMethod;
  /** Path template with `:name` parameters (and `:name.png` for the image route). */
  paths: readonly string[];
  /** `null`: any valid AppID may call it (sandbox-only helpers). */
  scope: Scope | null;
  status: number;
  /** Binary operations answer with bytes of this content type instead of JSON. */
  contentType?: 'image/png' | 'application/pdf';
}

export const operations = {
  createCharge: { method: 'POST', paths: ['/api/v1/charge'], scope: 'CHARGE_POST', status: 200 },
  getCharge: { method: 'GET', paths: ['/api/v1/charge/:id'], scope: 'CHARGE_GET', status: 200 },
  listCharges: { method: 'GET', paths: ['/api/v1/charge'], scope: 'CHARGE_GET_LIST', status: 200 },
  deleteCharge: { method: 'DELETE', paths: ['/api/v1/charge/:id'], scope: 'CHARGE_DELETE', status: 200 },
  updateChargeExpiration: { method: 'PATCH', paths: ['/api/v1/charge/:id'], scope: 'CHARGE_PATCH', status: 200 },
  listChargeRefunds: { method: 'GET', paths: ['/api/v1/charge/:id/refund'], scope: 'CHARGE_REFUND_GET_LIST', status: 200 },
  createChargeRefund: { method: 'POST', paths: ['/api/v1/charge/:id/refund'], scope: 'CHARGE_REFUND_POST', status: 200 },
  getChargeQrImage: {
    method: 'GET',
    // The spec writes the first segment as a neutral `svc`; the real service uses `openpix`.
    paths: ['/openpix/charge/brcode/image/:id.png', '/svc/charge/brcode/image/:id.png'],
    scope: 'CHARGE_IMAGE_GET',
    status: 200,
    contentType: 'image/png',
  },
  getQrImageBase64: { method: 'GET', paths: ['/api/image/qrcode/base64/:id'], scope: 'CHARGE_BRCODE_IMAGE_GET', status: 200 },

  createCustomer: { method: 'POST', paths: ['/api/v1/customer'], scope: 'CUSTOMER_POST', status: 200 },
  getCustomer: { method: 'GET', paths: ['/api/v1/customer/:id'], scope: 'CUSTOMER_GET', status: 200 },
  listCustomers: { method: 'GET', paths: ['/api/v1/customer'], scope: 'CUSTOMER_GET_LIST', status: 200 },
  updateCustomer: { method: 'PATCH', paths: ['/api/v1/customer/:id'], scope: 'CUSTOMER_PATCH', status: 200 },

  createRefund: { method: 'POST', paths: ['/api/v1/refund'], scope: 'REFUND_POST', status: 200 },
  getRefund: { method: 'GET', paths: ['/api/v1/refund/:id'], scope: 'REFUND_GET', status: 200 },
  listRefunds: { method: 'GET', paths: ['/api/v1/refund'], scope: 'REFUND_GET_LIST', status: 200 },

  createPixQrCode: { method: 'POST', paths: ['/api/v1/qrcode-static'], scope: 'PIX_QRCODE_POST', status: 200 },
  getPixQrCode: { method: 'GET', paths: ['/api/v1/qrcode-static/:id'], scope: 'PIX_QRCODE_GET', status: 200 },
  listPixQrCodes: { method: 'GET', paths: ['/api/v1/qrcode-static'], scope: 'PIX_QRCODE_GET_LIST', status: 200 },
  deletePixQrCode: { method: 'DELETE', paths: ['/api/v1/qrcode-static/:id'], scope: 'PIX_QRCODE_DELETE', status: 200 },

  listTransactions: { method: 'GET', paths: ['/api/v1/transaction'], scope: 'TRANSACTION_GET_LIST', status: 200 },
  getTransaction: { method: 'GET', paths: ['/api/v1/transaction/:id'], scope: 'TRANSACTION_GET', status: 200 },
  getReceipt: {
    method: 'GET',
    paths: ['/api/v1/receipt/:receiptType/:endToEndId'],
    scope: 'TRANSACTION_GET',
    status: 200,
    contentType: 'application/pdf',
  },

  decodeEmv: { method: 'POST', paths: ['/api/v1/decode/emv'], scope: 'DECODE_EMV_POST', status: 200 },
  getCompany: { method: 'GET', paths: ['/api/v1/company'], scope: 'COMPANY_GET', status: 200 },
  listPixKeys: { method: 'GET', paths: ['/api/v1/pix-keys'], scope: 'PIX_KEY_GET_LIST', status: 200 },

  // Sandbox payment simulators, as the real sandbox offers them, plus a payer's-bank style
  // endpoint that pays any BR Code addressed to this account.
  sandboxPay: { method: 'GET', paths: ['/openpix/testing'], scope: null, status: 200 },
  sandboxPayBrCode: { method: 'POST', paths: ['/openpix/testing/pay'], scope: null, status: 200 },
} as const satisfies Record<string, OperationSpec>;

export type OperationName = keyof typeof operations;

export interface ServiceRequest {
  params?: Record<string, string>;
  query?: Record<string, string | undefined>;
  body?: unknown;
}

export interface ListResult {
  pageInfo: PageInfo;
}

/** Success bodies, per operation. */
export interface ServiceResponses {
  createCharge: { charge: Charge; correlationID: string; brCode: string };
  getCharge: { charge: Charge };
  listCharges: ListResult & { charges: Charge[] };
  deleteCharge: { status: 'OK'; id: string };
  updateChargeExpiration: { charge: Charge };
  listChargeRefunds: ListResult & { refunds: ChargeRefund[] };
  createChargeRefund: { refund: ChargeRefund };
  getChargeQrImage: Uint8Array;
  getQrImageBase64: { success: true; imageBase64: string };
  createCustomer: { customer: Customer };
  getCustomer: { customer: Customer };
  listCustomers: ListResult & { customers: Customer[] };
  updateCustomer: { customer: Customer };
  createRefund: { refund: PixTransactionRefund };
  getRefund: { pixTransactionRefund: PixTransactionRefund };
  listRefunds: ListResult & { refunds: PixTransactionRefund[] };
  createPixQrCode: { pixQrCode: PixQrCode; correlationID: string; brCode: string };
  getPixQrCode: { pixQrCode: PixQrCode };
  listPixQrCodes: ListResult & { pixQrCodes: PixQrCode[] };
  deletePixQrCode: { status: 'OK'; id: string };
  listTransactions: ListResult & { transactions: Transaction[] };
  getTransaction: { transaction: Transaction };
  getReceipt: Uint8Array;
  decodeEmv: EmvDecodeResult;
  getCompany: { company: { officialName: string; tradeName: string; taxID: string; correlationID: string } };
  /** The spec's `{pixKeys[], account}`: no pageInfo (skip and limit still page the keys). */
  listPixKeys: { pixKeys: PixKey[]; account: CompanyBankAccount };
  sandboxPay: { transaction: Transaction; charge?: Charge; pixQrCode?: PixQrCode };
  sandboxPayBrCode: { transaction: Transaction; charge?: Charge; pixQrCode?: PixQrCode };
}

export type ResponseOf<Op extends OperationName> = ServiceResponses[Op];

/** What any transport gives back: a JSON body, or bytes for binary operations. */
export type ServiceReply =
  | { status: number; body: unknown }
  | { status: number; bytes: Uint8Array; contentType: string };

export interface ErrorBody {
  error: string;
}
