// Keyboard-first: every screen binds its keys through this hook. One window listener per hook,
// removed on unmount, so only the visible screen's keys are live.
import { useEffect, useRef } from 'react';

export type HotkeyHandler = (event: KeyboardEvent) => void;

export interface HotkeyOptions {
  enabled?: boolean;
  /** Dialog hooks keep working while a modal is open; screen hooks pause under it. */
  scope?: 'screen' | 'dialog';
}

/**
 * Keys are KeyboardEvent.key values ("F2", "Escape", "Enter", "/", "d") with an optional
 * "Ctrl+" prefix. Printable keys are skipped while the cashier types in a field, except
 * those the field does not consume (Escape, function keys, Ctrl combos).
 */
export function useHotkeys(bindings: Record<string, HotkeyHandler>, options: HotkeyOptions = {}): void {
  const latest = useRef(bindings);
  latest.current = bindings;
  const enabled = options.enabled ?? true;
  const scope = options.scope ?? 'screen';

  useEffect(() => {
    if (!enabled) return;
    const onKeyDown = (event: KeyboardEvent) => {
      if (event.defaultPrevented || event.isComposing) return;
      if (scope === 'screen' && modalIsOpen()) return;
      const name = keyName(event);
      const handler = latest.current[name];
      if (!handler) return;
      if (isPrintable(event) && isTypingTarget(event.target)) return;
      if (event.key === 'Enter' && isActivatableTarget(event.target)) return;
      event.preventDefault();
      handler(event);
    };
    window.addEventListener('keydown', onKeyDown);
    return () => window.removeEventListener('keydown', onKeyDown);
  }, [enabled, scope]);
}

function keyName(event: KeyboardEvent): string {
  const key = event.key.length === 1 ? event.key.toLowerCase() : event.key;
  return event.ctrlKey || event.metaKey ? `Ctrl+${key}` : key;
}

function isPrintable(event: KeyboardEvent): boolean {
  return event.key.length === 1 && !event.ctrlKey && !event.metaKey && !event.altKey;
}

export function isTypingTarget(target: EventTarget | null): boolean {
  if (!(target instanceof HTMLElement)) return false;
  if (target.isContentEditable) return true;
  if (target instanceof HTMLTextAreaElement || target instanceof HTMLSelectElement) return true;
  if (target instanceof HTMLInputElement) {
    return !['button', 'checkbox', 'radio', 'submit', 'reset'].includes(target.type);
  }
  return false;
}

/** Enter on a focused button or link already activates it; a global Enter must not double it. */
function isActivatableTarget(target: EventTarget | null): boolean {
  if (!(target instanceof HTMLElement)) return false;
  return (
    target instanceof HTMLButtonElement ||
    target instanceof HTMLAnchorElement ||
    target instanceof HTMLTextAreaElement ||
    target instanceof HTMLSelectElement ||
    (target instanceof HTMLInputElement && ['checkbox', 'radio', 'button', 'submit'].includes(target.type))
  );
}

function modalIsOpen(): boolean {
  return document.querySelector('dialog[open]') !== null;
}
