// Subscriptions (POST/GET/list /api/v1/subscriptions, PUT /api/v1/subscriptions/:id/cancel) and
// the charges they generate on the clock: each period's charge exactly once, a real charge
// (payable through the sandbox), found by the charge list's `subscription` filter. The clock
// starts on 2026-11-22T15:00Z (12:00 in São Paulo, UTC−3); generation happens at 00:00 São Paulo
// (03:00Z) of each period's day, on the first request after it.
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import { ManualClock } from '#lib/clock';
import { ALL_SCOPES } from '#service/engine/operations';
import { createSandboxCompany } from '#service/engine/tenancy/sandbox-bootstrap';
import { createSandboxService, type SandboxService } from '#service/index';
import { describeContract, type Harness } from '#test/support/harness';

const CPF = '52998224725';
const CNPJ = '11222333000181';

const customer = { name: 'Maria Assinante', taxID: CPF, email: 'maria@example.com', phone: '11987654321' };

function subscriptionBody(extra: Record<string, unknown> = {}) {
  return { customer, value: 4_990, correlationID: 'plano-mensal', type: 'RECURRENT', dayGenerateCharge: 25, ...extra };
}

async function charges(h: Harness, query: Record<string, string> = {}, appId = h.appId) {
  const reply = (await h.client.request('listCharges', { query }, { appId })) as { status: number; body: any };
  expect(reply.status).toBe(200);
  return reply.body.charges as any[];
}

/** Moves the clock and lets a request arrive, which runs the sweeps. */
async function at(h: Harness, instant: string): Promise<void> {
  h.clock.set(instant);
  await h.ok('listSubscriptions');
}

const globalIdOf = (id: string) => Buffer.from(id, 'base64').toString('utf8');

