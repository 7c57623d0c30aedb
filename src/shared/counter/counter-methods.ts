// The counter's methods, each declared once (as the engine's operations are in
// src/main/service/engine/operations.ts): its input and output schemas, who may call it, and the errors it
// may answer. Its channel is `counter:<name>` (counter-channels.ts). Everything else is derived from here:
// the CounterApi type and the renderer's typed `api` (counter-api.ts), the preload's allowlist and the
// IPC registration (the names, counter-channels.ts), the browser bridge's routes, the one adapter
// that parses, checks access and maps errors for both hosts (src/main/counter/app/counter-call.ts), and
// the handler table main must fill exactly (src/main/counter/app/counter-handlers.ts).
//
// Outputs are typed here and NOT parsed on every call: a day's list of a thousand sales would be
// walked once more on the main thread for each screen refresh, to learn what the compiler already
// checked. The tests parse them instead: their runtime (test/main/counter/app/runtime-fixture.ts) turns on
// `checkAnswers`, so every answer of every handler test goes through its output schema, and every
// refusal's code through the method's error list.
// Over 300 lines because it is the table itself: one short entry per method (43), which is the
// point of declaring them in one place.
import { z } from 'zod';
import type { CounterErrorCode } from './counter-errors';
import * as schema from './counter-schemas';
import type { CounterInvokeMethod } from './counter-channels';
import { settingsSaveNeedsManager } from './settings-approval';

/**
 * Who may call a method, as main enforces it before the handler runs. Nothing is asked before
 * the register is set up (the first manager exists): a fresh counter sells as it always did.
 */
export interface CounterAccess<Input> {
  /**
   * - signed-in: an operator at the counter;
   * - selling: an operator at the counter and the register open: the call is recorded as theirs,
   *   in that session.
   */
  operator?: 'signed-in' | 'selling';
  /**
   * A manager's approval (`manager` in the input, a PIN for this one action): `always`, once the
   * register is set up (`set-up`), or, once it is set up, when the predicate says this input
   * needs it. The handler checks the PIN itself (register.approve): it records who approved.
   */
  manager?: 'always' | 'set-up' | ((input: Input) => boolean);
  /** Which action the refusal names when the approval is missing ("Devoluções exigem o PIN…"). */
  managerFor?: 'refund' | 'settings' | 'operators' | 'drawer';
}

export interface CounterMethodSpec<Input extends z.ZodType = z.ZodType, Output extends z.ZodType = z.ZodType> {
  input: Input;
  output: Output;
  access: CounterAccess<z.output<Input>>;
  /** The method's own refusals; errorsOf adds those of its access and of every call. */
  errors: readonly CounterErrorCode[];
}

/** Keeps each entry's own schema types (an object literal in the table would widen them). */
function method<Input extends z.ZodType, Output extends z.ZodType>(
  spec: CounterMethodSpec<Input, Output>,
): CounterMethodSpec<Input, Output> {
  return spec;
}

const OPEN = {};
const SIGNED_IN = { operator: 'signed-in' } as const;
const SELLING = { operator: 'selling' } as const;
const NO_ERRORS: readonly CounterErrorCode[] = [];
const SERVICE = 'SERVICE_NOT_CONFIGURED';
const RECEIPT_ERRORS: readonly CounterErrorCode[] = [
  SERVICE,
  'SALE_NOT_FOUND',
  'NO_SERVICE_RECORDS',
  'RECEIPT_NOT_FOUND',
];
const RANGE_ERRORS: readonly CounterErrorCode[] = ['INVALID_DAY', 'DAYS_REVERSED', 'RANGE_TOO_LONG', SERVICE];
const REPORT_ERRORS: readonly CounterErrorCode[] = ['SESSION_NOT_FOUND'];

/** listSales answers this many sales when no `limit` is given, and never more than SALES_PAGE_MAX. */
export const SALES_PAGE_DEFAULT = 100;
export const SALES_PAGE_MAX = 500;
/** Far beyond any quarter's sales at one till; it only keeps the number an integer SQLite takes. */
const SALES_OFFSET_MAX = 10_000_000;

