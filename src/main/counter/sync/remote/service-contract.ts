// What the counter needs from the Pix service, and where the service documents it. In production
// the counter's remote is the real service, not our sandbox: the counter may only rely on what
// the published contract says (the OpenAPI document, resources/woovi-openapi.json, and the docs
// quoted in docs/real-service.md). This is the one list of it:
//
// - every operation the sync path calls, with the fields of its answer the counter reads;
// - each answer is parsed through these schemas before anything reads it (contract-client.ts):
//   fields the list does not name are dropped, so a read of an unnamed field finds nothing at
//   run time, and does not compile (the types below are the only types the sync path has for
//   the service's answers);
// - test/main/counter/sync/service-contract.test.ts checks every field named here against the OpenAPI
//   document's schema of that operation's answer.
//
// Lenient where the document is: a field the counter can do without is optional; money the
// document types as a string (PixQrCode.value) may come as a number or a string of digits. What
// the counter needs and does not get makes the answer unreadable ('server' outcome, retried),
// never a guess.
import { z } from 'zod';

/** Integer cents, as a number or as a string of digits (the document types some values as strings). */
const cents = z.union([z.number().int(), z.string().regex(/^\d+$/).transform(Number)]);
const text = z.string();

/** OAS `Customer` (a charge's or a transaction's payer): what a receipt prints of the payer. */
const party = z.object({
  name: text.optional(),
  taxID: z.object({ taxID: text, type: text.optional() }).optional(),
});

/** OAS `Charge`: the sale's state at the service. */
export const contractCharge = z.object({
  correlationID: text,
  value: cents,
  /** ACTIVE, COMPLETED or EXPIRED for the counter's charges; any other word is another kind of charge's. */
  status: text,
  brCode: text,
  createdAt: text,
  expiresDate: text,
  comment: text.optional(),
  /** The charge's txid: what the documented sandbox simulator pays by (GET /openpix/testing?transactionID=). */
  transactionID: text.optional(),
  customer: party.nullable().optional(),
});
export type ContractCharge = z.infer<typeof contractCharge>;

/** OAS `PixQrCode`: a static QR code; `value` is typed as a string there. */
export const contractPixQrCode = z.object({
  name: text,
  correlationID: text,
  brCode: text,
  value: cents.nullable().optional(),
  createdAt: text,
});
export type ContractPixQrCode = z.infer<typeof contractPixQrCode>;

/** OAS `Transaction`: a Pix in. `charge` and `pixQrCode` say what it paid, when the service linked it. */
export const contractTransaction = z.object({
  endToEndId: text,
  value: cents,
  time: text,
  type: text.optional(),
  infoPagador: text.optional(),
  payer: party.nullable().optional(),
  charge: z.object({ correlationID: text }).nullable().optional(),
  pixQrCode: z
    .object({ correlationID: text.optional(), name: text.optional(), brCode: text.optional() })
    .nullable()
    .optional(),
});
export type ContractTransaction = z.infer<typeof contractTransaction>;

/** OAS `ChargeRefund`. */
export const contractChargeRefund = z.object({
  correlationID: text,
  value: cents,
  status: z.enum(['IN_PROCESSING', 'CONFIRMED', 'REJECTED']),
  time: text,
  endToEndId: text.optional(),
  comment: text.optional(),
});
export type ContractChargeRefund = z.infer<typeof contractChargeRefund>;

/**
 * OAS `Refund` (a refund by end-to-end id). Its return id (D…) is only in the document's example
 * of GET /api/v1/refund/{id}, not in the schema: read when present, done without otherwise.
 */
export const contractRefund = z.object({
  correlationID: text,
  value: cents,
  status: z.enum(['IN_PROCESSING', 'REFUNDED', 'NOT_ACCOMPLISHED']),
  time: text.optional(),
  refundId: text.optional(),
  returnIdentification: text.optional(),
  comment: text.optional(),
});
export type ContractRefund = z.infer<typeof contractRefund>;
/** POST /api/v1/refund's answer documents no return id at all, not even in an example. */
const contractRefundCreated = contractRefund.omit({ returnIdentification: true });

/** OAS list `pageInfo`: only whether there is more; the next page starts after what came. */
export const contractPageInfo = z.object({ hasNextPage: z.boolean() });

export const contractCompany = z.object({
  officialName: text.optional(),
  tradeName: text.optional(),
  taxID: text.optional(),
});
export type ContractCompany = z.infer<typeof contractCompany>;

export const contractPixKey = z.object({ key: text, type: text, isDefault: z.boolean().optional() });
export type ContractPixKey = z.infer<typeof contractPixKey>;

/** Nothing of the answer is read: a 2xx is all the counter needs. */
const anyAnswer = z.unknown();

export interface ContractEntry {
  method: 'GET' | 'POST' | 'DELETE';
  /** The path as the OpenAPI document writes it. */
  path: string;
  /** Where the counter's use of it is documented, beyond the answer's schema. */
  documented: string;
  response: z.ZodType;
}

function entry<R extends z.ZodType>(method: ContractEntry['method'], path: string, documented: string, response: R) {
  return { method, path, documented, response };
}

