// Subscription installments (GET /api/v1/installments/{id}, GET /api/v1/subscriptions/{id}/installments),
// their Pix Automático cobr (POST /api/v1/installments/{id}/cobr and …/cobr/retry, settled by the
// sandbox's POST /openpix/testing/installments/{id}/cobr) and PUT /api/v1/subscriptions/{id}/value.
// The clock starts on 2026-11-22T15:00Z (12:00 in São Paulo); a subscription on day 25 generates
// its installments at 00:00 São Paulo (03:00Z) of each 25th, on the first request after it.
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { beforeAll, describe, expect, it } from 'vitest';
import { openDatabase } from '#lib/store/database';
import { ManualClock } from '#lib/clock';
import { ALL_SCOPES } from '#service/engine/operations';
import { ledger } from '#service/engine/ledger/ledger';
import { createSandboxCompany } from '#service/engine/tenancy/sandbox-bootstrap';
import { createSandboxService, type SandboxService } from '#service/index';
import { useConformanceServers } from '#test/support/conformance-servers';
import { describeContract, type Harness } from '#test/support/harness';

const CPF = '52998224725';
const customer = { name: 'Maria Assinante', taxID: CPF, email: 'maria@example.com' };

function subscriptionBody(extra: Record<string, unknown> = {}) {
  return {
    customer,
    value: 4_990,
    correlationID: 'plano',
    type: 'PIX_RECURRING',
    dayGenerateCharge: 25,
    ...extra,
  };
}

const THREE_RETRIES = { retryPolicy: 'THREE_RETRIES_7_DAYS', journey: 'ONLY_RECURRENCY' };

/** Moves the clock and lets a request arrive, which runs the sweeps. */
async function at(h: Harness, instant: string): Promise<void> {
  h.clock.set(instant);
  await h.ok('listSubscriptions');
}

async function installments(h: Harness, id: string, query: Record<string, string> = {}) {
  return h.ok('listSubscriptionInstallments', { params: { id }, query });
}

/** A subscription whose first installment was generated on 2026-11-25. */
async function withFirstInstallment(h: Harness, extra: Record<string, unknown> = {}) {
  const { subscription } = await h.ok('createSubscription', { body: subscriptionBody(extra) });
  await at(h, '2026-11-25T03:00:00.000Z');
  const [installment] = (await installments(h, subscription.globalID)).installments;
  return { subscription, installment };
}

function eventNames(h: Harness, prefix = 'PIX_AUTOMATIC_COBR'): string[] {
  return (
    h.engine.db.prepare(`SELECT name FROM events WHERE name LIKE ? ORDER BY seq`).all(`${prefix}%`) as {
      name: string;
    }[]
  ).map((e) => e.name);
}

function balance(h: Harness, appId = h.appId) {
  const tenant = h.engine.tenancy.resolveTenant(appId)!;
  return ledger(h.engine.db).balance({ companyId: tenant.company.id, accountId: tenant.account.id }).total;
}

const decode = (id: string) => Buffer.from(id, 'base64').toString('utf8');

