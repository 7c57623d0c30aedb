// The counter's errors: a closed list of codes, each with the data its text needs. Main throws a
// CounterError; both hosts answer its body `{ code, message?, details? }`; the renderer receives
// that same plain object in Electron and in the browser, and shows its code's text from the i18n
// catalogues (counterError.<CODE>, in pt-BR and en) with `details` filled in. `message` is the
// pt-BR sentence where the text carries data (the one logs, tests and API callers read); the
// renderer never shows it, nor any HTTP status. Dependency-free: the renderer imports it.
import type { z } from 'zod';
import type * as schema from './counter-schemas';
import type { OFFLINE_DECISIONS, REMOTE_MODES } from './value-sets';

/**
 * Every code, one per distinct meaning. Adding one asks for its details below (when it has any),
 * its HTTP status (src/shared/counter/counter-error-status.ts) and its text in both
 * catalogues (test/renderer/counter-error-text.test.ts checks that).
 */
export const COUNTER_ERROR_CODES = [
  // The call itself
  'INVALID_INPUT',
  'INTERNAL',
  'HOST_UNREACHABLE',
  'TOKEN_REFUSED',
  'ORIGIN_REFUSED',
  'UNKNOWN_METHOD',
  // Who may act
  'NOT_SIGNED_IN',
  'MANAGER_REQUIRED',
  'PIN_REFUSED',
  'OPERATOR_LOCKED',
  'OPERATOR_NOT_FOUND',
  'NOT_A_MANAGER',
  // Operators and the register
  'FIRST_OPERATOR_MANAGER',
  'OPERATOR_NAME_TAKEN',
  'LAST_MANAGER',
  'REGISTER_CLOSED',
  'REGISTER_ALREADY_OPEN',
  'SESSION_ALREADY_CLOSED',
  'SESSION_NOT_FOUND',
  'CLOSE_NEEDS_CONFIRMATION',
  // Settings
  'COMMANDS_QUEUED',
  'APP_ID_REQUIRED',
  'BASE_URL_REQUIRED',
  'SAVED_APP_ID_ELSEWHERE',
  'INVALID_PIX_KEY',
  'CONNECTION_TEST_FAILED',
  'SETTINGS_REFUSED',
  // Sales, refunds, receipts, history
  'CUSTOMER_CONTACT_REQUIRED',
  'SALE_NOT_FOUND',
  'SALE_NOT_WAITING',
  'SALE_ALREADY_PAID',
  'SALE_NOT_PAID',
  'REFUND_TOO_LARGE',
  'OFFLINE_REFUND_BY_BANK',
  'SANDBOX_ONLY',
  'NO_TRANSACTION_ID',
  'RECEIPT_NOT_FOUND',
  'NO_SERVICE_RECORDS',
  'INVALID_DAY',
  'DAYS_REVERSED',
  'RANGE_TOO_LONG',
  // The service
  'SERVICE_NOT_CONFIGURED',
  'SERVICE_UNREACHABLE',
  'SERVICE_REFUSED',
  // Offline selling
  'OFFLINE_SALE_REFUSED',
  'NOT_AN_OFFLINE_SALE',
  'NOT_UNDER_REVIEW',
  'DECISION_DOES_NOT_FIT',
  // The shop's PDV and ERP software (src/main/counter/integration)
  'RATE_LIMITED',
  'SALE_ON_SCREEN',
  'ORDER_NOT_FOUND',
  'ORDER_ALREADY_PAID',
  'INTEGRATION_NOT_FOUND',
] as const;

export type CounterErrorCode = (typeof COUNTER_ERROR_CODES)[number];

/**
 * The data of the codes whose text has any. `context` picks a variant of the text (i18next's
 * context: `counterError.<CODE>_<context>`), for one meaning said about different actions.
 * What deeper rules found (a cap's refusal, the closing warnings, the connection check's verdict)
 * travels as their own coded data, which the renderer says in words too.
 */
