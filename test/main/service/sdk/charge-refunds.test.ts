import { describe, expect, it } from 'vitest';
import type { Charge, ChargeRefund } from '#shared/service/resources';
import { isEndToEndId } from '#lib/pix';
import { as, paidCharge, REFUND_SETTLEMENT_MS, sdkRejection, START, useSdkSandbox } from './sdk-sandbox';

describe('SDK chargeRefund.* against the sandbox', () => {
  const s = useSdkSandbox();

  it('chargeRefund.create: POST /api/v1/charge/{id}/refund refunds part of a paid charge, IN_PROCESSING then CONFIRMED', async () => {
    const { woovi, clock } = s();
    await paidCharge(s(), 'pedido-10', 5000);
    clock.advance(60_000);
    const { refund } = await woovi.chargeRefund.create({
      chargeId: 'pedido-10',
      value: 1500,
      correlationID: 'estorno-10-a',
      comment: 'Item em falta',
    });
    expect(s().requests.at(-1)).toEqual({ method: 'POST', url: '/api/v1/charge/pedido-10/refund', status: 200 });
    expect(refund).toMatchObject({
      value: 1500,
      status: 'IN_PROCESSING',
      correlationID: 'estorno-10-a',
      comment: 'Item em falta',
      time: '2026-11-22T15:01:00.000Z',
    });
    expect(isEndToEndId(refund.endToEndId)).toBe(true);
    expect(refund.endToEndId.startsWith('D')).toBe(true);

    clock.advance(REFUND_SETTLEMENT_MS + 1);
    const { refunds } = await woovi.chargeRefund.list({ chargeId: 'pedido-10' });
    expect(refunds).toEqual([{ ...refund, status: 'CONFIRMED' }]);
    // A partial refund leaves the charge paid.
    expect((await woovi.charge.get({ id: 'pedido-10' })).charge.status).toBe('COMPLETED');
  });

  it('chargeRefund.create accepts the charge by globalID too', async () => {
    const { woovi } = s();
    const { charge } = await paidCharge(s(), 'pedido-11', 800);
    const { refund } = await woovi.chargeRefund.create({
      chargeId: charge.globalID,
      value: 800,
      correlationID: 'estorno-11',
    });
    expect(refund).toMatchObject({ value: 800, status: 'IN_PROCESSING', correlationID: 'estorno-11' });
  });

  it("chargeRefund.list: GET /api/v1/charge/{id}/refund?limit=10&skip=0 lists only that charge's refunds, newest first", async () => {
    const { woovi, clock } = s();
    await paidCharge(s(), 'pedido-12', 3000);
    await paidCharge(s(), 'pedido-13', 3000);
    const made: ChargeRefund[] = [];
    for (const [i, value] of [100, 200, 300].entries()) {
      clock.advance(500); // all three stay inside one settlement window (2 s), so the list shows them as created
      made.push(
        (await woovi.chargeRefund.create({ chargeId: 'pedido-12', value, correlationID: `estorno-12-${i}` })).refund,
      );
    }
    await woovi.chargeRefund.create({ chargeId: 'pedido-13', value: 50, correlationID: 'estorno-13' });

    const listed = await woovi.chargeRefund.list({ chargeId: 'pedido-12' });
    expect(s().requests.at(-1)).toMatchObject({
      method: 'GET',
      url: '/api/v1/charge/pedido-12/refund?limit=10&skip=0',
      status: 200,
    });
    expect(listed.refunds).toEqual([made[2], made[1], made[0]]);
    expect(listed.pageInfo).toEqual({ skip: 0, limit: 10, totalCount: 3, hasPreviousPage: false, hasNextPage: false });

    const page = await woovi.chargeRefund.list({ chargeId: 'pedido-12' }, { skip: 1, limit: 1 });
    expect(page.refunds).toEqual([made[1]]);
    expect(page.pageInfo).toEqual({ skip: 1, limit: 1, totalCount: 3, hasPreviousPage: true, hasNextPage: true });

    // A paid charge with no refund yet lists none.
    await paidCharge(s(), 'pedido-14', 100);
    expect((await woovi.chargeRefund.list({ chargeId: 'pedido-14' })).refunds).toEqual([]);
  });

  it('refuses refunds that cannot be: unpaid charge, too much, bad money, repeated correlationID; nothing is written', async () => {
    const { woovi } = s();
    await woovi.charge.create({ correlationID: 'aberta', value: 1000 });
    await paidCharge(s(), 'paga', 1000);
    await woovi.chargeRefund.create({ chargeId: 'paga', value: 600, correlationID: 'estorno-ok' });
    const before = {
      refunds: s().count('refunds'),
      transactions: s().count('transactions'),
      events: s().count('events'),
    };

    const attempts: { chargeId: string; value: unknown; correlationID: unknown; comment?: unknown }[] = [
      { chargeId: 'aberta', value: 100, correlationID: 'e1' },
      { chargeId: 'paga', value: 401, correlationID: 'e2' },
      { chargeId: 'paga', value: 10.5, correlationID: 'e3' },
      { chargeId: 'paga', value: -1, correlationID: 'e4' },
      { chargeId: 'paga', value: 0, correlationID: 'e5' },
      { chargeId: 'paga', value: '1,00', correlationID: 'e6' },
      { chargeId: 'paga', value: 100, correlationID: undefined },
      { chargeId: 'paga', value: 100, correlationID: 'e7', comment: 'x'.repeat(141) },
      { chargeId: 'paga', value: 100, correlationID: 'estorno-ok' },
    ];
    for (const attempt of attempts) {
      await sdkRejection(woovi.chargeRefund.create(attempt as never));
      expect(s().lastStatus(), JSON.stringify(attempt)).toBe(400);
    }
    expect({
      refunds: s().count('refunds'),
      transactions: s().count('transactions'),
      events: s().count('events'),
    }).toEqual(before);
    // What is left can still be refunded exactly.
    const { refund } = await woovi.chargeRefund.create({
      chargeId: 'paga',
      value: 400,
      correlationID: 'estorno-resto',
    });
    expect(refund.value).toBe(400);
  });

  // The spec lists only 200 and 400 for "Charge refunds list and create".
  it('an unknown charge, or another company\'s, is a 400 "Charge not found" for both create and list', async () => {
    const { woovi, other } = s();
    const theirs = as<Charge>((await other.woovi.charge.create({ correlationID: 'deles', value: 900 })).charge);
    await s().payBrCode(theirs.brCode, other.appId);
    for (const chargeId of ['nao-existe', 'deles', theirs.globalID]) {
      expect(await sdkRejection(woovi.chargeRefund.create({ chargeId, value: 100, correlationID: 'e' }))).toEqual({
        error: 'Charge not found',
      });
      expect(s().lastStatus()).toBe(400);
      expect(await sdkRejection(woovi.chargeRefund.list({ chargeId }))).toEqual({ error: 'Charge not found' });
      expect(s().lastStatus()).toBe(400);
    }
    expect(s().count('refunds')).toBe(0);
    expect((await other.woovi.chargeRefund.list({ chargeId: 'deles' })).refunds).toEqual([]);
  });

  it('the refund time is the request instant of the engine clock', async () => {
    const { woovi, clock } = s();
    await paidCharge(s(), 'pedido-15', 100);
    clock.set('2026-11-23T09:30:00.000Z');
    const { refund } = await woovi.chargeRefund.create({
      chargeId: 'pedido-15',
      value: 100,
      correlationID: 'estorno-15',
    });
    expect(refund.time).toBe('2026-11-23T09:30:00.000Z');
    expect(refund.time > START).toBe(true);
  });
});
