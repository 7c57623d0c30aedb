// The sale on screen survives a restart (issue 13, "Unfinished sales"), against a real embedded
// runtime: real engine, real counter.db on disk, restarted on the same folder. Also what
// setSaleOnScreen refuses, and that a sale comes back to a signed-in operator only.
import { rmSync } from 'node:fs';
import { join } from 'node:path';
import Database from 'better-sqlite3';
import { afterEach, describe, expect, it } from 'vitest';
import type { ManagerApproval, RegisterState } from '#shared/counter/counter-api';
import { counterMethods } from '#shared/counter/counter-methods';
import { openRuntime, type RuntimeFixture } from './runtime-fixture';

const open: RuntimeFixture[] = [];
const dirs: string[] = [];
afterEach(async () => {
  for (const fixture of open.splice(0)) await fixture.runtime.close();
  for (const dir of dirs.splice(0)) rmSync(dir, { recursive: true, force: true });
});

/** A runtime on `dataDir` (a new folder when absent), closed and removed after the test. */
function start(dataDir?: string): RuntimeFixture {
  const fixture = openRuntime(dataDir ? { dataDir } : {});
  open.push(fixture);
  if (!dirs.includes(fixture.dataDir)) dirs.push(fixture.dataDir);
  return fixture;
}

/** Closes the runtime, keeping its folder, and starts another one on it: the counter restarted. */
async function restart(fixture: RuntimeFixture): Promise<RuntimeFixture> {
  open.splice(open.indexOf(fixture), 1);
  await fixture.runtime.close();
  return start(fixture.dataDir);
}

/** counter.db read through a connection of its own, as another process would after a crash. */
function readOnScreen(dataDir: string): { onScreen: string | undefined; sales: string[] } {
  const db = new Database(join(dataDir, 'counter.db'), { readonly: true });
  try {
    const row = db.prepare("SELECT value FROM sync_state WHERE key = 'sale_on_screen'").get() as
      { value: string } | undefined;
    const sales = (db.prepare('SELECT correlation_id FROM sales').all() as { correlation_id: string }[]).map(
      (sale) => sale.correlation_id,
    );
    return { onScreen: row?.value, sales };
  } finally {
    db.close();
  }
}

