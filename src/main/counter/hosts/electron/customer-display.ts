// Keeps the customer-facing window in step with the setting and with the displays plugged in:
// open on the second display when the setting is on and one exists, closed otherwise.
import { screen, type BrowserWindow } from 'electron';
import { createCustomerWindow, pickCustomerDisplay } from './windows';

export class CustomerDisplay {
  private window: BrowserWindow | undefined;
  private displayId: number | undefined;

  constructor(
    private readonly preloadPath: string,
    private readonly wanted: () => boolean,
  ) {}

  get current(): BrowserWindow | undefined {
    return this.window && !this.window.isDestroyed() ? this.window : undefined;
  }

  /** Opens or closes the window to match the setting and the displays right now. */
  sync(): void {
    const display = this.wanted()
      ? pickCustomerDisplay(screen.getAllDisplays(), screen.getPrimaryDisplay())
      : undefined;
    const open = this.current;
    if (open && display?.id !== this.displayId) {
      open.destroy();
      this.window = undefined;
    }
    if (display && !this.current) {
      this.window = createCustomerWindow(this.preloadPath, display);
      this.displayId = display.id;
      this.window.on('closed', () => (this.window = undefined));
    }
  }

  close(): void {
    this.current?.destroy();
    this.window = undefined;
  }
}
