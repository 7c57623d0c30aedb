// "PIN do gerente": an action that needs a manager's approval runs through askManager(). The
// dialog (ManagerPinDialog, mounted once by the app) asks which manager and the PIN, then runs
// the action itself with that approval: a wrong PIN or a lockout keeps the dialog open with the
// main process's words; the action's own result or error goes back to the caller. Esc rejects
// with ApprovalCancelled and nothing is sent. Before the register is set up (no manager yet)
// the action runs at once without an approval, as the main process expects.
import { create } from 'zustand';
import type { ManagerApproval } from '#shared/counter/counter-api';
import { errorMessage } from '../../app/counter-api';
import { isPinRefusal } from '../../lib/register-view';
import { currentRegister } from './register-store';

/** What the dialog's heading says the PIN is for. */
export type ApprovalPurpose = 'refund' | 'settings' | 'closeRegister' | 'createOperator' | 'disableOperator' | 'drawer';

export class ApprovalCancelled extends Error {
  constructor() {
    super('Cancelado: nada foi enviado sem o PIN do gerente.');
    this.name = 'ApprovalCancelled';
  }
}

interface PendingApproval {
  /** One per request: the dialog starts afresh for each. */
  id: number;
  purpose: ApprovalPurpose;
  /**
   * Runs the action with the approval; the dialog calls it on each attempt. Resolves with the
   * main process's words when it refused the PIN itself (the dialog stays open with them), or
   * null once the action is over (its result or its own error went back to the caller).
   */
  run(approval: ManagerApproval): Promise<string | null>;
  cancel(): void;
}

interface ApprovalState {
  pending: PendingApproval | null;
  set(pending: PendingApproval | null): void;
}

export const useManagerApproval = create<ApprovalState>()((set) => ({
  pending: null,
  set: (pending) => set({ pending }),
}));

/** Runs `action` with a manager's approval, asking for it only once the register is set up. */
let requests = 0;

export async function withManagerIfRequired<T>(
  purpose: ApprovalPurpose,
  action: (approval?: ManagerApproval) => Promise<T>,
): Promise<T> {
  const register = await currentRegister();
  if (!register.setUp) return action();
  return askManager(purpose, action);
}

/** Always asks for the PIN (operators, closing): resolves with the action's result. */
export function askManager<T>(purpose: ApprovalPurpose, action: (approval: ManagerApproval) => Promise<T>): Promise<T> {
  return new Promise<T>((resolve, reject) => {
    const done = () => useManagerApproval.getState().set(null);
    useManagerApproval.getState().set({
      id: ++requests,
      purpose,
      async run(approval) {
        try {
          const result = await action(approval);
          done();
          resolve(result);
          return null;
        } catch (error) {
          if (isPinRefusal(error)) return errorMessage(error);
          done();
          reject(error);
          return null;
        }
      },
      cancel() {
        done();
        reject(new ApprovalCancelled());
      },
    });
  });
}
