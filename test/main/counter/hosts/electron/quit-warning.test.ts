import { mkdtempSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { beforeAll, beforeEach, describe, expect, it, vi } from 'vitest';

vi.mock('electron', async () => (await import('./fake-electron')).electronFake);

// Quitting while commands wait for the Pix service asks first (they are kept and sent at the next
// start, so nothing is lost either way). The runtime is a stub whose queue the tests set.
const runtime = vi.hoisted(() => ({
  queued: 0,
  close: undefined as unknown as ReturnType<typeof import('vitest').vi.fn>,
}));
// The PDV API's server is its own module's job (test/main/counter/integration): here, a recording stub.
const pdvServer = vi.hoisted(() => ({ kept: [] as unknown[], stopped: 0 }));
vi.mock('#counter/hosts/pdv/pdv-server', () => ({
  keepPdvServer: (runtime: unknown) => {
    pdvServer.kept.push(runtime);
    return {
      current: () => undefined,
      ready: Promise.resolve(),
      stop: async () => {
        pdvServer.stopped++;
      },
    };
  },
}));
vi.mock('#counter/app/counter-runtime', async () => {
  runtime.close = vi.fn(async () => undefined);
  return {
    createCounterRuntime: vi.fn(() => ({
      call: vi.fn(async (method: string) => ({ ok: true, value: method })),
      events: { subscribe: () => () => undefined },
      settings: { get: () => ({ customerDisplay: false }) },
      status: () => ({ queued: runtime.queued }),
      close: runtime.close,
    })),
  };
});

import { queuedOnQuitMessage } from '#counter/hosts/electron/quit-guard';
import { electronFake, fakeElectronState, FakeBrowserWindow } from './fake-electron';

const SAIR = 0;
const CONTINUAR = 1;
let cashier: FakeBrowserWindow;

/** Emits before-quit as app.quit() does, and says whether a listener cancelled it. */
function beforeQuit(): boolean {
  let prevented = false;
  electronFake.app.emit('before-quit', { preventDefault: () => void (prevented = true) });
  return prevented;
}

/** The answer the cashier gives to the next question. */
function cashierAnswers(response: number): void {
  electronFake.dialog.showMessageBox.mockImplementationOnce(async () => ({ response, checkboxChecked: false }));
}

/** Lets the dialog's promise and what follows it run. */
const settle = () => new Promise((resolve) => setTimeout(resolve, 0));

beforeAll(async () => {
  fakeElectronState.userData = mkdtempSync(join(tmpdir(), 'balcao-user-data-'));
  await import('#counter/hosts/electron/index');
  electronFake.app.markReady();
  await vi.waitFor(() => expect(FakeBrowserWindow.instances).toHaveLength(1));
  cashier = FakeBrowserWindow.instances[0]!;
});

beforeEach(() => {
  electronFake.dialog.showMessageBox.mockClear();
  electronFake.app.quit.mockClear();
});

describe('quitting with commands queued for the Pix service', () => {
  it('quits without asking when nothing is queued', () => {
    runtime.queued = 0;
    expect(beforeQuit()).toBe(false);
    expect(electronFake.dialog.showMessageBox).not.toHaveBeenCalled();
  });

  it('asks over the cashier window, and Continuar cancels the quit and keeps everything running', async () => {
    runtime.queued = 3;
    cashierAnswers(CONTINUAR);
    expect(beforeQuit()).toBe(true);
    expect(electronFake.dialog.showMessageBox).toHaveBeenCalledOnce();
    const [parent, question] = electronFake.dialog.showMessageBox.mock.calls[0]!;
    expect(parent).toBe(cashier);
    expect(question).toMatchObject({
      type: 'warning',
      message:
        'Há 3 operações aguardando envio ao serviço Pix. Elas ficam guardadas e serão enviadas na próxima vez que o Balcão abrir. Sair mesmo assim?',
      buttons: ['Sair', 'Continuar'],
      // Enter and Esc keep the app open: leaving takes a deliberate choice.
      defaultId: CONTINUAR,
      cancelId: CONTINUAR,
    });
    await settle();
    expect(electronFake.app.quit).not.toHaveBeenCalled();
    expect(runtime.close).not.toHaveBeenCalled();
    expect(cashier.isDestroyed()).toBe(false);
  });

  it('asks when the cashier window is closed, and Continuar keeps the window open', async () => {
    runtime.queued = 2;
    cashierAnswers(CONTINUAR);
    cashier.close();
    expect(electronFake.dialog.showMessageBox).toHaveBeenCalledOnce();
    await settle();
    expect(cashier.isDestroyed()).toBe(false);
    expect(electronFake.app.quit).not.toHaveBeenCalled();
  });

  it('asks once however often the cashier insists while the question shows', async () => {
    runtime.queued = 2;
    let answer: (value: { response: number; checkboxChecked: boolean }) => void = () => undefined;
    electronFake.dialog.showMessageBox.mockImplementationOnce(() => new Promise((resolve) => (answer = resolve)));
    expect(beforeQuit()).toBe(true);
    cashier.close();
    expect(beforeQuit()).toBe(true);
    expect(electronFake.dialog.showMessageBox).toHaveBeenCalledOnce();
    expect(cashier.isDestroyed()).toBe(false);
    answer({ response: CONTINUAR, checkboxChecked: false });
    await settle();
    expect(electronFake.app.quit).not.toHaveBeenCalled();
  });

  // Last: after Sair the app is on its way out.
  it('quits on Sair, without asking again on the way out, and closes nothing before will-quit', async () => {
    runtime.queued = 1;
    cashierAnswers(SAIR);
    expect(beforeQuit()).toBe(true);
    expect(electronFake.dialog.showMessageBox.mock.calls[0]![1]).toMatchObject({ message: queuedOnQuitMessage(1) });
    await settle();
    expect(electronFake.app.quit).toHaveBeenCalledOnce();
    expect(runtime.close).not.toHaveBeenCalled();
    // The quit that follows goes through, window and all; the queue stays in the database.
    expect(beforeQuit()).toBe(false);
    cashier.close();
    expect(cashier.isDestroyed()).toBe(true);
    expect(electronFake.dialog.showMessageBox).toHaveBeenCalledOnce();
  });
});

describe('the question', () => {
  it('speaks of one operation in the singular', () => {
    expect(queuedOnQuitMessage(1)).toBe(
      'Há 1 operação aguardando envio ao serviço Pix. Ela fica guardada e será enviada na próxima vez que o Balcão abrir. Sair mesmo assim?',
    );
  });
});