const registerState = schema.registerState;
const saleAnswer = schema.sale;
const saleOnScreenAnswer = z.strictObject({ sale: schema.sale.optional() });
const bySale = z.object({ correlationID: schema.correlationID });
/** "QR fixo do caixa": the setting, the till's payment link, and its sticker's code when known. */
const fixedQrState = z.strictObject({
  enabled: z.boolean(),
  paymentLinkID: z.string().optional(),
  brCode: z.string().optional(),
  /** The name the sticker prints for the till: the register's, or "Caixa 1". */
  tillName: z.string(),
});
const managerOnly = z.object({ manager: schema.managerApproval.optional() }).strict();
const FIXED_QR_ERRORS: readonly CounterErrorCode[] = [SERVICE, 'SERVICE_UNREACHABLE', 'SERVICE_REFUSED'];

export const counterMethods = {
  getStatus: method({ input: schema.noInput, output: schema.counterStatus, access: OPEN, errors: NO_ERRORS }),

  /** Enter: a new sale. Main records it as the sale on screen in the same write as the sale itself. */
  createSale: method({
    input: schema.newSale,
    output: saleAnswer,
    access: SELLING,
    errors: ['CUSTOMER_CONTACT_REQUIRED', SERVICE, 'OFFLINE_SALE_REFUSED', 'SERVICE_REFUSED'],
  }),

  getSale: method({ input: bySale, output: saleAnswer, access: OPEN, errors: [SERVICE, 'SALE_NOT_FOUND'] }),

  /** Esc on the QR screen: cancels at once at the counter, and the service's delete is queued. */
  cancelSale: method({
    input: bySale,
    output: z.strictObject({ cancelled: z.boolean() }),
    access: SELLING,
    errors: [SERVICE, 'SALE_NOT_FOUND', 'SALE_ALREADY_PAID', 'SALE_NOT_WAITING'],
  }),

  /**
   * A day's sales (today by default), or those of the days `from`..`to` (inclusive, São Paulo days,
   * at most 92 days), newest first, optionally searched by correlationID or amount. Only this
   * counter's sales: charges made elsewhere on the account are not this till's. One page of the
   * list at a time (`offset`, `limit`: the rows in view), with the list's length (`total`) and the
   * days' totals over all their sales, both counted in counter.db: what crosses to the screen does
   * not grow with the day. `around` (the selected sale) moves the page to hold it when it is
   * listed elsewhere, and says where it is (`aroundIndex`). The CSV export has every sale.
   */
  listSales: method({
    input: schema.daysSelection.extend({
      search: z.string().trim().max(100).optional(),
      offset: z.number().int().min(0).max(SALES_OFFSET_MAX).optional(),
      limit: z.number().int().min(1).max(SALES_PAGE_MAX).optional(),
      around: schema.correlationID.optional(),
    }),
    output: z.strictObject({
      sales: z.array(schema.sale),
      /** Where `sales` starts in the list (0: the newest sale). */
      offset: z.number().int(),
      /** The list's length: the sales the search finds, or all the days' sales. */
      total: z.number().int(),
      /** The largest value listed (0 when none): the screen sizes its amount column by it. */
      widestValue: z.number().int(),
      /** The `around` sale's place in the list, when it is listed. */
      aroundIndex: z.number().int().optional(),
      totals: schema.dayTotals,
    }),
    access: OPEN,
    errors: RANGE_ERRORS,
  }),

  /** The same sales as listSales (a day or a range, same limits) as a CSV file. */
  exportSales: method({
    input: schema.daysSelection,
    output: schema.salesExportFile,
    access: OPEN,
    errors: RANGE_ERRORS,
  }),

  /**
   * The sale the cashier had on screen (kept in counter.db, so it comes back after a restart):
   * one still waiting, or just paid. Once the register is set up, only to a signed-in operator.
   */
  getSaleOnScreen: method({ input: schema.noInput, output: saleOnScreenAnswer, access: OPEN, errors: NO_ERRORS }),

  /**
   * Puts a waiting sale back on screen (from the history: "Mostrar QR"), for a signed-in operator
   * once the register is set up; or clears the record whatever it names (null: anyone, since it
   * only forgets; the screen itself says leaveSaleOnScreen).
   */
  setSaleOnScreen: method({
    input: z.object({ correlationID: schema.correlationID.nullable() }).strict(),
    output: saleOnScreenAnswer,
    // Checked by the handler: only putting a sale on screen needs someone at the counter.
    access: OPEN,
    errors: ['NOT_SIGNED_IN', SERVICE, 'SALE_NOT_FOUND', 'SALE_NOT_WAITING'],
  }),

  /**
   * The cashier moved on from this sale (Enter after "Pago", F1): it stops being the sale on
   * screen, unless another sale already took its place. Main decides, so a late call can never
   * wipe the next sale's record; a cancel or a sale that ended otherwise is cleared by main alone.
   */
  leaveSaleOnScreen: method({
    input: bySale.strict(),
    output: z.strictObject({ cleared: z.boolean() }),
    access: OPEN,
    errors: NO_ERRORS,
  }),

  /** Once the register is set up, a refund needs a manager's approval (`manager`). */
  refundSale: method({
    input: z.object({
      correlationID: schema.correlationID,
      value: schema.cents,
      reason: schema.refundReason,
      manager: schema.managerApproval.optional(),
    }),
    output: saleAnswer,
    access: { ...SELLING, manager: 'set-up', managerFor: 'refund' },
    errors: [
      SERVICE,
      'SALE_NOT_FOUND',
      'SALE_NOT_PAID',
      'REFUND_TOO_LARGE',
      'OFFLINE_REFUND_BY_BANK',
      'SERVICE_REFUSED',
    ],
  }),

  getReceipt: method({
    input: schema.receiptRequest,
    output: schema.receiptFile,
    access: OPEN,
    errors: RECEIPT_ERRORS,
  }),

  printReceipt: method({
    input: schema.receiptRequest.extend({ printer: schema.printerName.optional() }),
    output: schema.printResult,
    access: OPEN,
    errors: RECEIPT_ERRORS,
  }),

  listPrinters: method({ input: schema.noInput, output: z.array(schema.printer), access: OPEN, errors: NO_ERRORS }),

  /**
   * "Abrir gaveta": the cash drawer's kick through the receipt printer (its drawer port), on a
   * manager's PIN once the register is set up. Says whether the printer took it.
   */
  openCashDrawer: method({
    input: z.object({ manager: schema.managerApproval.optional() }).strict(),
    output: schema.cashDrawerResult,
    access: { manager: 'set-up', managerFor: 'drawer' },
    errors: NO_ERRORS,
  }),

  /** The integrations (the shop's PDV, its ERP) allowed to use the PDV API, revoked ones included, and where it answers. */
  listIntegrations: method({ input: schema.noInput, output: schema.integrations, access: OPEN, errors: NO_ERRORS }),

  /** A new integration and its token, shown this once; a manager's PIN once the register is set up. */
  createIntegration: method({
    input: schema.newIntegration,
    output: schema.createdIntegration,
    access: { manager: 'set-up', managerFor: 'settings' },
    errors: NO_ERRORS,
  }),

  /** Revokes an integration for good: its token is refused from then on. */
  revokeIntegration: method({
    input: z.strictObject({ id: z.string().min(1).max(64), manager: schema.managerApproval.optional() }),
    output: z.strictObject({ revoked: z.boolean() }),
    access: { manager: 'set-up', managerFor: 'settings' },
    errors: ['INTEGRATION_NOT_FOUND'],
  }),

  /** "Testar impressora": prints a test slip on the receipt printer at `address`, and says what it answered. */
  testPaperPrinter: method({
    input: schema.paperPrinterTestInput,
    output: schema.paperPrinterTest,
    access: OPEN,
    errors: NO_ERRORS,
  }),

  /**
   * "QR fixo do caixa" (issue 36): whether new sales use the till's printed QR (the settings), the
   * till's paymentLinkID once it has one, and the sticker's code at the current service when the
   * counter knows it already (nothing is asked of the service here).
   */
  getFixedQr: method({ input: schema.noInput, output: fixedQrState, access: OPEN, errors: NO_ERRORS }),

  /**
   * "Imprimir QR fixo": the till's sticker on the receipt printer (80 mm), the code the service
   * gave the till's payment link (asked for once, online), with the shop's name. Says what the
   * printer answered (no-printer when none is set).
   */
  printFixedQr: method({
    input: managerOnly,
    output: schema.paperPrinterTest,
    access: { manager: 'set-up', managerFor: 'settings' },
    errors: FIXED_QR_ERRORS,
  }),

  /** "Salvar PDF (A4)": the same sticker as an A4 page, to print on any printer. */
  getFixedQrPdf: method({
    input: managerOnly,
    output: schema.receiptFile,
    access: { manager: 'set-up', managerFor: 'settings' },
    errors: FIXED_QR_ERRORS,
  }),

  /** "Novo QR fixo": another paymentLinkID for the till; the old sticker pays no sale made after it. */
  renewFixedQr: method({
    input: managerOnly,
    output: fixedQrState,
    access: { manager: 'set-up', managerFor: 'settings' },
    errors: NO_ERRORS,
  }),

  getSettings: method({ input: schema.noInput, output: schema.settings, access: OPEN, errors: NO_ERRORS }),

  /**
   * Saving a remote mode (remote-sandbox, production) with another base URL or AppID tests the
   * connection first and refuses (CONNECTION_TEST_FAILED, with the check's verdict) when it fails,
   * unless the only problem is that the service is unreachable and `saveUnreachable` says the
   * owner saw that. Switching the language alone needs no manager's PIN: it is the reader's, not
   * the shop's.
   */
  saveSettings: method({
    input: schema.settingsInput,
    output: schema.settings,
    access: { manager: settingsSaveNeedsManager, managerFor: 'settings' },
    errors: [
      'COMMANDS_QUEUED',
      'APP_ID_REQUIRED',
      'BASE_URL_REQUIRED',
      'INVALID_PIX_KEY',
      'CONNECTION_TEST_FAILED',
      'SETTINGS_REFUSED',
    ],
  }),

  /** "Testar conexão": asks the remote at `baseUrl` with `appId` (the saved AppID when absent). */
  testConnection: method({
    input: z.object({ baseUrl: schema.httpUrl, appId: z.string().trim().min(1).max(4096).optional() }).strict(),
    output: schema.connectionCheck,
    access: OPEN,
    errors: ['APP_ID_REQUIRED', 'SAVED_APP_ID_ELSEWHERE'],
  }),

  /** Sandbox modes only: pays the sale as a customer's bank would (training and demos). */
  simulatePayment: method({
    input: bySale,
    output: saleAnswer,
    access: OPEN,
    errors: [
      'SANDBOX_ONLY',
      SERVICE,
      'SALE_NOT_FOUND',
      'SALE_NOT_WAITING',
      'NO_TRANSACTION_ID',
      'SERVICE_UNREACHABLE',
      'SERVICE_REFUSED',
    ],
  }),

  /**
   * "Cliente mostrou o comprovante": the cashier saw the payment in the customer's bank app. It is
   * recorded as that on an OFFLINE sale, not as a payment; the sale is reconciled like the others.
   */
  markCustomerShowedReceipt: method({
    input: bySale,
    output: saleAnswer,
    access: OPEN,
    errors: [SERVICE, 'SALE_NOT_FOUND', 'NOT_AN_OFFLINE_SALE'],
  }),

  /** "Conferir pagamentos offline": every offline sale waiting for a person, oldest first, any day. */
  listOfflineReview: method({
    input: schema.noInput,
    output: z.strictObject({ sales: z.array(schema.sale) }),
    access: OPEN,
    errors: [SERVICE],
  }),

  /**
   * The owner's decision on a sale under review: `paid` (it was paid: COMPLETED), `unpaid` (it was
   * not: EXPIRED), `acknowledged` (money beyond a payment, or for a cancelled sale, to be returned
   * by hand). Refused for a sale not under review, or a decision that does not fit it.
   */
  resolveOfflineReview: method({
    input: z.object({ correlationID: schema.correlationID, decision: schema.offlineDecision }),
    output: saleAnswer,
    access: OPEN,
    errors: [SERVICE, 'SALE_NOT_FOUND', 'NOT_UNDER_REVIEW', 'DECISION_DOES_NOT_FIT'],
  }),

  /** The register: set up or not, operators, who is signed in, the open session. */
  getRegister: method({ input: schema.noInput, output: registerState, access: OPEN, errors: NO_ERRORS }),

  /**
   * A new operator. The first one (first start) must be a MANAGER and needs no approval; every
   * later one needs a manager's approval. The PIN is 4 to 8 digits and is stored hashed only.
   */
  createOperator: method({
    input: z
      .object({
        name: z.string().trim().min(1).max(60),
        role: schema.operatorRole,
        pin: schema.pin,
        manager: schema.managerApproval.optional(),
      })
      .strict(),
    output: registerState,
    access: { manager: 'set-up', managerFor: 'operators' },
    errors: ['FIRST_OPERATOR_MANAGER', 'OPERATOR_NAME_TAKEN'],
  }),

  /** A manager disables an operator (kept for the audit; the last active manager cannot be disabled). */
  disableOperator: method({
    input: z.object({ operatorId: schema.operatorId, manager: schema.managerApproval }).strict(),
    output: registerState,
    access: { manager: 'always' },
    errors: ['LAST_MANAGER'],
  }),

  /** The operator at the counter from now on; wrong PINs are counted and lock the operator for a while. */
  signIn: method({
    input: z.object({ operatorId: schema.operatorId, pin: schema.pin }).strict(),
    output: registerState,
    access: OPEN,
    errors: ['PIN_REFUSED', 'OPERATOR_LOCKED', 'OPERATOR_NOT_FOUND'],
  }),

  signOut: method({ input: schema.noInput, output: registerState, access: OPEN, errors: NO_ERRORS }),

  /** Abertura de caixa, by the signed-in operator. Refused while a session is open. */
  openRegister: method({
    input: z
      .object({
        tillName: z.string().trim().min(1).max(40).optional(),
        openingNote: z.string().trim().max(200).optional(),
      })
      .strict(),
    output: registerState,
    access: SIGNED_IN,
    // Before the register is set up nobody can be signed in, so nobody can open it either.
    errors: ['REGISTER_ALREADY_OPEN', 'NOT_SIGNED_IN'],
  }),

  /** What closing the open session would show now (and its warnings). */
  getSessionSummary: method({
    input: schema.noInput,
    output: schema.sessionSummary,
    access: OPEN,
    errors: ['REGISTER_CLOSED'],
  }),

  /**
   * Fechamento de caixa, with a manager's PIN. Refused (CLOSE_NEEDS_CONFIRMATION) while commands
   * are queued or offline sales are unconfirmed, unless `confirmPending` says the manager saw
   * those warnings.
   */
  closeRegister: method({
    input: z.object({ manager: schema.managerApproval, confirmPending: z.boolean().optional() }).strict(),
    output: schema.sessionSummary,
    access: { manager: 'always' },
    errors: ['REGISTER_CLOSED', 'CLOSE_NEEDS_CONFIRMATION', 'SESSION_ALREADY_CLOSED'],
  }),

  /** Closed sessions, newest first (the last 50), for reprinting their reports. */
  listSessions: method({
    input: schema.noInput,
    output: z.strictObject({ sessions: z.array(schema.pastSession) }),
    access: SIGNED_IN,
    errors: NO_ERRORS,
  }),

  /** The end-of-day report of a session (the open one: as it stands now), 80 mm or A4. */
  getSessionReport: method({
    input: z.object({ sessionId: schema.sessionId, layout: schema.receiptLayout }).strict(),
    output: schema.receiptFile,
    access: SIGNED_IN,
    errors: REPORT_ERRORS,
  }),

  /** "Imprimir relatório": that report to the printer (the configured one unless `printer` says), like a receipt. */
  printSessionReport: method({
    input: z
      .object({ sessionId: schema.sessionId, layout: schema.receiptLayout, printer: schema.printerName.optional() })
      .strict(),
    output: schema.printResult,
    access: SIGNED_IN,
    errors: REPORT_ERRORS,
  }),
};

