import { describe, expect, it } from 'vitest';
import type { Charge, PixTransactionRefund, Transaction } from '#shared/service/resources';
import { createSandboxCompany } from '#service/engine/tenancy/sandbox-bootstrap';
import { as, CPF, REFUND_SETTLEMENT_MS, sdkRejection, useSdkSandbox } from './sdk-sandbox';
import { createClient } from '@woovi/node-sdk';

describe("an integrator's day with @woovi/node-sdk against the sandbox", () => {
  const s = useSdkSandbox();

  it('registers a customer, charges, gets paid, finds the Pix, refunds part of it and sees it settle', async () => {
    const { woovi, clock, host } = s();

    // 09:00 — the counter registers a regular customer.
    clock.set('2026-11-23T12:00:00.000Z');
    const customerPayload = {
      name: 'Maria Silva',
      taxID: CPF,
      email: 'maria@example.com',
      correlationID: 'cliente-maria',
    };
    const { customer } = await woovi.customer.create(customerPayload);
    expect(customer).toMatchObject({
      name: 'Maria Silva',
      correlationID: 'cliente-maria',
      taxID: { taxID: CPF, type: 'BR:CPF' },
    });

    // The order: a charge tied to her, sent with return_existing so a retried POST is harmless.
    clock.advance(60_000);
    const order = {
      correlationID: 'pedido-2026-0042',
      value: 8990,
      comment: 'Pizza grande + refrigerante',
      expiresIn: 1800,
    };
    const first = as<Charge>(
      (await woovi.charge.create({ ...order, customer: customerPayload }, { return_existing: 'true' })).charge,
    );
    const retried = as<Charge>(
      (await woovi.charge.create({ ...order, customer: customerPayload }, { return_existing: 'true' })).charge,
    );
    expect(retried.globalID).toBe(first.globalID);
    expect(first).toMatchObject({
      status: 'ACTIVE',
      value: 8990,
      expiresDate: '2026-11-23T12:31:00.000Z',
      customer: { name: 'Maria Silva', taxID: { taxID: CPF, type: 'BR:CPF' } },
    });
    expect(first.brCode).toContain(`${host}/qr/v2/cob/`);

    // It shows in the day's list.
    const today = as<{ charges: Charge[] }>(await woovi.charge.list());
    expect(today.charges.map((c) => c.correlationID)).toEqual(['pedido-2026-0042']);

    // Maria pays with her bank app (the sandbox plays her bank).
    clock.advance(4 * 60_000);
    const payment = await s().payBrCode(first.brCode);
    expect(payment.charge).toMatchObject({ correlationID: 'pedido-2026-0042', status: 'COMPLETED' });

    const { charge: paid } = await woovi.charge.get({ id: 'pedido-2026-0042' });
    expect(as<Charge>(paid)).toMatchObject({ status: 'COMPLETED', paidAt: '2026-11-23T12:05:00.000Z' });

    // The back office reconciles: the Pix is in the transaction list, filtered by the charge.
    const { transactions } = await woovi.transactions.list({ query: { charge: 'pedido-2026-0042' } });
    expect(transactions).toHaveLength(1);
    const pix = as<Transaction>(transactions[0]);
    expect(pix).toMatchObject({ type: 'PAYMENT', status: 'CONFIRMED', value: 8990, time: '2026-11-23T12:05:00.000Z' });
    expect((await woovi.transactions.get({ id: pix.endToEndId })).transaction).toMatchObject({
      endToEndId: pix.endToEndId,
      value: 8990,
      charge: { correlationID: 'pedido-2026-0042' },
    });

    // The soda was out: refund R$ 9,90 of the charge.
    clock.advance(10 * 60_000);
    const { refund } = await woovi.chargeRefund.create({
      chargeId: 'pedido-2026-0042',
      value: 990,
      correlationID: 'estorno-0042-refri',
      comment: 'Refrigerante em falta',
    });
    expect(refund).toMatchObject({ value: 990, status: 'IN_PROCESSING', time: '2026-11-23T12:15:00.000Z' });
    expect((await woovi.chargeRefund.list({ chargeId: 'pedido-2026-0042' })).refunds.map((r) => r.status)).toEqual([
      'IN_PROCESSING',
    ]);

    // A little later the refund has settled, on both views.
    clock.advance(REFUND_SETTLEMENT_MS + 1);
    expect((await woovi.chargeRefund.list({ chargeId: 'pedido-2026-0042' })).refunds).toEqual([
      { ...refund, status: 'CONFIRMED' },
    ]);
    const { pixTransactionRefund } = await woovi.refund.get({ id: 'estorno-0042-refri' });
    expect(as<PixTransactionRefund>(pixTransactionRefund)).toMatchObject({
      value: 990,
      status: 'REFUNDED',
      correlationID: 'estorno-0042-refri',
      originalEndToEndId: pix.endToEndId,
    });
    expect((await woovi.refund.list()).refunds.map((r) => r.correlationID)).toEqual(['estorno-0042-refri']);

    // Refunding more than is left is refused, and nothing changes.
    await sdkRejection(
      woovi.chargeRefund.create({ chargeId: 'pedido-2026-0042', value: 8001, correlationID: 'estorno-demais' }),
    );
    expect((await woovi.refund.list()).refunds).toHaveLength(1);
    expect((await woovi.charge.get({ id: 'pedido-2026-0042' })).charge.status).toBe('COMPLETED');
  });

  it("a charge can be paid through the real sandbox's simulator, GET /openpix/testing?transactionID=", async () => {
    const { woovi } = s();
    const charge = as<Charge>((await woovi.charge.create({ correlationID: 'simulado', value: 1500 })).charge);
    const paid = await s().paySimulator({ transactionID: charge.transactionID });
    expect(paid.transaction).toMatchObject({ type: 'PAYMENT', value: 1500 });
    expect((await woovi.charge.get({ id: 'simulado' })).charge.status).toBe('COMPLETED');
  });

  it('SDK errors: unknown charge, bad AppID, missing scope, unsupported route all reject with a parsed {error}', async () => {
    const { woovi, baseUrl, service, clock } = s();

    expect(await sdkRejection(woovi.charge.get({ id: 'nao-existe' }))).toEqual({ error: 'Charge not found' });

    // A wrong AppID is a 401 with an {error} body (never an empty or HTML body the SDK would choke on).
    const stranger = createClient({ appId: 'not-a-real-app-id', baseUrl });
    for (const call of [
      stranger.charge.list(),
      stranger.charge.get({ id: 'x' }),
      stranger.customer.create({ name: 'X', taxID: CPF }),
    ]) {
      const rejection = await sdkRejection(call);
      expect(rejection.error.length).toBeGreaterThan(0);
      expect(s().lastStatus()).toBe(401);
    }
    // An empty AppID (an unset env var) is the same 401.
    await sdkRejection(createClient({ appId: '', baseUrl }).charge.list());
    expect(s().lastStatus()).toBe(401);

    // An application without a scope gets a 403 naming it.
    const readOnly = createSandboxCompany(service.engine.db, clock.now(), {
      scopes: ['CHARGE_GET', 'CHARGE_GET_LIST'],
    });
    const limited = createClient({ appId: readOnly.appId, baseUrl });
    expect(await sdkRejection(limited.charge.create({ correlationID: 'x', value: 100 }))).toEqual({
      error: 'Application does not have required scope: CHARGE_POST',
    });
    expect(s().lastStatus()).toBe(403);
    expect(as<{ charges: Charge[] }>(await limited.charge.list()).charges).toEqual([]);

    // The SDK reaches the subaccount operations (served since issue 37): the list answers the
    // company's subaccounts (none yet), and an unknown Pix key answers the published document's
    // not-found, 400 "Subaccount not found: <key>", as a JSON {error} the SDK throws.
    expect(as<any>(await woovi.subAccount.list())).toMatchObject({
      subAccounts: [],
      pageInfo: { skip: 0, limit: 10, totalCount: 0, hasNextPage: false },
    });
    expect(s().lastStatus()).toBe(200);
    expect(await sdkRejection(woovi.subAccount.get({ id: 'vendedor@example.com' }))).toEqual({
      error: 'Subaccount not found: vendedor@example.com',
    });
    expect(s().lastStatus()).toBe(400);
    // A path the SDK gets wrong (account.withdraw posts to /account/{id}, without /withdraw) is a
    // known path asked with another method: a JSON 405 naming the methods it takes.
    const { accounts } = as<any>(await woovi.account.list());
    expect(await sdkRejection(woovi.account.withdraw({ accountId: accounts[0].accountId, value: 100 }))).toEqual({
      error: `Method POST not allowed on /api/v1/account/${accounts[0].accountId}; allowed: DELETE, GET, HEAD`,
    });
    expect(s().lastStatus()).toBe(405);
    expect(s().count('charges')).toBe(0);
  });
});
