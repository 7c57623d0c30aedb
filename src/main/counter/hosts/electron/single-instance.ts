// One Balcão per machine: two copies would fight over the same SQLite files and printer. A second
// launch only brings the running cashier window to the front.
import type { App, BrowserWindow } from 'electron';

/** Claims the lock; false means another instance runs and this one must quit. */
export function claimSingleInstance(
  app: Pick<App, 'requestSingleInstanceLock' | 'on'>,
  cashierWindow: () => BrowserWindow | undefined,
): boolean {
  if (!app.requestSingleInstanceLock()) return false;
  app.on('second-instance', () => {
    const window = cashierWindow();
    if (!window || window.isDestroyed()) return;
    if (window.isMinimized()) window.restore();
    window.show();
    window.focus();
  });
  return true;
}
