// Pix out (POST /api/v1/payment, approve, get, list): the four kinds of destination, the ledger's
// hold and settlement, the sandbox's simulated failures (remote-api-notes §8.3), limits, and bad
// input answered 400 with nothing written. The settlement runs when the clock passes
// paymentSettlementMs (2 s) and any request arrives.
import { expect, it } from 'vitest';
import { createSandboxCompany } from '#service/engine/tenancy/sandbox-bootstrap';
import { ALL_SCOPES } from '#service/engine/operations';
import { describeContract, type Harness } from '#test/support/harness';

const ITAU_BOLETO = '34195148200000003001095517077320772982609000';

/** Puts `cents` on the main company's account through a paid static QR code. */
async function fund(h: Harness, cents: number): Promise<void> {
  const { pixQrCode } = await h.ok('createPixQrCode', { body: { name: 'Fundos', value: cents } });
  await h.ok('sandboxPayBrCode', { body: { brCode: pixQrCode.brCode } });
}

async function balance(h: Harness, appId = h.appId) {
  const tenant = h.engine.tenancy.resolveTenant(appId)!;
  const reply = await h.client.request('getAccount', { params: { accountId: tenant.account.id } }, { appId });
  return (reply as any).body.account.balance;
}

async function settle(h: Harness): Promise<void> {
  h.clock.advance(2_001);
  await h.ok('listPayments');
}

const pixKeyPayment = (h: Harness, correlationID: string, value: number, extra: object = {}) => ({
  type: 'PIX_KEY',
  correlationID,
  value,
  destinationAlias: h.other.pixKey,
  destinationAliasType: 'RANDOM',
  ...extra,
});

