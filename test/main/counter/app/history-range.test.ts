// The history's past days and ranges, and "Exportar CSV", against a real embedded runtime whose
// clock is moved across days (ManualClock): sales made on three days, listed and exported.
import { afterEach, describe, expect, it } from 'vitest';
import { ManualClock } from '#lib/clock';
import { counterMethods } from '#shared/counter/counter-methods';
import { openRuntime, type RuntimeFixture } from './runtime-fixture';

let fixture: RuntimeFixture | undefined;
afterEach(async () => {
  await fixture?.dispose();
  fixture = undefined;
});

describe('past days and ranges', () => {
  it('lists one day, a range with its totals, and exports the same sales', async () => {
    const clock = new ManualClock(new Date('2026-11-20T15:00:00.000Z')); // 12:00 in São Paulo
    fixture = openRuntime({ clock });
    const h = fixture.runtime.api;

    const first = await h.createSale({ value: 150_000 });
    await h.simulatePayment({ correlationID: first.correlationID });
    clock.advance(24 * 3_600_000);
    const second = await h.createSale({ value: 2_500 });
    await h.cancelSale({ correlationID: second.correlationID });
    clock.advance(24 * 3_600_000);
    const third = await h.createSale({ value: 99_999 });

    const today = await h.listSales({});
    expect(today.totals).toMatchObject({ day: '2026-11-22', count: 1 });
    expect(today.totals.to).toBeUndefined();
    expect(today.sales.map((sale) => sale.correlationID)).toEqual([third.correlationID]);

    const yesterday = await h.listSales({ day: '2026-11-21' });
    expect(yesterday.sales).toHaveLength(1);
    // Cancelled sales stay in the history, for the audit.
    expect(yesterday.sales[0]).toMatchObject({ correlationID: second.correlationID, status: 'CANCELLED' });
    expect(yesterday.sales[0]!.cancelledAt).toBeTruthy();

    const range = await h.listSales({ from: '2026-11-20', to: '2026-11-22' });
    expect(range.sales.map((sale) => sale.correlationID)).toEqual([
      third.correlationID,
      second.correlationID,
      first.correlationID,
    ]);
    expect(range.totals).toEqual({
      day: '2026-11-20',
      to: '2026-11-22',
      count: 3,
      paidCount: 1,
      paidValue: 150_000,
      refundedValue: 0,
      net: 150_000,
    });
    // Search works inside a range too.
    expect(
      (await h.listSales({ from: '2026-11-20', to: '2026-11-22', search: '1500' })).sales.map(
        (sale) => sale.correlationID,
      ),
    ).toEqual([first.correlationID]);

    const file = await h.exportSales({ from: '2026-11-20', to: '2026-11-22' });
    expect(file.fileName).toBe('vendas-caixa-1-2026-11-20_2026-11-22.csv');
    const rows = file.csv
      .replace(/^\uFEFF/, '')
      .trimEnd()
      .split('\r\n');
    expect(rows).toHaveLength(4);
    expect(rows[1]).toMatch(
      new RegExp(`^;20/11/2026 12:00:00;;;;1500,00;Pago;0,00;;E[0-9A-Za-z]{31};${first.correlationID};;$`),
    );
    expect(rows[2]).toContain(`;25,00;Cancelada;0,00;;;${second.correlationID};;21/11/2026 12:00:00`);
    expect(rows[3]).toContain(`;999,99;Aguardando;`);
  });

  it("exports the register's facts: number, till, session, operator, refunds and who cancelled", async () => {
    fixture = openRuntime();
    const h = fixture.runtime.api;
    let state = await h.createOperator({ name: 'Marta', role: 'MANAGER', pin: '4321' });
    const manager = { operatorId: state.operators.find((operator) => operator.name === 'Marta')!.id, pin: '4321' };
    state = await h.createOperator({ name: 'João', role: 'CASHIER', pin: '1111', manager });
    await h.signIn({ operatorId: state.operators.find((operator) => operator.name === 'João')!.id, pin: '1111' });
    const opened = await h.openRegister({ tillName: 'Caixa da frente' });
    const sessionId = opened.session!.id;

    const paid = await h.createSale({ value: 123_456, comment: '=HYPERLINK("x")' });
    await h.simulatePayment({ correlationID: paid.correlationID });
    const refunded = await h.refundSale({ correlationID: paid.correlationID, value: 23_456, reason: 'Troca', manager });
    const cancelled = await h.createSale({ value: 990 });
    await h.cancelSale({ correlationID: cancelled.correlationID });

    const listed = await h.listSales({});
    expect(listed.sales.find((sale) => sale.correlationID === cancelled.correlationID)).toMatchObject({
      cancelledBy: 'João',
      number: 2,
      operatorName: 'João',
    });

    const file = await h.exportSales({});
    expect(file.fileName).toMatch(/^vendas-caixa-da-frente-\d{4}-\d{2}-\d{2}_\d{4}-\d{2}-\d{2}\.csv$/);
    const rows = file.csv
      .replace(/^\uFEFF/, '')
      .trimEnd()
      .split('\r\n')
      .map((line) => line.split(';'));
    expect(rows).toHaveLength(3);
    const [first, second] = [rows[1]!, rows[2]!];
    expect(first.slice(0, 8)).toEqual([
      '0001',
      expect.any(String),
      'Caixa da frente',
      sessionId,
      'João',
      '1234,56',
      'Devolvida em parte',
      '234,56',
    ]);
    expect(first[8]).toMatch(/^234,56 (Em processamento|Confirmada) D[0-9A-Za-z]{31}$/);
    expect(first[8]).toContain(refunded.refunds[0]!.endToEndId!);
    expect(second.slice(0, 7)).toEqual([
      '0002',
      expect.any(String),
      'Caixa da frente',
      sessionId,
      'João',
      '9,90',
      'Cancelada',
    ]);
    expect(second[11]).toBe('João');
    expect(second[12]).toMatch(/^\d{2}\/\d{2}\/\d{4} \d{2}:\d{2}:\d{2}$/);
    // The comment is not a column; the typed formula never reaches the file.
    expect(file.csv).not.toContain('HYPERLINK');
  });

  it('refuses a range longer than 92 days (RANGE_TOO_LONG, with the numbers), and bad input at the schema', async () => {
    fixture = openRuntime();
    await expect(fixture.runtime.api.listSales({ from: '2026-01-01', to: '2026-04-03' })).rejects.toMatchObject({
      name: 'CounterError',
      code: 'RANGE_TOO_LONG',
      details: { maxDays: 92, days: 93 },
      message: 'Escolha um período de até 92 dias (o pedido tinha 93 dias)',
    });
    await expect(fixture.runtime.api.exportSales({ from: '2026-01-01', to: '2026-12-31' })).rejects.toMatchObject({
      code: 'RANGE_TOO_LONG',
    });
    expect((await fixture.runtime.api.listSales({ from: '2026-01-01', to: '2026-04-02' })).totals.to).toBe(
      '2026-04-02',
    );
    expect(counterMethods.exportSales.input.safeParse({ from: '2026-01-02' }).success).toBe(false);
    expect(
      counterMethods.exportSales.input.safeParse({ day: '2026-01-02', from: '2026-01-01', to: '2026-01-03' }).success,
    ).toBe(false);
    expect(counterMethods.listSales.input.safeParse({ from: '2026-01-03', to: '2026-01-02' }).success).toBe(false);
  });
});