export type CounterMethods = typeof counterMethods;
export type CounterMethodName = keyof CounterMethods;

// The preload's dependency-free name list (counter-channels.ts) and this table name the same methods.
type OnlyInTable = Exclude<CounterMethodName, CounterInvokeMethod>;
type OnlyInList = Exclude<CounterInvokeMethod, CounterMethodName>;
const _namesMatchTheTable: [OnlyInTable, OnlyInList] extends [never, never] ? true : never = true;
void _namesMatchTheTable;

/** What a handler of method M receives: its input as the schema parsed it. */
export type CounterMethodInput<M extends CounterMethodName> = z.output<CounterMethods[M]['input']>;
export type CounterMethodOutput<M extends CounterMethodName> = z.output<CounterMethods[M]['output']>;

/** Refusals any call may get: a payload its schema refuses, or a failure nobody foresaw. */
const CALL_ERRORS: readonly CounterErrorCode[] = ['INVALID_INPUT', 'INTERNAL'];
const MANAGER_ERRORS: readonly CounterErrorCode[] = [
  'MANAGER_REQUIRED',
  'PIN_REFUSED',
  'OPERATOR_LOCKED',
  'OPERATOR_NOT_FOUND',
  'NOT_A_MANAGER',
];

/** Every code method M may answer: its own, its access's, and those of every call. */
export function errorsOf(name: CounterMethodName): ReadonlySet<CounterErrorCode> {
  const spec: CounterMethodSpec = counterMethods[name];
  const { operator, manager } = spec.access;
  return new Set<CounterErrorCode>([
    ...spec.errors,
    ...CALL_ERRORS,
    ...(operator ? (['NOT_SIGNED_IN'] as const) : []),
    ...(operator === 'selling' ? (['REGISTER_CLOSED'] as const) : []),
    ...(manager ? MANAGER_ERRORS : []),
  ]);
}
