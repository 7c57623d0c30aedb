// The IPC payload contract: one zod schema per invoke channel. Electron's IPC registration and
// the browser host's bridge both parse every payload with these before any handler runs.
import { z } from 'zod';
import type { PosInvokeMethod } from './pos-channels';

const cents = z.number().int().min(1).max(99_999_999_999);
const correlationID = z.string().trim().min(1).max(255);
const day = z.string().regex(/^\d{4}-\d{2}-\d{2}$/, { error: 'day must be YYYY-MM-DD' });
// A day, or a range of days (both inclusive; the handler also caps its length), never both.
const daysSelection = z
  .object({ day: day.optional(), from: day.optional(), to: day.optional() })
  .refine((input) => input.day === undefined || (input.from === undefined && input.to === undefined), {
    error: 'give a day, or a range (from, to), not both',
  })
  .refine((input) => (input.from === undefined) === (input.to === undefined), {
    error: 'a range needs both from and to',
  })
  .refine((input) => input.from === undefined || input.to === undefined || input.from <= input.to, {
    error: 'from must not be after to',
  });
const receiptRequest = z.object({
  correlationID,
  kind: z.enum(['pix-in', 'pix-refund']),
  endToEndId: z.string().regex(/^[ED][0-9A-Za-z]{31}$/, { error: 'endToEndId must be a 32-character Pix id' }),
  layout: z.enum(['thermal80', 'a4']),
});
export const offlineSalesSettings = z
  .object({
    enabled: z.boolean(),
    maxSaleValue: cents,
    maxUnconfirmedTotal: cents,
    // A week at most: an offline sale older than that is a matter for the owner, not the queue.
    maxAgeMinutes: z
      .number()
      .int()
      .min(1)
      .max(7 * 24 * 60),
  })
  .strict();
const noInput = z.union([z.undefined(), z.object({}).strict()]);
// A PIN is 4 to 8 digits: short enough to type at the counter, and rate-limited in main.
const pin = z.string().regex(/^\d{4,8}$/, { error: 'o PIN tem de 4 a 8 dígitos' });
const operatorId = z.string().trim().min(1).max(64);
const managerApproval = z.object({ operatorId, pin }).strict();

export const posPayloadSchemas = {
  getStatus: noInput,
  createSale: z.object({
    value: cents,
    comment: z.string().max(140).optional(),
    customer: z
      .object({
        name: z.string().trim().min(1).max(140),
        taxID: z.string().trim().max(20).optional(),
        email: z.string().trim().max(254).optional(),
        phone: z.string().trim().max(30).optional(),
      })
      .optional(),
  }),
  getSale: z.object({ correlationID }),
  cancelSale: z.object({ correlationID }),
  listSales: daysSelection.extend({ search: z.string().trim().max(100).optional() }),
  exportSales: daysSelection,
  getSaleOnScreen: noInput,
  setSaleOnScreen: z.object({ correlationID: correlationID.nullable() }).strict(),
  refundSale: z.object({
    correlationID,
    value: cents,
    reason: z.string().trim().min(1).max(140),
    manager: managerApproval.optional(),
  }),
  getReceipt: receiptRequest,
  printReceipt: receiptRequest.extend({ printer: z.string().max(255).optional() }),
  listPrinters: noInput,
  getSettings: noInput,
  saveSettings: z
    .object({
      mode: z.enum(['embedded', 'remote-sandbox', 'production']),
      baseUrl: z.url({ protocol: /^https?$/ }).max(2048),
      appId: z.string().max(4096),
      merchantName: z.string().trim().min(1).max(100),
      merchantCity: z.string().trim().min(1).max(60),
      pixKey: z.string().trim().max(77),
      printer: z.string().max(255),
      receiptHeader: z.object({ title: z.string().max(100).optional(), lines: z.array(z.string().max(100)).max(6) }),
      receiptLayout: z.enum(['thermal80', 'a4']),
      locale: z.enum(['pt-BR', 'en']),
      customerDisplay: z.boolean(),
      offlineSales: offlineSalesSettings,
      confirmAbove: cents,
      confirmQueued: z.boolean(),
      saveUnreachable: z.boolean(),
      manager: managerApproval,
    })
    .partial()
    .strict(),
  testConnection: z
    .object({
      baseUrl: z.url({ protocol: /^https?$/ }).max(2048),
      appId: z.string().trim().min(1).max(4096).optional(),
    })
    .strict(),
  simulatePayment: z.object({ correlationID }),
  markCustomerShowedReceipt: z.object({ correlationID }),
  listOfflineReview: noInput,
  resolveOfflineReview: z.object({ correlationID, decision: z.enum(['paid', 'unpaid', 'acknowledged']) }),
  getRegister: noInput,
  createOperator: z
    .object({
      name: z.string().trim().min(1).max(60),
      role: z.enum(['CASHIER', 'MANAGER']),
      pin,
      manager: managerApproval.optional(),
    })
    .strict(),
  disableOperator: z.object({ operatorId, manager: managerApproval }).strict(),
  signIn: z.object({ operatorId, pin }).strict(),
  signOut: noInput,
  openRegister: z
    .object({
      tillName: z.string().trim().min(1).max(40).optional(),
      openingNote: z.string().trim().max(200).optional(),
    })
    .strict(),
  getSessionSummary: noInput,
  closeRegister: z.object({ manager: managerApproval, confirmPending: z.boolean().optional() }).strict(),
  listSessions: noInput,
  getSessionReport: z
    .object({ sessionId: z.string().trim().min(1).max(64), layout: z.enum(['thermal80', 'a4']) })
    .strict(),
  printSessionReport: z
    .object({
      sessionId: z.string().trim().min(1).max(64),
      layout: z.enum(['thermal80', 'a4']),
      printer: z.string().max(255).optional(),
    })
    .strict(),
} as const satisfies Record<PosInvokeMethod, z.ZodType>;

export type PosPayload<M extends PosInvokeMethod> = z.output<(typeof posPayloadSchemas)[M]>;
