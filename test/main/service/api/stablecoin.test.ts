// Stablecoin (issue 37, group D): subaccounts (a KYB over an account register, IN_REVIEW then
// CONFIRMED or REJECTED on the sandbox clock, with its webhook), quotes at the fixed sandbox rates,
// deposits (BRL held on approval, stablecoin on the INTERNAL balance when they settle), payouts
// of that balance to BRL by Pix (idempotent by correlationId: money moves once), balances and
// wallets. Tenancy: another company's subaccount, deposit or payout answers as an unknown one.
// Last, conformance: every answer against the derived document (default server) and against the
// published one (strict server).
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { ManualClock } from '#lib/clock';
import { ALL_SCOPES } from '#service/engine/operations';
import { ledger } from '#service/engine/ledger/ledger';
import { createSandboxCompany } from '#service/engine/tenancy/sandbox-bootstrap';
import { SANDBOX_REJECTED_CPF } from '#service/engine/kyc/kyc-review';
import { KYB_REVIEW_MS } from '#service/engine/stablecoin/stablecoin-rates';
import { walletAddress } from '#service/engine/stablecoin/stablecoin-wallets';
import type { SandboxService } from '#service/index';
import { describeContract, type Harness } from '#test/support/harness';
import { pay, useConformanceServers } from '#test/support/conformance-servers';

const CNPJ = '11222333000181';
const KYC_FEATURES = ['BAAS', 'KYC_ONBOARDING', 'STABLECOIN'];
const NO_SUBACCOUNT = 'No active stable subaccount. A KYB is required, contact support.';
const STABLE_TABLES = [
  'stablecoin_subaccounts',
  'stablecoin_deposits',
  'stablecoin_payouts',
  'stablecoin_entries',
] as const;

function tenantOf(h: Harness, appId = h.appId) {
  return h.engine.tenancy.resolveTenant(appId)!;
}

/** Account registers need the BAAS and KYC_ONBOARDING features (sandbox companies start without). */
function enableKyc(h: Harness, appId = h.appId): void {
  h.engine.db
    .prepare('UPDATE companies SET features = ? WHERE id = ?')
    .run(JSON.stringify(KYC_FEATURES), tenantOf(h, appId).company.id);
  h.engine.tenancy.invalidate();
}

async function register(h: Harness, correlationID: string, appId = h.appId, representatives?: object[]) {
  enableKyc(h, appId);
  const reply = await h.client.request(
    'kycOnboarding',
    { body: { taxID: CNPJ, correlationID, ...(representatives ? { representatives } : {}) } },
    { appId },
  );
  expect(reply.status).toBe(201);
  return 'body' in reply ? (reply.body as any) : undefined;
}

async function call(h: Harness, op: Parameters<Harness['ok']>[0], request: object = {}, appId = h.appId) {
  return (await h.client.request(op, request, { appId })) as { status: number; body: any };
}

/** A CONFIRMED subaccount of the company (a register, the KYB, the review on the clock). */
async function confirmedSubAccount(h: Harness, appId = h.appId, correlationID = 'loja-kyb'): Promise<string> {
  await register(h, correlationID, appId);
  const created = await call(h, 'createStablecoinSubAccount', { body: { accountRegisterId: correlationID } }, appId);
  expect(created.status).toBe(201);
  h.clock.advance(KYB_REVIEW_MS);
  const got = await call(h, 'getStablecoinSubAccount', { params: { subAccountId: created.body.subAccountId } }, appId);
  expect(got.body.subAccount.status).toBe('CONFIRMED');
  return created.body.subAccountId;
}

/** BRL on the company's account: a static QR code paid through the sandbox's simulator. */
async function fundBrl(h: Harness, cents: number): Promise<void> {
  const { pixQrCode } = await h.ok('createPixQrCode', { body: { name: 'Fundos', value: cents } });
  await h.ok('sandboxPayBrCode', { body: { brCode: pixQrCode.brCode } });
}

async function accountBalance(h: Harness) {
  const { account } = tenantOf(h);
  const { total, blocked, available } = (await h.ok('getAccount', { params: { accountId: account.id } })).account
    .balance;
  return { total, blocked, available };
}

function assertLedgerBalances(h: Harness): void {
  const { company, account } = tenantOf(h);
  const ref = { companyId: company.id, accountId: account.id };
  expect(ledger(h.engine.db).balanceFromEntries(ref)).toEqual(ledger(h.engine.db).balance(ref));
}

async function balances(h: Harness, subAccountId: string) {
  return (await h.ok('getStablecoinSubAccountBalances', { params: { subAccountId } })).balances;
}

/** Deposits BRL as a stablecoin onto the INTERNAL balance: create, approve, settle. */
async function fundFloat(h: Harness, brlCents: number, currency: string, correlationId: string) {
  await fundBrl(h, brlCents);
  await h.ok('createStablecoinDeposit', { body: { value: brlCents, currency, correlationId } });
  await h.ok('approveStablecoinDeposit', { body: { correlationId } });
  h.clock.advance(10_000);
  await h.ok('listStablecoinSubAccounts'); // a request: the settlement is swept
}

function events(h: Harness, prefix: string) {
  return h.engine.db
    .prepare<[string, string], { name: string; payload: string }>(
      'SELECT name, payload FROM events WHERE company_id = ? AND name LIKE ? ORDER BY seq',
    )
    .all(tenantOf(h).company.id, `${prefix}%`)
    .map((row) => ({ name: row.name, payload: JSON.parse(row.payload) }));
}