export const serviceContract = {
  createCharge: entry(
    'POST',
    '/api/v1/charge',
    'return_existing=true: the charge already made with that correlationID (OAS query parameter); fixedLocation and paymentLinkID for the till’s fixed QR (OAS ChargePayload: "same qrcode to all future charges")',
    z.object({ charge: contractCharge }),
  ),
  getCharge: entry(
    'GET',
    '/api/v1/charge/{id}',
    'id is the charge id or its correlationID (OAS)',
    z.object({ charge: contractCharge }),
  ),
  listCharges: entry(
    'GET',
    '/api/v1/charge',
    'filters start, end, status (OAS query parameters)',
    z.object({ charges: z.array(contractCharge), pageInfo: contractPageInfo }),
  ),
  deleteCharge: entry('DELETE', '/api/v1/charge/{id}', 'id is the correlationID (OAS)', anyAnswer),
  createChargeRefund: entry(
    'POST',
    '/api/v1/charge/{id}/refund',
    'correlationID is the refund key (OAS ChargeRefund payload)',
    z.object({ refund: contractChargeRefund }),
  ),
  listChargeRefunds: entry(
    'GET',
    '/api/v1/charge/{id}/refund',
    'the whole list, without pageInfo (OAS)',
    z.object({ refunds: z.array(contractChargeRefund) }),
  ),
  createRefund: entry(
    'POST',
    '/api/v1/refund',
    'by transactionEndToEndId, correlationID the refund key (OAS)',
    z.object({ refund: contractRefundCreated }),
  ),
  getRefund: entry(
    'GET',
    '/api/v1/refund/{id}',
    'id is the refund id or its correlationID (spec)',
    z.object({ pixTransactionRefund: contractRefund }),
  ),
  listTransactions: entry(
    'GET',
    '/api/v1/transaction',
    'filters start, end, charge, pixQrCode (the QR code id, correlationID or identifier), type (OAS, spec)',
    z.object({ transactions: z.array(contractTransaction), pageInfo: contractPageInfo }),
  ),
  getCompany: entry(
    'GET',
    '/api/v1/company',
    'optional: receipts fall back to the settings',
    z.object({ company: contractCompany }),
  ),
  listPixKeys: entry(
    'GET',
    '/api/v1/pix-keys',
    'optional: offline selling needs a confirmed key',
    z.object({ pixKeys: z.array(contractPixKey) }),
  ),
  createPixQrCode: entry(
    'POST',
    '/api/v1/qrcode-static',
    'identifier: the txid its payments carry (docs: how-to-create-qrcode-static-using-api)',
    z.object({ pixQrCode: contractPixQrCode }),
  ),
  getPixQrCode: entry(
    'GET',
    '/api/v1/qrcode-static/{id}',
    'id is the QR code id, correlationID or identifier (spec)',
    z.object({ pixQrCode: contractPixQrCode }),
  ),
  deletePixQrCode: entry(
    'DELETE',
    '/api/v1/qrcode-static/{id}',
    'id is the QR code id, correlationID or identifier (spec)',
    anyAnswer,
  ),
  listPixQrCodes: entry(
    'GET',
    '/api/v1/qrcode-static',
    'every static QR code of the account, in pages',
    z.object({ pixQrCodes: z.array(contractPixQrCode), pageInfo: contractPageInfo }),
  ),
  sandboxPay: entry(
    'GET',
    '/openpix/testing',
    'the sandbox simulator: ?transactionID= pays a charge (docs: pay-pix-test)',
    anyAnswer,
  ),
} as const satisfies Record<string, ContractEntry>;

export type ContractOperation = keyof typeof serviceContract;

/**
 * What the counter needs the service to DO, beyond the fields above: each behaviour, where the
 * service documents it, and the test that holds the counter to it against the strict remote
 * (test/main/counter/sync/service-contract.test.ts checks that each test exists).
 */
export const serviceBehaviours = [
  {
    behaviour:
      'A charge created again with the same correlationID and return_existing=true is the same charge (a create retried after a lost answer).',
    documented: 'OAS: POST /api/v1/charge, query return_existing ("Make the endpoint idempotent")',
    testedBy: 'test/main/counter/sync/counter-sync-faults.test.ts',
  },
  {
    behaviour:
      "A static QR code's identifier is the txid of its BR Code, and a Pix that carries it is linked to the code (Transaction.pixQrCode) when the code exists as the Pix arrives.",
    documented:
      'docs: qrcode-static/how-to-create-qrcode-static-using-api (identifier); OAS Transaction.pixQrCode; spec: GET /api/v1/transaction?pixQrCode=',
    testedBy: 'test/main/counter/sync/offline-strict.test.ts',
  },
  {
    behaviour:
      'Lists page by skip and limit, with pageInfo.hasNextPage; the next page starts after what came, in whatever order and page size the service answers.',
    documented: 'docs: transaction/transaction-how-to-paginate-api',
    testedBy: 'test/main/counter/sync/contract-faults.test.ts',
  },
  {
    behaviour:
      'A charge, a refund and a static QR code can be read by their correlationID (a write whose answer was lost is looked up before it is sent again).',
    documented:
      "spec: GET /api/v1/charge/{id}, GET /api/v1/refund/{id}, GET /api/v1/qrcode-static/{id} take the correlationID; a charge's refunds are listed whole",
    testedBy: 'test/main/counter/sync/contract-faults.test.ts',
  },
  {
    behaviour:
      'A 401 refuses the AppID; a 403 refuses one operation (its scope); a 429 asks to wait (Retry-After when given). No error text is read for its meaning.',
    documented: 'docs: apis/api-getting-started (401); OAS error examples (403 scope); HTTP 429 (RFC 6585)',
    testedBy: 'test/main/counter/sync/contract-faults.test.ts',
  },
  {
    behaviour: 'The sandbox pays a charge by its transactionID (Simular pagamento, training only).',
    documented: 'docs: test-environment/test-account/pay-pix-test (GET /openpix/testing?transactionID=)',
    testedBy: 'test/main/service/api/strict-remote.test.ts',
  },
] as const;
export type ContractBody<Op extends ContractOperation> = z.output<(typeof serviceContract)[Op]['response']>;