describe('the sale on screen across a restart', () => {
  it('comes back after a restart, the same sale with the same code, until the cashier moves on', async () => {
    let fixture = start();
    expect(await fixture.runtime.api.getSaleOnScreen()).toEqual({});
    const first = await fixture.runtime.api.createSale({ value: 1234 });
    const sale = await fixture.runtime.api.createSale({ value: 4321, comment: 'Bolo de rolo' });
    expect(sale.status).toBe('ACTIVE');
    // The newest sale is the one on screen.
    expect((await fixture.runtime.api.getSaleOnScreen()).sale?.correlationID).toBe(sale.correlationID);

    fixture = await restart(fixture);
    const back = (await fixture.runtime.api.getSaleOnScreen()).sale;
    expect(back).toMatchObject({
      correlationID: sale.correlationID,
      value: 4321,
      comment: 'Bolo de rolo',
      status: 'ACTIVE',
      brCode: sale.brCode,
    });
    // Still payable: the restored QR is the live charge.
    expect((await fixture.runtime.api.simulatePayment({ correlationID: sale.correlationID })).status).toBe('COMPLETED');
    expect((await fixture.runtime.api.getSaleOnScreen()).sale?.status).toBe('COMPLETED');

    // "Pago", Enter: the screen moves on, and nothing comes back at the next start.
    expect(await fixture.runtime.api.setSaleOnScreen({ correlationID: null })).toEqual({});
    expect(await fixture.runtime.api.getSaleOnScreen()).toEqual({});
    fixture = await restart(fixture);
    expect(await fixture.runtime.api.getSaleOnScreen()).toEqual({});

    // "Mostrar QR" from the history puts a waiting sale back, and that survives a restart too.
    const shown = await fixture.runtime.api.setSaleOnScreen({ correlationID: first.correlationID });
    expect(shown.sale).toMatchObject({ correlationID: first.correlationID, status: 'ACTIVE', brCode: first.brCode });
    fixture = await restart(fixture);
    expect((await fixture.runtime.api.getSaleOnScreen()).sale?.correlationID).toBe(first.correlationID);
  });

  it('is written with the sale itself, before the service is even asked (a crash right after Enter loses neither)', async () => {
    const fixture = start();
    const creating = fixture.runtime.api.createSale({ value: 990 });
    // createSale has not answered yet (it awaits the service's first answer): counter.db already
    // holds the sale and names it as the one on screen, as another process reads it.
    const { onScreen, sales } = readOnScreen(fixture.dataDir);
    expect(onScreen).toMatch(/^balcao-/);
    expect(sales).toContain(onScreen);
    const sale = await creating;
    expect(sale.correlationID).toBe(onScreen);
  });

  it('refuses, in pt-BR, a sale this counter did not make, one made on another service, and one no longer waiting', async () => {
    const fixture = start();
    const h = fixture.runtime.api;
    await expect(h.setSaleOnScreen({ correlationID: 'balcao-nao-existe' })).rejects.toMatchObject({
      code: 'SALE_NOT_FOUND',
      message: expect.stringMatching(/Venda não encontrada/),
    });

    // A sale of another service in the same counter.db (the counter sold elsewhere before a mode change).
    const db = fixture.runtime.counterDb;
    db.prepare("INSERT INTO services (id, label) VALUES ('remote:outro', 'Outro serviço')").run();
    db.prepare(
      `INSERT INTO sales (correlation_id, service_id, value, expires_in, created_at, status, updated_at)
       VALUES ('balcao-de-outro-servico', 'remote:outro', 500, 900, ?, 'ACTIVE', ?)`,
    ).run(new Date().toISOString(), new Date().toISOString());
    await expect(h.setSaleOnScreen({ correlationID: 'balcao-de-outro-servico' })).rejects.toMatchObject({
      code: 'SALE_NOT_FOUND',
    });
    // Nor does it come back as the sale on screen if the record names it.
    db.prepare(
      "INSERT INTO sync_state (key, value) VALUES ('sale_on_screen', 'balcao-de-outro-servico') ON CONFLICT (key) DO UPDATE SET value = excluded.value",
    ).run();
    expect(await h.getSaleOnScreen()).toEqual({});

    const paid = await h.createSale({ value: 700 });
    await h.simulatePayment({ correlationID: paid.correlationID });
    const cancelled = await h.createSale({ value: 800 });
    await h.cancelSale({ correlationID: cancelled.correlationID });
    const waiting = await h.createSale({ value: 900 });
    for (const { correlationID } of [paid, cancelled]) {
      await expect(h.setSaleOnScreen({ correlationID })).rejects.toMatchObject({
        code: 'SALE_NOT_WAITING',
        details: { context: 'show' },
      });
    }
    // A refusal changes nothing: the last sale made is still the one on screen.
    expect((await h.getSaleOnScreen()).sale?.correlationID).toBe(waiting.correlationID);
  });

  it('validates its input: a correlationID or null, nothing else', () => {
    const schema = counterMethods.setSaleOnScreen.input;
    expect(schema.safeParse({ correlationID: null }).success).toBe(true);
    expect(schema.safeParse({ correlationID: 'balcao-1' }).success).toBe(true);
    expect(schema.safeParse({}).success).toBe(false);
    expect(schema.safeParse({ correlationID: '   ' }).success).toBe(false);
    expect(schema.safeParse({ correlationID: 42 }).success).toBe(false);
    expect(schema.safeParse({ correlationID: null, extra: true }).success).toBe(false);
  });
});

describe('the sale on screen once the register is set up', () => {
  const idOf = (state: RegisterState, name: string) => state.operators.find((operator) => operator.name === name)!.id;

  it('comes back to a signed-in operator only: after the restart, once the PIN is typed again', async () => {
    let fixture = start();
    let h = fixture.runtime.api;
    let state = await h.createOperator({ name: 'Marta', role: 'MANAGER', pin: '4321' });
    const manager: ManagerApproval = { operatorId: idOf(state, 'Marta'), pin: '4321' };
    state = await h.createOperator({ name: 'João', role: 'CASHIER', pin: '1111', manager });
    const joao = idOf(state, 'João');
    await h.signIn({ operatorId: joao, pin: '1111' });
    await h.openRegister({ tillName: 'Caixa da frente' });
    const sale = await h.createSale({ value: 2500 });

    fixture = await restart(fixture);
    h = fixture.runtime.api;
    // Nobody is signed in after a restart: nothing is shown, nothing can be put on screen.
    expect(await h.getSaleOnScreen()).toEqual({});
    await expect(h.setSaleOnScreen({ correlationID: sale.correlationID })).rejects.toMatchObject({
      code: 'NOT_SIGNED_IN',
    });
    // Moving on needs nobody: it only forgets.
    await h.signIn({ operatorId: joao, pin: '1111' });
    expect((await h.getSaleOnScreen()).sale).toMatchObject({
      correlationID: sale.correlationID,
      status: 'ACTIVE',
      brCode: sale.brCode,
    });
    await h.signOut();
    expect(await h.leaveSaleOnScreen({ correlationID: sale.correlationID })).toEqual({ cleared: true });
    await h.signIn({ operatorId: joao, pin: '1111' });
    expect(await h.getSaleOnScreen()).toEqual({});
  });
});
