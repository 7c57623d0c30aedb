// "Testar conexão" on the settings screen: the last check's answer (from the main process, which
// asks the service), and a save held back because the service could not be reached, which the
// owner may send anyway ("Salvar mesmo assim"). A save that changes the service runs the same
// check first, so the owner reads what is wrong before being asked for the manager's PIN.
import { create } from 'zustand';
import type { ConnectionCheck, SettingsInput } from '#shared/counter/counter-api';
import { errorMessage, counterApi } from '../../app/counter-api';

export interface ConnectionTarget {
  baseUrl: string;
  /** Typed AppID; absent: the saved one (which the main process sends only to the saved address). */
  appId?: string;
}

interface ConnectionCheckState {
  testing: boolean;
  check: ConnectionCheck | null;
  /** The main process refused to test at all (no AppID, another address with the saved one). */
  error: string | null;
  /** The save refused only because nothing answered; "Salvar mesmo assim" sends it. */
  heldSave: SettingsInput | null;
  test(target: ConnectionTarget): Promise<ConnectionCheck | null>;
  /** Before a save that changes the service: true when it may go ahead now. */
  passesBeforeSave(target: ConnectionTarget, input: SettingsInput): Promise<boolean>;
  /** The typed connection changed, or the save went through: the old answer no longer applies. */
  clear(): void;
}

let latest = 0;

export const useConnectionCheck = create<ConnectionCheckState>()((set, get) => ({
  testing: false,
  check: null,
  error: null,
  heldSave: null,

  async test(target) {
    // Only the newest request's answer is shown: an older one may come back last.
    const request = ++latest;
    set({ testing: true, check: null, error: null, heldSave: null });
    try {
      const check = await counterApi().testConnection(target.appId ? target : { baseUrl: target.baseUrl });
      if (request === latest) set({ testing: false, check });
      return check;
    } catch (error) {
      if (request === latest) set({ testing: false, error: errorMessage(error) });
      return null;
    }
  },

  async passesBeforeSave(target, input) {
    const check = await get().test(target);
    if (check?.ok) return true;
    if (check?.problem === 'unreachable') set({ heldSave: input });
    return false;
  },

  clear() {
    latest++;
    set({ testing: false, check: null, error: null, heldSave: null });
  },
}));
