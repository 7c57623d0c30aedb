// A typed client for the browser host's bridge: the same CounterApi the cashier's page calls,
// over POST /__balcao/invoke/<method> with the run token and the page's own origin.
import { counterErrorBodyOf, type CounterErrorCode } from '#shared/counter/counter-errors';
import type { CounterApi } from '#shared/counter/counter-api';
import type { CounterInvokeMethod } from '#shared/counter/counter-channels';

export type BridgeInput<M extends CounterInvokeMethod> = Parameters<CounterApi[M]>[0];
export type BridgeOutput<M extends CounterInvokeMethod> = Awaited<ReturnType<CounterApi[M]>>;

/**
 * The counter refused: its error's code (none when something else answered), its words as
 * `error` ("CODE: message", for logs), and the HTTP status (0: no answer at all: refused, reset,
 * timed out).
 */
export class BridgeError extends Error {
  override name = 'BridgeError';
  constructor(
    readonly method: CounterInvokeMethod,
    readonly status: number,
    readonly error: string,
    options?: { cause?: unknown; code?: CounterErrorCode },
  ) {
    super(`${method} → ${status === 0 ? 'no answer' : status}: ${error}`, options);
    this.code = options?.code;
  }

  readonly code: CounterErrorCode | undefined;
}

export type Attempt<T> =
  { ok: true; value: T } | { ok: false; status: number; error: string; code: CounterErrorCode | undefined };

export interface BridgeClient {
  readonly origin: string;
  readonly token: string;
  /** Throws BridgeError on an error answer or no answer. */
  call<M extends CounterInvokeMethod>(method: M, payload?: BridgeInput<M>): Promise<BridgeOutput<M>>;
  /** The same, as a value: trials log refusals instead of stopping on them. */
  attempt<M extends CounterInvokeMethod>(method: M, payload?: BridgeInput<M>): Promise<Attempt<BridgeOutput<M>>>;
}

export interface BridgeClientOptions {
  origin: string;
  token: string;
  /** Per call (default 20 s): a counter stuck on its remote must not stall a test forever. */
  timeoutMs?: number;
}

export function createBridgeClient(options: BridgeClientOptions): BridgeClient {
  const timeoutMs = options.timeoutMs ?? 20_000;
  const client: BridgeClient = {
    origin: options.origin,
    token: options.token,
    async call(method, payload) {
      let response: Response;
      try {
        response = await fetch(`${options.origin}/__balcao/invoke/${method}`, {
          method: 'POST',
          headers: { 'content-type': 'application/json', 'x-balcao-token': options.token, origin: options.origin },
          body: payload === undefined ? undefined : JSON.stringify(payload),
          signal: AbortSignal.timeout(timeoutMs),
        });
      } catch (error) {
        throw new BridgeError(method, 0, error instanceof Error ? `${error.message}${causeOf(error)}` : String(error), {
          cause: error,
        });
      }
      const text = await response.text().catch(() => '');
      let body: unknown;
      try {
        body = text === '' ? null : JSON.parse(text);
      } catch {
        throw new BridgeError(method, response.status, `not JSON: ${text.slice(0, 200)}`);
      }
      if (!response.ok) {
        const refusal = counterErrorBodyOf(body && typeof body === 'object' && 'error' in body ? body.error : null);
        if (!refusal) throw new BridgeError(method, response.status, text.slice(0, 200));
        const words = refusal.message ? `${refusal.code}: ${refusal.message}` : refusal.code;
        throw new BridgeError(method, response.status, words, { code: refusal.code });
      }
      return body as never;
    },
    async attempt(method, payload) {
      try {
        return { ok: true, value: await client.call(method, payload) };
      } catch (error) {
        if (error instanceof BridgeError)
          return { ok: false, status: error.status, error: error.error, code: error.code };
        throw error;
      }
    },
  };
  return client;
}

function causeOf(error: Error): string {
  const cause = error.cause as { code?: string; message?: string } | undefined;
  return cause ? ` (${cause.code ?? cause.message ?? ''})` : '';
}

/**
 * The register set up as an owner does on the first day: a manager, then a cashier the manager's
 * PIN allows. Answers the register as the second call left it.
 */
export async function createManagerAndCashier(
  bridge: BridgeClient,
  manager: { name: string; pin: string },
  cashier: { name: string; pin: string },
): Promise<BridgeOutput<'createOperator'>> {
  const first = await bridge.call('createOperator', { name: manager.name, role: 'MANAGER', pin: manager.pin });
  const managerId = first.operators.find((operator) => operator.name === manager.name)!.id;
  return bridge.call('createOperator', {
    name: cashier.name,
    role: 'CASHIER',
    pin: cashier.pin,
    manager: { operatorId: managerId, pin: manager.pin },
  });
}