interface DetailsByCode {
  INVALID_INPUT: { path: string; issue: string };
  UNKNOWN_METHOD: { method: string };
  MANAGER_REQUIRED: { context?: 'refund' | 'settings' | 'operators' | 'drawer' };
  PIN_REFUSED: { name: string };
  /** `justNow`: this wrong PIN is the one that locked the operator. */
  OPERATOR_LOCKED: { name: string; seconds: number; context?: 'justNow' };
  NOT_A_MANAGER: { name: string };
  OPERATOR_NAME_TAKEN: { name: string };
  /** `sell`: said where a sale or a cancel needs the register open. */
  REGISTER_CLOSED: { context?: 'sell' };
  REGISTER_ALREADY_OPEN: { tillName: string; openedBy: string };
  CLOSE_NEEDS_CONFIRMATION: { warnings: z.output<typeof schema.closingWarning>[] };
  COMMANDS_QUEUED: { count: number };
  /** `test`: "Testar conexão" without an AppID typed or saved. */
  APP_ID_REQUIRED: { context?: 'test' };
  INVALID_PIX_KEY: { typed: string };
  /** The check's verdict, and what it could not remove at the service (the refusal is all the owner reads). */
  CONNECTION_TEST_FAILED: {
    problem?: z.output<typeof schema.connectionProblem>;
    verdict: z.output<typeof schema.connectionVerdict>;
    leftBehind?: z.output<typeof schema.connectionLeftBehind>[];
  };
  SETTINGS_REFUSED: { reason: string };
  SALE_NOT_FOUND: { correlationID: string };
  SALE_NOT_WAITING: { context: 'show' | 'cancel' | 'pay' };
  /** Cents. */
  REFUND_TOO_LARGE: { refundable: number };
  INVALID_DAY: { day: string };
  RANGE_TOO_LONG: { maxDays: number; days: number };
  SERVICE_NOT_CONFIGURED: ServiceNotConfigured;
  /**
   * The refusal as the counter keeps it: the service's own words (English, for integrators) in
   * the counter's pt-BR frame ("O serviço Pix recusou a cobrança: …"); the screen maps the words
   * it knows (src/renderer/src/lib/service-error.ts).
   */
  SERVICE_REFUSED: { reason: string };
  OFFLINE_SALE_REFUSED: { refusal: z.output<typeof schema.offlineRefusal> };
  DECISION_DOES_NOT_FIT: { fits: (typeof OFFLINE_DECISIONS)[number][] };
  /** Seconds until another try is heard. */
  RATE_LIMITED: { seconds: number };
  /** The sale waiting on the cashier's screen (its value, cents). */
  SALE_ON_SCREEN: { correlationID: string; value: number };
  ORDER_NOT_FOUND: { orderId: string };
  ORDER_ALREADY_PAID: { orderId: string };
}

/**
 * Why no service can be reached: a remote mode without its base URL, its AppID or both (`missing`,
 * in that order); without `mode`, no service was set at all.
 */
export interface ServiceNotConfigured {
  mode?: (typeof REMOTE_MODES)[number];
  missing: ('baseUrl' | 'appId')[];
}

// Every key of DetailsByCode is a code (a typo there would silently never be used).
type UnknownDetailCodes = Exclude<keyof DetailsByCode, CounterErrorCode>;
const _detailsNameCodes: UnknownDetailCodes extends never ? true : never = true;
void _detailsNameCodes;

export type CounterErrorDetails<C extends CounterErrorCode> = C extends keyof DetailsByCode ? DetailsByCode[C] : never;

/** What crosses the boundary, and what the renderer's error is in both hosts: a plain object. */
export type CounterErrorBody = {
  [C in CounterErrorCode]: [CounterErrorDetails<C>] extends [never]
    ? { code: C; message?: string; details?: undefined }
    : { code: C; message?: string; details: CounterErrorDetails<C> };
}[CounterErrorCode];

/** A call's outcome as the one adapter answers it (src/main/counter/app/counter-call.ts). */
export type CounterResult<T = unknown> = { ok: true; value: T } | { ok: false; error: CounterErrorBody };

type DetailsArgs<C extends CounterErrorCode> = [CounterErrorDetails<C>] extends [never]
  ? [details?: undefined, message?: string]
  : [details: CounterErrorDetails<C>, message?: string];

/** Thrown by the counter's rules in main; the adapter turns it into its body. */
export class CounterError<C extends CounterErrorCode = CounterErrorCode> extends Error {
  readonly code: C;
  readonly details: CounterErrorDetails<C> | undefined;
  /** The words the throw gave, if any (Error's own message falls back to the code, for logs). */
  private readonly words: string | undefined;

  constructor(code: C, ...[details, message]: DetailsArgs<C>) {
    super(message ?? code);
    this.name = 'CounterError';
    this.code = code;
    this.details = details;
    this.words = message;
  }

  body(): CounterErrorBody {
    return {
      code: this.code,
      ...(this.words !== undefined ? { message: this.words } : {}),
      ...(this.details !== undefined ? { details: this.details } : {}),
    } as CounterErrorBody;
  }
}

const CODES: ReadonlySet<string> = new Set(COUNTER_ERROR_CODES);

export function isCounterErrorCode(value: unknown): value is CounterErrorCode {
  return typeof value === 'string' && CODES.has(value);
}

/** A body from the other side of a boundary, or null when it is not one (its code unknown included). */
export function counterErrorBodyOf(value: unknown): CounterErrorBody | null {
  if (typeof value !== 'object' || value === null) return null;
  const { code, message, details } = value as { code?: unknown; message?: unknown; details?: unknown };
  if (!isCounterErrorCode(code)) return null;
  return {
    code,
    ...(typeof message === 'string' ? { message } : {}),
    ...(typeof details === 'object' && details !== null ? { details } : {}),
  } as CounterErrorBody;
}
