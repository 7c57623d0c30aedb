// Register sessions, operators and the manager PIN (issue 13), against a real embedded runtime:
// real engine, real counter.db, real scrypt; the clock moved by hand where the lockout is timed.
import { execFileSync } from 'node:child_process';
import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import Database from 'better-sqlite3';
import { afterEach, describe, expect, it } from 'vitest';
import { ManualClock } from '#lib/clock';
import { pinMatches } from '#counter/register/pin-hash';
import { lockMsAfter } from '#counter/register/pin-lockout';
import { counterMethods } from '#shared/counter/counter-methods';
import type { ManagerApproval, RegisterState } from '#shared/counter/counter-api';
import { isPdf, openRuntime, type RuntimeFixture } from './runtime-fixture';

const fixtures: RuntimeFixture[] = [];
afterEach(async () => {
  for (const fixture of fixtures.splice(0)) await fixture.dispose();
});

function open(overrides: Parameters<typeof openRuntime>[0] = {}): RuntimeFixture {
  const fixture = openRuntime(overrides);
  fixtures.push(fixture);
  return fixture;
}

const idOf = (state: RegisterState, name: string) => state.operators.find((operator) => operator.name === name)!.id;

/** A counter set up with a manager (Marta, 4321) and a cashier (João, 1111); João signed in with the register open. */
async function setUpCounter(fixture: RuntimeFixture) {
  const h = fixture.runtime.api;
  let state = await h.createOperator({ name: 'Marta', role: 'MANAGER', pin: '4321' });
  const marta = idOf(state, 'Marta');
  const manager: ManagerApproval = { operatorId: marta, pin: '4321' };
  state = await h.createOperator({ name: 'João', role: 'CASHIER', pin: '1111', manager });
  const joao = idOf(state, 'João');
  await h.signIn({ operatorId: joao, pin: '1111' });
  await h.openRegister({ tillName: 'Caixa da frente', openingNote: 'Troco R$ 100,00 em dinheiro' });
  return { marta, joao, manager };
}

function counterDb(fixture: RuntimeFixture) {
  return fixture.runtime.counterDb;
}

