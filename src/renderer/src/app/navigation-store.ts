import { create } from 'zustand';

export type Screen = 'sale' | 'history' | 'register' | 'settings';

interface NavigationState {
  screen: Screen;
  go(screen: Screen): void;
}

export const useNavigation = create<NavigationState>()((set) => ({
  screen: 'sale',
  go: (screen) => set({ screen }),
}));
