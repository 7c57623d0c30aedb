// The official @woovi/node-sdk 1.3.3 against the served sandbox, for every method it has among
// accounts and payments: account.get, account.list, account.withdraw, payment.create,
// payment.approve, payment.get, payment.list (remote-api-notes §7.2). The SDK has no method for
// closing or duplicating an account, nor for the limits.
import { createClient } from '@woovi/node-sdk';
import { describe, expect, it } from 'vitest';
import type { PixQrCode } from '#shared/service/resources';
import { isEndToEndId } from '#lib/pix';
import { createSandboxCompany, SANDBOX_ISPB } from '#service/engine/tenancy/sandbox-bootstrap';
import { as, sdkRejection, useSdkSandbox, type SdkSandbox } from './sdk-sandbox';

/** The engine's default Pix out settlement delay; the clock is moved past it by hand. */
const PAYMENT_SETTLEMENT_MS = 2_000;

/** Puts `cents` on the main account through a static QR code created and paid in the sandbox. */
async function fund(s: SdkSandbox, cents: number): Promise<void> {
  const { pixQrCode } = await s.woovi.pixQrCode.create({ name: 'Fundos', value: cents });
  await s.payBrCode(as<PixQrCode>(pixQrCode).brCode);
}

function accountIdOf(s: SdkSandbox, appId = s.appId): string {
  return s.service.engine.tenancy.resolveTenant(appId)!.account.id;
}

/** The SDK's payment create payload has no `type` (its typings omit it); the spec requires it. */
function pixKeyPayment(s: SdkSandbox, correlationID: string, value: number, extra: object = {}) {
  return as<Parameters<SdkSandbox['woovi']['payment']['create']>[0]>({
    type: 'PIX_KEY',
    correlationID,
    value,
    destinationAlias: s.other.pixKey,
    destinationAliasType: 'RANDOM',
    comment: 'Fornecedor',
    autoApprove: false,
    ...extra,
  });
}

/** The withdraw operation at its real path, called directly: the SDK cannot reach it (see below). */
async function withdrawByFetch(
  s: SdkSandbox,
  accountId: string,
  value: number,
): Promise<{ status: number; body: any }> {
  const response = await fetch(`${s.baseUrl}/api/v1/account/${accountId}/withdraw`, {
    method: 'POST',
    headers: { authorization: s.appId, 'content-type': 'application/json' },
    body: JSON.stringify({ value }),
  });
  return { status: response.status, body: await response.json() };
}

