// What a handler of the counter's method table (src/shared/counter/counter-methods.ts) is, declared here,
// beside the layers rather than in one of them, so app/ and register/ both write handlers without
// register/ importing app/. app/counter-handlers.ts assembles the groups into the one table;
// app/counter-call.ts calls them.
import type { CounterMethodInput, CounterMethodName, CounterMethodOutput } from '#shared/counter/counter-methods';
import type { CallOrigin } from './call-origin';
import type { Attribution } from '../register/sales-store-port';

/** What the access check learned for the handler (app/counter-call.ts). */
export interface CallContext {
  /** Methods with `operator: 'selling'`, once the register is set up: who is selling, in which session. */
  by?: Attribution;
  /** The window the call came from, when a host knows it: a push its answer already told skips it. */
  origin?: CallOrigin;
  /**
   * createSale for a PDV's order (src/main/counter/integration): the charge's additionalInfo, and
   * the order's row, written in the sale's own transaction. Given only by main's own callers,
   * never by a host: no IPC or bridge payload can carry a function.
   */
  order?: { additionalInfo: { key: string; value: string }[]; alsoWrite: (correlationID: string) => void };
}

/**
 * A method's handler: its input as its schema parsed it, its answer as its output schema says,
 * or a CounterError. No Electron, no HTTP: both hosts reach it through the same adapter.
 */
export type CounterHandler<M extends CounterMethodName> = (
  input: CounterMethodInput<M>,
  context: CallContext,
) => Promise<CounterMethodOutput<M>>;

export type CounterHandlers = { [M in CounterMethodName]: CounterHandler<M> };

/** Some of the handlers, written together (the sale's, the register's, the sale on screen's). */
export type HandlerGroup = Partial<CounterHandlers>;