describeContract('subscriptions', (h) => {
  it('creates a subscription and answers its record; GET by globalID and by correlationID; the list pages it', async () => {
    const { subscription } = await h().ok('createSubscription', {
      body: subscriptionBody({
        name: 'Plano Mensal',
        comment: 'Academia',
        additionalInfo: [{ key: 'plano', value: 'ouro' }],
      }),
    });
    expect(subscription).toEqual({
      globalID: expect.any(String),
      value: 4_990,
      name: 'Plano Mensal',
      comment: 'Academia',
      customer: {
        name: 'Maria Assinante',
        email: 'maria@example.com',
        phone: '+5511987654321',
        taxID: { taxID: CPF, type: 'BR:CPF' },
        correlationID: expect.any(String),
      },
      dayGenerateCharge: 25,
      type: 'RECURRENT',
      frequency: 'MONTHLY',
      chargeType: 'DYNAMIC',
      dayDue: 7,
      installmentsCount: null,
      isActive: true,
      status: 'ACTIVE',
      correlationID: 'plano-mensal',
      paymentLinkUrl: expect.stringMatching(new RegExp(`^${h().baseUrl}/pay/[0-9a-f]{32}$`)),
      additionalInfo: [{ key: 'plano', value: 'ouro' }],
      addtionalInfo: [{ key: 'plano', value: 'ouro' }],
      createdAt: '2026-11-22T15:00:00.000Z',
      updatedAt: '2026-11-22T15:00:00.000Z',
    });
    expect(globalIdOf(subscription.globalID)).toMatch(/^PaymentSubscription:[0-9a-f]{24}$/);

    expect(await h().ok('getSubscription', { params: { id: subscription.globalID } })).toEqual({ subscription });
    expect(await h().ok('getSubscription', { params: { id: 'plano-mensal' } })).toEqual({ subscription });
    // The customer became one of the company's customers, found by its CPF.
    const { customer: stored } = await h().ok('getCustomer', { params: { id: CPF } });
    expect(stored.correlationID).toBe(subscription.customer.correlationID);

    await h().ok('createSubscription', { body: subscriptionBody({ correlationID: 'plano-2', value: 1_000 }) });
    const list = await h().ok('listSubscriptions', { query: { limit: '1' } });
    expect(list.subscriptions.map((s: any) => s.correlationID)).toEqual(['plano-2']);
    expect(list.pageInfo).toEqual({ skip: 0, limit: 1, totalCount: 2, hasPreviousPage: false, hasNextPage: true });
    const page2 = await h().ok('listSubscriptions', { query: { limit: '1', skip: '1' } });
    expect(page2.subscriptions).toEqual([subscription]);
    expect(page2.pageInfo).toMatchObject({ hasPreviousPage: true, hasNextPage: false });
    // Nothing is charged before the first generation day.
    expect(await charges(h())).toEqual([]);
  });

  it('generates a MONTHLY charge at 00:00 São Paulo of each day 25, across month and year ends; the charges are real and payable', async () => {
    const { subscription } = await h().ok('createSubscription', { body: subscriptionBody({ comment: 'Mensalidade' }) });
    await at(h(), '2026-11-25T02:59:59.000Z');
    expect(await charges(h())).toEqual([]);

    await at(h(), '2026-11-25T03:00:00.000Z');
    const [first] = await charges(h());
    expect(first).toMatchObject({
      value: 4_990,
      type: 'DYNAMIC',
      status: 'ACTIVE',
      correlationID: 'plano-mensal-1',
      comment: 'Mensalidade',
      subscription: subscription.globalID,
      customer: {
        name: 'Maria Assinante',
        taxID: { taxID: CPF, type: 'BR:CPF' },
        correlationID: subscription.customer.correlationID,
      },
      // Due dayDue (7) days after the generation day, payable until that São Paulo day ends.
      dueDate: '2026-12-02T15:00:00.000Z',
      expiresDate: '2026-12-03T03:00:00.000Z',
      createdAt: '2026-11-25T03:00:00.000Z',
    });
    // The subscription's page shows its newest installment.
    expect(first.paymentLinkUrl).toBe(subscription.paymentLinkUrl);
    // A real charge: paid through the sandbox's simulator like any other.
    h().clock.set('2026-11-28T12:00:00.000Z');
    const paid = await h().ok('sandboxPay', { query: { transactionID: first.transactionID } });
    expect(paid.transaction).toMatchObject({ type: 'PAYMENT', value: 4_990 });
    expect((await h().ok('getCharge', { params: { id: 'plano-mensal-1' } })).charge.status).toBe('COMPLETED');

    await at(h(), '2026-12-25T03:00:00.000Z');
    await at(h(), '2027-01-25T03:00:00.000Z');
    const all = await charges(h());
    expect(all.map((c) => [c.correlationID, c.createdAt, c.status])).toEqual([
      ['plano-mensal-3', '2027-01-25T03:00:00.000Z', 'ACTIVE'],
      ['plano-mensal-2', '2026-12-25T03:00:00.000Z', 'EXPIRED'],
      ['plano-mensal-1', '2026-11-25T03:00:00.000Z', 'COMPLETED'],
    ]);
    // The events announce each as any created charge.
    const created = h()
      .engine.db.prepare(`SELECT COUNT(*) AS n FROM events WHERE name = 'OPENPIX:CHARGE_CREATED'`)
      .get() as { n: number };
    expect(created.n).toBe(3);
  });

  it('the charge list filter `subscription` finds the generated charges by correlationID and by globalID, and only those', async () => {
    const { subscription } = await h().ok('createSubscription', { body: subscriptionBody() });
    await h().ok('createSubscription', { body: subscriptionBody({ correlationID: 'outro-plano', value: 100 }) });
    await h().ok('createCharge', { body: { correlationID: 'avulsa', value: 700 } });
    await at(h(), '2026-11-25T03:00:00.000Z');
    await at(h(), '2026-12-25T03:00:00.000Z');
    expect(await charges(h())).toHaveLength(5);

    const byCorrelation = await charges(h(), { subscription: 'plano-mensal' });
    expect(byCorrelation.map((c) => c.correlationID)).toEqual(['plano-mensal-2', 'plano-mensal-1']);
    expect(await charges(h(), { subscription: subscription.globalID })).toEqual(byCorrelation);
    expect((await charges(h(), { subscription: 'outro-plano' })).map((c) => c.value)).toEqual([100, 100]);
    // Combined with the other filters: November's installment expired on Dec 3.
    expect((await charges(h(), { subscription: 'outro-plano', status: 'ACTIVE' })).map((c) => c.correlationID)).toEqual(
      ['outro-plano-2'],
    );
    expect(await charges(h(), { subscription: 'no-such-plan' })).toEqual([]);
    // Another company naming our subscription finds nothing.
    expect(await charges(h(), { subscription: 'plano-mensal' }, h().other.appId)).toEqual([]);
    expect(await charges(h(), { subscription: subscription.globalID }, h().other.appId)).toEqual([]);
  });

  it('WEEKLY from a date-time: the first charge at that instant, then every 7 days; installmentCount ends it COMPLETED', async () => {
    const { subscription } = await h().ok('createSubscription', {
      body: subscriptionBody({
        frequency: 'WEEKLY',
        dayGenerateCharge: '2026-11-23T12:00:00Z',
        installmentCount: 3,
        dayDue: 3,
      }),
    });
    // The OpenAPI file: the date-time's day of the month is what the record keeps.
    expect(subscription).toMatchObject({ dayGenerateCharge: 23, installmentsCount: 3, frequency: 'WEEKLY' });
    await at(h(), '2026-11-23T11:59:00.000Z');
    expect(await charges(h())).toEqual([]);
    await at(h(), '2026-11-23T12:00:00.000Z');
    expect((await charges(h()))[0]).toMatchObject({
      correlationID: 'plano-mensal-1',
      expiresDate: '2026-11-27T03:00:00.000Z',
    });
    await at(h(), '2026-11-30T03:00:00.000Z');
    await at(h(), '2026-12-07T03:00:00.000Z');
    expect((await charges(h())).map((c) => c.createdAt)).toEqual([
      '2026-12-07T03:00:00.000Z',
      '2026-11-30T03:00:00.000Z',
      '2026-11-23T12:00:00.000Z',
    ]);
    const done = (await h().ok('getSubscription', { params: { id: 'plano-mensal' } })).subscription;
    expect(done).toMatchObject({ status: 'COMPLETED', isActive: false, installmentsCount: 3 });
    await at(h(), '2027-03-01T03:00:00.000Z');
    expect(await charges(h())).toHaveLength(3);
    // Completed: nothing left to cancel.
    expect(await h().client.request('cancelSubscription', { params: { id: 'plano-mensal' } })).toEqual({
      status: 400,
      body: { error: 'The subscription is no longer active (COMPLETED)' },
    });
  });

  it('generates each period exactly once, however many sweeps and concurrent requests run', async () => {
    await h().ok('createSubscription', { body: subscriptionBody() });
    h().clock.set('2026-11-25T03:00:00.000Z');
    await Promise.all(Array.from({ length: 8 }, () => h().ok('listCharges')));
    for (let i = 0; i < 5; i++) h().engine.sweep();
    await Promise.all(
      Array.from({ length: 4 }, () =>
        h().ok('createCharge', { body: { correlationID: `c${Math.random()}`, value: 10 } }),
      ),
    );
    expect(await charges(h(), { subscription: 'plano-mensal' })).toHaveLength(1);
    expect(h().counts('subscription_installments')).toEqual({ subscription_installments: 1 });
    const { subscription } = await h().ok('getSubscription', { params: { id: 'plano-mensal' } });
    expect(subscription).toMatchObject({ status: 'ACTIVE', isActive: true });
  });

  it('a clock far ahead catches up: periods whose charge could no longer be paid are skipped, the current one is charged', async () => {
    await h().ok('createSubscription', { body: subscriptionBody({ installmentCount: 6 }) });
    // Nov 25, Dec 25 and Jan 25 were due by Dec 2, Jan 1 and Feb 1; Feb 25's charge is due Mar 4.
    await at(h(), '2027-02-26T12:00:00.000Z');
    expect((await charges(h())).map((c) => [c.correlationID, c.dueDate])).toEqual([
      ['plano-mensal-4', '2027-03-04T15:00:00.000Z'],
    ]);
    const installments = h()
      .engine.db.prepare(
        'SELECT installment_number AS n, outcome, scheduled_at FROM subscription_installments ORDER BY installment_number',
      )
      .all();
    expect(installments).toEqual([
      { n: 1, outcome: 'MISSED', scheduled_at: '2026-11-25T03:00:00.000Z' },
      { n: 2, outcome: 'MISSED', scheduled_at: '2026-12-25T03:00:00.000Z' },
      { n: 3, outcome: 'MISSED', scheduled_at: '2027-01-25T03:00:00.000Z' },
      { n: 4, outcome: 'CHARGE_CREATED', scheduled_at: '2027-02-25T03:00:00.000Z' },
    ]);
    await at(h(), '2027-03-25T03:00:00.000Z');
    expect(await charges(h())).toHaveLength(2);
  });

  it('day 31 falls on the last day of shorter months', async () => {
    await h().ok('createSubscription', { body: subscriptionBody({ dayGenerateCharge: 31 }) });
    for (const day of ['2026-11-30', '2026-12-31', '2027-01-31', '2027-02-28', '2027-03-31'])
      await at(h(), `${day}T03:00:00.000Z`);
    expect((await charges(h())).map((c) => c.createdAt.slice(0, 10)).reverse()).toEqual([
      '2026-11-30',
      '2026-12-31',
      '2027-01-31',
      '2027-02-28',
      '2027-03-31',
    ]);
  });

  it('QUARTERLY and chargeType OVERDUE: the generated charges are OVERDUE charges due dayDue days later', async () => {
    await h().ok('createSubscription', {
      body: subscriptionBody({ frequency: 'QUARTERLY', chargeType: 'OVERDUE', dayGenerateCharge: 22 }),
    });
    // Created on its day: the first charge comes at once (the next request).
    await at(h(), '2026-11-22T15:00:01.000Z');
    await at(h(), '2027-02-22T03:00:00.000Z');
    await at(h(), '2027-05-22T03:00:00.000Z');
    const list = await charges(h());
    expect(list.map((c) => [c.type, c.createdAt.slice(0, 10), c.dueDate])).toEqual([
      ['OVERDUE', '2027-05-22', '2027-05-29T15:00:00.000Z'],
      ['OVERDUE', '2027-02-22', '2027-03-01T15:00:00.000Z'],
      ['OVERDUE', '2026-11-22', '2026-11-29T15:00:00.000Z'],
    ]);
    expect(list[0]).toMatchObject({ daysAfterDueDate: 0, expiresDate: '2027-05-30T03:00:00.000Z' });
  });

  it('PIX_RECURRING: the recurrence is approved in the sandbox, chargeType is ignored, BIMONTHLY is refused', async () => {
    const { subscription } = await h().ok('createSubscription', {
      body: subscriptionBody({
        type: 'PIX_RECURRING',
        chargeType: 'BOLETO',
        pixRecurringOptions: { journey: 'PAYMENT_ON_APPROVAL' },
      }),
    });
    expect(subscription).toMatchObject({
      type: 'PIX_RECURRING',
      chargeType: 'DYNAMIC',
      pixRecurringOptions: { status: 'APPROVED', journey: 'PAYMENT_ON_APPROVAL', retryPolicy: 'NON_PERMITED' },
    });
    const cancelled = (await h().ok('cancelSubscription', { params: { id: subscription.globalID } })).subscription;
    expect(cancelled.pixRecurringOptions.status).toBe('CANCELED');
    const refused = await h().client.request('createSubscription', {
      body: subscriptionBody({ correlationID: 'bi', type: 'PIX_RECURRING', frequency: 'BIMONTHLY' }),
    });
    expect(refused.status).toBe(400);
    expect((refused as any).body.error).toMatch(/^frequency: BIMONTHLY is not a Pix Automático frequency/);
  });

  it('cancel: no more charges; charges already generated stay; cancelling again answers the same record', async () => {
    const { subscription } = await h().ok('createSubscription', { body: subscriptionBody() });
    await at(h(), '2026-11-25T03:00:00.000Z');
    h().clock.set('2026-11-26T12:00:00.000Z');
    const { subscription: cancelled } = await h().ok('cancelSubscription', { params: { id: 'plano-mensal' } });
    expect(cancelled).toEqual({
      ...subscription,
      isActive: false,
      status: 'EXPIRED',
      updatedAt: '2026-11-26T12:00:00.000Z',
    });
    expect(await h().ok('cancelSubscription', { params: { id: subscription.globalID } })).toEqual({
      subscription: cancelled,
    });
    await at(h(), '2026-12-25T03:00:00.000Z');
    await at(h(), '2027-01-25T03:00:00.000Z');
    const list = await charges(h(), { subscription: 'plano-mensal' });
    expect(list.map((c) => [c.correlationID, c.status])).toEqual([['plano-mensal-1', 'EXPIRED']]);
    expect((await h().ok('getSubscription', { params: { id: 'plano-mensal' } })).subscription).toEqual(cancelled);
  });

  it('a repeated correlationID with the same body answers the existing subscription; with another body it is 400, nothing written', async () => {
    const first = (await h().ok('createSubscription', { body: subscriptionBody() })).subscription;
    const before = h().counts('subscriptions', 'customers', 'events', 'payment_links');
    // Same request, keys in another order and the defaults spelled out.
    const again = await h().ok('createSubscription', {
      body: {
        dayGenerateCharge: 25,
        type: 'RECURRENT',
        frequency: 'MONTHLY',
        dayDue: 7,
        correlationID: 'plano-mensal',
        value: 4_990,
        customer,
      },
    });
    expect(again).toEqual({ subscription: first });
    expect(await h().client.request('createSubscription', { body: subscriptionBody({ value: 5_990 }) })).toEqual({
      status: 400,
      body: { error: 'A subscription with correlationID plano-mensal already exists with different data' },
    });
    expect(h().counts('subscriptions', 'customers', 'events', 'payment_links')).toEqual(before);
  });

  it('refuses bad input with 400 {error} and writes nothing', async () => {
    const bad: [string, unknown][] = [
      ['no body', undefined],
      ['array body', [subscriptionBody()]],
      ['no customer', subscriptionBody({ customer: undefined })],
      ['customer without contact', subscriptionBody({ customer: { name: 'Só Nome' } })],
      ['invalid CPF', subscriptionBody({ customer: { name: 'X', taxID: '12345678900' } })],
      ['no value', subscriptionBody({ value: undefined })],
      ['zero value', subscriptionBody({ value: 0 })],
      ['fractional value', subscriptionBody({ value: 10.5 })],
      ['value as text that is not whole cents', subscriptionBody({ value: '1,00' })],
      ['no type', subscriptionBody({ type: undefined })],
      ['unknown type', subscriptionBody({ type: 'IN_INSTALLMENT' })],
      ['unknown frequency', subscriptionBody({ frequency: 'DAILY' })],
      ['day 0', subscriptionBody({ dayGenerateCharge: 0 })],
      ['day 32', subscriptionBody({ dayGenerateCharge: 32 })],
      ['bad date', subscriptionBody({ dayGenerateCharge: '2026-13-01T00:00:00Z' })],
      ['date without offset', subscriptionBody({ dayGenerateCharge: '2026-12-01T00:00:00' })],
      ['past date', subscriptionBody({ dayGenerateCharge: '2026-11-21T12:00:00Z' })],
      ['dayDue 2', subscriptionBody({ dayDue: 2 })],
      ['installmentCount 0', subscriptionBody({ installmentCount: 0 })],
      ['no correlationID', subscriptionBody({ correlationID: undefined })],
      ['blank correlationID', subscriptionBody({ correlationID: '  ' })],
      ['unknown chargeType', subscriptionBody({ chargeType: 'PIX' })],
      ['pixRecurringOptions on RECURRENT', subscriptionBody({ pixRecurringOptions: { journey: 'ONLY_RECURRENCY' } })],
      [
        'minimumValue above value',
        subscriptionBody({ type: 'PIX_RECURRING', pixRecurringOptions: { minimumValue: 5_000 } }),
      ],
      ['long comment', subscriptionBody({ comment: 'x'.repeat(141) })],
      ['additionalInfo not an array', subscriptionBody({ additionalInfo: { key: 'a', value: 'b' } })],
    ];
    const before = h().counts('subscriptions', 'customers', 'events', 'payment_links', 'charges');
    for (const [name, body] of bad) {
      const reply = await h().client.request('createSubscription', { body });
      expect(reply.status, name).toBe(400);
      expect((reply as any).body, name).toEqual({ error: expect.any(String) });
    }
    expect(h().counts('subscriptions', 'customers', 'events', 'payment_links', 'charges')).toEqual(before);
    // A generation date in the past is named as such.
    expect(
      await h().client.request('createSubscription', {
        body: subscriptionBody({ dayGenerateCharge: '2026-11-21T12:00:00Z' }),
      }),
    ).toEqual({
      status: 400,
      body: { error: 'dayGenerateCharge must not be a date in the past' },
    });
  });

  it("another company's subscription is 404 for get and cancel, absent from its list, and its charges go on", async () => {
    const { subscription } = await h().ok('createSubscription', { body: subscriptionBody() });
    const as = { appId: h().other.appId };
    for (const id of [subscription.globalID, 'plano-mensal']) {
      expect(await h().client.request('getSubscription', { params: { id } }, as)).toEqual({
        status: 404,
        body: { error: 'Subscription not found' },
      });
      expect(await h().client.request('cancelSubscription', { params: { id } }, as)).toEqual({
        status: 404,
        body: { error: 'Subscription not found' },
      });
    }
    expect(await h().client.request('getSubscription', { params: { id: 'nope' } })).toEqual({
      status: 404,
      body: { error: 'Subscription not found' },
    });
    expect(((await h().client.request('listSubscriptions', {}, as)) as any).body.subscriptions).toEqual([]);
    // The same correlationID is free in the other company: a subscription of its own.
    const theirs = (await h().client.request(
      'createSubscription',
      { body: subscriptionBody({ value: 100 }) },
      as,
    )) as any;
    expect(theirs.status).toBe(200);
    expect(theirs.body.subscription.globalID).not.toBe(subscription.globalID);
    await at(h(), '2026-11-25T03:00:00.000Z');
    expect((await charges(h(), { subscription: 'plano-mensal' })).map((c) => c.value)).toEqual([4_990]);
    expect((await charges(h(), { subscription: 'plano-mensal' }, h().other.appId)).map((c) => c.value)).toEqual([100]);
    expect((await h().ok('getSubscription', { params: { id: 'plano-mensal' } })).subscription.isActive).toBe(true);
  });

  it('each subscription operation needs its scope (403)', async () => {
    const { subscription } = await h().ok('createSubscription', { body: subscriptionBody() });
    const calls = [
      ['SUBSCRIPTION_POST', 'createSubscription', { body: subscriptionBody({ correlationID: 'x' }) }],
      ['SUBSCRIPTION_GET', 'getSubscription', { params: { id: subscription.globalID } }],
      ['SUBSCRIPTION_GET_LIST', 'listSubscriptions', {}],
      ['SUBSCRIPTION_CANCEL_PUT', 'cancelSubscription', { params: { id: subscription.globalID } }],
    ] as const;
    for (const [scope, op, request] of calls) {
      const limited = createSandboxCompany(h().engine.db, h().clock.now(), {
        scopes: ALL_SCOPES.filter((s) => s !== scope),
      });
      expect(await h().client.request(op, request, { appId: limited.appId })).toEqual({
        status: 403,
        body: { error: `Application does not have required scope: ${scope}` },
      });
    }
    expect(h().counts('subscriptions')).toEqual({ subscriptions: 1 });
  });

  it('an installment the charge module refuses is recorded FAILED and the subscription moves on; a closed account ends it', async () => {
    const { subscription } = await h().ok('createSubscription', { body: subscriptionBody() });
    const tenant = h().engine.tenancy.resolveTenant(h().appId)!;
    const db = h().engine.db;
    // The account loses its Pix key after the subscription was made: no charge can be created.
    const key = db.prepare('SELECT * FROM pix_keys WHERE account_id = ?').get(tenant.account.id) as Record<
      string,
      unknown
    >;
    db.prepare('DELETE FROM pix_keys WHERE account_id = ?').run(tenant.account.id);
    h().engine.tenancy.invalidate();
    await at(h(), '2026-11-25T03:00:00.000Z');
    expect(await charges(h())).toEqual([]);
    expect(db.prepare('SELECT outcome, reason FROM subscription_installments').all()).toEqual([
      { outcome: 'FAILED', reason: 'The account has no Pix key to receive charges' },
    ]);
    db.prepare(
      'INSERT INTO pix_keys (key, company_id, account_id, type, is_default, created_at) VALUES (@key, @company_id, @account_id, @type, @is_default, @created_at)',
    ).run(key);
    h().engine.tenancy.invalidate();
    await at(h(), '2026-12-25T03:00:00.000Z');
    expect((await charges(h())).map((c) => c.correlationID)).toEqual(['plano-mensal-2']);

    db.prepare('UPDATE bank_accounts SET closed_at = ? WHERE id = ?').run(
      '2027-01-01T00:00:00.000Z',
      tenant.account.id,
    );
    h().engine.tenancy.invalidate();
    h().engine.afterDirectWrites();
    h().clock.set('2027-01-25T03:00:00.000Z');
    h().engine.sweep();
    const row = db
      .prepare('SELECT status, is_active, next_generation_at FROM subscriptions WHERE global_id = ?')
      .get(subscription.globalID);
    expect(row).toEqual({ status: 'EXPIRED', is_active: 0, next_generation_at: null });
    expect(h().counts('charges')).toEqual({ charges: 1 });
  });
});

