// "Would leaving this screen lose something the cashier typed?" Asked when something that is not
// the cashier's own key wants the sale screen (a PDV's sale landing: lib/pdv-push). Forms whose
// draft dies with the screen say so (useHoldsTyping: the settings form changed and unsaved, a new
// integration's name or its token shown once); any open dialog holds the screen; and so does a
// field the cashier is typing in right now.
import { useEffect } from 'react';

const holders = new Set<string>();

/** Marks (or clears) `key` as holding typed work the screen would lose. */
export function holdTyping(key: string, holding: boolean): void {
  if (holding) holders.add(key);
  else holders.delete(key);
}

/** While `holding`, the screen is not taken from under the component's typed work. */
export function useHoldsTyping(key: string, holding: boolean): void {
  useEffect(() => {
    holdTyping(key, holding);
    return () => holdTyping(key, false);
  }, [key, holding]);
}

/** True when leaving the current screen now would lose what the cashier typed or is answering. */
export function typedWorkOnScreen(): boolean {
  if (holders.size > 0) return true;
  if (typeof document === 'undefined') return false;
  if (document.querySelector('dialog[open], [role="alertdialog"]') !== null) return true;
  const focused = document.activeElement;
  if (focused instanceof HTMLTextAreaElement) return !focused.readOnly && focused.value !== '';
  if (focused instanceof HTMLInputElement) {
    const typed = !['button', 'checkbox', 'radio', 'submit', 'reset', 'range', 'color', 'file'].includes(focused.type);
    return typed && !focused.readOnly && focused.value !== '';
  }
  return false;
}