describeContract('payments', (h) => {
  it('creates a PIX_KEY payment, approves it, holds the money, and settles it into the receiver inside the service', async () => {
    await fund(h(), 10_000);
    const created = await h().ok('createPayment', {
      body: pixKeyPayment(h(), 'p1', 2_500, { comment: 'Fornecedor', metadata: { pedido: '42' } }),
    });
    expect(created.payment).toMatchObject({
      type: 'PIX_KEY',
      value: 2_500,
      status: 'CREATED',
      correlationID: 'p1',
      comment: 'Fornecedor',
      metadata: { pedido: '42' },
    });
    expect(created.destination).toMatchObject({ name: 'Balcão Sandbox Comércio LTDA', pixKey: h().other.pixKey });
    expect(created.transaction).toBeUndefined();
    expect(await balance(h())).toMatchObject({ total: 10_000, available: 10_000 });

    const approved = await h().ok('approvePayment', { body: { correlationID: 'p1' } });
    expect(approved.payment.status).toBe('APPROVED');
    expect(approved.transaction).toMatchObject({ value: 2_500, endToEndId: expect.stringMatching(/^E\d{8}/) });
    expect(await balance(h())).toEqual({
      total: 10_000,
      blocked: 2_500,
      available: 7_500,
      blockedBySecurity: 0,
      blockedByWithdrawSafety: 0,
    });
    // Approving again answers the same payment: a retry after a lost answer is safe.
    expect((await h().ok('approvePayment', { body: { correlationID: 'p1' } })).transaction.endToEndId).toBe(
      approved.transaction.endToEndId,
    );

    await settle(h());
    const done = await h().ok('getPayment', { params: { id: 'p1' } });
    expect(done.payment.status).toBe('CONFIRMED');
    expect(await balance(h())).toMatchObject({ total: 7_500, blocked: 0, available: 7_500 });
    const out = await h().ok('listTransactions', { query: { type: 'WITHDRAW' } });
    expect(out.transactions).toHaveLength(1);
    expect(out.transactions[0]).toMatchObject({
      type: 'WITHDRAW',
      value: 2_500,
      endToEndId: approved.transaction.endToEndId,
    });
    // The receiver, another company of this sandbox, got it as a Pix in.
    expect(await balance(h(), h().other.appId)).toMatchObject({ total: 2_500, available: 2_500 });
    const theirs = (await h().client.request(
      'listTransactions',
      { query: { type: 'PAYMENT' } },
      { appId: h().other.appId },
    )) as any;
    expect(theirs.body.transactions).toEqual([
      expect.objectContaining({
        value: 2_500,
        payer: expect.objectContaining({ name: 'Balcão Sandbox Comércio LTDA' }),
      }),
    ]);
    // And a receipt exists for the confirmed Pix out.
    const receipt = await h().client.request('getReceipt', {
      params: { receiptType: 'pix-out', endToEndId: approved.transaction.endToEndId },
    });
    expect(receipt).toMatchObject({ status: 200, contentType: 'application/pdf' });
  });

  it('autoApprove creates and approves in one call; without the balance nothing at all is written', async () => {
    await fund(h(), 1_000);
    const before = h().counts('payments', 'ledger_entries', 'events');
    const refused = await h().client.request('createPayment', {
      body: pixKeyPayment(h(), 'big', 1_001, { autoApprove: true }),
    });
    expect(refused).toEqual({ status: 400, body: { error: 'You do not have enough balance to make this payment' } });
    expect(h().counts('payments', 'ledger_entries', 'events')).toEqual(before);

    const ok = await h().ok('createPayment', { body: pixKeyPayment(h(), 'fits', 1_000, { autoApprove: true }) });
    expect(ok.payment.status).toBe('APPROVED');
    expect(ok.transaction.endToEndId).toMatch(/^E/);
    expect(await balance(h())).toMatchObject({ total: 1_000, blocked: 1_000, available: 0 });
  });

  it('an approval the balance does not cover is refused and leaves the payment CREATED', async () => {
    await fund(h(), 500);
    await h().ok('createPayment', { body: pixKeyPayment(h(), 'p', 900) });
    const entries = h().counts('ledger_entries');
    // The real service's documented text for POST /api/v1/payment/approve (remote-api-notes §4).
    expect(await h().client.request('approvePayment', { body: { correlationID: 'p' } })).toEqual({
      status: 400,
      body: { error: 'Você não possui saldo o suficiente para realizar esse pagamento' },
    });
    expect(h().counts('ledger_entries')).toEqual(entries);
    expect((await h().ok('getPayment', { params: { id: 'p' } })).payment.status).toBe('CREATED');
    await fund(h(), 500);
    expect((await h().ok('approvePayment', { body: { correlationID: 'p' } })).payment.status).toBe('APPROVED');
  });

  it('pays a static QR code with the amount it fixes, and refuses another amount', async () => {
    await fund(h(), 5_000);
    const theirs = (await h().client.request(
      'createPixQrCode',
      { body: { name: 'Balcão', value: 1_234 } },
      { appId: h().other.appId },
    )) as any;
    const qrCode = theirs.body.pixQrCode.brCode;
    const wrong = await h().client.request('createPayment', {
      body: { type: 'QR_CODE', correlationID: 'q0', qrCode, value: 999 },
    });
    expect(wrong).toMatchObject({ status: 400, body: { error: expect.stringContaining('cannot override') } });
    const paid = await h().ok('createPayment', {
      body: { type: 'QR_CODE', correlationID: 'q1', qrCode, autoApprove: true },
    });
    expect(paid.payment).toMatchObject({ value: 1_234, qrCode, status: 'APPROVED' });
    await settle(h());
    const byQr = (await h().client.request(
      'listTransactions',
      { query: { pixQrCode: theirs.body.pixQrCode.identifier } },
      { appId: h().other.appId },
    )) as any;
    expect(byQr.body.transactions.map((t: any) => t.value)).toEqual([1_234]);
  });

  it('a static code without an amount takes the request’s value, and needs one', async () => {
    await fund(h(), 5_000);
    const theirs = (await h().client.request(
      'createPixQrCode',
      { body: { name: 'Livre' } },
      { appId: h().other.appId },
    )) as any;
    const qrCode = theirs.body.pixQrCode.brCode;
    expect(
      await h().client.request('createPayment', { body: { type: 'QR_CODE', correlationID: 'q', qrCode } }),
    ).toMatchObject({
      status: 400,
      body: { error: 'value is required: the QR code has no fixed amount' },
    });
    expect(
      (await h().ok('createPayment', { body: { type: 'QR_CODE', correlationID: 'q', qrCode, value: 700 } })).payment
        .value,
    ).toBe(700);
  });

  it('pays another company’s charge by its dynamic code, and the charge is COMPLETED when it settles', async () => {
    await fund(h(), 5_000);
    const created = (await h().client.request(
      'createCharge',
      { body: { correlationID: 'c', value: 2_000 } },
      { appId: h().other.appId },
    )) as any;
    const paid = await h().ok('createPayment', {
      body: { type: 'QR_CODE', correlationID: 'q', qrCode: created.body.brCode, autoApprove: true },
    });
    expect(paid.payment.value).toBe(2_000);
    await settle(h());
    expect((await h().ok('getPayment', { params: { id: 'q' } })).payment.status).toBe('CONFIRMED');
    const charge = (await h().client.request('getCharge', { params: { id: 'c' } }, { appId: h().other.appId })) as any;
    expect(charge.body.charge.status).toBe('COMPLETED');
  });

  it('a receiver that can no longer take the money fails the payment and gives the held money back', async () => {
    await fund(h(), 5_000);
    const created = (await h().client.request(
      'createCharge',
      { body: { correlationID: 'c', value: 2_000 } },
      { appId: h().other.appId },
    )) as any;
    await h().ok('createPayment', {
      body: { type: 'QR_CODE', correlationID: 'q', qrCode: created.body.brCode, autoApprove: true },
    });
    // Someone else pays the charge first.
    await h().client.request('sandboxPayBrCode', { body: { brCode: created.body.brCode } }, { appId: h().other.appId });
    await settle(h());
    const failed = await h().ok('getPayment', { params: { id: 'q' } });
    expect(failed.payment).toMatchObject({ status: 'FAILED', failureCode: 'PAYMENT_REJECTED_BY_RECEIVER' });
    expect(failed.transaction.providerRejectedReason).toMatch(/^DS04 - /);
    expect(await balance(h())).toMatchObject({ total: 5_000, blocked: 0, available: 5_000 });
  });

  it('MANUAL payments to the sandbox failure accounts fail as the real sandbox does, with the money released', async () => {
    await fund(h(), 10_000);
    const manual = (correlationID: string, account: string) => ({
      type: 'MANUAL',
      correlationID,
      value: 100,
      psp: { id: '00000000', name: 'BCO DO BRASIL S.A.' },
      holder: { name: 'Fulano de Tal', taxID: { taxID: '11144477735', type: 'BR:CPF' } },
      account: { account, branch: '0001', accountType: 'TRAN' },
      autoApprove: true,
    });
    await h().ok('createPayment', { body: manual('m1', '1111111') });
    await h().ok('createPayment', { body: manual('m2', '1010101') });
    await h().ok('createPayment', { body: manual('m3', '1234567') });
    await settle(h());
    expect((await h().ok('getPayment', { params: { id: 'm1' } })).payment).toMatchObject({
      status: 'FAILED',
      failureCode: 'ACCOUNT_NOT_FOUND',
    });
    const spi = await h().ok('getPayment', { params: { id: 'm2' } });
    expect(spi.payment).toMatchObject({ status: 'FAILED', failureCode: 'AC06' });
    expect(spi.transaction.providerRejectedReason).toBe('AC06 - Conta bloqueada');
    const ok = await h().ok('getPayment', { params: { id: 'm3' } });
    expect(ok.payment).toMatchObject({
      status: 'CONFIRMED',
      holder: { name: 'Fulano de Tal' },
      account: { account: '1234567' },
    });
    expect(ok.destination).toMatchObject({ name: 'Fulano de Tal', taxID: '11144477735', bank: { ispb: '00000000' } });
    expect(await balance(h())).toMatchObject({ total: 9_900, blocked: 0 });
  });

  it('a transfer to another account of the company is an INTERNAL_TRANSFER, and fails if that account closes first', async () => {
    await fund(h(), 5_000);
    const company = h().engine.tenancy.resolveTenant(h().appId)!.company;
    h().engine.db.prepare('UPDATE companies SET features = \'["BANK_ACCOUNT"]\' WHERE id = ?').run(company.id);
    h().engine.tenancy.invalidate();
    const { account } = await h().ok('duplicateAccount');
    const toSecond = (correlationID: string, value: number) => ({
      type: 'MANUAL',
      correlationID,
      value,
      psp: '54811417',
      holder: { name: company.official_name, taxID: { taxID: company.tax_id, type: 'BR:CNPJ' } },
      account: { account: account.account, branch: account.branch, accountType: 'TRAN' },
      autoApprove: true,
    });
    await h().ok('createPayment', { body: toSecond('t1', 1_000) });
    await settle(h());
    const moved = (await h().ok('listTransactions', { query: { type: 'INTERNAL_TRANSFER' } })).transactions;
    expect(moved.map((t: any) => t.value)).toEqual([1_000, 1_000]);
    expect((await h().ok('getAccount', { params: { accountId: account.accountId } })).account.balance).toMatchObject({
      total: 1_000,
    });
    // Empty it, then send another transfer and close it while that one is in flight.
    await h().ok('withdraw', { params: { accountId: account.accountId }, body: { value: 900 } });
    await h().ok('createPayment', { body: toSecond('t2', 500) });
    await h().ok('closeAccount', { params: { accountId: account.accountId } });
    await settle(h());
    expect((await h().ok('getPayment', { params: { id: 't2' } })).payment).toMatchObject({
      status: 'FAILED',
      failureCode: 'AC03',
    });
    expect(await balance(h())).toMatchObject({ total: 4_000, blocked: 0, available: 4_000 });
  });

  it('pays a boleto for the value it states', async () => {
    await fund(h(), 1_000);
    const paid = await h().ok('createPayment', {
      body: { type: 'BOLETO', correlationID: 'b', boletoBarcode: ITAU_BOLETO, autoApprove: true },
    });
    expect(paid.payment).toMatchObject({ value: 300, boleto: { barcode: ITAU_BOLETO, totalValue: 300 } });
    await settle(h());
    expect(await balance(h())).toMatchObject({ total: 700 });
  });

  it('the test keys fail when paid', async () => {
    await fund(h(), 1_000);
    const testKeys = [
      ['k1', 'pix-key-not-found@woovi.com', 'PIX_KEY_INFO_NOT_FOUND'],
      ['k2', 'bank-error@woovi.com', 'PAY_PIX_KEY_ERROR'],
    ] as const;
    for (const [id, key] of testKeys) {
      await h().ok('createPayment', {
        body: {
          type: 'PIX_KEY',
          correlationID: id,
          value: 100,
          destinationAlias: key,
          destinationAliasType: 'EMAIL',
          autoApprove: true,
        },
      });
    }
    await settle(h());
    for (const [id, , code] of testKeys) {
      expect((await h().ok('getPayment', { params: { id } })).payment.failureCode).toBe(code);
    }
    expect(await balance(h())).toMatchObject({ total: 1_000, available: 1_000 });
  });

  it('pays a key held at another bank as the sandbox DICT knows it, and refuses a key it does not know', async () => {
    await fund(h(), 1_000);
    const cpfKey = await h().ok('createPayment', {
      body: {
        type: 'PIX_KEY',
        correlationID: 'cpf',
        value: 100,
        destinationAlias: '111.444.777-35',
        destinationAliasType: 'CPF',
        autoApprove: true,
      },
    });
    expect(cpfKey.payment.destinationAlias).toBe('11144477735');
    expect(cpfKey.destination).toMatchObject({
      taxID: '11144477735',
      pixKey: '11144477735',
      bank: { ispb: expect.stringMatching(/^\d{8}$/) },
    });
    expect(cpfKey.destination.name).not.toBe('');
    const before = h().counts('payments', 'ledger_entries', 'events');
    const unknown = await h().client.request('createPayment', {
      body: {
        type: 'PIX_KEY',
        correlationID: 'evp',
        value: 100,
        destinationAlias: '3b0c3f2e-51a6-4a8b-9e57-9d0f1c2b3a4d',
        destinationAliasType: 'RANDOM',
      },
    });
    expect(unknown).toMatchObject({ status: 404, body: { error: expect.stringMatching(/^PIX_KEY_INFO_NOT_FOUND/) } });
    expect(h().counts('payments', 'ledger_entries', 'events')).toEqual(before);
    await settle(h());
    expect((await h().ok('getPayment', { params: { id: 'cpf' } })).payment.status).toBe('CONFIRMED');
  });

  it('accepts the end-to-end id of an earlier key check, and pays the holder that check found', async () => {
    await fund(h(), 1_000);
    const check = await h().ok('checkPixKey', { params: { pixKey: 'fornecedor@example.com' } });
    const paid = await h().ok('createPayment', {
      body: {
        ...pixKeyPayment(h(), 'chk', 100),
        destinationAlias: 'fornecedor@example.com',
        destinationAliasType: 'EMAIL',
        pixKeyEndToEndId: check.pixKeyEndToEndId,
      },
    });
    expect(paid.payment.pixKeyEndToEndId).toBe(check.pixKeyEndToEndId);
    expect(paid.destination).toMatchObject({
      name: check.owner.name,
      pixKey: 'fornecedor@example.com',
      bank: { ispb: check.owner.psp },
    });
    // A check of another key, or another company's check, is refused.
    const other = await h().client.request('createPayment', {
      body: { ...pixKeyPayment(h(), 'chk2', 100), pixKeyEndToEndId: check.pixKeyEndToEndId },
    });
    expect(other).toMatchObject({ status: 400, body: { error: 'pixKeyEndToEndId names a check of another Pix key' } });
    const theirs = await h().client.request(
      'createPayment',
      {
        body: {
          type: 'PIX_KEY',
          correlationID: 'x',
          value: 1,
          destinationAlias: 'fornecedor@example.com',
          destinationAliasType: 'EMAIL',
          pixKeyEndToEndId: check.pixKeyEndToEndId,
        },
      },
      { appId: h().other.appId },
    );
    expect(theirs).toMatchObject({
      status: 400,
      body: { error: 'pixKeyEndToEndId does not name a Pix key check of this company' },
    });
  });

  it('holds payments to the account limits of the period', async () => {
    await fund(h(), 100_000);
    const tenant = h().engine.tenancy.resolveTenant(h().appId)!;
    h()
      .engine.db.prepare('UPDATE bank_accounts SET limits = ? WHERE id = ?')
      .run(JSON.stringify({ pixDayLimit: 5_000, pixNightLimit: 1_000 }), tenant.account.id);
    // 15:00Z is 12:00 in São Paulo: the day period.
    await h().ok('createPayment', { body: pixKeyPayment(h(), 'a', 4_000, { autoApprove: true }) });
    const over = await h().client.request('createPayment', {
      body: pixKeyPayment(h(), 'b', 1_001, { autoApprove: true }),
    });
    expect(over).toMatchObject({
      status: 400,
      body: { error: expect.stringMatching(/^REACH_TRANSFER_LIMIT: the Pix day limit/) },
    });
    await h().ok('createPayment', { body: pixKeyPayment(h(), 'c', 1_000, { autoApprove: true }) });
    // At 20:00 in São Paulo (23:00Z) the night period starts, with its own, lower limit.
    h().clock.set('2026-11-22T23:00:00.000Z');
    await h().ok('createPayment', { body: pixKeyPayment(h(), 'd', 1_000, { autoApprove: true }) });
    expect(
      await h().client.request('createPayment', { body: pixKeyPayment(h(), 'e', 1, { autoApprove: true }) }),
    ).toMatchObject({ status: 400 });
  });

  it('a boleto is not a Pix: the Pix limits do not hold it, the balance does', async () => {
    await fund(h(), 1_000);
    const tenant = h().engine.tenancy.resolveTenant(h().appId)!;
    h()
      .engine.db.prepare('UPDATE bank_accounts SET limits = ? WHERE id = ?')
      .run(JSON.stringify({ pixDayLimit: 100 }), tenant.account.id);
    expect(
      (
        await h().ok('createPayment', {
          body: { type: 'BOLETO', correlationID: 'b', boletoBarcode: ITAU_BOLETO, autoApprove: true },
        })
      ).payment.status,
    ).toBe('APPROVED');
    // A malformed stored limit falls back to its default instead of failing every payment.
    h()
      .engine.db.prepare('UPDATE bank_accounts SET limits = ? WHERE id = ?')
      .run('{"pixDayLimit":"x"}', tenant.account.id);
    expect((await h().ok('getAccountLimits', { params: { accountId: tenant.account.id } })).limits.pixDayLimit).toBe(
      5_000_000,
    );
  });

  it('refuses a repeated correlationID, and bad input field by field, writing nothing', async () => {
    await fund(h(), 1_000);
    await h().ok('createPayment', { body: pixKeyPayment(h(), 'dup', 100) });
    const before = h().counts('payments', 'ledger_entries', 'events');
    const tooMany = Object.fromEntries(Array.from({ length: 31 }, (_, i) => [`k${i}`, 'v']));
    const bad: unknown[] = [
      pixKeyPayment(h(), 'dup', 100),
      { ...pixKeyPayment(h(), 'x', 100), metadata: tooMany },
      { ...pixKeyPayment(h(), 'x', 100), value: 0 },
      { ...pixKeyPayment(h(), 'x', 100), value: 1.5 },
      { ...pixKeyPayment(h(), 'x', 100), value: '1,00' },
      { ...pixKeyPayment(h(), 'x', 100), destinationAliasType: 'CPF' },
      { ...pixKeyPayment(h(), 'x', 100), destinationAliasType: 'KEY' },
      { ...pixKeyPayment(h(), 'x', 100), destinationAlias: '' },
      { ...pixKeyPayment(h(), 'x', 100), correlationID: '' },
      { ...pixKeyPayment(h(), 'x', 100), comment: 'x'.repeat(141) },
      { ...pixKeyPayment(h(), 'x', 100), pixKeyEndToEndId: 'E00000000202611221500abcdefghijk' },
      { ...pixKeyPayment(h(), 'x', 100), destinationAlias: h().pixKey },
      { ...pixKeyPayment(h(), 'x', 100), sourceAccountId: 'nope' },
      { type: 'QR_CODE', correlationID: 'x', qrCode: 'not a code' },
      { type: 'BOLETO', correlationID: 'x', boletoBarcode: '123' },
      { type: 'MANUAL', correlationID: 'x', value: 100 },
      { type: 'TED', correlationID: 'x', value: 100 },
      { correlationID: 'x', value: 100 },
      [],
      'text',
    ];
    for (const body of bad) {
      const reply = await h().client.request('createPayment', { body });
      expect(reply.status, JSON.stringify(body).slice(0, 120)).toBe(400);
      expect(typeof (reply as any).body.error).toBe('string');
    }
    for (const body of [{}, { correlationID: '' }, { correlationID: 'unknown' }]) {
      expect((await h().client.request('approvePayment', { body })).status).toBe(400);
    }
    expect(h().counts('payments', 'ledger_entries', 'events')).toEqual(before);
  });

  it('gets a payment by id or correlationID, lists newest first, and never shows another company’s', async () => {
    await fund(h(), 1_000);
    const first = await h().ok('createPayment', { body: pixKeyPayment(h(), 'one', 100) });
    h().clock.advance(1_000);
    await h().ok('createPayment', { body: pixKeyPayment(h(), 'two', 100) });
    expect((await h().ok('getPayment', { params: { id: first.payment.id } })).payment.correlationID).toBe('one');
    const list = await h().ok('listPayments', { query: { limit: '1' } });
    expect(list.payments.map((p: any) => p.payment.correlationID)).toEqual(['two']);
    expect(list.pageInfo).toMatchObject({ hasNextPage: true, limit: 1 });
    const theirs = await h().client.request('getPayment', { params: { id: 'one' } }, { appId: h().other.appId });
    expect(theirs).toEqual({ status: 400, body: { error: 'Payment not found' } });
    expect(((await h().client.request('listPayments', {}, { appId: h().other.appId })) as any).body.payments).toEqual(
      [],
    );
  });

  it('needs the payment scopes', async () => {
    for (const [op, scope] of [
      ['createPayment', 'PAYMENT_POST'],
      ['approvePayment', 'PAYMENT_APPROVE_POST'],
      ['getPayment', 'PAYMENT_GET'],
      ['listPayments', 'PAYMENT_GET_LIST'],
    ] as const) {
      const limited = createSandboxCompany(h().engine.db, h().clock.now(), {
        scopes: ALL_SCOPES.filter((s) => s !== scope),
      });
      const reply = await h().client.request(
        op,
        op.startsWith('get') || op.startsWith('list') ? { params: { id: 'x' } } : { body: {} },
        { appId: limited.appId },
      );
      expect(reply).toEqual({ status: 403, body: { error: `Application does not have required scope: ${scope}` } });
    }
  });
});
