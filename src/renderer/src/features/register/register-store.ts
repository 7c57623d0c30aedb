// View cache of the register (set up or not, operators, who is signed in, the open session),
// fed by getRegister and by the answer of every register call the screens make.
import { create } from 'zustand';
import type { RegisterState, SessionSummary } from '#shared/counter/counter-api';
import { counterApi } from '../../app/counter-api';
import { newestAnswer } from '../../lib/newest-answer';

interface RegisterStoreState {
  register: RegisterState | null;
  /** The session just closed on the "Caixa" screen: its summary and report stay until "Concluir". */
  justClosed: SessionSummary | null;
  load(): Promise<RegisterState>;
  apply(register: RegisterState): void;
  setJustClosed(summary: SessionSummary | null): void;
}

// Screens ask for the register at any time (the PIN dialog on opening, the close screen after
// closing): only the newest answer is shown.
const answers = newestAnswer();

export const useRegister = create<RegisterStoreState>()((set) => ({
  register: null,
  justClosed: null,
  async load() {
    const ticket = answers.ask();
    const register = await counterApi().getRegister();
    if (answers.isNewest(ticket)) set({ register });
    return register;
  },
  apply: (register) => {
    answers.shownNow();
    set({ register });
  },
  setJustClosed: (justClosed) => set({ justClosed }),
}));

/** The register as the main process has it now (loaded once if the screens have not yet). */
export async function currentRegister(): Promise<RegisterState> {
  return useRegister.getState().register ?? (await useRegister.getState().load());
}