describe('operators and PINs', () => {
  it('starts with no operator, makes the first one a manager, stores PINs as scrypt hashes only', async () => {
    const fixture = open();
    const h = fixture.runtime.api;
    const first = await h.getRegister();
    expect(first).toMatchObject({ setUp: false, operators: [], tillName: 'Caixa 1' });
    // The first operator is a manager: someone must be able to approve.
    await expect(h.createOperator({ name: 'Ana', role: 'CASHIER', pin: '2222' })).rejects.toMatchObject({
      code: 'FIRST_OPERATOR_MANAGER',
    });

    const state = await h.createOperator({ name: 'Marta', role: 'MANAGER', pin: '4321' });
    expect(state.setUp).toBe(true);
    expect(JSON.stringify(state)).not.toMatch(/4321|hash|salt/i);
    const row = counterDb(fixture).prepare('SELECT * FROM operators').get() as {
      pin_hash: string;
      pin_salt: string;
      pin_kdf: string;
    };
    expect(JSON.parse(row.pin_kdf)).toEqual({ alg: 'scrypt', N: 32768, r: 8, p: 1, keyLen: 32 });
    expect(Buffer.from(row.pin_hash, 'base64')).toHaveLength(32);
    expect(row.pin_hash).not.toContain('4321');
    expect(await pinMatches('4321', { hash: row.pin_hash, salt: row.pin_salt, kdf: row.pin_kdf })).toBe(true);
    expect(await pinMatches('4322', { hash: row.pin_hash, salt: row.pin_salt, kdf: row.pin_kdf })).toBe(false);

    // From now on a manager adds operators.
    await expect(h.createOperator({ name: 'Ana', role: 'CASHIER', pin: '2222' })).rejects.toMatchObject({
      code: 'MANAGER_REQUIRED',
      details: { context: 'operators' },
    });
    const marta = idOf(state, 'Marta');
    await expect(
      h.createOperator({ name: 'Ana', role: 'CASHIER', pin: '2222', manager: { operatorId: marta, pin: '0000' } }),
    ).rejects.toMatchObject({
      code: 'PIN_REFUSED',
      details: { name: 'Marta' },
    });
    const withAna = await h.createOperator({
      name: 'Ana',
      role: 'CASHIER',
      pin: '2222',
      manager: { operatorId: marta, pin: '4321' },
    });
    expect(withAna.operators.map((operator) => [operator.name, operator.role])).toEqual([
      ['Ana', 'CASHIER'],
      ['Marta', 'MANAGER'],
    ]);
    await expect(
      h.createOperator({ name: 'ana', role: 'CASHIER', pin: '3333', manager: { operatorId: marta, pin: '4321' } }),
    ).rejects.toMatchObject({
      code: 'OPERATOR_NAME_TAKEN',
      details: { name: 'ana' },
    });
    // A cashier's PIN approves nothing.
    const ana = idOf(withAna, 'Ana');
    await expect(
      h.createOperator({ name: 'Bia', role: 'CASHIER', pin: '3333', manager: { operatorId: ana, pin: '2222' } }),
    ).rejects.toMatchObject({
      code: 'NOT_A_MANAGER',
      details: { name: 'Ana' },
    });
    // The only manager cannot be disabled; a cashier can, and disappears from the login list.
    await expect(
      h.disableOperator({ operatorId: marta, manager: { operatorId: marta, pin: '4321' } }),
    ).rejects.toMatchObject({ code: 'LAST_MANAGER' });
    const without = await h.disableOperator({ operatorId: ana, manager: { operatorId: marta, pin: '4321' } });
    expect(without.operators.map((operator) => operator.name)).toEqual(['Marta']);
    await expect(h.signIn({ operatorId: ana, pin: '2222' })).rejects.toMatchObject({ code: 'OPERATOR_NOT_FOUND' });
  });

  it('locks an operator after 5 wrong PINs for a growing delay, kept across a restart', async () => {
    const clock = new ManualClock(new Date());
    const fixture = open({ clock });
    const h = fixture.runtime.api;
    const marta = idOf(await h.createOperator({ name: 'Marta', role: 'MANAGER', pin: '4321' }), 'Marta');
    for (let i = 1; i <= 4; i += 1)
      await expect(h.signIn({ operatorId: marta, pin: '0000' })).rejects.toMatchObject({ code: 'PIN_REFUSED' });
    await expect(h.signIn({ operatorId: marta, pin: '0000' })).rejects.toMatchObject({
      code: 'OPERATOR_LOCKED',
      details: { name: 'Marta', seconds: 30, context: 'justNow' },
      message: expect.stringMatching(/bloqueado por 30 segundos/),
    });
    // Locked: even the right PIN is not checked.
    await expect(h.signIn({ operatorId: marta, pin: '4321' })).rejects.toMatchObject({ code: 'OPERATOR_LOCKED' });
    expect((await h.getRegister()).operators[0]!.lockedUntil).toBeTruthy();

    // A restart does not reset it.
    await fixture.runtime.close();
    const again = open({ clock, dataDir: fixture.dataDir });
    await expect(again.runtime.api.signIn({ operatorId: marta, pin: '4321' })).rejects.toMatchObject({
      code: 'OPERATOR_LOCKED',
    });
    clock.advance(30_001);
    // The next wrong PIN locks for twice as long.
    await expect(again.runtime.api.signIn({ operatorId: marta, pin: '9999' })).rejects.toMatchObject({
      details: { seconds: 60 },
      message: expect.stringMatching(/1 minuto/),
    });
    clock.advance(60_001);
    const state = await again.runtime.api.signIn({ operatorId: marta, pin: '4321' });
    expect(state.current?.name).toBe('Marta');
    const row = again.runtime.counterDb.prepare('SELECT failed_attempts, locked_until FROM operators').get();
    expect(row).toEqual({ failed_attempts: 0, locked_until: null });
    expect([1, 4, 5, 6, 7, 30].map(lockMsAfter)).toEqual([0, 0, 30_000, 60_000, 120_000, 3_600_000]);
  });

  it('checks parallel guesses one at a time, so they cannot slip past the count', async () => {
    const fixture = open();
    const h = fixture.runtime.api;
    const marta = idOf(await h.createOperator({ name: 'Marta', role: 'MANAGER', pin: '4321' }), 'Marta');
    const answers = await Promise.allSettled(
      Array.from({ length: 10 }, (_, i) => h.signIn({ operatorId: marta, pin: String(1000 + i) })),
    );
    const codes = answers.map((answer) =>
      answer.status === 'rejected' ? (answer.reason as { code: string }).code : 'SIGNED_IN',
    );
    expect(codes).toEqual([...Array(4).fill('PIN_REFUSED'), ...Array(6).fill('OPERATOR_LOCKED')]);
    expect(fixture.runtime.counterDb.prepare('SELECT failed_attempts FROM operators').get()).toEqual({
      failed_attempts: 5,
    });
  });

  it('validates every input of the register methods', () => {
    const bad = [
      ['signIn', { operatorId: 'x', pin: '12' }],
      ['signIn', { operatorId: 'x', pin: 'abcd' }],
      ['createOperator', { name: '', role: 'MANAGER', pin: '1234' }],
      ['createOperator', { name: 'Ana', role: 'OWNER', pin: '1234' }],
      ['refundSale', { correlationID: 'a', value: 1, reason: 'x', manager: { operatorId: 'm', pin: '12345678901' } }],
      ['saveSettings', { manager: { operatorId: 'm' } }],
      ['closeRegister', { confirmPending: true }],
      ['getSessionReport', { sessionId: 's', layout: 'a5' }],
      ['openRegister', { openingNote: 'x'.repeat(201) }],
    ] as const;
    for (const [method, payload] of bad)
      expect(counterMethods[method].input.safeParse(payload).success, method).toBe(false);
    expect(counterMethods.closeRegister.input.safeParse({ manager: { operatorId: 'm', pin: '1234' } }).success).toBe(
      true,
    );
  });
});