describe('subscriptions across a restart', () => {
  let dir: string | undefined;
  let service: SandboxService | undefined;
  afterEach(async () => {
    await service?.close();
    if (dir) rmSync(dir, { recursive: true, force: true });
    service = undefined;
    dir = undefined;
  });

  it('a period generated before a restart is not generated again after it', async () => {
    dir = mkdtempSync(join(tmpdir(), 'balcao-subscriptions-'));
    const dbPath = join(dir, 'service.db');
    const clock = new ManualClock('2026-11-22T15:00:00.000Z');
    service = createSandboxService({ dbPath, clock });
    const appId = service.appId;
    await service.engine.call(appId, 'createSubscription', {
      body: {
        customer: { name: 'Cliente', taxID: CNPJ },
        value: 2_000,
        correlationID: 'anual',
        type: 'RECURRENT',
        frequency: 'ANNUALLY',
        dayGenerateCharge: 25,
      },
    });
    clock.set('2026-11-25T03:00:00.000Z');
    expect((await service.engine.call(appId, 'listCharges', {})).charges).toHaveLength(1);
    await service.close();

    service = createSandboxService({ dbPath, clock });
    clock.set('2026-11-26T12:00:00.000Z');
    service.engine.sweep();
    expect(
      (await service.engine.call(appId, 'listCharges', { query: { subscription: 'anual' } })).charges,
    ).toHaveLength(1);
    clock.set('2027-11-25T03:00:00.000Z');
    const after = (await service.engine.call(appId, 'listCharges', { query: { subscription: 'anual' } })).charges;
    expect(after.map((c) => c.correlationID)).toEqual(['anual-2', 'anual-1']);
  });
});
