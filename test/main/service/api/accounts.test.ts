// Bank accounts (service-spec.md "Accounts", "Account limits", "Limits"; remote-api-notes §2 row 1,
// §2.2, §6.8): list, get, duplicate (BANK_ACCOUNT feature), close, withdraw (fee below R$ 100,00,
// WITHDRAW and FEE transactions, pix-out receipt) and limits (withdrawals held to the same-holder
// limits and the overall one, together with Pix out payments). Money is put on an account through
// a paid static QR code; blocks by security and withdraw safety go straight through the ledger.
import { expect, it } from 'vitest';
import { ledger } from '#service/engine/ledger/ledger';
import { ALL_SCOPES } from '#service/engine/operations';
import { createSandboxCompany, SANDBOX_ISPB, type SandboxCompany } from '#service/engine/tenancy/sandbox-bootstrap';
import { describeContract, type Harness } from '#test/support/harness';

const OFFICIAL_NAME = 'Balcão Sandbox Comércio LTDA';
const NO_FEATURE = 'You need feature BANK_ACCOUNT to access this endpoint';
const CANNOT_CLOSE_DEFAULT = 'The default account and the account this application uses cannot be closed';

/** The spec's Limits list: twelve integer fields and two HH:MM strings. */
const LIMIT_INTEGER_FIELDS = [
  'pixDayLimit',
  'pixNightLimit',
  'pixOutSameHolderDayLimit',
  'pixOutDifferentHolderDayLimit',
  'pixOutSameHolderNightLimit',
  'pixOutDifferentHolderNightLimit',
  'pixInSameHolderDayLimit',
  'pixInDifferentHolderDayLimit',
  'pixInSameHolderNightLimit',
  'pixInDifferentHolderNightLimit',
  'boletoEmissionLimit',
  'boletoMaximumValueLimit',
] as const;

interface Caller {
  appId: string;
  companyId: string;
  accountId: string;
  taxId: string;
}

function caller(h: Harness, appId = h.appId): Caller {
  const tenant = h.engine.tenancy.resolveTenant(appId)!;
  return { appId, companyId: tenant.company.id, accountId: tenant.account.id, taxId: tenant.company.tax_id };
}

/** A company with the bank account feature (and every scope). */
function bankCompany(h: Harness, extra: { scopes?: string[]; taxID?: string } = {}): SandboxCompany {
  return createSandboxCompany(h.engine.db, h.clock.now(), {
    tradeName: 'Filial',
    features: ['BANK_ACCOUNT'],
    ...extra,
  });
}

/** Puts `cents` on the application's account through a paid static QR code. */
async function fund(h: Harness, cents: number, appId = h.appId): Promise<void> {
  const created = (await h.client.request(
    'createPixQrCode',
    { body: { name: 'Fundos', value: cents } },
    { appId },
  )) as any;
  expect(created.status).toBe(200);
  const paid = await h.client.request(
    'sandboxPayBrCode',
    { body: { brCode: created.body.pixQrCode.brCode } },
    { appId },
  );
  expect(paid.status).toBe(200);
}

async function as(
  h: Harness,
  appId: string,
  op: Parameters<Harness['client']['request']>[0],
  request: object = {},
): Promise<any> {
  return h.client.request(op, request, { appId });
}

async function getBalance(h: Harness, accountId: string, appId = h.appId) {
  const reply = await as(h, appId, 'getAccount', { params: { accountId } });
  expect(reply.status).toBe(200);
  return reply.body.account.balance;
}

/** Blocks available money by the service (security or withdraw safety), as the ledger does. */
function block(h: Harness, who: Caller, bucket: 'security' | 'withdraw_safety', cents: number): void {
  const db = h.engine.db;
  db.transaction(() => {
    const ok = ledger(db).block({ companyId: who.companyId, accountId: who.accountId }, bucket, cents, {
      kind: 'BALANCE_BLOCK',
      at: h.clock.now().toISOString(),
    });
    if (!ok) throw new Error('block: not enough available balance');
  })();
}

function setLimits(h: Harness, accountId: string, limits: object): void {
  h.engine.db.prepare('UPDATE bank_accounts SET limits = ? WHERE id = ?').run(JSON.stringify(limits), accountId);
}

/** The projection must always equal the sum of the ledger entries. */
function expectLedgerConsistent(h: Harness, who: Caller): void {
  const ref = { companyId: who.companyId, accountId: who.accountId };
  expect(ledger(h.engine.db).balanceFromEntries(ref)).toEqual(ledger(h.engine.db).balance(ref));
}

async function withdraw(h: Harness, accountId: string, value: unknown, appId = h.appId): Promise<any> {
  return as(h, appId, 'withdraw', { params: { accountId }, body: { value } });
}

async function settle(h: Harness): Promise<void> {
  h.clock.advance(2_001);
  await h.ok('listPayments');
}

const pixKeyPayment = (correlationID: string, value: number, key: string, extra: object = {}) => ({
  type: 'PIX_KEY',
  correlationID,
  value,
  destinationAlias: key,
  destinationAliasType: 'RANDOM',
  autoApprove: true,
  ...extra,
});

const WRITTEN = ['transactions', 'ledger_entries', 'events', 'bank_accounts'] as const;

