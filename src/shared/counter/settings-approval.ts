// Which saves of the settings need a manager's PIN once the register is set up. The language is
// the reader's, not the shop's: a cashier switching it changes nothing anyone else relies on.
// Shared so the screen asks for the PIN exactly when the main process will want it.
import type { z } from 'zod';
import type { settingsInput } from './counter-schemas';

// From the schema, not counter-api.ts: the method table imports this module, and counter-api.ts the table.
type SettingsInput = z.input<typeof settingsInput>;

/** Keys of SettingsInput that only steer how the save is made, not what is saved. */
const SAVE_FLAGS = new Set<string>(['confirmQueued', 'saveUnreachable', 'manager']);

/** True when the save changes the language and nothing else. */
export function isLanguageOnly(input: SettingsInput): boolean {
  const changed = Object.entries(input).filter(([key, value]) => value !== undefined && !SAVE_FLAGS.has(key));
  return changed.length === 1 && changed[0]![0] === 'locale';
}

/** Whether saving `input` needs a manager's approval on a register that is set up. */
export function settingsSaveNeedsManager(input: SettingsInput): boolean {
  return !isLanguageOnly(input);
}
