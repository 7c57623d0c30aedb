// Funds recovery, MED (service-spec "Funds recovery (MED)", its state table, Errors: Open
// 201/400/401/403/404/422, Get 200/400/401/403/404, Cancel 200/400/401/403/404/422, rules 4 and 5;
// remote-api-notes §2 row 8, §2.2, §4): opened for a Pix out the caller's account sent and that
// settled, one per transaction; moved CREATED → AWAITING_ANALYSIS (after 1 min) → COMPLETED (5 min
// later) by the sandbox's clock, each step in `events`; cancelled only by the opening account and
// never once terminal. Every operation needs the MED API feature.
import { expect, it } from 'vitest';
import { FUNDS_RECOVERY_SCHEDULE } from '#service/engine/funds-recovery/funds-recovery-sweeper';
import { ALL_SCOPES } from '#service/engine/operations';
import { createSandboxCompany, newAppId, SANDBOX_ISPB } from '#service/engine/tenancy/sandbox-bootstrap';
import { describeContract, type Harness } from '#test/support/harness';

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/;
const SITUATIONS = ['SCAM', 'ACCOUNT_TAKEOVER', 'COERCION', 'FRAUDULENT_ACCESS', 'OTHER', 'UNKNOWN'] as const;
const WRITTEN = ['funds_recoveries', 'funds_recovery_events', 'events'] as const;
const TO_ANALYSIS = FUNDS_RECOVERY_SCHEDULE.awaitingAnalysisAfterMs;
const TO_COMPLETED = FUNDS_RECOVERY_SCHEDULE.completedAfterMs;

interface Med {
  appId: string;
  companyId: string;
  accountId: string;
}

/** A company with the MED API feature (and the bank account one, for a second account), funded. */
async function medCompany(h: Harness, extra: { scopes?: string[] } = {}): Promise<Med> {
  const created = createSandboxCompany(h.engine.db, h.clock.now(), {
    tradeName: 'Loja MED',
    features: ['MED_API', 'BANK_ACCOUNT'],
    ...extra,
  });
  const med = { appId: created.appId, companyId: created.companyId, accountId: created.accountId };
  if (!extra.scopes) await receive(h, med.appId, 50_000);
  return med;
}

async function as(
  h: Harness,
  appId: string | null,
  op: Parameters<Harness['client']['request']>[0],
  request: object = {},
): Promise<any> {
  return h.client.request(op, request, { appId });
}

/** Money in through a paid static QR code; returns the PAYMENT transaction. */
async function receive(h: Harness, appId: string, cents: number): Promise<any> {
  const qr = await as(h, appId, 'createPixQrCode', { body: { name: 'Venda', value: cents } });
  expect(qr.status).toBe(200);
  const paid = await as(h, appId, 'sandboxPayBrCode', { body: { brCode: qr.body.pixQrCode.brCode } });
  expect(paid.status).toBe(200);
  return paid.body.transaction;
}

const manual = (correlationID: string, value: number, account = '1234567', extra: object = {}) => ({
  type: 'MANUAL',
  correlationID,
  value,
  psp: '00000000',
  holder: { name: 'Golpista', taxID: { taxID: '11144477735', type: 'BR:CPF' } },
  account: { account, branch: '0001', accountType: 'TRAN' },
  autoApprove: true,
  ...extra,
});

/** Creates and approves a Pix out; settles it unless told not to. Returns its end-to-end id. */
async function sendPix(h: Harness, appId: string, body: object, settle = true): Promise<string> {
  const created = await as(h, appId, 'createPayment', { body });
  expect(created.status).toBe(200);
  if (settle) {
    h.clock.advance(2_001);
    await as(h, appId, 'listPayments');
  }
  return created.body.transaction.endToEndId;
}

