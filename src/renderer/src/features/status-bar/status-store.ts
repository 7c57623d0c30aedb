// View cache of the till status (online, queue, mode), fed by getStatus and 'status' pushes.
import { create } from 'zustand';
import type { CounterStatus } from '#shared/counter/counter-api';
import { counterApi } from '../../app/counter-api';

interface StatusState {
  status: CounterStatus | null;
  load(): Promise<void>;
  apply(status: CounterStatus): void;
}

export const useStatus = create<StatusState>()((set) => ({
  status: null,
  async load() {
    set({ status: await counterApi().getStatus() });
  },
  apply: (status) => set({ status }),
}));
