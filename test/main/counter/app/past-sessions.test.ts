// The past-sessions list (Caixa › Caixas fechados): closed sessions only, newest first, each with
// the totals its manager confirmed at closing, and its report still to be had afterwards.
import { afterEach, describe, expect, it } from 'vitest';
import type { ManagerApproval, RegisterState } from '#shared/counter/counter-api';
import { isPdf, openRuntime, type RuntimeFixture } from './runtime-fixture';

let fixture: RuntimeFixture | undefined;
afterEach(async () => {
  await fixture?.dispose();
  fixture = undefined;
});

const idOf = (state: RegisterState, name: string) => state.operators.find((operator) => operator.name === name)!.id;

describe('listSessions', () => {
  it('lists the closed sessions newest first with who, when and the confirmed totals; never the open one', async () => {
    fixture = openRuntime();
    const h = fixture.runtime.api;
    const marta = idOf(await h.createOperator({ name: 'Marta', role: 'MANAGER', pin: '4321' }), 'Marta');
    const manager: ManagerApproval = { operatorId: marta, pin: '4321' };
    const joao = idOf(await h.createOperator({ name: 'João', role: 'CASHIER', pin: '1111', manager }), 'João');
    await h.signIn({ operatorId: joao, pin: '1111' });
    expect((await h.listSessions()).sessions).toEqual([]);

    await h.openRegister({ tillName: 'Caixa da frente', openingNote: 'Troco R$ 50,00' });
    const first = await h.createSale({ value: 10_00 });
    await h.simulatePayment({ correlationID: first.correlationID });
    await h.refundSale({ correlationID: first.correlationID, value: 2_50, reason: 'Troca', manager });
    await fixture.runtime.syncProbe.drained();
    expect((await h.listSessions()).sessions).toEqual([]);
    const morning = await h.closeRegister({ manager });

    await h.openRegister({ tillName: 'Caixa dos fundos' });
    const second = await h.createSale({ value: 33_00 });
    await h.simulatePayment({ correlationID: second.correlationID });
    await h.createSale({ value: 1_00 }).then((sale) => h.cancelSale({ correlationID: sale.correlationID }));
    const afternoon = await h.closeRegister({ manager });

    const { sessions } = await h.listSessions();
    expect(sessions).toEqual([
      {
        id: afternoon.session.id,
        tillName: 'Caixa dos fundos',
        openedBy: 'João',
        openedAt: expect.any(String),
        closedBy: 'Marta',
        closedAt: afternoon.session.closedAt,
        salesCount: 2,
        paidCount: 1,
        refundsCount: 0,
        net: 33_00,
      },
      {
        id: morning.session.id,
        tillName: 'Caixa da frente',
        openedBy: 'João',
        openedAt: expect.any(String),
        openingNote: 'Troco R$ 50,00',
        closedBy: 'Marta',
        closedAt: morning.session.closedAt,
        salesCount: 1,
        paidCount: 1,
        refundsCount: 1,
        net: 7_50,
      },
    ]);
    // Each one's report, long after it closed.
    for (const session of sessions) {
      expect(isPdf((await h.getSessionReport({ sessionId: session.id, layout: 'a4' })).pdfBase64)).toBe(true);
    }
  });

  it('keeps past sessions and their reports from a counter nobody is signed in to (401)', async () => {
    fixture = openRuntime();
    const h = fixture.runtime.api;
    const marta = idOf(await h.createOperator({ name: 'Marta', role: 'MANAGER', pin: '4321' }), 'Marta');
    const manager: ManagerApproval = { operatorId: marta, pin: '4321' };
    await h.signIn({ operatorId: marta, pin: '4321' });
    await h.openRegister({});
    const { session } = await h.closeRegister({ manager });
    await h.signOut();
    await expect(h.listSessions()).rejects.toMatchObject({ code: 'NOT_SIGNED_IN' });
    await expect(h.getSessionReport({ sessionId: session.id, layout: 'thermal80' })).rejects.toMatchObject({
      code: 'NOT_SIGNED_IN',
    });
    await expect(h.printSessionReport({ sessionId: session.id, layout: 'thermal80' })).rejects.toMatchObject({
      code: 'NOT_SIGNED_IN',
    });
    await h.signIn({ operatorId: marta, pin: '4321' });
    expect((await h.listSessions()).sessions.map((listed) => listed.id)).toEqual([session.id]);
  });
});