describeContract('installments', (h) => {
  it("lists a subscription's installments as they are generated, pages them, and serves each by globalID", async () => {
    const { subscription } = await h().ok('createSubscription', { body: subscriptionBody({ type: 'RECURRENT' }) });
    expect(await installments(h(), subscription.globalID)).toEqual({
      installments: [],
      pageInfo: { skip: 0, limit: 100, totalCount: 0, hasPreviousPage: false, hasNextPage: false },
    });
    await at(h(), '2026-11-25T03:00:00.000Z');
    await at(h(), '2026-12-25T03:00:00.000Z');
    await at(h(), '2027-01-25T03:00:00.000Z');

    const all = await installments(h(), 'plano');
    expect(all.pageInfo).toEqual({ skip: 0, limit: 100, totalCount: 3, hasPreviousPage: false, hasNextPage: false });
    const [first, second, third] = all.installments;
    expect(first).toEqual({
      globalID: expect.any(String),
      installmentNumber: 1,
      value: 4_990,
      status: 'EXPIRED',
      dateGenerateCharge: '2026-11-25T03:00:00.000Z',
      // Generated at 00:00 on the 25th, payable until the end of its due day (7 days later).
      expiration: 8 * 86_400,
      createdAt: '2026-11-25T03:00:00.000Z',
      paymentSubscriptionGlobalID: subscription.globalID,
      correlationID: 'plano-1',
      cobr: null,
    });
    expect(decode(first.globalID)).toMatch(/^PaymentSubscriptionInstallment:[0-9a-f]{24}$/);
    expect([second.installmentNumber, second.status, second.correlationID]).toEqual([2, 'EXPIRED', 'plano-2']);
    expect([third.installmentNumber, third.status, third.dateGenerateCharge]).toEqual([
      3,
      'ACTIVE',
      '2027-01-25T03:00:00.000Z',
    ]);

    const page = await installments(h(), subscription.globalID, { skip: '1', limit: '1' });
    expect(page).toEqual({
      installments: [second],
      pageInfo: { skip: 1, limit: 1, totalCount: 3, hasPreviousPage: true, hasNextPage: true },
    });

    expect(await h().ok('getInstallment', { params: { id: third.globalID } })).toEqual({ installment: third });
    // Paid through its charge, it is COMPLETED, and found by the endToEndId of that Pix too.
    const { charge } = await h().ok('getCharge', { params: { id: 'plano-3' } });
    const paid = await h().ok('sandboxPay', { query: { transactionID: charge.transactionID } });
    const completed = { ...third, status: 'COMPLETED' };
    expect(await h().ok('getInstallment', { params: { id: third.globalID } })).toEqual({ installment: completed });
    expect(await h().ok('getInstallment', { params: { id: paid.transaction.endToEndId } })).toEqual({
      installment: completed,
    });
  });

  it('POST cobr: the installment gets one cobr, approved, its first try requested, with the events in order; a repeat is refused and writes nothing', async () => {
    const { subscription, installment } = await withFirstInstallment(h(), { comment: 'Academia' });
    h().clock.set('2026-11-26T12:00:00.000Z');
    const { installment: after } = await h().ok('createInstallmentCobr', { params: { id: installment.globalID } });
    const tenant = h().engine.tenancy.resolveTenant(h().appId)!;
    expect(after).toEqual({
      ...installment,
      cobr: {
        identifierId: expect.stringMatching(/^[0-9a-f]{32}$/),
        recurrencyId: `RR${tenant.account.ispb.padStart(8, '0')}20261122${decode(subscription.globalID).slice(-11)}`,
        installmentId: installment.globalID,
        status: 'APPROVED',
        value: 4_990,
        tries: [
          {
            tryStatus: 'REQUESTED',
            finalityPurpose: 'AGND',
            value: 4_990,
            // The installment's due day (dayDue 7 after the 25th), at 00:00 São Paulo.
            requestedExecutionDate: '2026-12-02T03:00:00.000Z',
            createdAt: '2026-11-26T12:00:00.000Z',
            updatedAt: '2026-11-26T12:00:00.000Z',
          },
        ],
        chargeDate: '2026-12-02',
        expiryDate: '2026-12-02',
        description: 'Academia',
        createdAt: '2026-11-26T12:00:00.000Z',
      },
    });
    expect(eventNames(h())).toEqual([
      'PIX_AUTOMATIC_COBR_CREATED',
      'PIX_AUTOMATIC_COBR_APPROVED',
      'PIX_AUTOMATIC_COBR_TRY_REQUESTED',
    ]);
    expect(await h().ok('getInstallment', { params: { id: installment.globalID } })).toEqual({ installment: after });

    const before = h().counts('installment_cobrs', 'installment_cobr_tries', 'events');
    expect(await h().client.request('createInstallmentCobr', { params: { id: installment.globalID } })).toEqual({
      status: 400,
      body: {
        error:
          'The installment already has a cobr (APPROVED); a rejected try is retried with POST /api/v1/installments/{id}/cobr/retry',
      },
    });
    expect(h().counts('installment_cobrs', 'installment_cobr_tries', 'events')).toEqual(before);
    // Concurrent repeats: one cobr, one try, whatever the interleaving.
    const { installment: second } = await withSecond(h());
    const replies = await Promise.all(
      [1, 2, 3].map(() => h().client.request('createInstallmentCobr', { params: { id: second.globalID } })),
    );
    expect(replies.map((r) => r.status).sort()).toEqual([200, 400, 400]);
    expect(h().counts('installment_cobrs', 'installment_cobr_tries')).toEqual({
      installment_cobrs: 2,
      installment_cobr_tries: 2,
    });
  });

  it("the payer's bank pays the cobr: the installment's charge is paid, the balance grows once, COBR_COMPLETED; it is found by the Pix's endToEndId", async () => {
    const { installment } = await withFirstInstallment(h());
    await h().ok('createInstallmentCobr', { params: { id: installment.globalID } });
    const start = balance(h());
    h().clock.set('2026-12-02T12:00:00.000Z');
    const { installment: paid } = await h().ok('sandboxSettleInstallmentCobr', {
      params: { id: installment.globalID },
      body: { result: 'COMPLETED' },
    });
    expect(paid.status).toBe('COMPLETED');
    expect(paid.cobr).toMatchObject({
      status: 'COMPLETED',
      paymentDate: '2026-12-02',
      endToEndId: expect.stringMatching(/^E\d{8}\d{12}[A-Za-z0-9]{11}$/),
      tries: [{ tryStatus: 'COMPLETED', finalityPurpose: 'AGND', value: 4_990 }],
    });
    expect(balance(h()) - start).toBe(4_990);
    const { charge } = await h().ok('getCharge', { params: { id: installment.correlationID } });
    expect(charge.status).toBe('COMPLETED');
    const { transaction } = await h().ok('getTransaction', { params: { id: paid.cobr.endToEndId } });
    expect(transaction).toMatchObject({ value: 4_990, endToEndId: paid.cobr.endToEndId });
    expect(await h().ok('getInstallment', { params: { id: paid.cobr.endToEndId } })).toEqual({ installment: paid });
    expect(eventNames(h()).at(-1)).toBe('PIX_AUTOMATIC_COBR_COMPLETED');

    // Paid: no second settlement, no retry, no new cobr; the balance does not move again.
    const before = h().counts('installment_cobr_tries', 'transactions', 'events');
    for (const [op, body] of [
      ['sandboxSettleInstallmentCobr', { result: 'COMPLETED' }],
      ['retryInstallmentCobr', {}],
      ['createInstallmentCobr', {}],
    ] as const) {
      const reply = await h().client.request(op, { params: { id: installment.globalID }, body });
      expect(reply.status).toBe(400);
    }
    expect(h().counts('installment_cobr_tries', 'transactions', 'events')).toEqual(before);
    expect(balance(h()) - start).toBe(4_990);
  });

  it('an installment paid through its charge cannot get a cobr', async () => {
    const { installment } = await withFirstInstallment(h());
    const { charge } = await h().ok('getCharge', { params: { id: installment.correlationID } });
    await h().ok('sandboxPay', { query: { transactionID: charge.transactionID } });
    expect(await h().client.request('createInstallmentCobr', { params: { id: installment.globalID } })).toEqual({
      status: 400,
      body: { error: 'The installment is already paid' },
    });
    expect(h().counts('installment_cobrs')).toEqual({ installment_cobrs: 0 });
  });

  it('retry: refused under NON_PERMITED (the rejected try rejects the cobr); under THREE_RETRIES_7_DAYS a new NTAG try per rejection, up to three', async () => {
    const fixed = await withFirstInstallment(h());
    await h().ok('createInstallmentCobr', { params: { id: fixed.installment.globalID } });
    const rejected = await h().ok('sandboxSettleInstallmentCobr', {
      params: { id: fixed.installment.globalID },
      body: { result: 'REJECTED' },
    });
    expect(rejected.installment.status).toBe('REJECTED');
    expect(rejected.installment.cobr).toMatchObject({
      status: 'REJECTED',
      rejectCode: 'AM04',
      tries: [{ tryStatus: 'REJECTED', rejectCode: 'AM04' }],
    });
    expect(await h().client.request('retryInstallmentCobr', { params: { id: fixed.installment.globalID } })).toEqual({
      status: 400,
      body: { error: 'The recurrence does not permit retries (retryPolicy NON_PERMITED)' },
    });
    expect(eventNames(h()).slice(-2)).toEqual(['PIX_AUTOMATIC_COBR_TRY_REJECTED', 'PIX_AUTOMATIC_COBR_REJECTED']);

    const { subscription } = await h().ok('createSubscription', {
      body: subscriptionBody({ correlationID: 'com-retentativas', pixRecurringOptions: THREE_RETRIES }),
    });
    await at(h(), '2026-12-25T03:00:00.000Z');
    const list = await installments(h(), subscription.globalID);
    const id = list.installments[0].globalID;
    // No cobr yet: nothing to retry.
    expect((await h().client.request('retryInstallmentCobr', { params: { id } })).status).toBe(400);
    await h().ok('createInstallmentCobr', { params: { id } });
    // The try is pending: a retry is refused, and writes nothing.
    expect(await h().client.request('retryInstallmentCobr', { params: { id } })).toEqual({
      status: 400,
      body: { error: "The cobr's try 1 is still REQUESTED: only a rejected try can be retried" },
    });
    for (let retry = 1; retry <= 3; retry++) {
      h().clock.advance(3_600_000);
      const settled = await h().ok('sandboxSettleInstallmentCobr', {
        params: { id },
        body: { result: 'REJECTED', rejectCode: 'AC06' },
      });
      expect(settled.installment.cobr.status).toBe('APPROVED');
      const { installment } = await h().ok('retryInstallmentCobr', { params: { id } });
      expect(installment.cobr.tries).toHaveLength(retry + 1);
      expect(installment.cobr.tries.at(-1)).toMatchObject({ tryStatus: 'REQUESTED', finalityPurpose: 'NTAG' });
      // A repeated retry request does not add a second try.
      expect((await h().client.request('retryInstallmentCobr', { params: { id } })).status).toBe(400);
      expect((await h().ok('getInstallment', { params: { id } })).installment.cobr.tries).toHaveLength(retry + 1);
    }
    const last = await h().ok('sandboxSettleInstallmentCobr', { params: { id }, body: { result: 'REJECTED' } });
    expect(last.installment.cobr).toMatchObject({ status: 'REJECTED', rejectCode: 'AM04' });
    expect(last.installment.cobr.tries.map((t: any) => t.tryStatus)).toEqual([
      'REJECTED',
      'REJECTED',
      'REJECTED',
      'REJECTED',
    ]);
    expect(await h().client.request('retryInstallmentCobr', { params: { id } })).toEqual({
      status: 400,
      body: { error: 'The cobr was rejected for good (AM04)' },
    });
  });

  it('a retry that the bank then pays completes the cobr; past the 7-day window a retry is refused', async () => {
    const { installment } = await withFirstInstallment(h(), { pixRecurringOptions: THREE_RETRIES });
    const id = installment.globalID;
    await h().ok('createInstallmentCobr', { params: { id } });
    await h().ok('sandboxSettleInstallmentCobr', { params: { id }, body: { result: 'REJECTED' } });
    await h().ok('retryInstallmentCobr', { params: { id } });
    const start = balance(h());
    const { installment: paid } = await h().ok('sandboxSettleInstallmentCobr', {
      params: { id },
      body: { result: 'COMPLETED' },
    });
    expect(paid.cobr.status).toBe('COMPLETED');
    expect(paid.cobr.tries.map((t: any) => [t.finalityPurpose, t.tryStatus])).toEqual([
      ['AGND', 'REJECTED'],
      ['NTAG', 'COMPLETED'],
    ]);
    expect(balance(h()) - start).toBe(4_990);

    // Another subscription, whose first period (2026-11-25, due 2026-12-02) passes with no request:
    // it is MISSED. A cobr sent later is charged the day it is sent, and may be retried for 7 days.
    const other = await h().ok('createSubscription', {
      body: subscriptionBody({ correlationID: 'janela', pixRecurringOptions: THREE_RETRIES, dayGenerateCharge: 25 }),
    });
    await at(h(), '2026-12-25T03:00:00.000Z');
    const late = (await installments(h(), other.subscription.globalID)).installments[0].globalID;
    // It has no charge, but a cobr makes the period collectable again.
    expect((await h().ok('getInstallment', { params: { id: late } })).installment.status).toBe('MISSED');
    expect((await h().ok('createInstallmentCobr', { params: { id: late } })).installment.status).toBe('ACTIVE');
    await h().ok('sandboxSettleInstallmentCobr', { params: { id: late }, body: { result: 'REJECTED' } });
    h().clock.set('2027-01-11T12:00:00.000Z');
    expect(await h().client.request('retryInstallmentCobr', { params: { id: late } })).toEqual({
      status: 400,
      body: { error: "The cobr's retry window ended on 2027-01-01" },
    });
  });

  it('PUT value: only for a Pix Automático with a dynamic value, at least its minimumValue; the next installments take it', async () => {
    await h().ok('createSubscription', { body: subscriptionBody({ correlationID: 'fixo' }) });
    const fixed = await h().client.request('updateSubscriptionValue', { params: { id: 'fixo' }, body: { value: 100 } });
    expect(fixed).toEqual({
      status: 400,
      body: {
        error:
          'The value can only change where the Pix Automático accepts a dynamic value (type PIX_RECURRING with pixRecurringOptions.minimumValue)',
      },
    });
    const { subscription } = await h().ok('createSubscription', {
      body: subscriptionBody({
        correlationID: 'dinamico',
        pixRecurringOptions: { ...THREE_RETRIES, minimumValue: 1_000 },
      }),
    });
    await at(h(), '2026-11-25T03:00:00.000Z');
    const below = await h().client.request('updateSubscriptionValue', {
      params: { id: subscription.globalID },
      body: { value: 999 },
    });
    expect(below).toEqual({ status: 400, body: { error: 'value must be at least the minimumValue (1000 cents)' } });
    h().clock.set('2026-11-26T12:00:00.000Z');
    const updated = await h().ok('updateSubscriptionValue', {
      params: { id: subscription.globalID },
      body: { value: 7_500 },
    });
    expect(updated.subscription).toEqual({ ...subscription, value: 7_500, updatedAt: '2026-11-26T12:00:00.000Z' });
    expect((await h().ok('getSubscription', { params: { id: 'dinamico' } })).subscription.value).toBe(7_500);
    await at(h(), '2026-12-25T03:00:00.000Z');
    const list = (await installments(h(), 'dinamico')).installments;
    expect(list.map((i: any) => i.value)).toEqual([4_990, 7_500]);
    const { charge } = await h().ok('getCharge', { params: { id: 'dinamico-2' } });
    expect(charge.value).toBe(7_500);

    // A cobr of another value than the installment's, at least the minimum: received on the
    // account's key; the period's open charge expires, so it is not paid twice.
    const [first] = list;
    expect(
      await h().client.request('createInstallmentCobr', { params: { id: first.globalID }, body: { value: 500 } }),
    ).toEqual({ status: 400, body: { error: "value must be at least the recurrence's minimumValue (1000 cents)" } });
    const { charge: firstCharge } = await h().ok('getCharge', { params: { id: 'dinamico-1' } });
    expect(firstCharge.status).toBe('EXPIRED');
  });

  it('a dynamic-value cobr pays another value on the account key and expires the open charge', async () => {
    const { installment } = await withFirstInstallment(h(), {
      pixRecurringOptions: { ...THREE_RETRIES, minimumValue: 1_000 },
    });
    const id = installment.globalID;
    const { installment: created } = await h().ok('createInstallmentCobr', { params: { id }, body: { value: 3_000 } });
    expect(created.cobr.value).toBe(3_000);
    const start = balance(h());
    const { installment: paid } = await h().ok('sandboxSettleInstallmentCobr', {
      params: { id },
      body: { result: 'COMPLETED' },
    });
    expect(paid.status).toBe('COMPLETED');
    expect(balance(h()) - start).toBe(3_000);
    const { charge } = await h().ok('getCharge', { params: { id: installment.correlationID } });
    expect(charge.status).toBe('EXPIRED');
    const { transaction } = await h().ok('getTransaction', { params: { id: paid.cobr.endToEndId } });
    expect(transaction.value).toBe(3_000);
    // A fixed-value recurrence takes no other value.
    const fixed = await h().ok('createSubscription', { body: subscriptionBody({ correlationID: 'fixo' }) });
    await at(h(), '2026-12-25T03:00:00.000Z');
    const fixedId = (await installments(h(), fixed.subscription.globalID)).installments[0].globalID;
    expect(
      await h().client.request('createInstallmentCobr', { params: { id: fixedId }, body: { value: 3_000 } }),
    ).toEqual({
      status: 400,
      body: {
        error: 'value must be 4990 cents: the recurrence has a fixed value (no pixRecurringOptions.minimumValue)',
      },
    });
    // The same value as the installment's is fine.
    await h().ok('createInstallmentCobr', { params: { id: fixedId }, body: { value: 4_990 } });
  });

  it('a RECURRENT installment has no cobr; a cancelled recurrence takes none', async () => {
    const { installment } = await withFirstInstallment(h(), { type: 'RECURRENT' });
    expect(await h().client.request('createInstallmentCobr', { params: { id: installment.globalID } })).toEqual({
      status: 400,
      body: { error: 'Only installments of a Pix Automático subscription (type PIX_RECURRING) have a cobr' },
    });
    const { subscription } = await h().ok('createSubscription', {
      body: subscriptionBody({ correlationID: 'cancelada' }),
    });
    await at(h(), '2026-12-25T03:00:00.000Z');
    const id = (await installments(h(), subscription.globalID)).installments[0].globalID;
    await h().ok('cancelSubscription', { params: { id: 'cancelada' } });
    expect(await h().client.request('createInstallmentCobr', { params: { id } })).toEqual({
      status: 400,
      body: { error: 'The recurrence was canceled: no cobr can be sent' },
    });
    expect(h().counts('installment_cobrs')).toEqual({ installment_cobrs: 0 });
  });

  it('a FAILED installment shows FAILED; a recurrence that ended with its account takes no cobr', async () => {
    const { subscription } = await h().ok('createSubscription', { body: subscriptionBody() });
    const tenant = h().engine.tenancy.resolveTenant(h().appId)!;
    const db = h().engine.db;
    const key = db.prepare('SELECT * FROM pix_keys WHERE account_id = ?').get(tenant.account.id) as Record<
      string,
      unknown
    >;
    db.prepare('DELETE FROM pix_keys WHERE account_id = ?').run(tenant.account.id);
    h().engine.tenancy.invalidate();
    await at(h(), '2026-11-25T03:00:00.000Z');
    const [failed] = (await installments(h(), subscription.globalID)).installments;
    expect([failed.status, failed.value, failed.correlationID]).toEqual(['FAILED', 4_990, 'plano-1']);
    db.prepare(
      'INSERT INTO pix_keys (key, company_id, account_id, type, is_default, created_at) VALUES (@key, @company_id, @account_id, @type, @is_default, @created_at)',
    ).run(key);
    db.prepare('UPDATE bank_accounts SET closed_at = ? WHERE id = ?').run(
      '2026-12-01T00:00:00.000Z',
      tenant.account.id,
    );
    h().engine.tenancy.invalidate();
    h().engine.afterDirectWrites();
    h().clock.set('2026-12-25T03:00:00.000Z');
    h().engine.sweep();
    expect((await h().ok('getSubscription', { params: { id: 'plano' } })).subscription.status).toBe('EXPIRED');
    expect(await h().client.request('createInstallmentCobr', { params: { id: failed.globalID } })).toEqual({
      status: 400,
      body: { error: 'The recurrence expired: no cobr can be sent' },
    });
    expect(h().counts('installment_cobrs')).toEqual({ installment_cobrs: 0 });
  });

  it("another company's installments and subscriptions answer as unknown ids, and nothing of theirs moves", async () => {
    const { subscription, installment } = await withFirstInstallment(h(), {
      pixRecurringOptions: { ...THREE_RETRIES, minimumValue: 1_000 },
    });
    await h().ok('createInstallmentCobr', { params: { id: installment.globalID } });
    const as = { appId: h().other.appId };
    const before = h().counts('installment_cobrs', 'installment_cobr_tries', 'events', 'transactions');
    const notFound = { status: 404, body: { error: 'Installment not found' } };
    const calls = [
      ['getInstallment', { params: { id: installment.globalID } }, notFound],
      ['createInstallmentCobr', { params: { id: installment.globalID } }, notFound],
      ['retryInstallmentCobr', { params: { id: installment.globalID } }, notFound],
      [
        'sandboxSettleInstallmentCobr',
        { params: { id: installment.globalID }, body: { result: 'COMPLETED' } },
        notFound,
      ],
      [
        'listSubscriptionInstallments',
        { params: { id: subscription.globalID } },
        { status: 404, body: { error: 'Subscription not found' } },
      ],
      [
        'listSubscriptionInstallments',
        { params: { id: 'plano' } },
        { status: 404, body: { error: 'Subscription not found' } },
      ],
      [
        'updateSubscriptionValue',
        { params: { id: subscription.globalID }, body: { value: 2_000 } },
        { status: 404, body: { error: 'Subscription not found' } },
      ],
    ] as const;
    for (const [op, request, expected] of calls) {
      expect(await h().client.request(op, request, as), op).toEqual(expected);
      // An unknown id answers exactly the same to the owner.
      const unknown = {
        ...request,
        params: { id: Buffer.from('PaymentSubscriptionInstallment:0').toString('base64') },
      };
      expect(await h().client.request(op, unknown), op).toEqual(
        op === 'listSubscriptionInstallments' || op === 'updateSubscriptionValue'
          ? { status: 404, body: { error: 'Subscription not found' } }
          : notFound,
      );
    }
    expect(h().counts('installment_cobrs', 'installment_cobr_tries', 'events', 'transactions')).toEqual(before);
    expect((await h().ok('getSubscription', { params: { id: 'plano' } })).subscription.value).toBe(4_990);
    // Its own subscription of the same correlationID is its own.
    await h().client.request('createSubscription', { body: subscriptionBody() }, as);
    const theirs = (await h().client.request('listSubscriptionInstallments', { params: { id: 'plano' } }, as)) as any;
    expect(theirs.status).toBe(200);
    expect(theirs.body.installments.map((i: any) => i.globalID)).not.toContain(installment.globalID);
    expect(theirs.body.installments.map((i: any) => i.cobr)).toEqual([null]);
  });

  it('refuses bad input with 400 {error} and writes nothing', async () => {
    const { installment } = await withFirstInstallment(h(), {
      pixRecurringOptions: { ...THREE_RETRIES, minimumValue: 1_000 },
    });
    const id = installment.globalID;
    const before = h().counts('installment_cobrs', 'installment_cobr_tries', 'events', 'subscriptions');
    const bad: [string, any, string][] = [
      ['createInstallmentCobr', { params: { id }, body: { value: 0 } }, 'value'],
      ['createInstallmentCobr', { params: { id }, body: { value: -5 } }, 'value'],
      ['createInstallmentCobr', { params: { id }, body: { value: 10.5 } }, 'value'],
      ['createInstallmentCobr', { params: { id }, body: { value: 'muito' } }, 'value'],
      ['createInstallmentCobr', { params: { id }, body: [1] }, 'body'],
      ['retryInstallmentCobr', { params: { id }, body: { value: 0 } }, 'value'],
      ['updateSubscriptionValue', { params: { id: 'plano' }, body: {} }, 'value'],
      ['updateSubscriptionValue', { params: { id: 'plano' }, body: { value: 1e12 } }, 'value'],
      ['updateSubscriptionValue', { params: { id: 'plano' }, body: { value: '12,50' } }, 'value'],
      ['listSubscriptionInstallments', { params: { id: 'plano' }, query: { limit: '0' } }, 'limit'],
      ['listSubscriptionInstallments', { params: { id: 'plano' }, query: { limit: '101' } }, 'limit'],
      ['listSubscriptionInstallments', { params: { id: 'plano' }, query: { skip: '-1' } }, 'skip'],
      ['sandboxSettleInstallmentCobr', { params: { id }, body: { result: 'MAYBE' } }, 'result'],
      ['sandboxSettleInstallmentCobr', { params: { id }, body: { result: 'REJECTED', rejectCode: 'x' } }, 'rejectCode'],
    ];
    for (const [op, request, field] of bad) {
      const reply = (await h().client.request(op as any, request)) as { status: number; body: any };
      expect(reply.status, `${op} ${JSON.stringify(request)}`).toBe(400);
      expect(Object.keys(reply.body)).toEqual(['error']);
      expect(reply.body.error).toContain(field);
    }
    expect(h().counts('installment_cobrs', 'installment_cobr_tries', 'events', 'subscriptions')).toEqual(before);
    expect((await h().ok('getSubscription', { params: { id: 'plano' } })).subscription.value).toBe(4_990);
  });

  it('each operation needs its scope (403)', async () => {
    const { subscription, installment } = await withFirstInstallment(h(), {
      pixRecurringOptions: { ...THREE_RETRIES, minimumValue: 1_000 },
    });
    const calls = [
      ['SUBSCRIPTION_INSTALLMENT_GET', 'getInstallment', { params: { id: installment.globalID } }],
      ['SUBSCRIPTION_INSTALLMENT_GET_LIST', 'listSubscriptionInstallments', { params: { id: subscription.globalID } }],
      ['SUBSCRIPTION_INSTALLMENT_COBR_POST', 'createInstallmentCobr', { params: { id: installment.globalID } }],
      ['SUBSCRIPTION_INSTALLMENT_COBR_RETRY_POST', 'retryInstallmentCobr', { params: { id: installment.globalID } }],
      ['SUBSCRIPTION_VALUE_PUT', 'updateSubscriptionValue', { params: { id: 'plano' }, body: { value: 2_000 } }],
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
    expect(h().counts('installment_cobrs')).toEqual({ installment_cobrs: 0 });
  });
});

/** A second PIX_RECURRING subscription with its first installment generated on 2026-12-25. */
async function withSecond(h: Harness) {
  const { subscription } = await h.ok('createSubscription', { body: subscriptionBody({ correlationID: 'segunda' }) });
  await at(h, '2026-12-25T03:00:00.000Z');
  const [installment] = (await installments(h, subscription.globalID)).installments;
  return { subscription, installment };
}

type Json = any;

describe('installment answers validate: under --strict against the published schemas, by default against the derived document', () => {
  const clock = new ManualClock('2026-11-22T15:00:00.000Z');
  /** Values the shaping had to change to fit the published schema: none may be ours. */
  const mismatches: unknown[] = [];
  const servers = useConformanceServers({
    clock,
    strict: { onMismatch: (mismatch) => mismatches.push(mismatch) },
    listen: true,
  });
  const { call } = servers;
  let strict: SandboxService;
  let plain: SandboxService;
  beforeAll(() => ({ strict, plain } = servers));

  async function checked(service: SandboxService, method: string, documentedPath: string, url: string, body?: unknown) {
    const reply = await call(service, method, url, body);
    expect(reply.status, `${method} ${url}: ${JSON.stringify(reply.body)}`).toBe(200);
    const verdict = servers.conforms(servers.kindOf(service), method, documentedPath, 200, reply.body);
    expect(verdict, `${method} ${url}`).toEqual({ kind: 'valid' });
    return reply.body;
  }

  it('every state of an installment and its cobr, and the subscription after PUT value', async () => {
    const strictAnswers: Json[] = [];
    for (const service of [strict, plain]) {
      clock.set('2026-11-22T15:00:00.000Z');
      const correlationID = `s-${service === strict ? 'strict' : 'plain'}`;
      const created = await call(service, 'POST', '/api/v1/subscriptions', {
        ...subscriptionBody({ correlationID }),
        pixRecurringOptions: { ...THREE_RETRIES, minimumValue: 1_000 },
      });
      expect(created.status).toBe(200);
      const subscriptionId = created.body.subscription.globalID;
      clock.set('2026-11-25T03:00:00.000Z');
      const listPath = '/api/v1/subscriptions/{id}/installments';
      const list = await checked(service, 'GET', listPath, `/api/v1/subscriptions/${subscriptionId}/installments`);
      expect(list.installments).toHaveLength(1);
      const id = encodeURIComponent(list.installments[0].globalID);
      // No cobr yet: `cobr` is null, which the published schema allows (nullable).
      const none = await checked(service, 'GET', '/api/v1/installments/{id}', `/api/v1/installments/${id}`);
      expect(none.installment.status).toBe('ACTIVE');
      const cobr = await checked(service, 'POST', '/api/v1/installments/{id}/cobr', `/api/v1/installments/${id}/cobr`, {
        value: 2_000,
      });
      if (service === plain) expect(cobr.installment.cobr.status).toBe('APPROVED');
      // The payer's bank refuses the try (through the engine: --strict serves only the published routes).
      const tenant = { appId: service.appId };
      const settle = async (body: object) =>
        (
          await service.engine.handle(tenant.appId, 'sandboxSettleInstallmentCobr', {
            params: { id: decodeURIComponent(id) },
            body,
          })
        ).status;
      expect(await settle({ result: 'REJECTED' })).toBe(200);
      const rejected = await checked(service, 'GET', '/api/v1/installments/{id}', `/api/v1/installments/${id}`);
      expect(rejected.installment.cobr.tries).toHaveLength(1);
      await checked(service, 'POST', '/api/v1/installments/{id}/cobr/retry', `/api/v1/installments/${id}/cobr/retry`);
      expect(await settle({ result: 'COMPLETED' })).toBe(200);
      const paid = await checked(service, 'GET', '/api/v1/installments/{id}', `/api/v1/installments/${id}`);
      expect(paid.installment.cobr.status).toBe('COMPLETED');
      await checked(
        service,
        'GET',
        '/api/v1/installments/{id}',
        `/api/v1/installments/${paid.installment.cobr.endToEndId}`,
      );
      const updated = await checked(
        service,
        'PUT',
        '/api/v1/subscriptions/{id}/value',
        `/api/v1/subscriptions/${subscriptionId}/value`,
        {
          value: 5_000,
        },
      );
      if (service === plain) expect(updated.subscription.value).toBe(5_000);
      else strictAnswers.push(cobr, updated);
    }
    expect(mismatches).toEqual([]);
    // The two operations the document types as a bare object answer the record all the same.
    expect(strictAnswers[0].installment.cobr.value).toBe(2_000);
    expect(strictAnswers[1].subscription.value).toBe(5_000);
  });
});

describe('migration 022 on a store with installments generated before it', () => {
  it('gives each old installment a globalID and the value of its charge, or of its subscription when it has none', async () => {
    const dir = mkdtempSync(join(tmpdir(), 'balcao-installments-'));
    const dbPath = join(dir, 'service.db');
    const clock = new ManualClock('2026-11-22T15:00:00.000Z');
    try {
      let service = createSandboxService({ dbPath, clock });
      const appId = service.appId;
      await service.engine.call(appId, 'createSubscription', {
        body: { ...subscriptionBody({ type: 'RECURRENT' }), value: 2_000 },
      });
      clock.set('2026-11-25T03:00:00.000Z');
      service.engine.sweep();
      clock.set('2026-12-25T03:00:00.000Z');
      service.engine.sweep();
      await service.close();

      // Back to the schema before 022, as a store written by the previous version would be; the
      // second installment has lost its charge and the subscription's value has moved on since.
      const old = openDatabase(dbPath, []);
      old.exec(
        `
        DROP TABLE installment_cobr_tries;
        DROP TABLE installment_cobrs;
        DROP INDEX subscription_installments_id;
        DROP INDEX subscription_installments_charge;
        ALTER TABLE subscription_installments DROP COLUMN id;
        ALTER TABLE subscription_installments DROP COLUMN value;
        UPDATE subscription_installments SET charge_id = NULL WHERE installment_number = 2;
        UPDATE subscriptions SET value = 3000;
      `,
      );
      old.pragma('user_version = 21');
      old.close();

      service = createSandboxService({ dbPath, clock });
      const list = await service.engine.call(appId, 'listSubscriptionInstallments', { params: { id: 'plano' } });
      expect(list.installments.map((i) => [i.installmentNumber, i.value, i.status])).toEqual([
        [1, 2_000, 'EXPIRED'],
        [2, 3_000, 'EXPIRED'],
      ]);
      const ids = list.installments.map((i) => decode(i.globalID));
      expect(ids[0]).toMatch(/^PaymentSubscriptionInstallment:[0-9a-f]{24}$/);
      expect(new Set(ids).size).toBe(2);
      const first = list.installments[0]!;
      expect(
        (await service.engine.call(appId, 'getInstallment', { params: { id: first.globalID } })).installment,
      ).toEqual(first);
      await service.close();
    } finally {
      rmSync(dir, { recursive: true, force: true });
    }
  });
});