describeContract('accounts', (h, transport) => {
  // ---------------------------------------------------------------- list

  it('lists the open accounts of the company only, each with accountId, isDefault and the three balance figures', async () => {
    const me = caller(h());
    const empty = await h().ok('listAccounts');
    expect(empty).toEqual({
      pageInfo: { skip: 0, limit: 100, totalCount: 1, hasPreviousPage: false, hasNextPage: false },
      accounts: [{ accountId: me.accountId, isDefault: true, balance: { total: 0, blocked: 0, available: 0 } }],
    });
    expect(me.accountId).toMatch(/^[0-9a-f]{24}$/);

    // The balance is read fresh: money in, then a Pix out held between approval and settlement.
    await fund(h(), 5_000);
    await h().ok('createPayment', { body: pixKeyPayment('p', 1_200, h().other.pixKey) });
    const listed = await h().ok('listAccounts');
    expect(listed.accounts).toEqual([
      { accountId: me.accountId, isDefault: true, balance: { total: 5_000, blocked: 1_200, available: 3_800 } },
    ]);
    // The list never carries the per-account fields (blockedBySecurity, taxId, ...).
    expect(Object.keys(listed.accounts[0]).sort()).toEqual(['accountId', 'balance', 'isDefault']);
    expect(Object.keys(listed.accounts[0].balance).sort()).toEqual(['available', 'blocked', 'total']);

    // The other company sees its own account only, and that account got the money when it settled.
    await settle(h());
    const theirs = await as(h(), h().other.appId, 'listAccounts');
    expect(theirs.status).toBe(200);
    expect(theirs.body.accounts).toEqual([
      {
        accountId: caller(h(), h().other.appId).accountId,
        isDefault: true,
        balance: { total: 1_200, blocked: 0, available: 1_200 },
      },
    ]);
  });

  it('pages the accounts with skip and limit in the order they were opened, and validates the query', async () => {
    const bank = bankCompany(h());
    const ids = [bank.accountId];
    for (let i = 0; i < 3; i++) {
      h().clock.advance(1_000);
      const dup = await as(h(), bank.appId, 'duplicateAccount');
      expect(dup.status).toBe(200);
      ids.push(dup.body.account.accountId);
    }
    const all = await as(h(), bank.appId, 'listAccounts');
    expect(all.body.accounts.map((a: any) => a.accountId)).toEqual(ids);
    expect(all.body.accounts.map((a: any) => a.isDefault)).toEqual([true, false, false, false]);

    const first = await as(h(), bank.appId, 'listAccounts', { query: { skip: '0', limit: '2' } });
    expect(first.body).toEqual({
      pageInfo: { skip: 0, limit: 2, totalCount: 4, hasPreviousPage: false, hasNextPage: true },
      accounts: all.body.accounts.slice(0, 2),
    });
    const middle = await as(h(), bank.appId, 'listAccounts', { query: { skip: '1', limit: '2' } });
    expect(middle.body.pageInfo).toEqual({
      skip: 1,
      limit: 2,
      totalCount: 4,
      hasPreviousPage: true,
      hasNextPage: true,
    });
    expect(middle.body.accounts.map((a: any) => a.accountId)).toEqual(ids.slice(1, 3));
    const last = await as(h(), bank.appId, 'listAccounts', { query: { skip: '2', limit: '2' } });
    expect(last.body.pageInfo).toEqual({ skip: 2, limit: 2, totalCount: 4, hasPreviousPage: true, hasNextPage: false });
    expect(last.body.accounts.map((a: any) => a.accountId)).toEqual(ids.slice(2));
    const beyond = await as(h(), bank.appId, 'listAccounts', { query: { skip: '10' } });
    expect(beyond.body).toEqual({
      pageInfo: { skip: 10, limit: 100, totalCount: 4, hasPreviousPage: true, hasNextPage: false },
      accounts: [],
    });

    for (const query of [
      { limit: '0' },
      { limit: '101' },
      { limit: 'dez' },
      { skip: '-1' },
      { skip: '1.5' },
      { email: ' ' },
      { email: 'x'.repeat(255) },
    ]) {
      const reply = await as(h(), bank.appId, 'listAccounts', { query });
      expect(reply.status, JSON.stringify(query)).toBe(400);
      expect(reply.body).toEqual({ error: expect.any(String) });
    }
  });

  it('the email filter matches no sandbox account (they carry no holder e-mail) and keeps the paging shape', async () => {
    // Neither file says what the e-mail is matched against; sandbox accounts have none, so any
    // e-mail filters everything out rather than being ignored.
    for (const email of ['loja@example.com', 'financeiro@balcao.test']) {
      expect(await h().ok('listAccounts', { query: { email } })).toEqual({
        pageInfo: { skip: 0, limit: 100, totalCount: 0, hasPreviousPage: false, hasNextPage: false },
        accounts: [],
      });
    }
    expect(await h().ok('listAccounts', { query: { email: 'loja@example.com', skip: '3', limit: '5' } })).toEqual({
      pageInfo: { skip: 3, limit: 5, totalCount: 0, hasPreviousPage: true, hasNextPage: false },
      accounts: [],
    });
  });

  // ---------------------------------------------------------------- get

  it('gets an account with every field, and the blocks by security and withdraw safety in its balance', async () => {
    const me = caller(h());
    const { account, ...rest } = await h().ok('getAccount', { params: { accountId: me.accountId } });
    expect(rest).toEqual({});
    const row = h().engine.db.prepare('SELECT account FROM bank_accounts WHERE id = ?').get(me.accountId) as {
      account: string;
    };
    expect(account).toEqual({
      accountId: me.accountId,
      isDefault: true,
      balance: { total: 0, blocked: 0, available: 0, blockedBySecurity: 0, blockedByWithdrawSafety: 0 },
      taxId: me.taxId,
      officialName: OFFICIAL_NAME,
      tradeName: 'Balcão Sandbox',
      branch: '0001',
      account: row.account,
      accountName: 'Balcão Sandbox',
    });
    expect(me.taxId).toMatch(/^\d{14}$/);

    await fund(h(), 10_000);
    block(h(), me, 'security', 1_000);
    block(h(), me, 'withdraw_safety', 500);
    await h().ok('createPayment', { body: pixKeyPayment('held', 2_000, h().other.pixKey) });
    expect(await getBalance(h(), me.accountId)).toEqual({
      total: 10_000,
      blocked: 3_500,
      available: 6_500,
      blockedBySecurity: 1_000,
      blockedByWithdrawSafety: 500,
    });
    // The list sums every kind of block into `blocked`.
    expect((await h().ok('listAccounts')).accounts[0].balance).toEqual({
      total: 10_000,
      blocked: 3_500,
      available: 6_500,
    });
    expectLedgerConsistent(h(), me);
  });

  it('answers 400 Account not found for another company’s, an unknown or a malformed account id', async () => {
    const theirs = caller(h(), h().other.appId).accountId;
    for (const accountId of [theirs, '0123456789abcdef01234567', 'nope']) {
      expect(await h().client.request('getAccount', { params: { accountId } })).toEqual({
        status: 400,
        body: { error: 'Account not found' },
      });
    }
    const tooLong = await h().client.request('getAccount', { params: { accountId: 'a'.repeat(65) } });
    expect(tooLong).toMatchObject({ status: 400, body: { error: expect.any(String) } });
  });

  // ---------------------------------------------------------------- duplicate

  it('duplicate needs the BANK_ACCOUNT feature: 403 with nothing written', async () => {
    const before = h().counts(...WRITTEN);
    expect(await h().client.request('duplicateAccount')).toEqual({ status: 403, body: { error: NO_FEATURE } });
    expect(await h().client.request('duplicateAccount', { body: {} })).toEqual({
      status: 403,
      body: { error: NO_FEATURE },
    });
    expect(h().counts(...WRITTEN)).toEqual(before);
    expect((await h().ok('listAccounts')).accounts).toHaveLength(1);
  });

  it('duplicate opens a new zero-balance, non-default account like the application’s, listed and gettable', async () => {
    await fund(h(), 700); // the main company's money stays where it is
    const bank = bankCompany(h());
    await fund(h(), 3_000, bank.appId);
    const source = (await as(h(), bank.appId, 'getAccount', { params: { accountId: bank.accountId } })).body.account;
    const events = h().counts('events').events;

    h().clock.advance(1_000);
    const reply = await as(h(), bank.appId, 'duplicateAccount');
    expect(reply.status).toBe(200);
    const { account, ...rest } = reply.body;
    expect(rest).toEqual({});
    expect(account).toEqual({
      accountId: expect.stringMatching(/^[0-9a-f]{24}$/),
      isDefault: false,
      balance: { total: 0, blocked: 0, available: 0, blockedBySecurity: 0, blockedByWithdrawSafety: 0 },
      taxId: source.taxId,
      officialName: source.officialName,
      tradeName: source.tradeName,
      branch: source.branch,
      account: expect.stringMatching(/^\d{7}$/),
      accountName: source.accountName,
    });
    expect(account.accountId).not.toBe(bank.accountId);
    expect(account.account).not.toBe(source.account);
    // One ACCOUNT_CREATED event, in the company's outbox.
    expect(h().counts('events').events).toBe(events + 1);
    const event = h().engine.db.prepare('SELECT name, company_id FROM events ORDER BY seq DESC LIMIT 1').get() as {
      name: string;
      company_id: string;
    };
    expect(event).toEqual({ name: 'ACCOUNT_CREATED', company_id: bank.companyId });

    expect(
      (await as(h(), bank.appId, 'getAccount', { params: { accountId: account.accountId } })).body.account,
    ).toEqual(account);
    expect((await as(h(), bank.appId, 'listAccounts')).body.accounts).toEqual([
      { accountId: bank.accountId, isDefault: true, balance: { total: 3_000, blocked: 0, available: 3_000 } },
      { accountId: account.accountId, isDefault: false, balance: { total: 0, blocked: 0, available: 0 } },
    ]);
    // The source account keeps its money and its default flag.
    expect((await as(h(), bank.appId, 'getAccount', { params: { accountId: bank.accountId } })).body.account).toEqual(
      source,
    );
    // Another company cannot see it.
    expect(await h().client.request('getAccount', { params: { accountId: account.accountId } })).toEqual({
      status: 400,
      body: { error: 'Account not found' },
    });
  });

  // ---------------------------------------------------------------- close

  it('close: 404 for an unknown or another company’s account, 403 for the default account, nothing written', async () => {
    const bank = bankCompany(h());
    const before = h().counts(...WRITTEN);
    const theirs = caller(h(), h().other.appId).accountId;
    for (const accountId of ['0123456789abcdef01234567', theirs, bank.accountId]) {
      expect(await h().client.request('closeAccount', { params: { accountId } })).toEqual({
        status: 404,
        body: { error: 'Account not found' },
      });
    }
    expect(await h().client.request('closeAccount', { params: { accountId: caller(h()).accountId } })).toEqual({
      status: 403,
      body: { error: CANNOT_CLOSE_DEFAULT },
    });
    expect(await as(h(), bank.appId, 'closeAccount', { params: { accountId: bank.accountId } })).toEqual({
      status: 403,
      body: { error: CANNOT_CLOSE_DEFAULT },
    });
    expect(h().counts(...WRITTEN)).toEqual(before);
    expect((await h().ok('listAccounts')).accounts).toHaveLength(1);
  });

  it('close: an empty duplicated account closes once; then it is no longer listed, gettable, limited or withdrawable', async () => {
    const bank = bankCompany(h());
    const dup = (await as(h(), bank.appId, 'duplicateAccount')).body.account.accountId as string;
    const events = h().counts('events').events;
    expect(await as(h(), bank.appId, 'closeAccount', { params: { accountId: dup } })).toEqual({
      status: 200,
      body: { status: 'OK', accountId: dup },
    });
    expect(h().counts('events').events).toBe(events + 1);
    expect(
      (h().engine.db.prepare('SELECT name FROM events ORDER BY seq DESC LIMIT 1').get() as { name: string }).name,
    ).toBe('ACCOUNT_CLOSED');
    const row = h().engine.db.prepare('SELECT closed_at FROM bank_accounts WHERE id = ?').get(dup) as {
      closed_at: string | null;
    };
    expect(row.closed_at).toBe(h().clock.now().toISOString());

    expect(await as(h(), bank.appId, 'closeAccount', { params: { accountId: dup } })).toEqual({
      status: 400,
      body: { error: 'Account already closed' },
    });
    expect(await as(h(), bank.appId, 'getAccount', { params: { accountId: dup } })).toEqual({
      status: 400,
      body: { error: 'Account not found' },
    });
    expect((await as(h(), bank.appId, 'listAccounts')).body.accounts.map((a: any) => a.accountId)).toEqual([
      bank.accountId,
    ]);
    expect(await as(h(), bank.appId, 'getAccountLimits', { params: { accountId: dup } })).toEqual({
      status: 404,
      body: { error: 'Account not found' },
    });
    expect(await withdraw(h(), dup, 100, bank.appId)).toEqual({ status: 400, body: { error: 'Account not found' } });
    // The application's own account is untouched.
    expect((await as(h(), bank.appId, 'getAccount', { params: { accountId: bank.accountId } })).status).toBe(200);
  });

  it('close: an account holding money is refused (400); withdrawn to zero it closes', async () => {
    const bank = bankCompany(h());
    const dupAccount = (await as(h(), bank.appId, 'duplicateAccount')).body.account;
    const dup = dupAccount.accountId as string;
    // The main company pays the duplicated account by its bank details: the money stays inside the service.
    await fund(h(), 5_000);
    const paid = await h().ok('createPayment', {
      body: {
        type: 'MANUAL',
        correlationID: 'to-dup',
        value: 1_000,
        psp: { id: SANDBOX_ISPB, name: 'BALCAO SANDBOX IP' },
        holder: { name: dupAccount.officialName, taxID: { taxID: dupAccount.taxId, type: 'BR:CNPJ' } },
        account: { account: dupAccount.account, branch: dupAccount.branch, accountType: 'TRAN' },
        autoApprove: true,
      },
    });
    expect(paid.payment.status).toBe('APPROVED');
    await settle(h());
    expect((await h().ok('getPayment', { params: { id: 'to-dup' } })).payment.status).toBe('CONFIRMED');
    expect(await getBalance(h(), dup, bank.appId)).toMatchObject({ total: 1_000, available: 1_000 });

    const before = h().counts(...WRITTEN);
    expect(await as(h(), bank.appId, 'closeAccount', { params: { accountId: dup } })).toEqual({
      status: 400,
      body: { error: 'Account with balance cannot be deleted' },
    });
    expect(h().counts(...WRITTEN)).toEqual(before);

    // A withdrawal below R$ 100,00 pays the R$ 1,00 fee: 900 + 100 empties it.
    const out = await withdraw(h(), dup, 900, bank.appId);
    expect(out.status).toBe(200);
    expect(out.body.withdraw.account).toMatchObject({
      accountId: dup,
      isDefault: false,
      balance: { total: 0, available: 0 },
    });
    expectLedgerConsistent(h(), { ...caller(h(), bank.appId), accountId: dup });
    expect(await as(h(), bank.appId, 'closeAccount', { params: { accountId: dup } })).toEqual({
      status: 200,
      body: { status: 'OK', accountId: dup },
    });
  });

  it('a payment created from an account that is closed before approval cannot be approved', async () => {
    const bank = bankCompany(h());
    const dup = (await as(h(), bank.appId, 'duplicateAccount')).body.account.accountId as string;
    const created = await as(h(), bank.appId, 'createPayment', {
      body: pixKeyPayment('from-dup', 100, h().pixKey, { autoApprove: false, sourceAccountId: dup }),
    });
    expect(created.status).toBe(200);
    expect(created.body.payment).toMatchObject({ status: 'CREATED', sourceAccountId: dup });
    expect((await as(h(), bank.appId, 'closeAccount', { params: { accountId: dup } })).status).toBe(200);
    expect(await as(h(), bank.appId, 'approvePayment', { body: { correlationID: 'from-dup' } })).toEqual({
      status: 400,
      body: { error: 'The account this payment leaves from is closed' },
    });
    // And a new payment cannot name it as its source.
    expect(
      await as(h(), bank.appId, 'createPayment', {
        body: pixKeyPayment('again', 100, h().pixKey, { sourceAccountId: dup }),
      }),
    ).toEqual({ status: 400, body: { error: 'sourceAccountId: Account not found' } });
  });

  // ---------------------------------------------------------------- withdraw

  it('withdraws below R$ 100,00 with a R$ 1,00 fee: WITHDRAW and FEE transactions, the balance after, the response shape', async () => {
    const me = caller(h());
    await fund(h(), 10_000);
    const events = h().counts('events').events;
    const reply = await withdraw(h(), me.accountId, 9_900);
    expect(reply.status).toBe(200);
    const { withdraw: result, ...rest } = reply.body;
    expect(rest).toEqual({});
    expect(Object.keys(result).sort()).toEqual(['account', 'transaction']);
    expect(result.transaction).toEqual({
      endToEndId: expect.stringMatching(new RegExp(`^E${SANDBOX_ISPB}\\d{12}[A-Za-z0-9]{11}$`)),
      transaction: 9_900,
      value: 9_900,
      fee: 100,
    });
    expect(result.account).toEqual({
      ...(await h().ok('getAccount', { params: { accountId: me.accountId } })).account,
      balance: { total: 0, blocked: 0, available: 0, blockedBySecurity: 0, blockedByWithdrawSafety: 0 },
    });
    expect(await getBalance(h(), me.accountId)).toEqual(result.account.balance);
    expectLedgerConsistent(h(), me);
    expect(h().counts('events').events).toBe(events + 1);
    expect(
      (h().engine.db.prepare('SELECT name FROM events ORDER BY seq DESC LIMIT 1').get() as { name: string }).name,
    ).toBe('ACCOUNT_WITHDRAW_CONFIRMED');

    const e2e = result.transaction.endToEndId as string;
    const withdrawals = (await h().ok('listTransactions', { query: { type: 'WITHDRAW' } })).transactions;
    expect(withdrawals).toEqual([
      expect.objectContaining({
        type: 'WITHDRAW',
        status: 'CONFIRMED',
        value: 9_900,
        endToEndId: e2e,
        endToEndID: e2e,
        time: h().clock.now().toISOString(),
      }),
    ]);
    expect(withdrawals[0].payer).toMatchObject({ name: OFFICIAL_NAME, taxID: { taxID: me.taxId, type: 'BR:CNPJ' } });
    const fees = (await h().ok('listTransactions', { query: { type: 'FEE' } })).transactions;
    expect(fees).toEqual([expect.objectContaining({ type: 'FEE', status: 'CONFIRMED', value: 100 })]);
    // The withdrawal filter names the withdrawal by its end-to-end id, its globalID or its transactionID,
    // and finds it with its fee.
    for (const ref of [e2e, withdrawals[0].globalID, withdrawals[0].transactionID]) {
      const found = (await h().ok('listTransactions', { query: { withdrawal: ref } })).transactions;
      expect(found.map((t: any) => [t.type, t.value]).sort(), ref).toEqual([
        ['FEE', 100],
        ['WITHDRAW', 9_900],
      ]);
    }
    // A transaction that is not a withdrawal (the Pix in, the fee) names none.
    const pixIn = (await h().ok('listTransactions', { query: { type: 'PAYMENT' } })).transactions[0];
    for (const ref of [pixIn.endToEndId, fees[0].endToEndId, 'E00000000202611221500abcdefghijk']) {
      expect((await h().ok('listTransactions', { query: { withdrawal: ref } })).transactions, ref).toEqual([]);
    }
    expect((await h().ok('getTransaction', { params: { id: e2e } })).transaction).toMatchObject({
      type: 'WITHDRAW',
      value: 9_900,
    });
    // Another company does not see it.
    expect(
      (await as(h(), h().other.appId, 'listTransactions', { query: { withdrawal: e2e } })).body.transactions,
    ).toEqual([]);
  });

  it('value + fee must be covered: 9 901 of 10 000 is refused (fee 100) with nothing written, from 10 000 it is free', async () => {
    const me = caller(h());
    await fund(h(), 10_000);
    const before = h().counts(...WRITTEN);
    const refused = await withdraw(h(), me.accountId, 9_901);
    expect(refused).toEqual({
      status: 400,
      body: { error: expect.stringMatching(/^Account does not have enough balance to complete the operation/) },
    });
    expect(refused.body.error).toContain('needed 10001 cents');
    expect(await withdraw(h(), me.accountId, 10_001)).toMatchObject({ status: 400 });
    expect(h().counts(...WRITTEN)).toEqual(before);

    const free = await withdraw(h(), me.accountId, 10_000);
    expect(free.status).toBe(200);
    expect(free.body.withdraw.transaction).toMatchObject({ value: 10_000, transaction: 10_000, fee: 0 });
    expect(free.body.withdraw.account.balance).toEqual({
      total: 0,
      blocked: 0,
      available: 0,
      blockedBySecurity: 0,
      blockedByWithdrawSafety: 0,
    });
    expect((await h().ok('listTransactions', { query: { type: 'FEE' } })).transactions).toEqual([]);
    expect(
      (
        await h().ok('listTransactions', { query: { withdrawal: free.body.withdraw.transaction.endToEndId } })
      ).transactions.map((t: any) => t.type),
    ).toEqual(['WITHDRAW']);
    // Nothing left: even one cent is refused.
    expect(await withdraw(h(), me.accountId, 1)).toMatchObject({ status: 400 });
    expectLedgerConsistent(h(), me);
  });

  it('the fee boundary: 9 999 costs 100 more, 10 000 costs nothing', async () => {
    const me = caller(h());
    await fund(h(), 20_099);
    const a = await withdraw(h(), me.accountId, 9_999);
    expect(a.body.withdraw.transaction.fee).toBe(100);
    expect(a.body.withdraw.account.balance.total).toBe(10_000);
    const b = await withdraw(h(), me.accountId, 10_000);
    expect(b.body.withdraw.transaction.fee).toBe(0);
    expect(b.body.withdraw.account.balance.total).toBe(0);
    expect(
      (await h().ok('listTransactions', { query: { type: 'WITHDRAW' } })).transactions.map((t: any) => t.value).sort(),
    ).toEqual([10_000, 9_999]);
    expect(
      (await h().ok('listTransactions', { query: { type: 'FEE' } })).transactions.map((t: any) => t.value),
    ).toEqual([100]);
  });

  it('only the available balance can be withdrawn: held and blocked money is not', async () => {
    const me = caller(h());
    await fund(h(), 10_000);
    block(h(), me, 'security', 3_000);
    block(h(), me, 'withdraw_safety', 1_000);
    await h().ok('createPayment', { body: pixKeyPayment('held', 1_000, h().other.pixKey) });
    // 5 000 available: 4 901 + 100 is too much, 4 900 + 100 fits.
    const before = h().counts(...WRITTEN);
    expect(await withdraw(h(), me.accountId, 4_901)).toMatchObject({
      status: 400,
      body: { error: expect.stringContaining('available 5000') },
    });
    expect(h().counts(...WRITTEN)).toEqual(before);
    const ok = await withdraw(h(), me.accountId, 4_900);
    expect(ok.body.withdraw.account.balance).toEqual({
      total: 5_000,
      blocked: 5_000,
      available: 0,
      blockedBySecurity: 3_000,
      blockedByWithdrawSafety: 1_000,
    });
    expectLedgerConsistent(h(), me);
  });

  it('bad bodies and unknown accounts answer 400 with nothing written', async () => {
    const me = caller(h());
    await fund(h(), 50_000);
    const before = h().counts(...WRITTEN);
    for (const body of [
      {},
      { value: 0 },
      { value: -100 },
      { value: 1.5 },
      { value: '1,00' },
      { value: null },
      { value: 100_000_000_000 },
      { valor: 100 },
      [],
      'text',
      42,
    ]) {
      const reply = await h().client.request('withdraw', { params: { accountId: me.accountId }, body });
      expect(reply.status, JSON.stringify(body)).toBe(400);
      expect((reply as any).body, JSON.stringify(body)).toEqual({ error: expect.any(String) });
    }
    expect(await h().client.request('withdraw', { params: { accountId: me.accountId } })).toMatchObject({
      status: 400,
    });
    const theirs = caller(h(), h().other.appId).accountId;
    for (const accountId of [theirs, '0123456789abcdef01234567']) {
      expect(await withdraw(h(), accountId, 100)).toEqual({ status: 400, body: { error: 'Account not found' } });
    }
    expect(h().counts(...WRITTEN)).toEqual(before);
    expect(await getBalance(h(), me.accountId)).toMatchObject({ total: 50_000, available: 50_000 });
    // The other company's account was not touched either.
    expect(await getBalance(h(), theirs, h().other.appId)).toMatchObject({ total: 0 });
  });

  it('a pix-out receipt exists for a withdrawal (not for its fee)', async () => {
    const me = caller(h());
    await fund(h(), 5_000);
    const out = await withdraw(h(), me.accountId, 1_000);
    const e2e = out.body.withdraw.transaction.endToEndId;
    const receipt = await h().client.request('getReceipt', { params: { receiptType: 'pix-out', endToEndId: e2e } });
    expect(receipt).toMatchObject({ status: 200, contentType: 'application/pdf' });
    const bytes = (receipt as any).bytes as Uint8Array;
    expect(Buffer.from(bytes.subarray(0, 5)).toString('latin1')).toBe('%PDF-');
    // It is no Pix in, and another company has no receipt for it.
    expect(await h().client.request('getReceipt', { params: { receiptType: 'pix-in', endToEndId: e2e } })).toEqual({
      status: 404,
      body: { error: 'Receipt not found' },
    });
    expect(
      await as(h(), h().other.appId, 'getReceipt', { params: { receiptType: 'pix-out', endToEndId: e2e } }),
    ).toEqual({
      status: 404,
      body: { error: 'Receipt not found' },
    });
    const fee = (await h().ok('listTransactions', { query: { type: 'FEE' } })).transactions[0];
    expect(
      (await h().client.request('getReceipt', { params: { receiptType: 'pix-out', endToEndId: fee.endToEndId } }))
        .status,
    ).toBeGreaterThanOrEqual(400);
  });

  it('two withdrawals racing for the same money: one is paid, the other refused, never an overdraft', async () => {
    const me = caller(h());
    await fund(h(), 10_000);
    const replies = await Promise.all([withdraw(h(), me.accountId, 6_000), withdraw(h(), me.accountId, 6_000)]);
    expect(replies.map((r) => r.status).sort()).toEqual([200, 400]);
    expect(await getBalance(h(), me.accountId)).toMatchObject({ total: 10_000 - 6_000 - 100, available: 3_900 });
    expect((await h().ok('listTransactions', { query: { type: 'WITHDRAW' } })).transactions).toHaveLength(1);
    expectLedgerConsistent(h(), me);
  });

  it('a Pix out to an account closed before it settles fails and gives the payer its money back', async () => {
    const bank = bankCompany(h());
    const dupAccount = (await as(h(), bank.appId, 'duplicateAccount')).body.account;
    await fund(h(), 5_000);
    await h().ok('createPayment', {
      body: {
        type: 'MANUAL',
        correlationID: 'to-closing',
        value: 1_000,
        psp: SANDBOX_ISPB,
        holder: { name: dupAccount.officialName, taxID: { taxID: dupAccount.taxId, type: 'BR:CNPJ' } },
        account: { account: dupAccount.account, branch: dupAccount.branch, accountType: 'TRAN' },
        autoApprove: true,
      },
    });
    // Empty when asked: it closes, with the Pix still in flight towards it.
    expect((await as(h(), bank.appId, 'closeAccount', { params: { accountId: dupAccount.accountId } })).status).toBe(
      200,
    );
    await settle(h());
    const failed = await h().ok('getPayment', { params: { id: 'to-closing' } });
    expect(failed.payment).toMatchObject({ status: 'FAILED', failureCode: 'PAYMENT_REJECTED_BY_RECEIVER' });
    expect(failed.transaction.providerRejectedReason).toMatch(/^AC03 - /);
    expect(await getBalance(h(), caller(h()).accountId)).toMatchObject({ total: 5_000, blocked: 0, available: 5_000 });
    expect(
      h().engine.db.prepare('SELECT balance_total FROM bank_accounts WHERE id = ?').get(dupAccount.accountId),
    ).toEqual({ balance_total: 0 });
  });

  // ---------------------------------------------------------------- limits

  it('limits: 200 with every public field of the spec’s list, the stored ones over the defaults', async () => {
    const me = caller(h());
    const { limits, ...rest } = await h().ok('getAccountLimits', { params: { accountId: me.accountId } });
    expect(rest).toEqual({});
    expect(Object.keys(limits).sort()).toEqual([...LIMIT_INTEGER_FIELDS, 'dayStartAt', 'nightStartAt'].sort());
    for (const field of LIMIT_INTEGER_FIELDS) expect(Number.isInteger(limits[field]), field).toBe(true);
    expect(limits).toMatchObject({ dayStartAt: '06:00', nightStartAt: '20:00' });
    // A night limit below the day limit, as the Central Bank's rule for companies has it.
    expect(limits.pixNightLimit).toBeLessThan(limits.pixDayLimit);

    setLimits(h(), me.accountId, {
      pixDayLimit: 12_345,
      pixOutSameHolderNightLimit: 777,
      dayStartAt: '07:30',
      nightStartAt: '21:00',
    });
    const custom = (await h().ok('getAccountLimits', { params: { accountId: me.accountId } })).limits;
    expect(custom).toEqual({
      ...limits,
      pixDayLimit: 12_345,
      pixOutSameHolderNightLimit: 777,
      dayStartAt: '07:30',
      nightStartAt: '21:00',
    });

    // A duplicated account has the defaults of its own.
    const bank = bankCompany(h());
    const dup = (await as(h(), bank.appId, 'duplicateAccount')).body.account.accountId;
    expect((await as(h(), bank.appId, 'getAccountLimits', { params: { accountId: dup } })).body.limits).toEqual(limits);
  });

  it('limits: 404 for an unknown or another company’s account', async () => {
    const theirs = caller(h(), h().other.appId).accountId;
    for (const accountId of ['0123456789abcdef01234567', theirs, 'x']) {
      expect(await h().client.request('getAccountLimits', { params: { accountId } })).toEqual({
        status: 404,
        body: { error: 'Account not found' },
      });
    }
  });

  it('withdrawals are held to the same-holder day limit, fees not counted; 400 REACH_TRANSFER_LIMIT with nothing written', async () => {
    const me = caller(h());
    await fund(h(), 50_000);
    setLimits(h(), me.accountId, { pixOutSameHolderDayLimit: 15_000 });
    // 15:00Z is 12:00 in São Paulo: the day period.
    expect((await withdraw(h(), me.accountId, 10_000)).status).toBe(200);
    const before = h().counts(...WRITTEN);
    const over = await withdraw(h(), me.accountId, 5_001);
    expect(over).toEqual({
      status: 400,
      body: {
        error: expect.stringMatching(
          /^REACH_TRANSFER_LIMIT: the Pix out day limit to the same holder of R\$ 150\.00 would be exceeded \(R\$ 100\.00 used since /,
        ),
      },
    });
    expect(h().counts(...WRITTEN)).toEqual(before);
    // Exactly up to the limit passes; the fee of a small withdrawal does not count towards it.
    const fits = await withdraw(h(), me.accountId, 5_000);
    expect(fits.status).toBe(200);
    expect(fits.body.withdraw.transaction.fee).toBe(100);
    expect(await withdraw(h(), me.accountId, 1)).toMatchObject({
      status: 400,
      body: { error: expect.stringMatching(/^REACH_TRANSFER_LIMIT/) },
    });
    expect(await getBalance(h(), me.accountId)).toMatchObject({ total: 50_000 - 15_000 - 100 });
  });

  it('withdrawals are held to the same-holder night limit in the night period, and a new day starts afresh', async () => {
    const me = caller(h());
    await fund(h(), 100_000);
    setLimits(h(), me.accountId, { pixOutSameHolderDayLimit: 20_000, pixOutSameHolderNightLimit: 3_000 });
    expect((await withdraw(h(), me.accountId, 15_000)).status).toBe(200);
    // 23:00Z is 20:00 in São Paulo: the night, with its own limit and its own count.
    h().clock.set('2026-11-22T23:00:00.000Z');
    expect(await withdraw(h(), me.accountId, 3_001)).toMatchObject({
      status: 400,
      body: {
        error: expect.stringMatching(/^REACH_TRANSFER_LIMIT: the Pix out night limit to the same holder of R\$ 30\.00/),
      },
    });
    expect((await withdraw(h(), me.accountId, 3_000)).status).toBe(200);
    // Still the night at 05:59 in São Paulo (08:59Z the next day).
    h().clock.set('2026-11-23T08:59:00.000Z');
    expect(await withdraw(h(), me.accountId, 1)).toMatchObject({ status: 400 });
    // 06:00 in São Paulo: the next day period, nothing used yet.
    h().clock.set('2026-11-23T09:00:00.000Z');
    expect((await withdraw(h(), me.accountId, 20_000)).status).toBe(200);
    expect(await withdraw(h(), me.accountId, 1)).toMatchObject({ status: 400 });
  });

  it('the day and night periods follow the account’s own dayStartAt and nightStartAt (São Paulo time)', async () => {
    const me = caller(h());
    await fund(h(), 100_000);
    setLimits(h(), me.accountId, {
      dayStartAt: '08:00',
      nightStartAt: '18:00',
      pixOutSameHolderDayLimit: 50_000,
      pixOutSameHolderNightLimit: 1_000,
    });
    // 12:00 in São Paulo: day.
    expect((await withdraw(h(), me.accountId, 20_000)).status).toBe(200);
    // 18:30 in São Paulo (21:30Z): already night under these limits, though before the default 20:00.
    h().clock.set('2026-11-22T21:30:00.000Z');
    expect(await withdraw(h(), me.accountId, 1_001)).toMatchObject({
      status: 400,
      body: { error: expect.stringMatching(/night limit to the same holder of R\$ 10\.00/) },
    });
    expect((await withdraw(h(), me.accountId, 1_000)).status).toBe(200);
    // 07:59 the next day (10:59Z): still that night.
    h().clock.set('2026-11-23T10:59:00.000Z');
    expect(await withdraw(h(), me.accountId, 1)).toMatchObject({ status: 400 });
    // 08:00 (11:00Z): a new day, with its whole limit.
    h().clock.set('2026-11-23T11:00:00.000Z');
    expect((await withdraw(h(), me.accountId, 50_000)).status).toBe(200);
  });

  it('withdrawals count towards the overall Pix limit together with payments to other holders', async () => {
    const me = caller(h());
    await fund(h(), 50_000);
    setLimits(h(), me.accountId, { pixDayLimit: 12_000 });
    expect((await withdraw(h(), me.accountId, 10_000)).status).toBe(200);
    const before = h().counts('payments', ...WRITTEN);
    expect(
      await h().client.request('createPayment', { body: pixKeyPayment('over', 2_001, h().other.pixKey) }),
    ).toMatchObject({
      status: 400,
      body: { error: expect.stringMatching(/^REACH_TRANSFER_LIMIT: the Pix day limit of R\$ 120\.00/) },
    });
    expect(h().counts('payments', ...WRITTEN)).toEqual(before);
    expect(
      (await h().ok('createPayment', { body: pixKeyPayment('fits', 2_000, h().other.pixKey) })).payment.status,
    ).toBe('APPROVED');
    // And the approved payment counts against a later withdrawal.
    expect(await withdraw(h(), me.accountId, 1)).toMatchObject({
      status: 400,
      body: { error: expect.stringMatching(/^REACH_TRANSFER_LIMIT: the Pix day limit/) },
    });
  });

  it('payments to other holders do not use the same-holder limit; payments to the same holder share it with withdrawals', async () => {
    const me = caller(h());
    await fund(h(), 100_000);
    setLimits(h(), me.accountId, { pixOutSameHolderDayLimit: 5_000, pixOutDifferentHolderDayLimit: 8_000 });
    // Another company of this sandbox with a different CNPJ: a different holder.
    expect(
      (await h().ok('createPayment', { body: pixKeyPayment('other-holder', 8_000, h().other.pixKey) })).payment.status,
    ).toBe('APPROVED');
    expect(
      await h().client.request('createPayment', { body: pixKeyPayment('other-holder-2', 1, h().other.pixKey) }),
    ).toMatchObject({
      status: 400,
      body: { error: expect.stringMatching(/^REACH_TRANSFER_LIMIT: the Pix out day limit to other holders/) },
    });
    // The same-holder limit is untouched by it.
    expect((await withdraw(h(), me.accountId, 3_000)).status).toBe(200);
    // A company under the same CNPJ: a Pix out to it is to the same holder, and shares the 5 000 with the withdrawal.
    const sibling = createSandboxCompany(h().engine.db, h().clock.now(), { tradeName: 'Mesma Dona', taxID: me.taxId });
    expect(
      await h().client.request('createPayment', { body: pixKeyPayment('same-holder', 2_001, sibling.pixKey) }),
    ).toMatchObject({
      status: 400,
      body: {
        error: expect.stringMatching(
          /^REACH_TRANSFER_LIMIT: the Pix out day limit to the same holder of R\$ 50\.00 would be exceeded \(R\$ 30\.00 used/,
        ),
      },
    });
    expect(
      (await h().ok('createPayment', { body: pixKeyPayment('same-holder', 2_000, sibling.pixKey) })).payment.status,
    ).toBe('APPROVED');
    expect(await withdraw(h(), me.accountId, 1)).toMatchObject({
      status: 400,
      body: { error: expect.stringMatching(/same holder/) },
    });
  });

  // ---------------------------------------------------------------- HTTP paths

  it.skipIf(transport !== 'http')(
    'serves the list at /api/v1/account/ as the spec writes it, and no POST on /api/v1/account/{id}',
    async () => {
      const me = caller(h());
      const headers = { authorization: h().appId };
      const slash = await fetch(`${h().baseUrl}/api/v1/account/?skip=0&limit=5`, { headers });
      expect(slash.status).toBe(200);
      const bare = await fetch(`${h().baseUrl}/api/v1/account?skip=0&limit=5`, { headers });
      expect(await slash.json()).toEqual(await bare.json());
      // What @woovi/node-sdk 1.3.3's account.withdraw sends (remote-api-notes §7.2): the account's
      // path, which is served for GET and DELETE only, so 405 naming them.
      const before = h().counts(...WRITTEN);
      const wrong = await fetch(`${h().baseUrl}/api/v1/account/${me.accountId}`, {
        method: 'POST',
        headers: { ...headers, 'content-type': 'application/json' },
        body: JSON.stringify({ accountId: me.accountId, value: 100 }),
      });
      expect(wrong.status).toBe(405);
      expect(wrong.headers.get('allow')?.split(', ').sort()).toEqual(['DELETE', 'GET', 'HEAD']);
      expect(await wrong.json()).toEqual({
        error: `Method POST not allowed on /api/v1/account/${me.accountId}; allowed: ${wrong.headers.get('allow')}`,
      });
      expect(h().counts(...WRITTEN)).toEqual(before);
    },
  );

  // ---------------------------------------------------------------- auth

  it('each account operation needs its scope (403) and an AppID (401)', async () => {
    const me = caller(h());
    const cases = [
      ['listAccounts', 'ACCOUNT_GET_LIST', {}],
      ['getAccount', 'ACCOUNT_GET', { params: { accountId: me.accountId } }],
      ['duplicateAccount', 'ACCOUNT_POST', {}],
      ['closeAccount', 'ACCOUNT_DELETE', { params: { accountId: me.accountId } }],
      ['withdraw', 'ACCOUNT_WITHDRAW_POST', { params: { accountId: me.accountId }, body: { value: 100 } }],
      ['getAccountLimits', 'ACCOUNT_LIMITS_GET', { params: { accountId: me.accountId } }],
    ] as const;
    const before = h().counts(...WRITTEN);
    for (const [op, scope, request] of cases) {
      expect(ALL_SCOPES).toContain(scope);
      // With the BANK_ACCOUNT feature, so the missing scope is the only reason.
      const limited = bankCompany(h(), { scopes: ALL_SCOPES.filter((s) => s !== scope) });
      expect(await h().client.request(op, request, { appId: limited.appId }), op).toEqual({
        status: 403,
        body: { error: `Application does not have required scope: ${scope}` },
      });
      expect(await h().client.request(op, request, { appId: null }), op).toMatchObject({
        status: 401,
        body: { error: expect.any(String) },
      });
      expect(await h().client.request(op, request, { appId: 'bogus' }), op).toMatchObject({
        status: 401,
        body: { error: expect.any(String) },
      });
      // Holding only that scope is enough to pass the check (duplicate also needs the feature).
      const only = bankCompany(h(), { scopes: [scope] });
      const own = caller(h(), only.appId).accountId;
      const ownRequest = 'params' in request ? { ...request, params: { accountId: own } } : request;
      const reply = (await h().client.request(op, ownRequest, { appId: only.appId })) as any;
      expect(reply.status, op).not.toBe(401);
      expect(reply.body?.error ?? '', op).not.toMatch(/required scope|feature/);
    }
    // The created companies are the only writes (their rows, no transactions nor entries).
    expect(h().counts('transactions', 'ledger_entries')).toEqual({
      transactions: before.transactions,
      ledger_entries: before.ledger_entries,
    });
  });
});