describeContract('stablecoin', (h, transport) => {
  it('requests a subaccount: 201 IN_REVIEW, 200 on repeat, CONFIRMED when the review comes due, with its webhook', async () => {
    await register(h(), 'loja-1');
    const before = h().counts(...STABLE_TABLES);
    const created = await call(h(), 'createStablecoinSubAccount', { body: { accountRegisterId: 'loja-1' } });
    expect(created).toEqual({
      status: 201,
      body: {
        subAccountId: expect.stringMatching(/^sub_[0-9a-f]{24}$/),
        status: 'IN_REVIEW',
        correlationId: expect.stringMatching(/^[0-9a-f-]{36}$/),
      },
    });
    expect(h().counts(...STABLE_TABLES).stablecoin_subaccounts).toBe(before.stablecoin_subaccounts + 1);
    // Idempotent on the register, named by its correlationID or by its id.
    const registerId = h()
      .engine.db.prepare<[string], { id: string }>('SELECT id FROM account_registers WHERE correlation_id = ?')
      .get('loja-1')!.id;
    const again = await call(h(), 'createStablecoinSubAccount', { body: { accountRegisterId: registerId } });
    expect(again).toEqual({ status: 200, body: created.body });
    expect(h().counts(...STABLE_TABLES).stablecoin_subaccounts).toBe(before.stablecoin_subaccounts + 1);

    const { subAccountId } = created.body;
    const { account } = tenantOf(h());
    const item = {
      id: expect.stringMatching(/^[0-9a-f]{24}$/),
      subAccountId,
      account: account.id,
      status: 'IN_REVIEW',
      createdAt: '2026-11-22T15:00:00.000Z',
    };
    expect(await h().ok('listStablecoinSubAccounts')).toEqual({ status: 'ok', subAccounts: [item] });
    expect(await h().ok('getStablecoinSubAccount', { params: { subAccountId } })).toEqual({
      status: 'ok',
      subAccount: item,
    });
    // In review: no wallets yet, no deposits.
    expect((await h().ok('listStablecoinSubAccountWallets', { params: { subAccountId } })).wallets).toEqual([]);
    expect(await call(h(), 'listStablecoinWallets')).toEqual({
      status: 400,
      body: { error: 'KYB not confirmed: the stable subaccount is IN_REVIEW' },
    });
    expect(await call(h(), 'createStablecoinDeposit', { body: { value: 10_000, currency: 'USDT' } })).toEqual({
      status: 400,
      body: { error: NO_SUBACCOUNT },
    });
    expect(events(h(), 'STABLECOIN_')).toEqual([]);

    h().clock.advance(KYB_REVIEW_MS - 1);
    expect((await h().ok('getStablecoinSubAccount', { params: { subAccountId } })).subAccount.status).toBe('IN_REVIEW');
    h().clock.advance(1);
    const confirmed = { ...item, status: 'CONFIRMED' };
    expect(await h().ok('getStablecoinSubAccount', { params: { subAccountId } })).toEqual({
      status: 'ok',
      subAccount: confirmed,
    });
    expect(events(h(), 'STABLECOIN_')).toEqual([
      { name: 'STABLECOIN_SUBACCOUNT_CONFIRMED', payload: { subAccount: confirmed } },
    ]);
    // The repeat after the decision answers the subaccount as it now is.
    expect((await call(h(), 'createStablecoinSubAccount', { body: { accountRegisterId: 'loja-1' } })).body.status).toBe(
      'CONFIRMED',
    );
  });

  it('rejects the KYB of a rejected account register, with STABLECOIN_SUBACCOUNT_REJECTED', async () => {
    const onboarded = await register(h(), 'loja-rej', h().appId, [{ taxID: SANDBOX_REJECTED_CPF }]);
    const token = onboarded.linkOnboarding.slice(onboarded.linkOnboarding.lastIndexOf('/') + 1);
    const view = (await h().engine.kycOnboarding(token))!;
    await h().engine.submitKycOnboarding(token, {
      officialName: view.officialName,
      tradeName: view.tradeName,
      representativeNames: view.representatives.map((r) => r.name),
    });
    h().clock.advance(60_000); // the register's own review: REJECTED
    const created = await h().ok('createStablecoinSubAccount', { body: { accountRegisterId: 'loja-rej' } });
    h().clock.advance(KYB_REVIEW_MS);
    const { subAccount } = await h().ok('getStablecoinSubAccount', { params: { subAccountId: created.subAccountId } });
    expect(subAccount.status).toBe('REJECTED');
    expect(events(h(), 'STABLECOIN_')).toEqual([{ name: 'STABLECOIN_SUBACCOUNT_REJECTED', payload: { subAccount } }]);
    expect(
      (await h().ok('listStablecoinSubAccountWallets', { params: { subAccountId: created.subAccountId } })).wallets,
    ).toEqual([]);
    expect((await call(h(), 'listStablecoinWallets')).status).toBe(400);
  });

  it('refuses a bad subaccount request with 400 and writes nothing', async () => {
    await register(h(), 'loja-2');
    const before = h().counts(...STABLE_TABLES);
    for (const [body, error] of [
      [{}, 'accountRegisterId: accountRegisterId is required'],
      [{ accountRegisterId: '' }, 'accountRegisterId: accountRegisterId is required'],
      [{ accountRegisterId: 42 }, 'accountRegisterId: accountRegisterId must be a string'],
      [{ accountRegisterId: 'x'.repeat(256) }, 'accountRegisterId: accountRegisterId is too long'],
      [{ accountRegisterId: 'nao-existe' }, 'ACCOUNT_REGISTER_NOT_FOUND'],
      [{ accountRegisterId: 'loja-2', companyBankAccountId: 'nao-existe' }, 'COMPANY_BANK_ACCOUNT_NOT_FOUND'],
    ] as const) {
      expect(await call(h(), 'createStablecoinSubAccount', { body })).toEqual({ status: 400, body: { error } });
    }
    expect(h().counts(...STABLE_TABLES)).toEqual(before);
    expect(await call(h(), 'getStablecoinSubAccount', { params: { subAccountId: 'sub_nao_existe' } })).toEqual({
      status: 404,
      body: { error: 'SubAccount not found', errorCode: 'STABLE_SUBACCOUNT_NOT_FOUND' },
    });
    expect(await call(h(), 'listStablecoinWallets')).toEqual({
      status: 404,
      body: { error: 'SubAccount not found', errorCode: 'STABLE_SUBACCOUNT_NOT_FOUND' },
    });
  });

  it('quotes at the fixed sandbox rates without writing anything', async () => {
    const before = h().counts(...STABLE_TABLES);
    // R$ 100,00 - 1 % fee (R$ 1,00) = R$ 99,00 at R$ 5,40 per USDT = 18.33 USDT (rounded down).
    expect(await h().ok('getStablecoinQuote', { query: { value: '10000', currency: 'USDT' } })).toEqual({
      status: 'ok',
      quote: {
        basePrice: 5.4,
        inputAmount: 100,
        inputCurrency: 'BRL',
        outputAmount: 18.33,
        outputCurrency: 'USDT',
        appliedFees: [{ type: 'In Fee (1%)', amount: 1, currency: 'BRL' }],
        pairName: 'BRL/USDT',
      },
    });
    // USDT is the default; BRLA is one real per unit.
    expect((await h().ok('getStablecoinQuote', { query: { value: '10000' } })).quote.outputAmount).toBe(18.33);
    expect((await h().ok('getStablecoinQuote', { query: { value: '12345', currency: 'BRLA' } })).quote).toMatchObject({
      basePrice: 1,
      inputAmount: 123.45,
      outputAmount: 122.21, // 12345 - ceil(123.45) = 12221 cents
      appliedFees: [{ type: 'In Fee (1%)', amount: 1.24, currency: 'BRL' }],
    });
    // 1000.00 USDC at R$ 5,40 = R$ 5.400,00, less 1 % = R$ 5.346,00.
    expect(await h().ok('getStablecoinPayoutQuote', { query: { value: '100000', currency: 'USDC' } })).toEqual({
      status: 'ok',
      quote: {
        basePrice: 5.4,
        inputAmount: 1000,
        inputCurrency: 'USDC',
        outputAmount: 5346,
        outputCurrency: 'BRL',
        appliedFees: [{ type: 'Out Fee (1%)', amount: 54, currency: 'BRL' }],
        pairName: 'USDC/BRL',
      },
    });
    for (const [op, query] of [
      ['getStablecoinQuote', { value: '0' }],
      ['getStablecoinQuote', { value: '99' }],
      ['getStablecoinQuote', { value: 'abc' }],
      ['getStablecoinQuote', { value: '10000', currency: 'BTC' }],
      ['getStablecoinQuote', {}],
      ['getStablecoinPayoutQuote', { value: '10000' }],
      ['getStablecoinPayoutQuote', { value: '-5', currency: 'USDT' }],
      ['getStablecoinPayoutQuote', { value: '10.5', currency: 'USDT' }],
    ] as const) {
      const reply = await call(h(), op, { query });
      expect(reply.status, `${op} ${JSON.stringify(query)}`).toBe(400);
      expect(reply.body.error).toEqual(expect.any(String));
    }
    expect(
      (await call(h(), 'getStablecoinQuote', { query: { value: '10000', currency: 'BTC' } })).body.error,
    ).toContain('currency must be one of: USDT, USDC, BRLA');
    expect(h().counts(...STABLE_TABLES)).toEqual(before);
  });

  it('creates a deposit at the quoted amount, idempotent by correlationId; approval holds the BRL and settlement lands the stablecoin', async () => {
    const subAccountId = await confirmedSubAccount(h());
    const quote = (await h().ok('getStablecoinQuote', { query: { value: '10000', currency: 'USDT' } })).quote;
    const created = await call(h(), 'createStablecoinDeposit', {
      body: { value: 10_000, currency: 'USDT', correlationId: 'dep-1' },
    });
    expect(created).toEqual({
      status: 200,
      body: {
        status: 'PENDING',
        depositId: expect.stringMatching(/^[0-9a-f]{24}$/),
        correlationId: 'dep-1',
        expiration: '2026-11-22T15:16:00.000Z', // created one minute in (the KYB review), plus 15 minutes
        network: 'POLYGON',
        quote: {
          inputAmount: 10_000,
          inputCurrency: 'BRL',
          outputAmount: 18.33,
          outputCurrency: 'USDT',
          rate: 5.4,
          fee: 100,
        },
      },
    });
    expect(created.body.quote.outputAmount).toBe(quote.outputAmount);
    const before = h().counts(...STABLE_TABLES);
    const repeat = await call(h(), 'createStablecoinDeposit', {
      body: { value: 99_999, currency: 'USDC', correlationId: 'dep-1' },
    });
    expect(repeat).toEqual(created);
    expect(h().counts(...STABLE_TABLES)).toEqual(before);

    // No BRL on the account: the code cannot be paid, nothing changes.
    expect(await call(h(), 'approveStablecoinDeposit', { body: { correlationId: 'dep-1' } })).toEqual({
      status: 400,
      body: { error: 'Failed to pay stable qrcode: insufficient balance on the account' },
    });
    await fundBrl(h(), 15_000);
    expect(await h().ok('approveStablecoinDeposit', { body: { correlationId: 'dep-1' } })).toEqual({
      status: 'PROCESSING',
      correlationId: 'dep-1',
      depositId: created.body.depositId,
    });
    expect(await accountBalance(h())).toEqual({ total: 15_000, blocked: 10_000, available: 5_000 });
    expect(await call(h(), 'approveStablecoinDeposit', { body: { correlationId: 'dep-1' } })).toEqual({
      status: 400,
      body: { error: 'Stablecoin cashout is already being processed' },
    });
    expect(await balances(h(), subAccountId)).toEqual({ USDT: 0, USDC: 0, BRLA: 0 });

    h().clock.advance(10_000);
    expect(await balances(h(), subAccountId)).toEqual({ USDT: 18.33, USDC: 0, BRLA: 0 });
    expect(await accountBalance(h())).toEqual({ total: 5_000, blocked: 0, available: 5_000 });
    expect(
      (await h().ok('createStablecoinDeposit', { body: { value: 10_000, currency: 'USDT', correlationId: 'dep-1' } }))
        .status,
    ).toBe('COMPLETED');
    expect(await call(h(), 'approveStablecoinDeposit', { body: { correlationId: 'dep-1' } })).toEqual({
      status: 400,
      body: { error: 'Stablecoin cashout already completed' },
    });
    assertLedgerBalances(h());
    // A deposit without correlationId gets one of the service's.
    const bare = await h().ok('createStablecoinDeposit', { body: { value: 500, currency: 'BRLA', network: 'BASE' } });
    expect(bare).toMatchObject({
      status: 'PENDING',
      network: 'BASE',
      correlationId: expect.stringMatching(/^[0-9a-f-]{36}$/),
    });
    expect(bare.quote).toMatchObject({ outputAmount: 4.95, fee: 5, rate: 1 });
  });

  it('expires an unapproved deposit, and sends a deposit to another wallet off the INTERNAL balance', async () => {
    const subAccountId = await confirmedSubAccount(h());
    await h().ok('createStablecoinDeposit', { body: { value: 1_000, currency: 'USDC', correlationId: 'late' } });
    h().clock.advance(15 * 60_000);
    expect(await call(h(), 'approveStablecoinDeposit', { body: { correlationId: 'late' } })).toEqual({
      status: 400,
      body: { error: 'Stablecoin deposit expired: create a new one' },
    });
    expect(
      (await h().ok('createStablecoinDeposit', { body: { value: 1_000, currency: 'USDC', correlationId: 'late' } }))
        .status,
    ).toBe('EXPIRED');

    await fundBrl(h(), 2_000);
    const elsewhere = '0x1111111111111111111111111111111111111111';
    await h().ok('createStablecoinDeposit', {
      body: {
        value: 1_000,
        currency: 'USDC',
        network: 'BASE',
        correlationId: 'out',
        destinationWalletAddress: elsewhere,
      },
    });
    await h().ok('approveStablecoinDeposit', { body: { correlationId: 'out' } });
    // To the subaccount's own wallet: that is the INTERNAL balance.
    const own = walletAddress(subAccountId, 'ETHEREUM');
    await h().ok('createStablecoinDeposit', {
      body: {
        value: 1_000,
        currency: 'USDC',
        network: 'ETHEREUM',
        correlationId: 'own',
        destinationWalletAddress: own,
      },
    });
    await h().ok('approveStablecoinDeposit', { body: { correlationId: 'own' } });
    h().clock.advance(10_000);
    // 1000 - 10 = 990 cents at 540: 1.83 USDC, once (the other one left the float).
    expect(await balances(h(), subAccountId)).toEqual({ USDT: 0, USDC: 1.83, BRLA: 0 });
    expect(await accountBalance(h())).toEqual({ total: 0, blocked: 0, available: 0 });
    assertLedgerBalances(h());
  });

  it('refuses a bad deposit or approval with 400 and writes nothing', async () => {
    await confirmedSubAccount(h());
    const before = h().counts(...STABLE_TABLES);
    for (const [body, error] of [
      [{ currency: 'USDT' }, 'value'],
      [{ value: 0, currency: 'USDT' }, 'value'],
      [{ value: 99, currency: 'USDT' }, 'value'],
      [{ value: 10.5, currency: 'USDT' }, 'value'],
      [{ value: 'dez', currency: 'USDT' }, 'value'],
      [{ value: 10_000 }, 'currency must be one of: USDT, USDC, BRLA'],
      [{ value: 10_000, currency: 'BTC' }, 'currency must be one of: USDT, USDC, BRLA'],
      [{ value: 10_000, currency: 'USDT', network: 'SOLANA' }, 'network must be one of'],
      [
        { value: 10_000, currency: 'USDT', network: 'BASE' },
        'USDT is not available on BASE. Supported networks: POLYGON, ETHEREUM, CELO, TRON, BNB',
      ],
      [{ value: 10_000, currency: 'BRLA', network: 'TRON' }, 'BRLA is not available on TRON'],
      [{ value: 10_000, currency: 'USDT', destinationWalletAddress: '0x123' }, 'destinationWalletAddress'],
      [
        {
          value: 10_000,
          currency: 'USDT',
          network: 'TRON',
          destinationWalletAddress: '0x1111111111111111111111111111111111111111',
        },
        'not an address of the TRON network',
      ],
      [{ value: 10_000, currency: 'USDT', correlationId: '' }, 'correlationId is required'],
      [{ value: 10_000, currency: 'USDT', subAccountId: 'sub_nao_existe' }, NO_SUBACCOUNT],
    ] as const) {
      const reply = await call(h(), 'createStablecoinDeposit', { body });
      expect(reply.status, JSON.stringify(body)).toBe(400);
      expect(reply.body.error, JSON.stringify(body)).toContain(error);
    }
    for (const [body, error] of [
      [{}, 'correlationId: correlationId is required'],
      [{ correlationId: '' }, 'correlationId: correlationId is required'],
      [{ correlationId: 'nao-existe' }, 'Stablecoin cashout not found'],
    ] as const) {
      expect(await call(h(), 'approveStablecoinDeposit', { body })).toEqual({ status: 400, body: { error } });
    }
    expect(h().counts(...STABLE_TABLES)).toEqual(before);
  });

  it('pays out the INTERNAL balance once per correlationId, and settles the Pix on the clock', async () => {
    const subAccountId = await confirmedSubAccount(h());
    await fundFloat(h(), 10_000, 'USDT', 'dep-1'); // 18.33 USDT
    const before = h().counts(...STABLE_TABLES);
    expect(
      await call(h(), 'createStablecoinPayout', { body: { value: 1_834, currency: 'USDT', pixKey: h().other.pixKey } }),
    ).toEqual({ status: 400, body: { error: 'Insufficient balance: the INTERNAL USDT balance is 18.33' } });
    expect(
      await call(h(), 'createStablecoinPayout', { body: { value: 100, currency: 'USDC', pixKey: h().other.pixKey } }),
    ).toEqual({ status: 400, body: { error: 'Insufficient balance: the INTERNAL USDC balance is 0' } });
    expect(h().counts(...STABLE_TABLES)).toEqual(before);

    const otherCompany = tenantOf(h(), h().other.appId).company;
    const body = {
      value: 1_000,
      currency: 'USDT',
      pixKey: h().other.pixKey,
      correlationId: 'po-1',
      pixMessage: 'Saque',
    };
    const created = await call(h(), 'createStablecoinPayout', { body });
    // 10.00 USDT at R$ 5,40 = R$ 54,00, less 1 % (R$ 0,54) = R$ 53,46.
    expect(created).toEqual({
      status: 200,
      body: {
        status: 'PROCESSING',
        payoutId: expect.stringMatching(/^[0-9a-f]{24}$/),
        correlationId: 'po-1',
        pixKey: h().other.pixKey,
        pixKeyOwner: { name: otherCompany.official_name, taxId: otherCompany.tax_id, bankName: expect.any(String) },
        quote: {
          inputAmount: 1_000,
          inputCurrency: 'USDT',
          outputAmount: 53.46,
          outputCurrency: 'BRL',
          rate: 5.4,
          fee: 54,
        },
      },
    });
    expect(await balances(h(), subAccountId)).toEqual({ USDT: 8.33, USDC: 0, BRLA: 0 });
    // The retry answers the same payout and moves nothing.
    const counts = h().counts(...STABLE_TABLES);
    expect(await call(h(), 'createStablecoinPayout', { body })).toEqual(created);
    expect(await call(h(), 'createStablecoinPayout', { body: { ...body, value: 500 } })).toEqual(created);
    expect(h().counts(...STABLE_TABLES)).toEqual(counts);
    expect(await balances(h(), subAccountId)).toEqual({ USDT: 8.33, USDC: 0, BRLA: 0 });

    const { payoutId } = created.body;
    expect(await h().ok('getStablecoinPayout', { params: { payoutId } })).toEqual(created.body);
    expect(await h().ok('getStablecoinPayoutByCorrelationId', { query: { correlationId: 'po-1' } })).toEqual(
      created.body,
    );
    h().clock.advance(10_000);
    expect(await h().ok('getStablecoinPayout', { params: { payoutId } })).toEqual({
      ...created.body,
      status: 'COMPLETED',
    });
    // The key is another company's of this service: the R$ 53,46 arrive there as a Pix in, once.
    const otherAccount = tenantOf(h(), h().other.appId).account.id;
    const received = await call(h(), 'getAccount', { params: { accountId: otherAccount } }, h().other.appId);
    expect(received.body.account.balance).toMatchObject({ total: 5_346, available: 5_346 });
    const otherTransactions = await call(h(), 'listTransactions', {}, h().other.appId);
    expect(otherTransactions.body.transactions).toEqual([expect.objectContaining({ value: 5_346 })]);
    // The rest, without a correlationId: one of the service's.
    const rest = await h().ok('createStablecoinPayout', {
      body: { value: 833, currency: 'USDT', pixKey: h().other.pixKey },
    });
    expect(rest.correlationId).toMatch(/^[0-9a-f-]{36}$/);
    expect(await balances(h(), subAccountId)).toEqual({ USDT: 0, USDC: 0, BRLA: 0 });
    const sum = h()
      .engine.db.prepare<[], { n: number }>("SELECT SUM(amount) AS n FROM stablecoin_entries WHERE currency = 'USDT'")
      .get()!.n;
    expect(sum).toBe(0);
  });

  it('refuses a bad payout with 400 (and a missing one with 404), writing nothing', async () => {
    await confirmedSubAccount(h());
    await fundFloat(h(), 10_000, 'USDT', 'dep-1');
    const before = h().counts(...STABLE_TABLES);
    const key = h().other.pixKey;
    for (const [body, error] of [
      [{ currency: 'USDT', pixKey: key }, 'value'],
      [{ value: 0, currency: 'USDT', pixKey: key }, 'value'],
      [{ value: 100, currency: 'ETH', pixKey: key }, 'currency must be one of'],
      [{ value: 100, currency: 'USDT' }, 'pixKey is required'],
      [{ value: 100, currency: 'USDT', pixKey: 'nao é chave' }, 'pixKey is not a valid Pix key'],
      [{ value: 100, currency: 'USDT', pixKey: '3f2504e0-4f89-41d3-9a0c-0305e82c3301' }, 'PIX_KEY_INFO_NOT_FOUND'],
      [{ value: 100, currency: 'USDT', pixKey: key, pixMessage: 'x'.repeat(141) }, 'pixMessage is too long'],
      [{ value: 100, currency: 'USDT', pixKey: key, correlationId: '' }, 'correlationId is required'],
    ] as const) {
      const reply = await call(h(), 'createStablecoinPayout', { body });
      expect(reply.status, JSON.stringify(body)).toBe(400);
      expect(reply.body.error, JSON.stringify(body)).toContain(error);
    }
    expect(h().counts(...STABLE_TABLES)).toEqual(before);
    expect((await call(h(), 'getStablecoinPayoutByCorrelationId', { query: {} })).status).toBe(400);
    const missing = {
      status: 404,
      body: { error: 'Stablecoin payout not found', errorCode: 'STABLE_PAYOUT_NOT_FOUND' },
    };
    expect(await call(h(), 'getStablecoinPayout', { params: { payoutId: 'nao-existe' } })).toEqual(missing);
    expect(await call(h(), 'getStablecoinPayoutByCorrelationId', { query: { correlationId: 'nao' } })).toEqual(missing);
  });

  it("never shows, moves or claims another company's subaccount, deposit or payout", async () => {
    const subAccountId = await confirmedSubAccount(h());
    await fundFloat(h(), 10_000, 'USDT', 'dep-1');
    const payout = await h().ok('createStablecoinPayout', {
      body: { value: 100, currency: 'USDT', pixKey: h().other.pixKey, correlationId: 'po-1' },
    });
    await h().ok('createStablecoinDeposit', { body: { value: 1_000, currency: 'USDT', correlationId: 'dep-2' } });
    const other = h().other.appId;
    const unknownSub = {
      status: 404,
      body: { error: 'SubAccount not found', errorCode: 'STABLE_SUBACCOUNT_NOT_FOUND' },
    };
    for (const op of [
      'getStablecoinSubAccount',
      'getStablecoinSubAccountBalances',
      'listStablecoinSubAccountWallets',
    ] as const) {
      expect(await call(h(), op, { params: { subAccountId } }, other)).toEqual(unknownSub);
      expect(await call(h(), op, { params: { subAccountId: 'sub_nao_existe' } }, other)).toEqual(unknownSub);
    }
    expect(await call(h(), 'listStablecoinSubAccounts', {}, other)).toEqual({
      status: 200,
      body: { status: 'ok', subAccounts: [] },
    });
    expect(await call(h(), 'listStablecoinWallets', {}, other)).toEqual(unknownSub);
    const missing = {
      status: 404,
      body: { error: 'Stablecoin payout not found', errorCode: 'STABLE_PAYOUT_NOT_FOUND' },
    };
    expect(await call(h(), 'getStablecoinPayout', { params: { payoutId: payout.payoutId } }, other)).toEqual(missing);
    expect(await call(h(), 'getStablecoinPayoutByCorrelationId', { query: { correlationId: 'po-1' } }, other)).toEqual(
      missing,
    );
    expect(await call(h(), 'approveStablecoinDeposit', { body: { correlationId: 'dep-2' } }, other)).toEqual({
      status: 400,
      body: { error: 'Stablecoin cashout not found' },
    });
    // Naming the other company's subaccount or register claims nothing.
    expect(
      await call(h(), 'createStablecoinDeposit', { body: { value: 1_000, currency: 'USDT', subAccountId } }, other),
    ).toEqual({ status: 400, body: { error: NO_SUBACCOUNT } });
    enableKyc(h(), other);
    expect(await call(h(), 'createStablecoinSubAccount', { body: { accountRegisterId: 'loja-kyb' } }, other)).toEqual({
      status: 400,
      body: { error: 'ACCOUNT_REGISTER_NOT_FOUND' },
    });
    // The same correlationIds are the other company's own to use.
    const otherSub = await confirmedSubAccount(h(), other, 'loja-outra');
    expect(otherSub).not.toBe(subAccountId);
    const theirs = await call(
      h(),
      'createStablecoinDeposit',
      { body: { value: 1_000, currency: 'USDT', correlationId: 'dep-2' } },
      other,
    );
    expect(theirs.status).toBe(200);
    expect(theirs.body.status).toBe('PENDING');
    expect(
      await call(
        h(),
        'createStablecoinPayout',
        { body: { value: 100, currency: 'USDT', pixKey: h().pixKey, correlationId: 'po-1' } },
        other,
      ),
    ).toEqual({
      status: 400,
      body: { error: 'Insufficient balance: the INTERNAL USDT balance is 0' },
    });
    expect(await balances(h(), subAccountId)).toEqual({ USDT: 17.33, USDC: 0, BRLA: 0 });
  });

  it('lists deterministic sandbox deposit addresses: one per asset and network, EVM and TRON test formats', async () => {
    const subAccountId = await confirmedSubAccount(h());
    const { wallets } = await h().ok('listStablecoinSubAccountWallets', { params: { subAccountId } });
    expect(wallets).toHaveLength(14);
    expect(wallets).toContainEqual({ address: walletAddress(subAccountId, 'TRON'), currency: 'USDT', network: 'TRON' });
    for (const wallet of wallets) {
      expect(wallet.address).toMatch(
        wallet.network === 'TRON' ? /^TSandbox[1-9A-HJ-NP-Za-km-z]{26}$/ : /^0x0000000000[0-9a-f]{30}$/,
      );
    }
    // Same network, same address, whatever the asset.
    const polygon = wallets.filter((w: { network: string }) => w.network === 'POLYGON');
    expect(new Set(polygon.map((w: { address: string }) => w.address)).size).toBe(1);
    const { account } = tenantOf(h());
    expect(await h().ok('listStablecoinWallets')).toEqual({
      status: 'ok',
      companyBankAccountId: account.id,
      subAccountId,
      wallets,
    });
  });

  it('answers 403 to an application without the scope the description names', async () => {
    for (const [op, scope, request] of [
      ['createStablecoinSubAccount', 'STABLECOIN_SUBACCOUNT_CREATE', { body: { accountRegisterId: 'x' } }],
      ['listStablecoinSubAccounts', 'STABLECOIN_SUBACCOUNT_LIST', {}],
      ['getStablecoinQuote', 'STABLECOIN_DEPOSIT_CREATE', { query: { value: '1000' } }],
      ['getStablecoinPayoutQuote', 'STABLECOIN_PAYOUT_CREATE', { query: { value: '1000', currency: 'USDT' } }],
    ] as const) {
      const limited = createSandboxCompany(h().engine.db, h().clock.now(), {
        scopes: ALL_SCOPES.filter((s) => s !== scope),
      });
      expect((await call(h(), op, request, limited.appId)).status).toBe(403);
    }
  });

  it('asking for a subaccount needs the company STABLECOIN feature (403, nothing written)', async () => {
    await register(h(), 'sem-stablecoin');
    h()
      .engine.db.prepare('UPDATE companies SET features = ? WHERE id = ?')
      .run(JSON.stringify(['BAAS', 'KYC_ONBOARDING']), tenantOf(h()).company.id);
    h().engine.tenancy.invalidate();
    const before = h().counts(...STABLE_TABLES);
    const refused = await call(h(), 'createStablecoinSubAccount', { body: { accountRegisterId: 'sem-stablecoin' } });
    expect(refused).toEqual({ status: 403, body: { error: 'You need feature STABLECOIN to access this endpoint' } });
    expect(h().counts(...STABLE_TABLES)).toEqual(before);
  });

  it('never answers a 500 to generated input, and a refused write writes nothing', async () => {
    const subAccountId = await confirmedSubAccount(h());
    await fundFloat(h(), 10_000, 'USDT', 'dep-1');
    const value = fc.oneof(fc.integer({ min: -10, max: 200_000 }), fc.double(), fc.string(), fc.constant(null));
    const text = fc.oneof(
      fc.string(),
      fc.constantFrom('USDT', 'BRLA', 'POLYGON', 'BASE', 'TRON', 'dep-1'),
      fc.integer(),
    );
    const body = fc.record(
      {
        value,
        currency: fc.oneof(fc.constantFrom('USDT', 'USDC', 'BRLA'), text),
        network: fc.oneof(fc.constantFrom('POLYGON', 'BASE', 'TRON', 'CELO'), text),
        correlationId: text,
        pixKey: fc.oneof(fc.constant(h().other.pixKey), fc.emailAddress(), text),
        pixMessage: fc.oneof(fc.string(), fc.constant(null)),
        destinationWalletAddress: fc.oneof(fc.constant(walletAddress(subAccountId, 'TRON')), text),
        subAccountId: fc.oneof(fc.constant(subAccountId), text),
        accountRegisterId: fc.oneof(fc.constant('loja-kyb'), text),
      },
      { requiredKeys: [] },
    );
    const op = fc.constantFrom(
      'createStablecoinDeposit',
      'approveStablecoinDeposit',
      'createStablecoinPayout',
      'createStablecoinSubAccount',
    ) as fc.Arbitrary<'createStablecoinDeposit'>;
    await fc.assert(
      fc.asyncProperty(op, body, async (name, input) => {
        const before = h().counts(...STABLE_TABLES, 'ledger_entries');
        const reply = await call(h(), name, { body: input });
        expect(reply.status, `${name} ${JSON.stringify(input)}: ${JSON.stringify(reply.body)}`).toBeLessThan(500);
        if (reply.status >= 400) {
          expect(reply.body.error).toEqual(expect.any(String));
          expect(h().counts(...STABLE_TABLES, 'ledger_entries')).toEqual(before);
        }
      }),
      { numRuns: 60, seed: 21 },
    );
    // Whatever was paid out, the INTERNAL balance never went below zero.
    const usdt = (await balances(h(), subAccountId)).USDT;
    expect(usdt).toBeGreaterThanOrEqual(0);
    assertLedgerBalances(h());
  });

  it.skipIf(transport !== 'http')('routes /payout/quote to the quote, not to a payout named "quote"', async () => {
    const reply = await fetch(`${h().baseUrl}/api/v1/stablecoin/payout/quote?value=1000&currency=BRLA`, {
      headers: { authorization: h().appId },
    });
    expect(reply.status).toBe(200);
    expect(((await reply.json()) as any).quote.outputAmount).toBe(9.9);
  });
});

