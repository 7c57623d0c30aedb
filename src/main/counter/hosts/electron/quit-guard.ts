// Quitting while commands wait for the Pix service loses nothing (they are kept in the counter's
// database and sent at the next start), but the cashier may think the sale or refund went through
// now. So closing the app asks first, says what happens to them, and lets the cashier stay.
import type { BrowserWindow, Dialog, MessageBoxOptions } from 'electron';

/** Button order of the question: index 0 quits, index 1 stays (also Esc and Enter). */
export const QUIT_BUTTONS = ['Sair', 'Continuar'] as const;
const LEAVE = 0;
const STAY = 1;

export function queuedOnQuitMessage(queued: number): string {
  return queued === 1
    ? 'Há 1 operação aguardando envio ao serviço Pix. Ela fica guardada e será enviada na próxima vez que o Balcão abrir. Sair mesmo assim?'
    : `Há ${queued} operações aguardando envio ao serviço Pix. Elas ficam guardadas e serão enviadas na próxima vez que o Balcão abrir. Sair mesmo assim?`;
}

interface PreventableEvent {
  preventDefault(): void;
}

export interface QuitGuardOptions {
  app: { on(event: 'before-quit', listener: (event: PreventableEvent) => void): unknown; quit(): void };
  dialog: Pick<Dialog, 'showMessageBox'>;
  /** Commands waiting for the service now (the runtime's status().queued); 0 before it exists. */
  queued(): number;
  /** The window the question belongs to, when there is one. */
  parent(): BrowserWindow | undefined;
}

export interface QuitGuard {
  /** Asks before this window closes too: closing the cashier's window quits the app. */
  watch(window: Pick<BrowserWindow, 'on'>): void;
  /** Quits without the question: a signal (terminal, OS shutdown) has nobody at the counter to answer it. */
  quitWithoutAsking(): void;
}

export function guardQuit(options: QuitGuardOptions): QuitGuard {
  let leaving = false;
  let asking = false;

  const queuedNow = (): number => {
    try {
      return options.queued();
    } catch (error) {
      // Not knowing must not trap the cashier in the app.
      console.error('[balcao] could not read the queue before quitting', error);
      return 0;
    }
  };

  async function ask(queued: number): Promise<boolean> {
    const question: MessageBoxOptions = {
      type: 'warning',
      title: 'Balcão',
      message: queuedOnQuitMessage(queued),
      buttons: [...QUIT_BUTTONS],
      defaultId: STAY,
      cancelId: STAY,
      noLink: true,
    };
    const parent = options.parent();
    const { response } = parent
      ? await options.dialog.showMessageBox(parent, question)
      : await options.dialog.showMessageBox(question);
    return response === LEAVE;
  }

  function intercept(event: PreventableEvent): void {
    if (leaving) return;
    const queued = queuedNow();
    if (queued <= 0) return;
    event.preventDefault();
    // One question at a time: closing again while it shows only brings nothing new.
    if (asking) return;
    asking = true;
    ask(queued)
      .then((leave) => {
        if (!leave) return;
        leaving = true;
        options.app.quit();
      })
      .catch((error: unknown) => console.error('[balcao] the quit question failed', error))
      .finally(() => {
        asking = false;
      });
  }

  options.app.on('before-quit', intercept);
  return {
    watch: (window) => void window.on('close', intercept),
    quitWithoutAsking() {
      leaving = true;
      options.app.quit();
    },
  };
}
