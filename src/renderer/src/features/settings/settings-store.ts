// View cache of the settings kept by the main process. Other features read the mode, the
// printer and the receipt layout from here; only the settings screen writes.
import { create } from 'zustand';
import type { Settings, SettingsInput } from '#shared/counter/counter-api';
import { counterApi } from '../../app/counter-api';
import { switchLocale } from '../../i18n/i18n';
import { settingsSaveNeedsManager } from '#shared/counter/settings-approval';
import { withManagerIfRequired } from '../register/manager-approval-store';

interface SettingsState {
  settings: Settings | null;
  /** The settings screen asks whether to switch services with commands still queued (Enter / Esc). */
  confirmingSwitch: boolean;
  load(): Promise<Settings>;
  save(input: SettingsInput): Promise<Settings>;
  setConfirmingSwitch(confirming: boolean): void;
}

export const useSettings = create<SettingsState>()((set) => ({
  settings: null,
  confirmingSwitch: false,
  async load() {
    const settings = await counterApi().getSettings();
    set({ settings });
    switchLocale(settings.locale);
    return settings;
  },
  async save(input) {
    // Once the register is set up, every change of the settings carries a manager's approval,
    // except the language alone (the main process asks for none there either).
    const settings = settingsSaveNeedsManager(input)
      ? await withManagerIfRequired('settings', (manager) =>
          counterApi().saveSettings(manager ? { ...input, manager } : input),
        )
      : await counterApi().saveSettings(input);
    set({ settings });
    switchLocale(settings.locale);
    return settings;
  },
  setConfirmingSwitch: (confirmingSwitch) => set({ confirmingSwitch }),
}));

export function isSandboxMode(settings: Settings | null): boolean {
  return settings !== null && settings.mode !== 'production';
}