async function openFor(h: Harness, appId: string, endToEndId: string, situationType = 'SCAM'): Promise<any> {
  return as(h, appId, 'openFundsRecovery', {
    body: {
      transactionEndToEndId: endToEndId,
      situationType,
      details: 'Vendedor falso: pagamento feito e produto nunca entregue.',
    },
  });
}

function outbox(h: Harness, prefix: string): { name: string; payload: any }[] {
  return (
    h.engine.db.prepare('SELECT name, payload FROM events WHERE name LIKE ? ORDER BY seq').all(`${prefix}%`) as {
      name: string;
      payload: string;
    }[]
  ).map((row) => ({ name: row.name, payload: JSON.parse(row.payload) }));
}

/** An application on a second account of the company (see duplicate account). */
async function secondAccountApp(h: Harness, med: Med): Promise<{ appId: string; accountId: string }> {
  const duplicated = await as(h, med.appId, 'duplicateAccount');
  expect(duplicated.status).toBe(200);
  const accountId = duplicated.body.account.accountId;
  const credentials = newAppId();
  h.engine.db
    .prepare(
      `INSERT INTO applications (id, company_id, account_id, name, type, client_id, client_secret, app_id, scopes, created_at)
       VALUES (?, ?, ?, 'Filial', 'API', ?, ?, ?, ?, ?)`,
    )
    .run(
      'f'.repeat(24),
      med.companyId,
      accountId,
      credentials.clientId,
      credentials.clientSecret,
      credentials.appId,
      JSON.stringify(ALL_SCOPES),
      h.clock.now().toISOString(),
    );
  return { appId: credentials.appId, accountId };
}