/**
 * The journey every stablecoin operation takes part in, through `app.inject`, returning each
 * answer with the document path and method it was asked on.
 */
async function journey(
  service: SandboxService,
  appId: string,
  clock: ManualClock,
  pay: (brCode: string) => Promise<void>,
) {
  const answers: { method: string; path: string; status: number; body: unknown }[] = [];
  async function ask(method: string, docPath: string, url: string, body?: unknown) {
    const reply = await service.app.inject({
      method: method as 'GET',
      url,
      headers: { authorization: appId, ...(body === undefined ? {} : { 'content-type': 'application/json' }) },
      payload: body === undefined ? undefined : JSON.stringify(body),
    });
    const parsed = reply.json();
    answers.push({ method, path: docPath, status: reply.statusCode, body: parsed });
    return { status: reply.statusCode, body: parsed };
  }
  const onboard = await ask('POST', '/api/v1/kyc/onboarding', '/api/v1/kyc/onboarding', {
    taxID: CNPJ,
    correlationID: 'loja',
  });
  expect(onboard.status).toBe(201);
  const sub = await ask('POST', '/api/v1/stablecoin/subaccount', '/api/v1/stablecoin/subaccount', {
    accountRegisterId: 'loja',
  });
  expect(sub.status).toBe(201);
  const subAccountId = sub.body.subAccountId as string;
  expect(
    (await ask('POST', '/api/v1/stablecoin/subaccount', '/api/v1/stablecoin/subaccount', { accountRegisterId: 'loja' }))
      .status,
  ).toBe(200);
  clock.advance(KYB_REVIEW_MS);
  const s = `/api/v1/stablecoin/subaccount/${subAccountId}`;
  await ask('GET', '/api/v1/stablecoin/subaccount', '/api/v1/stablecoin/subaccount');
  await ask('GET', '/api/v1/stablecoin/subaccount/{subAccountId}', s);
  await ask('GET', '/api/v1/stablecoin/subaccount/{subAccountId}/wallets', `${s}/wallets`);
  await ask('GET', '/api/v1/stablecoin/wallets', '/api/v1/stablecoin/wallets');
  await ask('GET', '/api/v1/stablecoin/quote', '/api/v1/stablecoin/quote?value=10000&currency=USDC');
  await ask('GET', '/api/v1/stablecoin/payout/quote', '/api/v1/stablecoin/payout/quote?value=1000&currency=USDC');
  const qr = await service.app.inject({
    method: 'POST',
    url: '/api/v1/qrcode-static',
    headers: { authorization: appId, 'content-type': 'application/json' },
    payload: JSON.stringify({ name: 'Fundos', value: 20_000 }),
  });
  await pay(qr.json().pixQrCode.brCode);
  await ask('POST', '/api/v1/stablecoin/deposit', '/api/v1/stablecoin/deposit', {
    value: 10_000,
    currency: 'USDC',
    correlationId: 'd1',
  });
  await ask('POST', '/api/v1/stablecoin/deposit/approve', '/api/v1/stablecoin/deposit/approve', {
    correlationId: 'd1',
  });
  clock.advance(10_000);
  const balances = await ask('GET', '/api/v1/stablecoin/subaccount/{subAccountId}/balances', `${s}/balances`);
  expect(balances.body.balances.USDC).toBe(18.33);
  const payout = await ask('POST', '/api/v1/stablecoin/payout', '/api/v1/stablecoin/payout', {
    value: 1_000,
    currency: 'USDC',
    pixKey: 'loja@example.com',
    correlationId: 'p1',
    pixMessage: null,
  });
  expect(payout.status).toBe(200);
  await ask('GET', '/api/v1/stablecoin/payout/{payoutId}', `/api/v1/stablecoin/payout/${payout.body.payoutId}`);
  await ask('GET', '/api/v1/stablecoin/payout', '/api/v1/stablecoin/payout?correlationId=p1');
  return answers;
}

