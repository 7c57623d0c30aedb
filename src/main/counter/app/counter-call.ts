// The ONE adapter between a host and the counter's handlers. Electron's IPC (electron/ipc-register.ts)
// and the browser bridge (web/bridge-routes.ts) only carry a method's name and payload here and
// the result back: this parses the payload with the method's schema, checks who may call it,
// runs its handler and turns any failure into `{ code, message?, details? }`. So both hosts
// answer the same words for the same call, whatever it is.
import { counterMethods, errorsOf, type CounterAccess, type CounterMethodName } from '#shared/counter/counter-methods';
import { CounterError, type CounterErrorBody, type CounterResult } from '#shared/counter/counter-errors';
import type { CounterMethodsApi } from '#shared/counter/counter-api';
import type { Attribution } from '../register/sales-store-port';
import type { CallContext, CounterHandlers } from '../ports/counter-handler-port';
import type { CallOrigin } from '../ports/call-origin';

/** The register, as far as checking a caller goes (Register is one). */
export interface AccessGate {
  readonly setUp: boolean;
  /** Throws NOT_SIGNED_IN once the register is set up and nobody is at the counter. */
  requireSignedIn(): void;
  /** Who is selling, in which session; throws NOT_SIGNED_IN or REGISTER_CLOSED. Undefined before set-up. */
  attribution(): Attribution | undefined;
}

export interface CounterCallOptions {
  handlers: CounterHandlers;
  gate: AccessGate;
  /**
   * Tests: every answer is parsed with its method's output schema and every refusal's code must be
   * one its table entry lists; a miss answers INTERNAL with what was wrong (see counter-methods.ts
   * for why production does not pay for this).
   */
  checkAnswers?: boolean;
  log?: (message: string, error?: unknown) => void;
}

/**
 * A call by name, as a host receives it: the name is checked too (UNKNOWN_METHOD). `origin` is the
 * window it came from, when the host knows one (call-origin.ts).
 */
export type CounterCall = (
  name: string,
  payload: unknown,
  origin?: CallOrigin,
  /** What only main's own callers add (the PDV's order: CallContext.order); no host passes it. */
  internal?: Pick<CallContext, 'order'>,
) => Promise<CounterResult>;

export function createCounterCall(options: CounterCallOptions): CounterCall {
  const log = options.log ?? console.error;

  return async (name, payload, origin, internal) => {
    if (!Object.hasOwn(counterMethods, name)) {
      return refused({ code: 'UNKNOWN_METHOD', message: `Método desconhecido: ${name}`, details: { method: name } });
    }
    const method = name as CounterMethodName;
    const spec = counterMethods[method];
    const parsed = spec.input.safeParse(payload);
    if (!parsed.success) return refused(invalidInput(parsed.error.issues));
    try {
      const admitted = admit(spec.access as CounterAccess<unknown>, parsed.data, options.gate);
      const context = { ...admitted, ...(origin === undefined ? {} : { origin }), ...internal };
      const handler = options.handlers[method] as (input: unknown, context: CallContext) => Promise<unknown>;
      const value = await handler(parsed.data, context);
      if (options.checkAnswers) {
        const checked = spec.output.safeParse(value);
        if (!checked.success) {
          const where = checked.error.issues.map((issue) => `${issue.path.join('.')}: ${issue.message}`).join('; ');
          return refused({ code: 'INTERNAL', message: `the answer of ${method} does not match its schema: ${where}` });
        }
      }
      return { ok: true, value };
    } catch (error) {
      if (!(error instanceof CounterError)) {
        log(`[pos] ${method} failed`, error);
        return refused({ code: 'INTERNAL' });
      }
      const body = (error as CounterError).body();
      if (options.checkAnswers && !errorsOf(method).has(body.code)) {
        return refused({
          code: 'INTERNAL',
          message: `${method} answered ${body.code}, which its table entry does not list`,
        });
      }
      return refused(body);
    }
  };
}

/** The same calls as a typed API that throws CounterError: the tests', the bench's and the tools' way in. */
export function counterClient(call: CounterCall): CounterMethodsApi {
  const api: Record<string, (input?: unknown) => Promise<unknown>> = {};
  for (const name of Object.keys(counterMethods)) {
    api[name] = async (input?: unknown) => {
      const result = await call(name, input);
      if (result.ok) return result.value;
      const { code, details, message } = result.error;
      throw new (CounterError as new (...args: unknown[]) => CounterError)(code, details, message);
    };
  }
  return api as unknown as CounterMethodsApi;
}

function refused(error: CounterErrorBody): CounterResult {
  return { ok: false, error };
}

/** The first issue, in the same words in both hosts: "Dados inválidos: value: Too small…". */
function invalidInput(issues: ReadonlyArray<{ path: PropertyKey[]; message: string }>): CounterErrorBody {
  const issue = issues[0];
  const path = issue ? issue.path.map(String).join('.') : '';
  const text = issue?.message ?? 'payload';
  return {
    code: 'INVALID_INPUT',
    message: `Dados inválidos: ${path ? `${path}: ` : ''}${text}`,
    details: { path, issue: text },
  };
}

/**
 * The method's access, checked before its handler runs, in the order the handlers always asked:
 * the operator (and the open register) first, then the manager's approval.
 */
function admit(access: CounterAccess<unknown>, input: unknown, gate: AccessGate): CallContext {
  let by: Attribution | undefined;
  if (access.operator === 'signed-in') gate.requireSignedIn();
  if (access.operator === 'selling') by = gate.attribution();
  if (access.manager && managerNeeded(access.manager, input, gate.setUp) && !hasApproval(input)) {
    throw new CounterError('MANAGER_REQUIRED', access.managerFor ? { context: access.managerFor } : {});
  }
  return by ? { by } : {};
}

function managerNeeded(rule: NonNullable<CounterAccess<unknown>['manager']>, input: unknown, setUp: boolean): boolean {
  if (rule === 'always') return true;
  if (!setUp) return false;
  return rule === 'set-up' || rule(input);
}

function hasApproval(input: unknown): boolean {
  return typeof input === 'object' && input !== null && (input as { manager?: unknown }).manager !== undefined;
}