describe('register sessions', () => {
  it('refuses selling until an operator is in and the register is open, then numbers the sales per session', async () => {
    const fixture = open();
    const h = fixture.runtime.api;
    const marta = idOf(await h.createOperator({ name: 'Marta', role: 'MANAGER', pin: '4321' }), 'Marta');
    await expect(h.createSale({ value: 100 })).rejects.toMatchObject({ code: 'NOT_SIGNED_IN' });
    await h.signIn({ operatorId: marta, pin: '4321' });
    await expect(h.createSale({ value: 100 })).rejects.toMatchObject({
      code: 'REGISTER_CLOSED',
      details: { context: 'sell' },
    });
    expect(counterDb(fixture).prepare('SELECT COUNT(*) AS n FROM sales').get()).toEqual({ n: 0 });

    const opened = await h.openRegister({ openingNote: 'Troco R$ 50,00' });
    expect(opened.session).toMatchObject({ tillName: 'Caixa 1', openedBy: 'Marta', openingNote: 'Troco R$ 50,00' });
    await expect(h.openRegister({})).rejects.toMatchObject({
      code: 'REGISTER_ALREADY_OPEN',
      details: { tillName: 'Caixa 1', openedBy: 'Marta' },
    });
    const manager = { operatorId: marta, pin: '4321' };
    const joao = idOf(await h.createOperator({ name: 'João', role: 'CASHIER', pin: '1111', manager }), 'João');

    const first = await h.createSale({ value: 1000 });
    await h.signIn({ operatorId: joao, pin: '1111' });
    const second = await h.createSale({ value: 2000 });
    expect(first).toMatchObject({ number: 1, operatorName: 'Marta', sessionId: opened.session!.id });
    expect(second).toMatchObject({ number: 2, operatorName: 'João' });
    const listed = (await h.listSales({})).sales;
    expect(listed.map((sale) => [sale.number, sale.operatorName])).toEqual([
      [2, 'João'],
      [1, 'Marta'],
    ]);

    // The cashier's Esc Esc is recorded with who did it.
    await h.cancelSale({ correlationID: second.correlationID });
    expect(await h.getSale({ correlationID: second.correlationID })).toMatchObject({
      status: 'CANCELLED',
      cancelledBy: 'João',
      cancelledAt: expect.any(String),
    });

    await h.simulatePayment({ correlationID: first.correlationID });
    await h.closeRegister({ manager });
    await expect(h.createSale({ value: 100 })).rejects.toMatchObject({ code: 'REGISTER_CLOSED' });
    await h.openRegister({});
    const third = await h.createSale({ value: 300 });
    expect(third.number).toBe(1);
    expect((await h.getRegister()).session?.tillName).toBe('Caixa 1');
  });

  it('needs a manager PIN for refunds and settings: a wrong one writes nothing', async () => {
    const fixture = open();
    const h = fixture.runtime.api;
    const { marta, joao, manager } = await setUpCounter(fixture);
    const sale = await h.createSale({ value: 5000 });
    await h.simulatePayment({ correlationID: sale.correlationID });
    const counts = () =>
      counterDb(fixture)
        .prepare(
          "SELECT (SELECT COUNT(*) FROM refunds) AS refunds, (SELECT COUNT(*) FROM commands WHERE kind = 'refund') AS commands",
        )
        .get();

    await expect(
      h.refundSale({ correlationID: sale.correlationID, value: 1000, reason: 'Troca' }),
    ).rejects.toMatchObject({ code: 'MANAGER_REQUIRED', details: { context: 'refund' } });
    await expect(
      h.refundSale({
        correlationID: sale.correlationID,
        value: 1000,
        reason: 'Troca',
        manager: { operatorId: marta, pin: '9999' },
      }),
    ).rejects.toMatchObject({
      code: 'PIN_REFUSED',
      details: { name: 'Marta' },
      message: 'PIN incorreto para Marta',
    });
    await expect(
      h.refundSale({
        correlationID: sale.correlationID,
        value: 1000,
        reason: 'Troca',
        manager: { operatorId: joao, pin: '1111' },
      }),
    ).rejects.toMatchObject({
      code: 'NOT_A_MANAGER',
      message: expect.stringMatching(/não é gerente/),
    });
    expect(counts()).toEqual({ refunds: 0, commands: 0 });

    const refunded = await h.refundSale({ correlationID: sale.correlationID, value: 1000, reason: 'Troca', manager });
    expect(refunded.refundable).toBe(4000);
    expect(counts()).toEqual({ refunds: 1, commands: 1 });
    const refundRow = counterDb(fixture).prepare('SELECT operator_id, approved_by, session_id FROM refunds').get();
    expect(refundRow).toEqual({
      operator_id: joao,
      approved_by: marta,
      session_id: (await h.getRegister()).session!.id,
    });

    const before = await h.getSettings();
    await expect(h.saveSettings({ merchantName: 'Outro Nome' })).rejects.toMatchObject({
      code: 'MANAGER_REQUIRED',
      details: { context: 'settings' },
    });
    await expect(
      h.saveSettings({ merchantName: 'Outro Nome', manager: { operatorId: marta, pin: '0000' } }),
    ).rejects.toMatchObject({ code: 'PIN_REFUSED' });
    expect((await h.getSettings()).merchantName).toBe(before.merchantName);
    const saved = await h.saveSettings({ merchantName: 'Padaria da Marta', manager });
    expect(saved.merchantName).toBe('Padaria da Marta');
    expect(JSON.stringify(saved)).not.toContain('4321');
  });

  it('closes with a summary, warns while sales wait, and prints the end-of-day report (80 mm and A4)', async () => {
    const fixture = open();
    const h = fixture.runtime.api;
    const { marta, manager } = await setUpCounter(fixture);
    const paidByJoao = await h.createSale({ value: 123_456 });
    await h.simulatePayment({ correlationID: paidByJoao.correlationID });
    await h.signIn({ operatorId: marta, pin: '4321' });
    const paidByMarta = await h.createSale({ value: 2_50 });
    await h.simulatePayment({ correlationID: paidByMarta.correlationID });
    const cancelled = await h.createSale({ value: 7_00 });
    await h.cancelSale({ correlationID: cancelled.correlationID });
    const waiting = await h.createSale({ value: 9_99 });
    await h.refundSale({ correlationID: paidByJoao.correlationID, value: 456, reason: 'Troco errado', manager });
    await fixture.runtime.syncProbe.drained();

    const summary = await h.getSessionSummary();
    expect(summary).toMatchObject({
      salesCount: 4,
      paidCount: 2,
      paidValue: 123_706,
      refundsCount: 1,
      refundedValue: 456,
      net: 123_250,
      awaitingCount: 1,
      awaitingValue: 999,
      cancelledCount: 1,
      cancelledValue: 700,
      queuedCommands: 0,
      unconfirmedOfflineCount: 0,
    });
    expect(summary.byOperator).toEqual([
      { operatorName: 'João', paidCount: 1, paidValue: 123_456, refundedValue: 0 },
      { operatorName: 'Marta', paidCount: 1, paidValue: 250, refundedValue: 456 },
    ]);
    expect(summary.warnings).toEqual([{ kind: 'awaitingPayment', count: 1, value: 999 }]);

    await expect(h.closeRegister({ manager: { operatorId: marta, pin: '1234' } })).rejects.toMatchObject({
      code: 'PIN_REFUSED',
    });
    await expect(h.closeRegister({ manager })).rejects.toMatchObject({
      code: 'CLOSE_NEEDS_CONFIRMATION',
      details: { warnings: summary.warnings },
    });
    expect((await h.getRegister()).session).toBeDefined();
    const closed = await h.closeRegister({ manager, confirmPending: true });
    expect(closed.session).toMatchObject({
      closedBy: 'Marta',
      closedAt: expect.any(String),
      tillName: 'Caixa da frente',
    });
    expect((await h.getRegister()).session).toBeUndefined();
    const { sessions } = await h.listSessions();
    expect(sessions.map((session) => session.id)).toEqual([closed.session.id]);

    const dir = mkdtempSync(join(tmpdir(), 'balcao-report-'));
    try {
      for (const layout of ['thermal80', 'a4'] as const) {
        const report = await h.getSessionReport({ sessionId: closed.session.id, layout });
        expect(isPdf(report.pdfBase64)).toBe(true);
        expect(report.fileName).toMatch(
          /^fechamento-caixa-da-frente-\d{4}-\d{2}-\d{2}-[0-9a-f]{8}-(thermal80|a4)\.pdf$/,
        );
        const file = join(dir, report.fileName);
        writeFileSync(file, Buffer.from(report.pdfBase64, 'base64'));
        const text = execFileSync('pdftotext', ['-layout', file, '-'], { encoding: 'utf8' });
        for (const expected of [
          'Fechamento de caixa',
          'Caixa da frente',
          'por João',
          'Troco R$ 100,00 em dinheiro',
          'por Marta',
          'Líquido',
          'R$ 1.232,50',
          'Venda 0001',
          'Venda 0004',
          'Cancelamentos',
          'MODO TREINO',
        ]) {
          expect(text.replace(/\u00a0/g, ' '), `${layout}: ${expected}`).toContain(expected);
        }
        expect(text).toMatch(/João\s+\(1 venda\)\s+R\$\s1\.234,56/);
        // The refund: made by Marta (signed in then), approved by Marta.
        expect(text).toMatch(/Venda 0001\s+\d{2}:\d{2}\s+Marta\s+Marta\s+R\$\s4,56/);
        expect(text).toMatch(/Venda 0003\s+\d{2}:\d{2}\s+Marta\s+R\$\s7,00/);
        // Pictures for people to look at: test-artifacts/ (git-ignored).
        mkdirSync('test-artifacts', { recursive: true });
        execFileSync('pdftoppm', ['-png', '-r', '80', file, join('test-artifacts', `register-report-${layout}`)]);
      }
    } finally {
      rmSync(dir, { recursive: true, force: true });
    }
    expect((await h.getSale({ correlationID: waiting.correlationID })).number).toBe(4);
  });

  it('migrates a counter.db made before the register without touching its sales', async () => {
    const fixture = open();
    await fixture.runtime.api.createSale({ value: 100 });
    await fixture.runtime.close();
    const db = new Database(join(fixture.dataDir, 'counter.db'));
    // Every migration ran (the register's is 3; later ones follow it).
    expect(db.pragma('user_version', { simple: true })).toBeGreaterThanOrEqual(3);
    expect(db.prepare('SELECT session_id, operator_id, session_number FROM sales').get()).toEqual({
      session_id: null,
      operator_id: null,
      session_number: null,
    });
    db.close();
  });
});