describe('stablecoin answers conform to the derived and the published documents', () => {
  const clocks = {
    strict: new ManualClock('2026-11-22T15:00:00.000Z'),
    plain: new ManualClock('2026-11-22T15:00:00.000Z'),
  };
  const servers = useConformanceServers({
    clocks,
    strict: {},
    company: { features: ['BANK_ACCOUNT', 'BAAS', 'KYC_ONBOARDING', 'STABLECOIN'] },
    listen: true,
  });

  it('default server: every answer validates against GET /openapi.json, which states the constraints', async () => {
    const [service, clock, derived] = [servers.plain, clocks.plain, servers.derived];
    const deposit = derived.paths['/api/v1/stablecoin/deposit'].post.requestBody.content['application/json'].schema;
    expect(deposit.properties.value).toMatchObject({ type: 'integer', minimum: 100 });
    expect(deposit.properties.currency.enum).toEqual(['USDT', 'USDC', 'BRLA']);
    expect(deposit.properties.network).toMatchObject({
      enum: ['POLYGON', 'ETHEREUM', 'BASE', 'CELO', 'TRON', 'BNB'],
      default: 'POLYGON',
    });
    expect(deposit.properties.destinationWalletAddress.pattern).toBeDefined();
    const quoteParams = derived.paths['/api/v1/stablecoin/payout/quote'].get.parameters;
    expect(quoteParams).toContainEqual(
      expect.objectContaining({ name: 'value', required: true, schema: expect.objectContaining({ minimum: 100 }) }),
    );
    expect(derived.paths['/api/v1/stablecoin/subaccount/{subAccountId}/balances'].get['x-required-scope']).toBe(
      'STABLECOIN_SUBACCOUNT_LIST',
    );

    const validate = (method: string, path: string, status: number, body: unknown) =>
      servers.conforms('plain', method, path, status, body);
    const answers = await journey(service, service.appId, clock, async (brCode) => {
      expect(await pay(service, brCode)).toBe(200);
    });
    // Refusals too: each status is one the derived document lists, with its error body.
    const refusals = [
      ['GET', '/api/v1/stablecoin/subaccount/{subAccountId}', '/api/v1/stablecoin/subaccount/sub_x', undefined, 404],
      ['GET', '/api/v1/stablecoin/payout/{payoutId}', '/api/v1/stablecoin/payout/nao', undefined, 404],
      ['GET', '/api/v1/stablecoin/payout', '/api/v1/stablecoin/payout', undefined, 400],
      ['POST', '/api/v1/stablecoin/deposit', '/api/v1/stablecoin/deposit', { value: 1, currency: 'USDT' }, 400],
      [
        'POST',
        '/api/v1/stablecoin/payout',
        '/api/v1/stablecoin/payout',
        { value: 100_000, currency: 'USDT', pixKey: 'a@b.com' },
        400,
      ],
    ] as const;
    for (const [method, path, url, body, status] of refusals) {
      const reply = await servers.call(service, method, url, body);
      expect(reply.status, url).toBe(status);
      expect(validate(method, path, status, reply.body), url).toEqual({ kind: 'valid' });
    }
    expect(Object.keys(derived.paths['/api/v1/stablecoin/wallets'].get.responses)).toEqual(
      expect.arrayContaining(['200', '400', '401', '403', '404']),
    );
    const stable = answers.filter((a) => a.path.includes('stablecoin'));
    expect(stable).toHaveLength(14);
    for (const answer of stable) {
      expect(answer.status, `${answer.method} ${answer.path}`).toBeLessThan(300);
      expect(
        validate(answer.method, answer.path, answer.status, answer.body),
        `${answer.method} ${answer.path}`,
      ).toEqual({
        kind: 'valid',
      });
    }
  });

  it('strict server: every answer validates against the published schema of its status', async () => {
    const [service, clock] = [servers.strict, clocks.strict];
    const answers = await journey(service, service.appId, clock, async (brCode) => {
      expect(await pay(service, brCode)).toBe(200);
    });
    const stable = answers.filter((a) => a.path.includes('stablecoin'));
    expect(stable).toHaveLength(14);
    for (const answer of stable) {
      expect(answer.status, `${answer.method} ${answer.path}`).toBeLessThan(300);
      const verdict = servers.conforms('strict', answer.method, answer.path, answer.status, answer.body);
      expect(['valid', 'no-schema'], `${answer.method} ${answer.path}: ${JSON.stringify(verdict)}`).toContain(
        verdict.kind,
      );
    }
    // The published schemas that exist were checked, not skipped: all but the payout GETs have one.
    expect(
      stable.filter((a) => servers.conforms('strict', a.method, a.path, a.status, a.body).kind === 'valid'),
    ).toHaveLength(12);
    // Strict answers carry only published fields: no sandbox status on the list's items.
    const list = stable.find((a) => a.path === '/api/v1/stablecoin/subaccount' && a.method === 'GET')!;
    expect(Object.keys((list.body as any).subAccounts[0]).sort()).toEqual([
      'account',
      'createdAt',
      'id',
      'subAccountId',
    ]);
  });
});
