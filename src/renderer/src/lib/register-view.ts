// What the register screens decide, apart from drawing it: which step the counter is at (sell,
// sign in, open the register), the status bar's words about the register, the PIN form's checks,
// and which errors a PIN dialog keeps to itself. Pure: tested in Node
// (test/renderer/register-view.test.ts).
import type { CounterErrorCode } from '#shared/counter/counter-errors';
import type { RegisterState } from '#shared/counter/counter-api';
import { counterErrorCode } from './counter-error-text';

/** Same rule as the main process's schema (counter-schemas `pin`): 4 to 8 digits. */
export const PIN_PATTERN = /^\d{4,8}$/;
export const OPERATOR_NAME_MAX = 60;

/**
 * What the sale screen needs before a sale: nothing while the register is not set up (a fresh
 * counter sells as before), then a signed-in operator, then an open session.
 */
export type RegisterGate = 'sell' | 'signIn' | 'openRegister';

export function registerGate(state: RegisterState | null): RegisterGate {
  if (!state || !state.setUp) return 'sell';
  if (!state.current) return 'signIn';
  if (!state.session) return 'openRegister';
  return 'sell';
}

/** The status bar's register item; none before the register is set up. */
export type RegisterBarItem =
  | { kind: 'open'; since: string; operator?: string; till: string }
  | { kind: 'closed'; operator?: string }
  | { kind: 'signedOut'; since?: string };

export function registerBarItem(state: RegisterState | null): RegisterBarItem | null {
  if (!state || !state.setUp) return null;
  const operator = state.current?.name;
  if (state.session) {
    return {
      kind: 'open',
      since: state.session.openedAt,
      till: state.session.tillName,
      ...(operator ? { operator } : {}),
    };
  }
  return operator ? { kind: 'closed', operator } : { kind: 'signedOut' };
}

export type OperatorFormProblem = 'nameRequired' | 'nameTaken' | 'pinFormat' | 'pinMismatch';

export interface OperatorDraft {
  name: string;
  pin: string;
  pinAgain: string;
}

/** The first problem of a new operator's form, in the order the fields are read; null when fine. */
export function operatorFormProblem(
  draft: OperatorDraft,
  takenNames: readonly string[] = [],
): OperatorFormProblem | null {
  const name = draft.name.trim();
  if (!name) return 'nameRequired';
  const folded = name.toLocaleLowerCase('pt-BR');
  if (takenNames.some((taken) => taken.trim().toLocaleLowerCase('pt-BR') === folded)) return 'nameTaken';
  if (!PIN_PATTERN.test(draft.pin)) return 'pinFormat';
  if (draft.pin !== draft.pinAgain) return 'pinMismatch';
  return null;
}

/** Keeps only digits, at most 8: what a PIN field accepts as it is typed. */
export function pinInput(text: string): string {
  return text.replace(/\D/g, '').slice(0, 8);
}

/**
 * A refusal of the PIN itself (wrong PIN, locked with the time left, operator gone, not a
 * manager, no approval given): the PIN dialog stays open with its words. Any other error is the
 * action's own (a refund over the refundable value, a closing that needs confirming) and goes
 * back to its screen.
 */
export function isPinRefusal(error: unknown): boolean {
  const code = counterErrorCode(error);
  return code !== undefined && PIN_REFUSALS.has(code);
}

const PIN_REFUSALS: ReadonlySet<CounterErrorCode> = new Set<CounterErrorCode>([
  'PIN_REFUSED',
  'OPERATOR_LOCKED',
  'OPERATOR_NOT_FOUND',
  'NOT_A_MANAGER',
  'MANAGER_REQUIRED',
]);