describe('SDK account.* against the sandbox', () => {
  const s = useSdkSandbox();

  it('account.get: GET /api/v1/account/{id} returns {account} with every field and the full balance', async () => {
    const { woovi } = s();
    const accountId = accountIdOf(s());
    await fund(s(), 4_200);
    const got = await woovi.account.get({ id: accountId });
    expect(s().requests.at(-1)).toEqual({ method: 'GET', url: `/api/v1/account/${accountId}`, status: 200 });
    const tenant = s().service.engine.tenancy.resolveTenant(s().appId)!;
    expect(got).toEqual({
      account: {
        accountId,
        isDefault: true,
        balance: { total: 4_200, blocked: 0, available: 4_200, blockedBySecurity: 0, blockedByWithdrawSafety: 0 },
        taxId: tenant.company.tax_id,
        officialName: tenant.company.official_name,
        tradeName: tenant.company.trade_name,
        branch: '0001',
        account: tenant.account.account,
        accountName: tenant.account.account_name,
      },
    });
  });

  it('account.get rejects with {error} for an unknown or another company’s account (400)', async () => {
    const { woovi } = s();
    for (const id of ['0123456789abcdef01234567', accountIdOf(s(), s().other.appId)]) {
      expect(await sdkRejection(woovi.account.get({ id }))).toEqual({ error: 'Account not found' });
      expect(s().lastStatus()).toBe(400);
    }
  });

  it('account.list: GET /api/v1/account?limit=10&skip=0 by default, {accounts, pageInfo}; custom pages', async () => {
    const { woovi, service, clock, baseUrl } = s();
    const listed = await woovi.account.list();
    expect(s().requests.at(-1)).toEqual({ method: 'GET', url: '/api/v1/account?limit=10&skip=0', status: 200 });
    expect(listed).toEqual({
      pageInfo: { skip: 0, limit: 10, totalCount: 1, hasPreviousPage: false, hasNextPage: false },
      accounts: [{ accountId: accountIdOf(s()), isDefault: true, balance: { total: 0, blocked: 0, available: 0 } }],
    });

    // A company with the bank account feature and two more accounts, paged through the SDK.
    const bank = createSandboxCompany(service.engine.db, clock.now(), {
      tradeName: 'Filial',
      features: ['BANK_ACCOUNT'],
    });
    const bankSdk = createClient({ appId: bank.appId, baseUrl });
    const ids = [bank.accountId];
    for (let i = 0; i < 2; i++) {
      clock.advance(1_000);
      const response = await fetch(`${baseUrl}/api/v1/account`, {
        method: 'POST',
        headers: { authorization: bank.appId },
      });
      expect(response.status).toBe(200);
      ids.push(((await response.json()) as any).account.accountId);
    }
    const all = await bankSdk.account.list();
    expect(all.accounts.map((a) => a.accountId)).toEqual(ids);
    const page = await bankSdk.account.list({ skip: 1, limit: 1 });
    expect(s().requests.at(-1)).toEqual({ method: 'GET', url: '/api/v1/account?skip=1&limit=1', status: 200 });
    expect(page).toEqual({
      pageInfo: { skip: 1, limit: 1, totalCount: 3, hasPreviousPage: true, hasNextPage: true },
      accounts: [{ accountId: ids[1], isDefault: false, balance: { total: 0, blocked: 0, available: 0 } }],
    });
    // The first company still sees only its own account.
    expect((await woovi.account.list()).accounts.map((a) => a.accountId)).toEqual([accountIdOf(s())]);
  });

  it('account.withdraw: the SDK posts to the wrong path and gets a route 404; the real path withdraws', async () => {
    const { woovi } = s();
    const accountId = accountIdOf(s());
    await fund(s(), 20_000);
    const before = {
      transactions: s().count('transactions'),
      entries: s().count('ledger_entries'),
      events: s().count('events'),
    };

    // @woovi/node-sdk 1.3.3 is buggy here (remote-api-notes §2 row 1, §7.2): it calls
    // POST /api/v1/account/{accountId} with body {accountId, value}, without the /withdraw the
    // API's path ends in. That path is served for GET and DELETE only, so it rejects with our 405 body.
    const rejected = await sdkRejection(woovi.account.withdraw({ accountId, value: 5_000 }));
    expect(s().requests.at(-1)).toEqual({ method: 'POST', url: `/api/v1/account/${accountId}`, status: 405 });
    expect(rejected).toEqual({
      error: expect.stringMatching(new RegExp(`^Method POST not allowed on /api/v1/account/${accountId}; allowed: `)),
    });
    expect({
      transactions: s().count('transactions'),
      entries: s().count('ledger_entries'),
      events: s().count('events'),
    }).toEqual(before);
    expect((await woovi.account.get({ id: accountId })).account.balance).toMatchObject({
      total: 20_000,
      available: 20_000,
    });

    // The right path, POST /api/v1/account/{id}/withdraw with {value}, called directly. It answers
    // {withdraw: {account, transaction}}; the SDK's typings expect {account, transaction} unwrapped.
    const below = await withdrawByFetch(s(), accountId, 5_000);
    expect(s().requests.at(-1)).toEqual({ method: 'POST', url: `/api/v1/account/${accountId}/withdraw`, status: 200 });
    expect(below.status).toBe(200);
    expect(Object.keys(below.body)).toEqual(['withdraw']);
    expect(below.body.withdraw.transaction).toEqual({
      endToEndId: expect.any(String),
      transaction: 5_000,
      value: 5_000,
      fee: 100,
    });
    expect(isEndToEndId(below.body.withdraw.transaction.endToEndId)).toBe(true);
    expect(below.body.withdraw.transaction.endToEndId.startsWith(`E${SANDBOX_ISPB}`)).toBe(true);
    expect(below.body.withdraw.account).toMatchObject({
      accountId,
      isDefault: true,
      balance: { total: 14_900, blocked: 0, available: 14_900, blockedBySecurity: 0, blockedByWithdrawSafety: 0 },
    });
    // The account as the SDK reads it agrees.
    expect((await woovi.account.get({ id: accountId })).account).toEqual(below.body.withdraw.account);

    // From R$ 100,00 there is no fee; more than is available is refused.
    const free = await withdrawByFetch(s(), accountId, 10_000);
    expect(free.body.withdraw.transaction).toMatchObject({ value: 10_000, fee: 0 });
    expect(free.body.withdraw.account.balance.total).toBe(4_900);
    expect(await withdrawByFetch(s(), accountId, 4_900)).toEqual({
      status: 400,
      body: { error: expect.stringMatching(/^Account does not have enough balance to complete the operation/) },
    });

    // The withdrawals and the fee, as the SDK's transactions.list shows them with the withdrawal filter.
    const { transactions } = await woovi.transactions.list({
      query: { withdrawal: below.body.withdraw.transaction.endToEndId },
    });
    expect(transactions.map((t) => [t.type, t.value]).sort()).toEqual([
      ['FEE', 100],
      ['WITHDRAW', 5_000],
    ]);
  });
});

