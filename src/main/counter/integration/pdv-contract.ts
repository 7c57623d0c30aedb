// The counter's local API for the shop's PDV and ERP software, declared once: each operation's
// method and path, its input and its answer, and the counter error codes it may answer. The
// server's routes (hosts/pdv/pdv-server.ts) and the API's OpenAPI document (pdv-openapi.ts) are
// both derived from this table, as the engine's are from its operations.
//
// Ours, not the Pix service's: it lives on its own port, under /pdv/v1, and speaks of the PDV's
// orders. A PDV names its order (`orderId`); the counter makes the sale that charges it, shows it
// on the cashier's screen as if typed, and answers the sale's state, and once paid the fiscal
// note's payment fields.
import { z } from 'zod';
import { cents } from '#shared/counter/counter-schemas';
import type { CounterErrorCode } from '#shared/counter/counter-errors';

/** The PDV's own id for the order: its number, a UUID, "caixa2-000123". Printable ASCII, no spaces. */
export const orderId = z
  .string()
  .regex(/^[A-Za-z0-9._:/-]{1,64}$/, 'orderId: 1 to 64 letters, digits or . _ : / -')
  .meta({ description: "The PDV's id for the order (1-64 characters: letters, digits, . _ : / -)." });

const item = z.strictObject({
  name: z.string().trim().min(1).max(80),
  quantity: z.number().positive().max(1_000_000),
  /** The line's total, in cents. */
  value: z.number().int().min(0).max(99_999_999_999),
});

export const pdvCreateSale = z.strictObject({
  orderId,
  /** Cents. */
  value: cents.meta({ description: 'The amount to charge, in cents (R$ 12,34 is 1234).' }),
  description: z.string().trim().max(140).optional().meta({ description: 'Shown on the receipt.' }),
  items: z.array(item).max(100).optional().meta({ description: "A summary of the order's items, for the receipt." }),
});

export const PDV_SALE_STATUSES = ['WAITING', 'PAID', 'EXPIRED', 'CANCELLED', 'REFUSED'] as const;

/**
 * The NFC-e's payment group (detPag), as the fiscal note writes it, for the PDV to copy into its
 * note: Pix's payment type (17 dynamic, 20 static: NT 2023.004), the amount, and the electronic
 * payment's group (`card`) with the end-to-end id as the authorisation code, the institution's and
 * the receiver's CNPJ and the terminal (the till). What the counter cannot know is left out and
 * named in `missing`.
 */
export const pdvFiscal = z.strictObject({
  detPag: z.strictObject({
    indPag: z.literal('0').meta({ description: '0: paid at once (à vista).' }),
    tPag: z.enum(['17', '20']).meta({ description: '17: Pix (dynamic QR); 20: Pix (static QR).' }),
    vPag: z.string().meta({ description: 'The amount, as the note writes it ("12.34").' }),
    card: z.strictObject({
      tpIntegra: z.literal('1').meta({ description: '1: the payment is integrated with the PDV.' }),
      CNPJ: z.string().optional().meta({ description: "The payment institution's CNPJ (the shop's Pix provider)." }),
      cAut: z.string().meta({ description: "The Pix's end-to-end id: the authorisation code." }),
      CNPJReceb: z.string().optional().meta({ description: "The receiver's CNPJ (the shop)." }),
      idTermPag: z.string().meta({ description: 'The terminal: the till that charged it.' }),
    }),
  }),
  missing: z.array(z.string()).meta({ description: 'Fields of detPag the counter could not fill.' }),
});

export const pdvSale = z.strictObject({
  orderId,
  /** The counter's sale, as the Pix service knows its charge. */
  correlationID: z.string(),
  status: z.enum(PDV_SALE_STATUSES),
  value: z.number().int(),
  /** The Pix copy-and-paste code while it waits (the QR the cashier's screen shows). */
  brCode: z.string().optional(),
  /** Made without the service (offline): its code is the shop's static one. */
  offline: z.boolean(),
  expiresAt: z.string(),
  paidAt: z.string().optional(),
  endToEndId: z.string().optional(),
  payerName: z.string().optional(),
  /** Cents refunded, and cents that can still be. */
  refunded: z.number().int(),
  refundable: z.number().int(),
  /** Changes whenever anything above does: `since` for a long poll. */
  version: z.string(),
  fiscal: pdvFiscal.optional(),
});

export const pdvError = z.strictObject({
  error: z.string().meta({ description: 'What went wrong, in Portuguese.' }),
  code: z.string().meta({ description: "The counter's error code (INVALID_INPUT, SALE_ON_SCREEN, ...)." }),
  details: z.record(z.string(), z.unknown()).optional(),
});

