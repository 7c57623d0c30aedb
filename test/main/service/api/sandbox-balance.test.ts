// The sandbox's stand-ins for what the service itself does to a balance: blocks (security,
// withdrawal safety), their lifting, and a receiving bank returning a Pix out (REVERSAL). Each is
// a transaction from the ledger, in the transaction list, and moves the balance as it says.
import { expect, it } from 'vitest';
import { describeContract, type Harness } from '#test/support/harness';

async function fund(h: Harness, cents: number): Promise<void> {
  const { pixQrCode } = await h.ok('createPixQrCode', { body: { name: 'Fundos', value: cents } });
  await h.ok('sandboxPayBrCode', { body: { brCode: pixQrCode.brCode } });
}

const manual = (correlationID: string, value: number) => ({
  type: 'MANUAL',
  correlationID,
  value,
  psp: '00000000',
  holder: { name: 'Fornecedor', taxID: { taxID: '11144477735', type: 'BR:CPF' } },
  account: { account: '1234567', branch: '0001', accountType: 'TRAN' },
  autoApprove: true,
});

describeContract('sandbox balance', (h) => {
  it('blocks and lifts money for security and withdrawal safety, as BALANCE_BLOCK and BALANCE_UNBLOCK transactions', async () => {
    await fund(h(), 1_000);
    const blocked = await h().ok('sandboxBlockBalance', { body: { value: 300, reason: 'SECURITY' } });
    expect(blocked.transaction).toMatchObject({ type: 'BALANCE_BLOCK', value: 300 });
    expect(blocked.account.balance).toEqual({
      total: 1_000,
      blocked: 300,
      available: 700,
      blockedBySecurity: 300,
      blockedByWithdrawSafety: 0,
    });
    await h().ok('sandboxBlockBalance', { body: { value: 200, reason: 'WITHDRAW_SAFETY' } });
    // Blocked money cannot be spent.
    const tenant = h().engine.tenancy.resolveTenant(h().appId)!;
    expect(
      (await h().client.request('withdraw', { params: { accountId: tenant.account.id }, body: { value: 10_000 } }))
        .status,
    ).toBe(400);
    const before = h().counts('transactions', 'ledger_entries', 'events');
    expect(await h().client.request('sandboxBlockBalance', { body: { value: 501, reason: 'SECURITY' } })).toEqual({
      status: 400,
      body: { error: 'Account does not have enough available balance to block' },
    });
    expect(await h().client.request('sandboxUnblockBalance', { body: { value: 301, reason: 'SECURITY' } })).toEqual({
      status: 400,
      body: { error: 'Less than 301 cents is blocked for SECURITY' },
    });
    expect(h().counts('transactions', 'ledger_entries', 'events')).toEqual(before);
    const lifted = await h().ok('sandboxUnblockBalance', { body: { value: 300, reason: 'SECURITY' } });
    expect(lifted.transaction).toMatchObject({ type: 'BALANCE_UNBLOCK', value: 300 });
    expect(lifted.account.balance).toMatchObject({
      blocked: 200,
      available: 800,
      blockedBySecurity: 0,
      blockedByWithdrawSafety: 200,
    });
    const types = (await h().ok('listTransactions')).transactions.map((t: any) => t.type);
    expect(types.filter((t: string) => t.startsWith('BALANCE_')).sort()).toEqual([
      'BALANCE_BLOCK',
      'BALANCE_BLOCK',
      'BALANCE_UNBLOCK',
    ]);
  });

  it('a Pix out returned by its receiver’s bank comes back as a REVERSAL, at most its value', async () => {
    await fund(h(), 1_000);
    await h().ok('createPayment', { body: manual('out', 600) });
    expect(await h().client.request('sandboxReversePayment', { body: { correlationID: 'out' } })).toEqual({
      status: 400,
      body: { error: 'Only a CONFIRMED payment can be reversed' },
    });
    h().clock.advance(2_001);
    const part = await h().ok('sandboxReversePayment', { body: { correlationID: 'out', value: 100 } });
    expect(part.transaction).toMatchObject({ type: 'REVERSAL', value: 100, endToEndId: expect.stringMatching(/^D/) });
    expect(part.account.balance).toMatchObject({ total: 500 });
    const rest = await h().ok('sandboxReversePayment', { body: { correlationID: 'out' } });
    expect(rest.transaction.value).toBe(500);
    expect(rest.account.balance).toMatchObject({ total: 1_000, available: 1_000 });
    expect(await h().client.request('sandboxReversePayment', { body: { correlationID: 'out', value: 1 } })).toEqual({
      status: 400,
      body: { error: 'At most 0 cents of this payment can still be reversed' },
    });
  });

  it('answers bad input 400 and another company’s payment as unknown', async () => {
    await fund(h(), 1_000);
    await h().ok('createPayment', { body: manual('out', 100) });
    h().clock.advance(2_001);
    for (const body of [
      {},
      { value: 0, reason: 'SECURITY' },
      { value: 10, reason: 'OTHER' },
      { value: '10,00', reason: 'SECURITY' },
      [],
    ]) {
      expect((await h().client.request('sandboxBlockBalance', { body })).status, JSON.stringify(body)).toBe(400);
    }
    for (const body of [{}, { correlationID: '' }, { correlationID: 'out', value: -1 }]) {
      expect((await h().client.request('sandboxReversePayment', { body })).status, JSON.stringify(body)).toBe(400);
    }
    expect(
      await h().client.request('sandboxReversePayment', { body: { correlationID: 'out' } }, { appId: h().other.appId }),
    ).toEqual({
      status: 400,
      body: { error: 'Payment not found' },
    });
    expect(
      (await h().client.request('sandboxBlockBalance', { body: { value: 1, reason: 'SECURITY' } }, { appId: null }))
        .status,
    ).toBe(401);
  });
});