describeContract('funds recovery', (h) => {
  it('opens a recovery for a settled Pix out: 201, the bare record in CREATED with no events, for every situation type', async () => {
    const med = await medCompany(h());
    for (const [index, situationType] of SITUATIONS.entries()) {
      const e2e = await sendPix(h(), med.appId, manual(`golpe-${index}`, 100 + index));
      const opened = await openFor(h(), med.appId, e2e, situationType);
      const at = h().clock.now().toISOString();
      expect(opened).toEqual({
        status: 201,
        body: {
          dictId: expect.stringMatching(UUID),
          rootTransactionId: e2e,
          situationType,
          reportDetails: 'Vendedor falso: pagamento feito e produto nunca entregue.',
          status: 'CREATED',
          direction: 'SENT',
          reporterParticipant: SANDBOX_ISPB,
          creationTime: at,
          lastModified: at,
          events: [],
          createdAt: at,
          updatedAt: at,
        },
      });
      expect(await as(h(), med.appId, 'getFundsRecovery', { params: { id: opened.body.dictId } })).toEqual({
        status: 200,
        body: opened.body,
      });
      // The path's uuid is matched whatever its case.
      expect(
        (await as(h(), med.appId, 'getFundsRecovery', { params: { id: opened.body.dictId.toUpperCase() } })).status,
      ).toBe(200);
    }
    expect(outbox(h(), 'FUNDS_RECOVERY_').map((e) => e.name)).toEqual(SITUATIONS.map(() => 'FUNDS_RECOVERY_CREATED'));
  });

  it('the sandbox moves it CREATED → AWAITING_ANALYSIS → COMPLETED on the clock, each step in events', async () => {
    const med = await medCompany(h());
    const e2e = await sendPix(h(), med.appId, manual('golpe', 1_000));
    const { body: opened } = await openFor(h(), med.appId, e2e);
    const created = Date.parse(opened.createdAt);
    const get = async () => (await as(h(), med.appId, 'getFundsRecovery', { params: { id: opened.dictId } })).body;

    h().clock.advance(TO_ANALYSIS - 1);
    expect(await get()).toMatchObject({ status: 'CREATED', events: [] });
    h().clock.advance(1);
    const analysing = await get();
    const analysisAt = new Date(created + TO_ANALYSIS).toISOString();
    expect(analysing).toMatchObject({
      status: 'AWAITING_ANALYSIS',
      lastModified: analysisAt,
      updatedAt: analysisAt,
      createdAt: opened.createdAt,
    });
    expect(analysing.events).toEqual([
      { id: expect.stringMatching(UUID), event: 'AWAITING_ANALYSIS', timestamp: analysisAt },
    ]);

    h().clock.advance(TO_COMPLETED - 1);
    expect((await get()).status).toBe('AWAITING_ANALYSIS');
    h().clock.advance(1);
    const completed = await get();
    const completedAt = new Date(created + TO_ANALYSIS + TO_COMPLETED).toISOString();
    expect(completed).toMatchObject({ status: 'COMPLETED', lastModified: completedAt });
    expect(completed.events).toEqual([
      analysing.events[0],
      { id: expect.stringMatching(UUID), event: 'COMPLETED', timestamp: completedAt },
    ]);
    // Terminal: nothing moves it any more.
    h().clock.advance(60 * 60_000);
    expect(await get()).toEqual(completed);

    expect(
      outbox(h(), 'FUNDS_RECOVERY_').map((e) => [
        e.name,
        e.payload.fundsRecovery.status,
        e.payload.fundsRecovery.events.length,
      ]),
    ).toEqual([
      ['FUNDS_RECOVERY_CREATED', 'CREATED', 0],
      ['FUNDS_RECOVERY_AWAITING_ANALYSIS', 'AWAITING_ANALYSIS', 1],
      ['FUNDS_RECOVERY_COMPLETED', 'COMPLETED', 2],
    ]);
  });

  it('a clock that jumps past both steps records both, in order, each at its own time', async () => {
    const med = await medCompany(h());
    const e2e = await sendPix(h(), med.appId, manual('golpe', 1_000));
    const { body: opened } = await openFor(h(), med.appId, e2e);
    h().clock.advance(TO_ANALYSIS + TO_COMPLETED + 60 * 60_000);
    const { body } = await as(h(), med.appId, 'getFundsRecovery', { params: { id: opened.dictId } });
    const created = Date.parse(opened.createdAt);
    expect(body.status).toBe('COMPLETED');
    expect(body.events.map((e: any) => [e.event, e.timestamp])).toEqual([
      ['AWAITING_ANALYSIS', new Date(created + TO_ANALYSIS).toISOString()],
      ['COMPLETED', new Date(created + TO_ANALYSIS + TO_COMPLETED).toISOString()],
    ]);
  });

  it('cancel: 200 without events from CREATED or AWAITING_ANALYSIS; 422 once CANCELLED or COMPLETED', async () => {
    const med = await medCompany(h());
    const first = (await openFor(h(), med.appId, await sendPix(h(), med.appId, manual('a', 100)))).body;
    const second = (await openFor(h(), med.appId, await sendPix(h(), med.appId, manual('b', 200)))).body;
    const third = (await openFor(h(), med.appId, await sendPix(h(), med.appId, manual('c', 300)))).body;
    expect([first.status, second.status, third.status]).toEqual(['CREATED', 'CREATED', 'CREATED']);

    const cancelled = await as(h(), med.appId, 'cancelFundsRecovery', { params: { id: first.dictId } });
    const at = h().clock.now().toISOString();
    const { events: _events, ...withoutEvents } = first;
    expect(cancelled).toEqual({
      status: 200,
      body: { ...withoutEvents, status: 'CANCELLED', lastModified: at, updatedAt: at },
    });
    expect('events' in cancelled.body).toBe(false);
    const read = (await as(h(), med.appId, 'getFundsRecovery', { params: { id: first.dictId } })).body;
    expect(read.events).toEqual([{ id: expect.stringMatching(UUID), event: 'CANCELLED', timestamp: at }]);

    // The second and third reach AWAITING_ANALYSIS (the first does not move any more); the second is cancelled there.
    h().clock.advance(TO_ANALYSIS);
    expect((await as(h(), med.appId, 'getFundsRecovery', { params: { id: first.dictId } })).body).toEqual(read);
    const fromAnalysis = await as(h(), med.appId, 'cancelFundsRecovery', { params: { id: second.dictId } });
    expect(fromAnalysis.body.status).toBe('CANCELLED');
    expect(
      (await as(h(), med.appId, 'getFundsRecovery', { params: { id: second.dictId } })).body.events.map(
        (e: any) => e.event,
      ),
    ).toEqual(['AWAITING_ANALYSIS', 'CANCELLED']);
    h().clock.advance(TO_COMPLETED);
    expect((await as(h(), med.appId, 'getFundsRecovery', { params: { id: third.dictId } })).body.status).toBe(
      'COMPLETED',
    );

    const before = h().counts(...WRITTEN);
    expect(await as(h(), med.appId, 'cancelFundsRecovery', { params: { id: first.dictId } })).toEqual({
      status: 422,
      body: { error: 'Cannot cancel: FundsRecovery is already in terminal status CANCELLED' },
    });
    expect(await as(h(), med.appId, 'cancelFundsRecovery', { params: { id: third.dictId } })).toEqual({
      status: 422,
      body: { error: 'Cannot cancel: FundsRecovery is already in terminal status COMPLETED' },
    });
    expect(h().counts(...WRITTEN)).toEqual(before);
    expect(outbox(h(), 'FUNDS_RECOVERY_CANCELLED')).toHaveLength(2);
  });

  it('one recovery per transaction, cancelled or not (422); unknown and other companies’ Pix are 404', async () => {
    const med = await medCompany(h());
    const other = await medCompany(h());
    const e2e = await sendPix(h(), med.appId, manual('golpe', 1_000));
    const theirs = await sendPix(h(), other.appId, manual('deles', 1_000));
    const { body: opened } = await openFor(h(), med.appId, e2e);
    await as(h(), med.appId, 'cancelFundsRecovery', { params: { id: opened.dictId } });
    const before = h().counts(...WRITTEN);
    expect(await openFor(h(), med.appId, e2e, 'OTHER')).toEqual({
      status: 422,
      body: { error: `FundsRecovery already exists for transaction ${e2e}` },
    });
    expect(await openFor(h(), med.appId, 'E00000000202611221500abcdefghijk')).toEqual({
      status: 404,
      body: { error: 'Transaction not found' },
    });
    expect(await openFor(h(), med.appId, theirs)).toEqual({ status: 404, body: { error: 'Transaction not found' } });
    expect(h().counts(...WRITTEN)).toEqual(before);
    // The other company opens its own; neither company reads nor cancels the other's.
    const { body: otherRecovery } = await openFor(h(), other.appId, theirs);
    const afterTheirs = h().counts(...WRITTEN);
    expect(await as(h(), med.appId, 'getFundsRecovery', { params: { id: otherRecovery.dictId } })).toEqual({
      status: 404,
      body: { error: 'Funds recovery not found' },
    });
    expect(await as(h(), med.appId, 'cancelFundsRecovery', { params: { id: otherRecovery.dictId } })).toEqual({
      status: 404,
      body: { error: 'Funds recovery not found' },
    });
    expect(await as(h(), other.appId, 'getFundsRecovery', { params: { id: opened.dictId } })).toEqual({
      status: 404,
      body: { error: 'Funds recovery not found' },
    });
    expect(
      await as(h(), med.appId, 'getFundsRecovery', { params: { id: '3e760cd5-39b2-45da-8ab6-b212cf205568' } }),
    ).toEqual({ status: 404, body: { error: 'Funds recovery not found' } });
    expect(h().counts(...WRITTEN)).toEqual(afterTheirs);
  });

  it('only a Pix sent from the account and not rejected: received, failed, in flight, internal and withdrawn money are 422', async () => {
    const med = await medCompany(h());
    const received = await receive(h(), med.appId, 700);
    const failed = await sendPix(h(), med.appId, manual('falha', 100, '1111111'));
    expect((await as(h(), med.appId, 'getPayment', { params: { id: 'falha' } })).body.payment.status).toBe('FAILED');
    const second = await as(h(), med.appId, 'duplicateAccount');
    const internal = await sendPix(
      h(),
      med.appId,
      manual('interna', 100, second.body.account.account, {
        psp: SANDBOX_ISPB,
        holder: {
          name: 'Loja MED',
          taxID: { taxID: h().engine.tenancy.company(med.companyId)!.tax_id, type: 'BR:CNPJ' },
        },
      }),
    );
    const withdrawn = await as(h(), med.appId, 'withdraw', {
      params: { accountId: med.accountId },
      body: { value: 10_000 },
    });
    expect(withdrawn.status).toBe(200);
    // Approved, not settled: the clock does not move before the checks below.
    const inFlight = await sendPix(h(), med.appId, manual('voando', 100), false);
    const before = h().counts(...WRITTEN);
    const NOT_SENT = 'Only a Pix sent from your account (a confirmed payment) can be recovered';
    expect(await openFor(h(), med.appId, received.endToEndId)).toEqual({ status: 422, body: { error: NOT_SENT } });
    expect(await openFor(h(), med.appId, withdrawn.body.withdraw.transaction.endToEndId)).toEqual({
      status: 422,
      body: { error: NOT_SENT },
    });
    expect(await openFor(h(), med.appId, failed)).toEqual({
      status: 422,
      body: { error: 'The transaction was rejected (payment FAILED): there is nothing to recover' },
    });
    expect(await openFor(h(), med.appId, inFlight)).toEqual({
      status: 422,
      body: { error: 'The transaction has not settled yet: a funds recovery needs a confirmed Pix' },
    });
    expect(await openFor(h(), med.appId, internal)).toEqual({
      status: 422,
      body: { error: 'A transfer between your own accounts cannot be recovered' },
    });
    expect(h().counts(...WRITTEN)).toEqual(before);
    // Once the payment in flight settles, it can be recovered.
    h().clock.advance(2_001);
    expect((await openFor(h(), med.appId, inFlight)).status).toBe(201);
  });

  it('two accounts of one company: each opens only for its own Pix, both read it, only the opener cancels it', async () => {
    const med = await medCompany(h());
    const branch = await secondAccountApp(h(), med);
    // The first application pays from the second account (sourceAccountId): the Pix is the second account's.
    await sendPix(
      h(),
      med.appId,
      manual(
        'para-filial',
        5_000,
        (await as(h(), med.appId, 'getAccount', { params: { accountId: branch.accountId } })).body.account.account,
        {
          psp: SANDBOX_ISPB,
          holder: {
            name: 'Loja MED',
            taxID: { taxID: h().engine.tenancy.company(med.companyId)!.tax_id, type: 'BR:CNPJ' },
          },
        },
      ),
    );
    const e2e = await sendPix(
      h(),
      med.appId,
      manual('da-filial', 1_000, '1234567', { sourceAccountId: branch.accountId }),
    );
    const before = h().counts(...WRITTEN);
    expect(await openFor(h(), med.appId, e2e)).toEqual({
      status: 422,
      body: { error: 'The transaction was not sent from your account' },
    });
    expect(h().counts(...WRITTEN)).toEqual(before);
    const { body: opened, status } = await openFor(h(), branch.appId, e2e);
    expect(status).toBe(201);
    expect((await as(h(), med.appId, 'getFundsRecovery', { params: { id: opened.dictId } })).body).toEqual(opened);
    const afterOpen = h().counts(...WRITTEN);
    expect(await as(h(), med.appId, 'cancelFundsRecovery', { params: { id: opened.dictId } })).toEqual({
      status: 422,
      body: { error: 'Cannot cancel: FundsRecovery was opened by another account' },
    });
    expect(h().counts(...WRITTEN)).toEqual(afterOpen);
    expect((await as(h(), branch.appId, 'cancelFundsRecovery', { params: { id: opened.dictId } })).body.status).toBe(
      'CANCELLED',
    );
  });

  it('bad input is 400 and writes nothing: the body, and a dictId that is not a UUID', async () => {
    const med = await medCompany(h());
    const e2e = await sendPix(h(), med.appId, manual('golpe', 1_000));
    const before = h().counts(...WRITTEN);
    const bodies: unknown[] = [
      {},
      [],
      { transactionEndToEndId: e2e, situationType: 'SCAM' },
      { transactionEndToEndId: e2e, details: 'x' },
      { situationType: 'SCAM', details: 'x' },
      { transactionEndToEndId: '', situationType: 'SCAM', details: 'x' },
      { transactionEndToEndId: 7, situationType: 'SCAM', details: 'x' },
      { transactionEndToEndId: e2e, situationType: 'FRAUD', details: 'x' },
      { transactionEndToEndId: e2e, situationType: 'scam', details: 'x' },
      { transactionEndToEndId: e2e, situationType: 'SCAM', details: '   ' },
      { transactionEndToEndId: e2e, situationType: 'SCAM', details: 'x'.repeat(5_001) },
    ];
    for (const body of bodies) {
      const reply = await as(h(), med.appId, 'openFundsRecovery', { body });
      expect(reply.status, JSON.stringify(body)).toBe(400);
      expect(typeof reply.body.error).toBe('string');
    }
    expect(
      (
        await as(h(), med.appId, 'openFundsRecovery', {
          body: { transactionEndToEndId: e2e, situationType: 'FRAUD', details: 'x' },
        })
      ).body.error,
    ).toMatch(/situationType/);
    for (const id of [
      '123',
      'not-a-uuid',
      '3e760cd5-39b2-45da-8ab6-b212cf20556',
      '3e760cd5-39b2-45da-8ab6-b212cf205568-0',
      'zzzzzzzz-39b2-45da-8ab6-b212cf205568',
    ]) {
      for (const op of ['getFundsRecovery', 'cancelFundsRecovery'] as const) {
        expect(await as(h(), med.appId, op, { params: { id } }), `${op} ${id}`).toEqual({
          status: 400,
          body: { error: 'id: Invalid UUID' },
        });
      }
    }
    expect(h().counts(...WRITTEN)).toEqual(before);
  });

  it('needs the MED API feature (403), each operation its scope (403), and an AppID (401)', async () => {
    const med = await medCompany(h());
    const e2e = await sendPix(h(), med.appId, manual('golpe', 1_000));
    const { body: opened } = await openFor(h(), med.appId, e2e);
    const before = h().counts(...WRITTEN);
    const body = { transactionEndToEndId: e2e, situationType: 'SCAM', details: 'x' };
    const calls = [
      ['openFundsRecovery', { body }, 'FUNDS_RECOVERY_POST'],
      ['getFundsRecovery', { params: { id: opened.dictId } }, 'FUNDS_RECOVERY_GET'],
      ['cancelFundsRecovery', { params: { id: opened.dictId } }, 'FUNDS_RECOVERY_DELETE'],
    ] as const;
    // The harness's main company has every scope and no features.
    const limited = await medCompany(h(), { scopes: ['CHARGE_GET'] });
    for (const [op, request, scope] of calls) {
      expect(await as(h(), h().appId, op, request)).toEqual({
        status: 403,
        body: { error: 'You need feature MED_API to access this endpoint' },
      });
      expect(await as(h(), limited.appId, op, request)).toEqual({
        status: 403,
        body: { error: `Application does not have required scope: ${scope}` },
      });
      expect((await as(h(), null, op, request)).status).toBe(401);
      expect((await as(h(), 'not-an-app-id', op, request)).status).toBe(401);
    }
    expect(h().counts(...WRITTEN)).toEqual(before);
  });
});