describe('SDK payment.* against the sandbox', () => {
  const s = useSdkSandbox();

  it('payment.create (PIX_KEY, autoApprove false) → approve → get → list, and the money reaches the other company', async () => {
    const { woovi, other, clock } = s();
    const accountId = accountIdOf(s());
    await fund(s(), 10_000);

    clock.advance(60_000);
    const created = await woovi.payment.create(
      pixKeyPayment(s(), 'fornecedor-1', 2_500, { metadata: { pedido: '42' } }),
    );
    expect(s().requests.at(-1)).toEqual({ method: 'POST', url: '/api/v1/payment', status: 200 });
    // {payment} as the SDK types it, and the destination to review before approving.
    expect(Object.keys(created).sort()).toEqual(['destination', 'payment']);
    expect(created.payment).toEqual({
      id: expect.stringMatching(/^[0-9a-f]{24}$/),
      type: 'PIX_KEY',
      value: 2_500,
      status: 'CREATED',
      correlationID: 'fornecedor-1',
      sourceAccountId: accountId,
      comment: 'Fornecedor',
      metadata: { pedido: '42' },
      destinationAlias: other.pixKey,
      destinationAliasType: 'RANDOM',
      createdAt: '2026-11-22T15:01:00.000Z',
      updatedAt: '2026-11-22T15:01:00.000Z',
    });
    const otherTenant = s().service.engine.tenancy.resolveTenant(other.appId)!;
    const destination = {
      name: otherTenant.company.official_name,
      taxID: otherTenant.company.tax_id,
      pixKey: other.pixKey,
      bank: { name: otherTenant.account.bank_name, ispb: SANDBOX_ISPB },
      branch: otherTenant.account.branch,
      account: otherTenant.account.account,
    };
    expect((created as any).destination).toEqual(destination);
    // Created is not approved: nothing is held yet.
    expect((await woovi.account.get({ id: accountId })).account.balance).toMatchObject({ total: 10_000, blocked: 0 });

    clock.advance(1_000);
    const approved = await woovi.payment.approve({ correlationID: 'fornecedor-1' });
    expect(s().requests.at(-1)).toEqual({ method: 'POST', url: '/api/v1/payment/approve', status: 200 });
    expect(approved.payment).toEqual({ ...created.payment, status: 'APPROVED', updatedAt: '2026-11-22T15:01:01.000Z' });
    expect(approved.destination).toEqual(destination);
    const tenant = s().service.engine.tenancy.resolveTenant(s().appId)!;
    expect(approved.transaction).toEqual({
      value: 2_500,
      endToEndId: expect.stringMatching(new RegExp(`^E${SANDBOX_ISPB}`)),
      time: '2026-11-22T15:01:01.000Z',
      debitParty: {
        name: tenant.company.official_name,
        taxID: tenant.company.tax_id,
        bank: { name: tenant.account.bank_name, ispb: tenant.account.ispb },
        branch: tenant.account.branch,
        account: tenant.account.account,
      },
      creditParty: destination,
    });
    expect(isEndToEndId(approved.transaction.endToEndId)).toBe(true);
    expect((await woovi.account.get({ id: accountId })).account.balance).toMatchObject({
      total: 10_000,
      blocked: 2_500,
      available: 7_500,
    });

    // payment.get by id and by correlationID: the same view.
    const paymentId = as<{ id: string }>(created.payment).id;
    const byId = await woovi.payment.get({ id: paymentId });
    expect(s().requests.at(-1)).toEqual({ method: 'GET', url: `/api/v1/payment/${paymentId}`, status: 200 });
    expect(byId).toEqual(approved);
    expect(await woovi.payment.get({ id: 'fornecedor-1' })).toEqual(approved);

    // Settlement: CONFIRMED, the held money leaves, the other company receives it.
    clock.advance(PAYMENT_SETTLEMENT_MS + 1);
    const settled = await woovi.payment.get({ id: 'fornecedor-1' });
    expect(settled.payment).toMatchObject({ status: 'CONFIRMED' });
    expect(settled.transaction).toMatchObject({ value: 2_500, endToEndId: approved.transaction.endToEndId });
    expect((await woovi.account.get({ id: accountId })).account.balance).toMatchObject({
      total: 7_500,
      blocked: 0,
      available: 7_500,
    });
    expect((await other.woovi.account.get({ id: accountIdOf(s(), other.appId) })).account.balance).toMatchObject({
      total: 2_500,
    });
    const received = await other.woovi.transactions.list({ query: {} });
    expect(received.transactions.map((t) => [t.type, t.value])).toEqual([['PAYMENT', 2_500]]);

    const listed = await woovi.payment.list();
    expect(s().requests.at(-1)).toEqual({ method: 'GET', url: '/api/v1/payment?limit=10&skip=0', status: 200 });
    // Each item is {payment, transaction, destination}; the SDK's typings spell it `Destination`.
    expect(listed).toEqual({
      pageInfo: { skip: 0, limit: 10, totalCount: 1, hasPreviousPage: false, hasNextPage: false },
      payments: [settled],
    });
    expect((listed.payments[0] as any).Destination).toBeUndefined();
    // The other company's list does not show it.
    expect((await other.woovi.payment.list()).payments).toEqual([]);
    expect(await sdkRejection(other.woovi.payment.get({ id: 'fornecedor-1' }))).toEqual({ error: 'Payment not found' });
  });

  it('payment.list pages newest first with custom pagination', async () => {
    const { woovi, clock } = s();
    await fund(s(), 1_000);
    for (const id of ['um', 'dois', 'tres']) {
      clock.advance(1_000);
      await woovi.payment.create(pixKeyPayment(s(), id, 100));
    }
    const page = await woovi.payment.list({ skip: 1, limit: 1 });
    expect(s().requests.at(-1)).toEqual({ method: 'GET', url: '/api/v1/payment?skip=1&limit=1', status: 200 });
    expect(page.pageInfo).toEqual({ skip: 1, limit: 1, totalCount: 3, hasPreviousPage: true, hasNextPage: true });
    expect(page.payments.map((p) => p.payment.correlationID)).toEqual(['dois']);
    // Unapproved payments have no transaction yet.
    expect(page.payments[0]!.transaction).toBeNull();
  });

  it('payment.create for a QR code: the amount comes from the other company’s static code', async () => {
    const { woovi, other } = s();
    await fund(s(), 5_000);
    const { pixQrCode } = await other.woovi.pixQrCode.create({ name: 'Balcão', value: 1_234 });
    const qrCode = as<PixQrCode>(pixQrCode).brCode;
    const created = await woovi.payment.create(
      as<Parameters<SdkSandbox['woovi']['payment']['create']>[0]>({ type: 'QR_CODE', qrCode, correlationID: 'qr-1' }),
    );
    expect(created.payment).toMatchObject({ type: 'QR_CODE', value: 1_234, qrCode, status: 'CREATED' });
    const approved = await woovi.payment.approve({ correlationID: 'qr-1' });
    expect(approved.payment.status).toBe('APPROVED');
  });

  it('errors come back as the SDK throws them: the parsed {error} body', async () => {
    const { woovi } = s();
    await fund(s(), 1_000);
    // The SDK's typed payload has no `type`; the spec requires it, and the sandbox refuses it without.
    const untyped = {
      correlationID: 'sem-tipo',
      value: 100,
      destinationAlias: s().other.pixKey,
      destinationAliasType: 'RANDOM' as const,
    };
    expect((await sdkRejection(woovi.payment.create(untyped))).error).toBe(
      'type: must be one of PIX_KEY, QR_CODE, MANUAL, BOLETO',
    );
    expect(s().lastStatus()).toBe(400);

    await woovi.payment.create(pixKeyPayment(s(), 'grande', 1_001));
    expect(await sdkRejection(woovi.payment.create(pixKeyPayment(s(), 'grande', 1_001)))).toEqual({
      error: 'Já existe um pagamento com o correlationID fornecido',
    });
    // POST /api/v1/payment/approve answers the real service's documented Portuguese text (remote-api-notes §4).
    expect(await sdkRejection(woovi.payment.approve({ correlationID: 'grande' }))).toEqual({
      error: 'Você não possui saldo o suficiente para realizar esse pagamento',
    });
    expect(s().lastStatus()).toBe(400);
    expect((await woovi.payment.get({ id: 'grande' })).payment.status).toBe('CREATED');
    expect(await sdkRejection(woovi.payment.approve({ correlationID: 'nao-existe' }))).toEqual({
      error: 'Payment not found',
    });
    expect(await sdkRejection(woovi.payment.get({ id: 'nao-existe' }))).toEqual({ error: 'Payment not found' });
    expect(s().lastStatus()).toBe(400);
  });
});