export const pdvRefund = z.strictObject({
  /** Cents; the whole refundable amount when left out. */
  value: cents.optional(),
  reason: z.string().trim().min(1).max(140),
  /** A manager's approval, as the screen asks it once the register is set up. */
  manager: z.strictObject({ operatorId: z.string().min(1).max(64), pin: z.string().min(1).max(12) }).optional(),
});

export const pdvWait = z.strictObject({
  /** Seconds to hold the answer until the sale changes from `since` (a long poll): 0-55. */
  wait: z.coerce.number().int().min(0).max(55).optional(),
  since: z.string().max(64).optional(),
});

export type PdvSale = z.output<typeof pdvSale>;
export type PdvCreateSale = z.output<typeof pdvCreateSale>;
export type PdvRefund = z.output<typeof pdvRefund>;

export interface PdvOperation {
  method: 'GET' | 'POST';
  /** OpenAPI's form: {orderId} for the path's order. */
  path: string;
  summary: string;
  body?: z.ZodType;
  query?: z.ZodType;
  /** The success's status and schema; text/event-stream for a stream. */
  ok: { status: 200 | 201; schema: z.ZodType } | { status: 200; stream: true };
  errors: readonly CounterErrorCode[];
}

const ACCESS: readonly CounterErrorCode[] = ['TOKEN_REFUSED', 'RATE_LIMITED', 'INVALID_INPUT'];
const FOUND: readonly CounterErrorCode[] = [...ACCESS, 'ORDER_NOT_FOUND'];

export const PDV_OPERATIONS = {
  createSale: {
    method: 'POST',
    path: '/pdv/v1/sales',
    summary:
      "Charges an order: the sale goes on the cashier's screen as if typed. Asked again with the same orderId, answers the same sale (200); with another value while it waits, cancels it first and charges the new value (201).",
    body: pdvCreateSale,
    ok: { status: 201, schema: pdvSale },
    errors: [
      ...ACCESS,
      'NOT_SIGNED_IN',
      'REGISTER_CLOSED',
      'SALE_ON_SCREEN',
      'ORDER_ALREADY_PAID',
      'SERVICE_NOT_CONFIGURED',
      'SERVICE_REFUSED',
      'OFFLINE_SALE_REFUSED',
    ],
  },
  getSale: {
    method: 'GET',
    path: '/pdv/v1/sales/{orderId}',
    summary:
      "The order's sale as it is now; with `wait` and `since`, held until it changes from `since` (a long poll), or `wait` seconds pass.",
    query: pdvWait,
    ok: { status: 200, schema: pdvSale },
    errors: FOUND,
  },
  followSale: {
    method: 'GET',
    path: '/pdv/v1/sales/{orderId}/events',
    summary:
      "The order's sale as server-sent events: `sale` with its state now, then at each change, until it is paid, expired, cancelled or refused.",
    ok: { status: 200, stream: true },
    errors: FOUND,
  },
  cancelSale: {
    method: 'POST',
    path: '/pdv/v1/sales/{orderId}/cancel',
    summary: 'Cancels the order’s sale while it waits: its code stops being payable.',
    ok: { status: 200, schema: pdvSale },
    errors: [...FOUND, 'SALE_ALREADY_PAID', 'SALE_NOT_WAITING', 'NOT_SIGNED_IN', 'REGISTER_CLOSED'],
  },
  refundSale: {
    method: 'POST',
    path: '/pdv/v1/sales/{orderId}/refund',
    summary:
      "Refunds a paid order, in whole or in part, under the screen's rule: once the register is set up, with a manager's PIN (`manager`), unless a manager allowed the integration to refund by itself. Answers the sale; its `refunded` grows once the service confirms the refund.",
    body: pdvRefund,
    ok: { status: 200, schema: pdvSale },
    errors: [
      ...FOUND,
      'SALE_NOT_PAID',
      'REFUND_TOO_LARGE',
      'NOT_SIGNED_IN',
      'REGISTER_CLOSED',
      'MANAGER_REQUIRED',
      'PIN_REFUSED',
      'OPERATOR_LOCKED',
      'NOT_A_MANAGER',
      'OPERATOR_NOT_FOUND',
      'SERVICE_NOT_CONFIGURED',
      'OFFLINE_REFUND_BY_BANK',
    ],
  },
} as const satisfies Record<string, PdvOperation>;

export type PdvOperationName = keyof typeof PDV_OPERATIONS;