describe('printing the end-of-day report', () => {
  it('sends the report PDF to the configured printer (or the one asked for), as receipts are printed', async () => {
    const jobs: Array<{ fileName: string; layout: string; printer?: string; pdfBase64: string }> = [];
    const fixture = open({
      printing: {
        listPrinters: async () => [],
        printReceipt: async (job) => {
          jobs.push(job);
          return { printed: true };
        },
      },
    });
    const h = fixture.runtime.api;
    const { manager } = await setUpCounter(fixture);
    const closed = await h.closeRegister({ manager });
    await h.saveSettings({ printer: 'Bobina-Balcao', manager });

    expect(await h.printSessionReport({ sessionId: closed.session.id, layout: 'thermal80' })).toEqual({
      printed: true,
    });
    await h.printSessionReport({ sessionId: closed.session.id, layout: 'a4', printer: 'Escritorio' });
    expect(jobs.map((job) => [job.layout, job.printer])).toEqual([
      ['thermal80', 'Bobina-Balcao'],
      ['a4', 'Escritorio'],
    ]);
    expect(jobs.every((job) => isPdf(job.pdfBase64) && job.fileName.startsWith('fechamento-caixa-da-frente-'))).toBe(
      true,
    );
    // The same PDF as "Salvar PDF" gives.
    const saved = await h.getSessionReport({ sessionId: closed.session.id, layout: 'a4' });
    expect(jobs[1]!.fileName).toBe(saved.fileName);

    await expect(h.printSessionReport({ sessionId: 'nope', layout: 'a4' })).rejects.toMatchObject({
      code: 'SESSION_NOT_FOUND',
    });
    expect(
      counterMethods.printSessionReport.input.safeParse({ sessionId: closed.session.id, layout: 'a5' }).success,
    ).toBe(false);
    expect(
      counterMethods.printSessionReport.input.safeParse({ sessionId: closed.session.id, layout: 'a4', extra: 1 })
        .success,
    ).toBe(false);
  });
});
