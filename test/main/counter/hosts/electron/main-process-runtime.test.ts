import { mkdtempSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';

vi.mock('electron', async () => (await import('./fake-electron')).electronFake);

// The Electron wiring around the REAL app runtime (engine, SQLite, handlers): only Electron itself
// is faked. It proves the IPC layer and the runtime agree on payloads, answers and events.
import type { CounterEvent, Sale } from '#shared/counter/counter-api';
import { electronFake, fakeElectronState, FakeBrowserWindow } from './fake-electron';

let cashier: FakeBrowserWindow;

function call(channel: string, payload?: unknown) {
  const event = { sender: cashier.webContents, senderFrame: { url: 'app://balcao/index.html', parent: null } };
  return Promise.resolve().then(() => electronFake.ipcMain.handlers.get(channel)!(event, payload));
}

function pushedEvents(): CounterEvent[] {
  return cashier.webContents.send.mock.calls
    .filter(([channel]) => channel === 'counter:event')
    .map(([, event]) => event as CounterEvent);
}

beforeAll(async () => {
  fakeElectronState.userData = mkdtempSync(join(tmpdir(), 'balcao-user-data-'));
  await import('#counter/hosts/electron/index');
  electronFake.app.markReady();
  await vi.waitFor(() => expect(FakeBrowserWindow.instances).toHaveLength(1));
  cashier = FakeBrowserWindow.instances[0]!;
});

afterAll(async () => {
  electronFake.app.emit('will-quit', { preventDefault: () => undefined });
  await vi.waitFor(() => expect(electronFake.app.quit).toHaveBeenCalled());
});

describe('Electron IPC over the real runtime', () => {
  it('creates a sale from the cashier window, with a BR Code to draw', async () => {
    const reply = (await call('counter:createSale', { value: 1234 })) as { ok: true; value: Sale };
    expect(reply.ok).toBe(true);
    expect(reply.value).toMatchObject({ value: 1234, status: 'ACTIVE' });
    expect(reply.value.brCode).toMatch(/^000201/);
  });

  it('pushes the payment to the window as a sale-updated event', async () => {
    const created = (await call('counter:createSale', { value: 500 })) as { ok: true; value: Sale };
    const paid = (await call('counter:simulatePayment', { correlationID: created.value.correlationID })) as {
      ok: true;
      value: Sale;
    };
    expect(paid.value.status).toBe('COMPLETED');
    await vi.waitFor(() =>
      expect(pushedEvents()).toContainEqual(
        expect.objectContaining({
          type: 'sale-updated',
          sale: expect.objectContaining({ correlationID: created.value.correlationID, status: 'COMPLETED' }),
        }),
      ),
    );
  });

  it("answers a handler's refusal as a clean error envelope", async () => {
    const reply = await call('counter:getSale', { correlationID: 'does-not-exist' });
    expect(reply).toEqual({
      ok: false,
      error: {
        code: 'SALE_NOT_FOUND',
        message: 'Venda não encontrada: does-not-exist',
        details: { correlationID: 'does-not-exist' },
      },
    });
  });

  it('keeps the AppID out of the settings it returns', async () => {
    const reply = (await call('counter:saveSettings', { mode: 'embedded', appId: 'secret-app-id' })) as {
      ok: boolean;
      value: object;
    };
    expect(reply.ok).toBe(true);
    expect(JSON.stringify(reply.value)).not.toContain('secret-app-id');
    expect(reply.value).toMatchObject({ hasAppId: true });
  });
});
