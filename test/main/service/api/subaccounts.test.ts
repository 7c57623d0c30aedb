// Subaccounts (issue 37): create/get/list/delete, credit from and debit to the main account,
// withdrawal to the subaccount's key, transfer between subaccounts, the statement, and the
// charge's `splits` / `subaccount` credited when it is paid. Real state through the harness:
// every value asserted comes from what the sandbox stored, and refusals are shown to write nothing.
import { expect, it } from 'vitest';
import type { OperationName } from '#service/engine/operations';
import { createSandboxCompany } from '#service/engine/tenancy/sandbox-bootstrap';
import { describeContract, type Harness } from '#test/support/harness';

const SELLER = 'vendedor@example.com';
const OTHER_SELLER = '3143da48-2bc7-49a4-89bd-4e22f73bfb0c';
const MOVE_TABLES = ['subaccount_moves', 'subaccount_entries', 'ledger_entries', 'transactions'] as const;

/** Puts money in the caller's main account: a charge paid through the sandbox's simulator. */
async function fund(h: Harness, value: number, correlationID = `fund-${value}-${Math.random()}`, appId = h.appId) {
  const created = await h.client.request('createCharge', { body: { correlationID, value } }, { appId });
  const { charge } = (created as { body: any }).body;
  const paid = await h.client.request('sandboxPay', { query: { transactionID: charge.transactionID } }, { appId });
  expect(paid.status).toBe(200);
}

async function mainBalance(h: Harness, appId = h.appId): Promise<number> {
  const accountId = h.engine.tenancy.resolveTenant(appId)!.account.id;
  const reply = await h.client.request('getAccount', { params: { accountId } }, { appId });
  return (reply as { body: any }).body.account.balance.total;
}

async function create(h: Harness, pixKey: string, name: string, appId = h.appId) {
  const reply = await h.client.request('createSubaccount', { body: { pixKey, name } }, { appId });
  expect(reply.status, JSON.stringify(reply)).toBe(200);
  return (reply as { body: any }).body.SubAccount;
}

async function balanceOf(h: Harness, pixKey: string, appId = h.appId): Promise<number> {
  const reply = await h.client.request('getSubaccount', { params: { id: pixKey } }, { appId });
  return (reply as { body: any }).body.SubAccount.balance;
}

const notFound = (key: string) => ({ status: 400, body: { error: `Subaccount not found: ${key}` } });

