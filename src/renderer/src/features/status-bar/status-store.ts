// View cache of the till status (online, queue, mode), fed by getStatus and 'status' pushes.
import { create } from 'zustand';
import type { PosStatus } from '#shared/counter-api';
import { posApi } from '../../app/counter-api';

interface StatusState {
  status: PosStatus | null;
  load(): Promise<void>;
  apply(status: PosStatus): void;
}

export const useStatus = create<StatusState>()((set) => ({
  status: null,
  async load() {
    set({ status: await posApi().getStatus() });
  },
  apply: (status) => set({ status }),
}));
