import { describe, expect, it } from 'vitest';
import type { PixTransactionRefund } from '#shared/service/resources';
import { isEndToEndId } from '#lib/pix';
import { as, paidCharge, REFUND_SETTLEMENT_MS, sdkRejection, useSdkSandbox } from './sdk-sandbox';

describe('SDK refund.* against the sandbox', () => {
  const s = useSdkSandbox();

  it('refund.create: POST /api/v1/refund returns a transaction refund, IN_PROCESSING then REFUNDED', async () => {
    const { woovi, clock } = s();
    const { transaction } = await paidCharge(s(), 'pedido-20', 4000);
    clock.advance(120_000);
    const created = await woovi.refund.create({
      value: 1000,
      transactionEndToEndId: transaction.endToEndId,
      correlationID: 'devolucao-20',
      comment: 'Troca de produto',
    });
    expect(s().requests.at(-1)).toEqual({ method: 'POST', url: '/api/v1/refund', status: 200 });
    const refund = as<PixTransactionRefund>(created.refund);
    expect(refund).toMatchObject({
      value: 1000,
      status: 'IN_PROCESSING',
      correlationID: 'devolucao-20',
      comment: 'Troca de produto',
      originalEndToEndId: transaction.endToEndId,
      time: '2026-11-22T15:02:00.000Z',
    });
    expect(refund.refundId).toMatch(/^[0-9a-f]{32}$/);
    expect(isEndToEndId(refund.returnIdentification) && refund.returnIdentification.startsWith('D')).toBe(true);
    expect(isEndToEndId(refund.endToEndId)).toBe(true);

    const pending = await woovi.refund.get({ id: 'devolucao-20' });
    expect(s().requests.at(-1)).toMatchObject({ method: 'GET', url: '/api/v1/refund/devolucao-20', status: 200 });
    // Under both names: the spec's pixTransactionRefund and the OpenAPI file's refund (WHMCS reads it).
    expect(pending).toEqual({ pixTransactionRefund: refund, refund });

    clock.advance(REFUND_SETTLEMENT_MS + 1);
    const settled = await woovi.refund.get({ id: refund.refundId });
    expect(settled.pixTransactionRefund).toEqual({ ...refund, status: 'REFUNDED' });
  });

  it('refund.create accepts the payment by its transactionID as well as its end-to-end id', async () => {
    const { woovi } = s();
    const { transaction } = await paidCharge(s(), 'pedido-21', 700);
    const { refund } = await woovi.refund.create({
      value: 700,
      transactionEndToEndId: transaction.transactionID,
      correlationID: 'devolucao-21',
    });
    expect(as<PixTransactionRefund>(refund)).toMatchObject({ value: 700, originalEndToEndId: transaction.endToEndId });
  });

  it('a refund of a charge payment shows on both views: /refund (REFUNDED) and /charge/{id}/refund (CONFIRMED)', async () => {
    const { woovi, clock } = s();
    const { transaction } = await paidCharge(s(), 'pedido-22', 900);
    await woovi.chargeRefund.create({ chargeId: 'pedido-22', value: 300, correlationID: 'via-cobranca' });
    await woovi.refund.create({
      value: 200,
      transactionEndToEndId: transaction.endToEndId,
      correlationID: 'via-transacao',
    });
    clock.advance(REFUND_SETTLEMENT_MS + 1);

    const byCharge = await woovi.chargeRefund.list({ chargeId: 'pedido-22' });
    expect(byCharge.refunds.map((r) => [r.correlationID, r.value, r.status]).sort()).toEqual([
      ['via-cobranca', 300, 'CONFIRMED'],
      ['via-transacao', 200, 'CONFIRMED'],
    ]);
    const viaCharge = as<PixTransactionRefund>((await woovi.refund.get({ id: 'via-cobranca' })).pixTransactionRefund);
    expect(viaCharge).toMatchObject({ value: 300, status: 'REFUNDED', originalEndToEndId: transaction.endToEndId });
    // Together they exhaust nothing yet: 400 of 900 left, and one cent more than that is refused.
    await sdkRejection(
      woovi.refund.create({ value: 401, transactionEndToEndId: transaction.endToEndId, correlationID: 'demais' }),
    );
    expect(s().lastStatus()).toBe(400);
  });

  it("refund.list: GET /api/v1/refund?limit=10&skip=0 lists the company's refunds newest first", async () => {
    const { woovi, clock, other } = s();
    const { transaction } = await paidCharge(s(), 'pedido-23', 1000);
    const made: PixTransactionRefund[] = [];
    for (const [i, value] of [10, 20, 30].entries()) {
      clock.advance(500); // all three stay inside one settlement window (2 s), so the list shows them as created
      made.push(
        as<PixTransactionRefund>(
          (await woovi.refund.create({ value, transactionEndToEndId: transaction.endToEndId, correlationID: `d-${i}` }))
            .refund,
        ),
      );
    }
    expect((await other.woovi.refund.list()).refunds).toEqual([]);

    const listed = await woovi.refund.list();
    expect(s().requests.at(-1)).toMatchObject({ method: 'GET', url: '/api/v1/refund?limit=10&skip=0', status: 200 });
    expect(listed.refunds).toEqual([made[2], made[1], made[0]]);
    expect(listed.pageInfo).toEqual({ skip: 0, limit: 10, totalCount: 3, hasPreviousPage: false, hasNextPage: false });

    const page = await woovi.refund.list({ skip: 2, limit: 1 });
    expect(page.refunds).toEqual([made[0]]);
    expect(page.pageInfo).toEqual({ skip: 2, limit: 1, totalCount: 3, hasPreviousPage: true, hasNextPage: false });
  });

  // The OpenAPI file lists only 200 and 400 {error} for get refund.
  it('refund.get of an unknown id or another company\'s refund rejects 400 { error: "Refund not found" }', async () => {
    const { woovi, other } = s();
    expect(await sdkRejection(woovi.refund.get({ id: 'nao-existe' }))).toEqual({ error: 'Refund not found' });
    expect(s().lastStatus()).toBe(400);

    const theirs = await other.woovi.charge.create({ correlationID: 'deles', value: 500 });
    const paid = await s().payBrCode(theirs.charge.brCode!, other.appId);
    const { refund } = await other.woovi.refund.create({
      value: 100,
      transactionEndToEndId: paid.transaction.endToEndId,
      correlationID: 'deles-r',
    });
    for (const id of ['deles-r', refund.refundId]) {
      expect(await sdkRejection(woovi.refund.get({ id }))).toEqual({ error: 'Refund not found' });
      expect(s().lastStatus()).toBe(400);
    }
    // Nor can this company refund the other's payment.
    const refused = await sdkRejection(
      woovi.refund.create({ value: 100, transactionEndToEndId: paid.transaction.endToEndId, correlationID: 'meu' }),
    );
    expect(refused.error).toMatch(/not found/i);
    expect(s().count('refunds')).toBe(1);
  });

  it('refund.create refuses bad input with a 400 {error} and writes nothing', async () => {
    const { woovi } = s();
    const { transaction } = await paidCharge(s(), 'pedido-24', 1000);
    const first = await woovi.refund.create({
      value: 100,
      transactionEndToEndId: transaction.endToEndId,
      correlationID: 'ja-usado',
    });
    const before = {
      refunds: s().count('refunds'),
      events: s().count('events'),
      transactions: s().count('transactions'),
    };
    const e2e = transaction.endToEndId;
    const bad: unknown[] = [
      { value: 1.5, transactionEndToEndId: e2e, correlationID: 'a' },
      { value: -5, transactionEndToEndId: e2e, correlationID: 'b' },
      { value: '1,00', transactionEndToEndId: e2e, correlationID: 'c' },
      { transactionEndToEndId: e2e, correlationID: 'd' },
      { value: 100, correlationID: 'e' },
      { value: 100, transactionEndToEndId: e2e },
      { value: 100, transactionEndToEndId: e2e, correlationID: 'f', comment: 'y'.repeat(141) },
      // The key of a refund already made, reused for another amount (the same body again is a repeat, below).
      { value: 200, transactionEndToEndId: e2e, correlationID: 'ja-usado' },
      { value: 901, transactionEndToEndId: e2e, correlationID: 'g' },
    ];
    for (const body of bad) {
      await sdkRejection(woovi.refund.create(body as never));
      expect(s().lastStatus(), JSON.stringify(body)).toBe(400);
    }
    expect({
      refunds: s().count('refunds'),
      events: s().count('events'),
      transactions: s().count('transactions'),
    }).toEqual(before);
    // A retry of the first request is answered with the refund it made, and writes nothing.
    expect(await woovi.refund.create({ value: 100, transactionEndToEndId: e2e, correlationID: 'ja-usado' })).toEqual(
      first,
    );
    expect({
      refunds: s().count('refunds'),
      events: s().count('events'),
      transactions: s().count('transactions'),
    }).toEqual(before);
  });
});