describeContract('subaccounts', (h) => {
  it('creates a subaccount by Pix key (any spelling is the same one), gets it and lists it', async () => {
    expect(
      await h().client.request('createSubaccount', { body: { pixKey: 'Vendedor@Example.com', name: 'Loja do Zé' } }),
    ).toEqual({
      status: 200,
      body: { SubAccount: { name: 'Loja do Zé', pixKey: SELLER, balance: 0, withdrawBlocked: false } },
    });
    // "create a new subAccount or retrieve existing one": the same key answers the same, name unchanged.
    const before = h().counts('subaccounts');
    expect((await h().ok('createSubaccount', { body: { pixKey: SELLER, name: 'Outro nome' } })).SubAccount.name).toBe(
      'Loja do Zé',
    );
    expect(h().counts('subaccounts')).toEqual(before);
    await create(h(), OTHER_SELLER, 'Banca da Ana');
    expect(await h().ok('getSubaccount', { params: { id: 'VENDEDOR@example.com' } })).toEqual({
      SubAccount: { name: 'Loja do Zé', pixKey: SELLER, balance: 0, withdrawBlocked: false },
    });
    const list = await h().ok('listSubaccounts', { query: { limit: '1' } });
    expect(list.subAccounts).toEqual([
      { name: 'Banca da Ana', pixKey: OTHER_SELLER, balance: 0, withdrawBlocked: false },
    ]);
    expect(list.subaccounts).toEqual(list.subAccounts);
    expect(list.pageInfo).toEqual({ skip: 0, limit: 1, totalCount: 2, hasPreviousPage: false, hasNextPage: true });
    const second = await h().ok('listSubaccounts', { query: { skip: '1', limit: '1' } });
    expect(second.subAccounts.map((s: any) => s.pixKey)).toEqual([SELLER]);
    // A test key the sandbox cannot pay out to: withdrawals are blocked.
    expect((await create(h(), 'pix-key-not-found@woovi.com', 'Sem chave')).withdrawBlocked).toBe(true);
  });

  it('refuses bad input with 400 and writes nothing', async () => {
    await create(h(), SELLER, 'Loja');
    const before = h().counts('subaccounts', ...MOVE_TABLES);
    const cases: [OperationName, object][] = [
      ['createSubaccount', { body: { pixKey: 'não é chave', name: 'x' } }],
      ['createSubaccount', { body: { pixKey: SELLER } }],
      ['createSubaccount', { body: { name: 'sem chave' } }],
      ['createSubaccount', { body: { pixKey: 'x@y.co', name: '' } }],
      ['createSubaccount', { body: [] }],
      ['creditSubaccount', { params: { id: SELLER }, body: { value: 0 } }],
      ['creditSubaccount', { params: { id: SELLER }, body: { value: -5 } }],
      ['creditSubaccount', { params: { id: SELLER }, body: { value: 10.5 } }],
      ['creditSubaccount', { params: { id: SELLER }, body: {} }],
      ['debitSubaccount', { params: { id: SELLER }, body: { value: 'dez' } }],
      ['debitSubaccount', { params: { id: SELLER }, body: { value: 1, description: 'x'.repeat(141) } }],
      ['withdrawSubaccount', { params: { id: SELLER }, body: { value: 0 } }],
      ['withdrawSubaccount', { params: { id: SELLER }, body: { correlationID: '' } }],
      ['transferBetweenSubaccounts', { body: { value: 1, fromPixKey: SELLER, toPixKey: OTHER_SELLER } }],
      [
        'transferBetweenSubaccounts',
        {
          body: { value: 1, fromPixKey: SELLER, fromPixKeyType: 'CPF', toPixKey: OTHER_SELLER, toPixKeyType: 'RANDOM' },
        },
      ],
      [
        'transferBetweenSubaccounts',
        { body: { value: 1, fromPixKey: SELLER, fromPixKeyType: 'EMAIL', toPixKey: SELLER, toPixKeyType: 'EMAIL' } },
      ],
      [
        'transferBetweenSubaccounts',
        {
          body: { value: 1, fromPixKey: SELLER, fromPixKeyType: 'KEY', toPixKey: OTHER_SELLER, toPixKeyType: 'RANDOM' },
        },
      ],
      ['getSubaccountStatement', { params: { id: SELLER }, query: { limit: '0' } }],
      ['getSubaccountStatement', { params: { id: SELLER }, query: { start: 'ontem' } }],
      ['listSubaccounts', { query: { limit: '101' } }],
      ['listSubaccounts', { query: { skip: '-1' } }],
      ['getSubaccount', { params: { id: 'x'.repeat(256) } }],
      ['deleteSubaccount', { params: { id: 'x'.repeat(256) } }],
      ['getSubaccountStatement', { params: { id: 'x'.repeat(256) } }],
    ];
    for (const [op, request] of cases) {
      const reply = await h().client.request(op, request);
      expect(reply.status, `${op} ${JSON.stringify(request)}`).toBe(400);
      expect(typeof (reply as { body: any }).body.error, `${op} ${JSON.stringify(request)}`).toBe('string');
    }
    expect(h().counts('subaccounts', ...MOVE_TABLES)).toEqual(before);
  });

  it('credit moves money from the main account, debit moves it back; neither goes beyond a balance', async () => {
    await fund(h(), 10_000);
    await create(h(), SELLER, 'Loja');
    expect(
      await h().client.request('creditSubaccount', {
        params: { id: SELLER },
        body: { value: 3_000, description: 'Adiantamento' },
      }),
    ).toEqual({
      status: 200,
      body: {
        pixKey: SELLER,
        value: 3_000,
        description: 'Adiantamento',
        success: 'Sub-account withdrawal has been successfully credited, 3000',
      },
    });
    expect(await balanceOf(h(), SELLER)).toBe(3_000);
    expect(await mainBalance(h())).toBe(7_000);
    expect(await h().ok('debitSubaccount', { params: { id: SELLER }, body: { value: 1_000 } })).toEqual({
      pixKey: SELLER,
      value: 1_000,
      success: 'Sub-account withdrawal has been successfully debited, 1000',
    });
    expect(await balanceOf(h(), SELLER)).toBe(2_000);
    expect(await mainBalance(h())).toBe(8_000);

    const before = h().counts(...MOVE_TABLES);
    expect(await h().client.request('debitSubaccount', { params: { id: SELLER }, body: { value: 2_001 } })).toEqual({
      status: 400,
      body: { error: 'Account does not have enough balance to complete the operation' },
    });
    expect(await h().client.request('creditSubaccount', { params: { id: SELLER }, body: { value: 8_001 } })).toEqual({
      status: 400,
      body: { error: 'Account does not have enough balance to complete the operation' },
    });
    await create(h(), OTHER_SELLER, 'Vazia');
    expect(await h().client.request('debitSubaccount', { params: { id: OTHER_SELLER }, body: { value: 1 } })).toEqual({
      status: 400,
      body: { error: 'Transfer just work with subaccount with balance' },
    });
    expect(
      await h().client.request('creditSubaccount', { params: { id: 'ninguem@example.com' }, body: { value: 1 } }),
    ).toEqual(notFound('ninguem@example.com'));
    expect(h().counts(...MOVE_TABLES)).toEqual(before);
    expect(await balanceOf(h(), SELLER)).toBe(2_000);
    expect(await mainBalance(h())).toBe(8_000);
  });

  it('withdraws part or all of the balance to its key; a retry with the same correlationID withdraws once', async () => {
    await fund(h(), 5_000);
    await create(h(), SELLER, 'Loja');
    await h().ok('creditSubaccount', { params: { id: SELLER }, body: { value: 4_000 } });
    const first = await h().ok('withdrawSubaccount', {
      params: { id: SELLER },
      body: { value: 1_500, correlationID: 'saque-1' },
    });
    expect(first.transaction).toMatchObject({
      status: 'CONFIRMED',
      value: 1_500,
      correlationID: 'saque-1',
      destinationAlias: SELLER,
    });
    expect(first.transaction.endToEndId).toMatch(/^E\d{8}\d{12}[A-Za-z0-9]{11}$/);
    expect(first.withdraw.account).toEqual(first.transaction);
    const before = h().counts(...MOVE_TABLES);
    expect(
      await h().ok('withdrawSubaccount', { params: { id: SELLER }, body: { value: 1_500, correlationID: 'saque-1' } }),
    ).toEqual(first);
    expect(h().counts(...MOVE_TABLES)).toEqual(before);
    expect(await balanceOf(h(), SELLER)).toBe(2_500);
    // The same correlationID for another amount is not taken for the first.
    expect(
      await h().client.request('withdrawSubaccount', {
        params: { id: SELLER },
        body: { value: 10, correlationID: 'saque-1' },
      }),
    ).toEqual({ status: 400, body: { error: 'correlationID saque-1 was already used by another withdrawal' } });
    expect(await h().client.request('withdrawSubaccount', { params: { id: SELLER }, body: { value: 2_501 } })).toEqual({
      status: 400,
      body: { error: 'Account does not have enough balance to complete the operation' },
    });
    // No value: the whole balance. The money leaves the service: the main account is unchanged.
    const all = await h().ok('withdrawSubaccount', { params: { id: SELLER }, body: {} });
    expect(all.transaction.value).toBe(2_500);
    expect(all.transaction.correlationID).toMatch(/^[0-9a-f-]{36}$/);
    expect(await balanceOf(h(), SELLER)).toBe(0);
    expect(await mainBalance(h())).toBe(1_000);
    expect(await h().client.request('withdrawSubaccount', { params: { id: SELLER }, body: {} })).toEqual({
      status: 400,
      body: { error: 'Transfer just work with subaccount with balance' },
    });
    // A key the sandbox cannot pay: refused, nothing moved.
    await create(h(), 'bank-error@woovi.com', 'Banco fora');
    await h().ok('creditSubaccount', { params: { id: 'bank-error@woovi.com' }, body: { value: 100 } });
    const blocked = await h().client.request('withdrawSubaccount', {
      params: { id: 'bank-error@woovi.com' },
      body: {},
    });
    expect(blocked.status).toBe(400);
    expect(await balanceOf(h(), 'bank-error@woovi.com')).toBe(100);
  });

  it('transfers between two subaccounts within the balance; a retry with the same correlationID moves once', async () => {
    await fund(h(), 5_000);
    await create(h(), SELLER, 'Origem');
    await create(h(), OTHER_SELLER, 'Destino');
    await h().ok('creditSubaccount', { params: { id: SELLER }, body: { value: 1_000 } });
    const body = {
      value: 650,
      fromPixKey: 'Vendedor@example.com',
      fromPixKeyType: 'EMAIL',
      toPixKey: OTHER_SELLER,
      toPixKeyType: 'RANDOM',
      correlationID: 'tr-1',
    };
    const expected = {
      value: 650,
      destinationSubaccount: { name: 'Destino', pixKey: OTHER_SELLER, balance: 650 },
      originSubaccount: { name: 'Origem', pixKey: SELLER, balance: 350 },
    };
    expect(await h().ok('transferBetweenSubaccounts', { body })).toEqual(expected);
    const before = h().counts(...MOVE_TABLES);
    expect(await h().ok('transferBetweenSubaccounts', { body })).toEqual(expected);
    expect(h().counts(...MOVE_TABLES)).toEqual(before);
    expect(
      await h().client.request('transferBetweenSubaccounts', { body: { ...body, correlationID: 'tr-2', value: 351 } }),
    ).toEqual({
      status: 400,
      body: { error: 'Account does not have enough balance to complete the operation' },
    });
    expect(
      await h().client.request('transferBetweenSubaccounts', {
        body: { ...body, correlationID: undefined, toPixKey: 'ninguem@example.com', toPixKeyType: 'EMAIL' },
      }),
    ).toEqual(notFound('ninguem@example.com'));
    expect(await h().client.request('transferBetweenSubaccounts', { body: { ...body, value: 1 } })).toEqual({
      status: 400,
      body: { error: 'correlationID tr-1 was already used by another transfer' },
    });
    expect(h().counts(...MOVE_TABLES)).toEqual(before);
    // Nothing entered or left the company: the main account only paid the first credit.
    expect(await mainBalance(h())).toBe(4_000);
  });

  it('the statement lists each movement newest first with the balance after it, paged and filtered by time', async () => {
    await fund(h(), 5_000);
    await create(h(), SELLER, 'Loja');
    await create(h(), OTHER_SELLER, 'Outra');
    await h().ok('creditSubaccount', { params: { id: SELLER }, body: { value: 2_000, description: 'Adiantamento' } });
    h().clock.advance(60_000);
    await h().ok('debitSubaccount', { params: { id: SELLER }, body: { value: 500 } });
    h().clock.advance(60_000);
    await h().ok('transferBetweenSubaccounts', {
      body: { value: 300, fromPixKey: SELLER, fromPixKeyType: 'EMAIL', toPixKey: OTHER_SELLER, toPixKeyType: 'RANDOM' },
    });
    h().clock.advance(60_000);
    await h().ok('withdrawSubaccount', { params: { id: SELLER }, body: { value: 200 } });
    const lines = await h().ok('getSubaccountStatement', { params: { id: SELLER } });
    expect(lines.map((l: any) => [l.operationType, l.type, l.value, l.balance])).toEqual([
      ['WITHDRAWAL', 'DEBIT', 200, 1_000],
      ['TRANSFER_DEBIT', 'DEBIT', 300, 1_200],
      ['DEBIT', 'DEBIT', 500, 1_500],
      ['CREDIT', 'CREDIT', 2_000, 2_000],
    ]);
    expect(lines[3]).toMatchObject({ description: 'Adiantamento', time: '2026-11-22T15:00:00.000Z' });
    expect(lines[0].id).toMatch(/^[0-9a-f]{24}$/);
    expect(await h().ok('getSubaccountStatement', { params: { id: OTHER_SELLER } })).toEqual([
      expect.objectContaining({ operationType: 'TRANSFER_CREDIT', type: 'CREDIT', value: 300, balance: 300 }),
    ]);
    const page = await h().ok('getSubaccountStatement', { params: { id: SELLER }, query: { skip: '1', limit: '2' } });
    expect(page.map((l: any) => l.operationType)).toEqual(['TRANSFER_DEBIT', 'DEBIT']);
    const window = await h().ok('getSubaccountStatement', {
      params: { id: SELLER },
      query: { start: '2026-11-22T15:01:00Z', end: '2026-11-22T15:02:00Z' },
    });
    expect(window.map((l: any) => l.operationType)).toEqual(['TRANSFER_DEBIT', 'DEBIT']);
  });

  it('deletes only a subaccount with no balance; its key then names nothing until created again', async () => {
    await fund(h(), 1_000);
    await create(h(), SELLER, 'Loja');
    await h().ok('creditSubaccount', { params: { id: SELLER }, body: { value: 100 } });
    expect(await h().client.request('deleteSubaccount', { params: { id: SELLER } })).toEqual({
      status: 400,
      body: { error: 'Only subaccount without balance can be removed' },
    });
    await h().ok('debitSubaccount', { params: { id: SELLER }, body: { value: 100 } });
    expect(await h().ok('deleteSubaccount', { params: { id: SELLER } })).toEqual({ status: 'OK', pixKey: SELLER });
    for (const op of ['getSubaccount', 'deleteSubaccount', 'getSubaccountStatement'] as const) {
      expect(await h().client.request(op, { params: { id: SELLER } })).toEqual(notFound(SELLER));
    }
    expect((await h().ok('listSubaccounts')).subAccounts).toEqual([]);
    expect(await create(h(), SELLER, 'Nova')).toEqual({
      name: 'Nova',
      pixKey: SELLER,
      balance: 0,
      withdrawBlocked: false,
    });
    expect(await h().ok('getSubaccountStatement', { params: { id: SELLER } })).toEqual([]);
  });

  it("a paid charge credits its splits and its subaccount in the payment's transaction", async () => {
    await create(h(), SELLER, 'Vendedor');
    await create(h(), OTHER_SELLER, 'Loja');
    const { charge } = await h().ok('createCharge', {
      body: {
        correlationID: 'pedido-split',
        value: 10_000,
        splits: [
          { value: 1_500, pixKey: SELLER, splitType: 'SPLIT_SUB_ACCOUNT' },
          { value: 500, pixKey: 'parceiro@example.com', splitType: 'SPLIT_PARTNER' },
        ],
        subaccount: OTHER_SELLER,
      },
    });
    // Not paid yet: nothing moved.
    expect(await balanceOf(h(), SELLER)).toBe(0);
    await h().ok('sandboxPay', { query: { transactionID: charge.transactionID } });
    expect(await balanceOf(h(), SELLER)).toBe(1_500);
    // The subaccount receives what the splits leave; the partner's split stays with the account.
    expect(await balanceOf(h(), OTHER_SELLER)).toBe(8_000);
    expect(await mainBalance(h())).toBe(500);
    expect(await h().ok('getSubaccountStatement', { params: { id: SELLER } })).toEqual([
      expect.objectContaining({
        operationType: 'CREDIT',
        value: 1_500,
        balance: 1_500,
        description: 'Split of charge pedido-split',
      }),
    ]);
    // A SPLIT_SUB_ACCOUNT split to a key that names no subaccount refuses the charge.
    expect(
      await h().client.request('createCharge', {
        body: {
          correlationID: 'x',
          value: 100,
          splits: [{ value: 10, pixKey: 'ninguem@example.com', splitType: 'SPLIT_SUB_ACCOUNT' }],
        },
      }),
    ).toEqual(notFound('ninguem@example.com'));
  });

  it('each operation needs its own scope', async () => {
    const limited = createSandboxCompany(h().engine.db, h().clock.now(), {
      scopes: ['SUBACCOUNT_GET_LIST', 'SUBACCOUNT_POST'],
    });
    expect((await h().client.request('listSubaccounts', {}, { appId: limited.appId })).status).toBe(200);
    expect(
      (await h().client.request('createSubaccount', { body: { pixKey: SELLER, name: 'x' } }, { appId: limited.appId }))
        .status,
    ).toBe(200);
    for (const [op, scope] of [
      ['getSubaccount', 'SUBACCOUNT_GET'],
      ['creditSubaccount', 'SUBACCOUNT_CREDIT_POST'],
      ['debitSubaccount', 'SUBACCOUNT_DEBIT_POST'],
      ['withdrawSubaccount', 'SUBACCOUNT_WITHDRAW_POST'],
      ['deleteSubaccount', 'SUBACCOUNT_DELETE'],
      ['getSubaccountStatement', 'SUBACCOUNT_STATEMENT_GET'],
      ['transferBetweenSubaccounts', 'SUBACCOUNT_TRANSFER_POST'],
      ['createTransfer', 'TRANSFER_POST'],
      ['getStatement', 'STATEMENT_GET'],
    ] as [OperationName, string][]) {
      const reads = op.startsWith('get');
      const request = reads ? { params: { id: SELLER } } : { params: { id: SELLER }, body: { value: 1 } };
      const reply = await h().client.request(op, request, { appId: limited.appId });
      expect(reply, op).toEqual({ status: 403, body: { error: `Application does not have required scope: ${scope}` } });
    }
  });

  it("another company never sees, moves, claims or splits to a company's subaccount", async () => {
    const other = h().other.appId;
    await fund(h(), 5_000);
    await create(h(), SELLER, 'Loja A');
    await h().ok('creditSubaccount', { params: { id: SELLER }, body: { value: 2_000 } });
    await fund(h(), 3_000, 'fund-b', other);
    const before = h().counts(...MOVE_TABLES);
    const asOther = (op: OperationName, request: object) => h().client.request(op, request, { appId: other });
    for (const [op, request] of [
      ['getSubaccount', { params: { id: SELLER } }],
      ['creditSubaccount', { params: { id: SELLER }, body: { value: 100 } }],
      ['debitSubaccount', { params: { id: SELLER }, body: { value: 100 } }],
      ['withdrawSubaccount', { params: { id: SELLER }, body: { value: 100 } }],
      ['deleteSubaccount', { params: { id: SELLER } }],
      ['getSubaccountStatement', { params: { id: SELLER } }],
      [
        'transferBetweenSubaccounts',
        {
          body: {
            value: 100,
            fromPixKey: SELLER,
            fromPixKeyType: 'EMAIL',
            toPixKey: OTHER_SELLER,
            toPixKeyType: 'RANDOM',
          },
        },
      ],
    ] as [OperationName, object][]) {
      // Exactly what a key nobody registered answers.
      expect(await asOther(op, request), op).toEqual(notFound(SELLER));
    }
    expect(((await asOther('listSubaccounts', {})) as { body: any }).body.subAccounts).toEqual([]);
    expect(
      await asOther('createCharge', {
        body: {
          correlationID: 'b-1',
          value: 100,
          splits: [{ value: 10, pixKey: SELLER, splitType: 'SPLIT_SUB_ACCOUNT' }],
        },
      }),
    ).toEqual(notFound(SELLER));
    expect(h().counts(...MOVE_TABLES)).toEqual(before);
    // Creating one with the same key makes the other company's own subaccount, never this one.
    expect(await create(h(), SELLER, 'Loja B', other)).toEqual({
      name: 'Loja B',
      pixKey: SELLER,
      balance: 0,
      withdrawBlocked: false,
    });
    // Its charge for "its" subaccount credits its own, and this one keeps its balance.
    const created = await asOther('createCharge', { body: { correlationID: 'b-2', value: 700, subaccount: SELLER } });
    await asOther('sandboxPay', { query: { transactionID: (created as { body: any }).body.charge.transactionID } });
    expect(await balanceOf(h(), SELLER, other)).toBe(700);
    expect(await balanceOf(h(), SELLER)).toBe(2_000);
    expect(await h().ok('getSubaccount', { params: { id: SELLER } })).toMatchObject({ SubAccount: { name: 'Loja A' } });
    expect(await mainBalance(h())).toBe(3_000);
    expect(await mainBalance(h(), other)).toBe(3_000);
  });
});
