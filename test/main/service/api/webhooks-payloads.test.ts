// The payload of every public event this service produces, as delivered, checked against
// remote-api-notes §3.2: charge created, completed (and completed by another payer), expired;
// transaction received; refund sent confirmed (and its deprecated OPENPIX:TRANSACTION_REFUND_RECEIVED); movement confirmed and failed; the refunds of a Pix
// sent inside the service (received confirmed, sent and received rejected).
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { z } from 'zod';
import { WebhookDispatcher } from '#service/webhooks/dispatcher';
import { Outbox } from '#service/engine/outbox';
import { createSandboxCompany } from '#service/engine/tenancy/sandbox-bootstrap';
import { createHarness, type Harness } from '#test/support/harness';
import { startReceiver, type Receiver } from '../webhooks/receiver';

const CUSTOMER_CPF = '11144477735';
const OTHER_CPF = '52998224725';

const taxId = z.strictObject({ taxID: z.string(), type: z.enum(['BR:CPF', 'BR:CNPJ']) });
const company = z.strictObject({ id: z.string(), name: z.string(), taxID: z.string() });
const testing = z.strictObject({ environment: z.literal('TESTING') });
const party = z.strictObject({
  pixKey: z.strictObject({ pixKey: z.string(), type: z.string() }).optional(),
  account: z.strictObject({ branch: z.string().nullable(), account: z.string().nullable(), accountType: z.string() }),
  psp: z.strictObject({ id: z.string(), name: z.string() }).nullable(),
  holder: z.strictObject({ name: z.string(), taxID: taxId.optional() }),
});
// The API's Transaction (no webhookSent: that is about deliveries) with both parties and the fee.
const pix = z.looseObject({
  globalID: z.string(),
  value: z.number().int(),
  time: z.string(),
  endToEndId: z.string(),
  status: z.literal('CONFIRMED'),
  type: z.string(),
  createdAt: z.string(),
  debitParty: party,
  creditParty: party,
  fee: z.number(),
  webhookSent: z.never().optional(),
});
const charge = (status: string) =>
  z.looseObject({ status: z.literal(status), correlationID: z.string(), globalID: z.string(), value: z.number() });

const chargeCreated = z.strictObject({
  event: z.literal('OPENPIX:CHARGE_CREATED'),
  charge: charge('ACTIVE'),
  company,
  account: testing,
});
const chargeExpired = z.strictObject({
  event: z.literal('OPENPIX:CHARGE_EXPIRED'),
  charge: charge('EXPIRED'),
  company,
  account: testing,
});
const chargePaid = (event: string) =>
  z.strictObject({
    event: z.literal(event),
    charge: charge('COMPLETED').extend({ payer: z.looseObject({ name: z.string(), taxID: taxId }) }),
    pix: pix.extend({ type: z.literal('PAYMENT') }),
    company,
    account: testing,
  });
const transactionReceived = z.strictObject({
  event: z.literal('OPENPIX:TRANSACTION_RECEIVED'),
  charge: charge('COMPLETED').nullable(),
  pixQrCode: z.looseObject({ identifier: z.string() }).nullable(),
  pix: pix.extend({ type: z.literal('PAYMENT'), pixKey: z.string() }),
  company,
  account: z.strictObject({
    accountId: z.string(),
    branch: z.string(),
    account: z.string(),
    taxID: z.string(),
    environment: z.literal('TESTING'),
  }),
  refunds: z.array(z.unknown()),
});
const refundSentConfirmed = z.strictObject({
  event: z.literal('PIX_TRANSACTION_REFUND_SENT_CONFIRMED'),
  refundTransaction: pix.extend({ type: z.literal('REFUND'), partial: z.boolean() }),
  originalTransaction: pix.extend({ type: z.literal('PAYMENT') }),
  company: z.strictObject({ id: z.string(), name: z.string(), nameFriendly: z.string(), correlationID: z.string() }),
  account: z.strictObject({
    id: z.string(),
    name: z.string(),
    status: z.literal('ACTIVE'),
    code: z.string(),
    branch: z.string(),
    account: z.string(),
  }),
});
// A refund of a Pix sent inside the service, as its payer hears it: the original is the payer's Pix out (WITHDRAW).
const refundReceivedConfirmed = refundSentConfirmed.extend({
  event: z.literal('PIX_TRANSACTION_REFUND_RECEIVED_CONFIRMED'),
  originalTransaction: pix.extend({ type: z.literal('WITHDRAW') }),
});
// A rejected refund moved no money and booked no transaction: no globalID, status REJECTED, and why.
const rejectedRefund = pix
  .omit({ globalID: true, status: true })
  .extend({ status: z.literal('REJECTED'), type: z.literal('REFUND'), partial: z.boolean() });
const refundSentRejected = refundSentConfirmed.extend({
  event: z.literal('PIX_TRANSACTION_REFUND_SENT_REJECTED'),
  refundTransaction: rejectedRefund,
  error: z.string(),
});
const refundReceivedRejected = refundReceivedConfirmed.extend({
  event: z.literal('PIX_TRANSACTION_REFUND_RECEIVED_REJECTED'),
  refundTransaction: rejectedRefund,
  account: refundSentConfirmed.shape.account.extend({ status: z.literal('CLOSED') }),
  error: z.string(),
});
// Deprecated, still registered (pretix) and dispatched (the Node SDK): `pix` is the refund (remote-api-notes §3.2).
const transactionRefundReceived = transactionReceived.extend({
  event: z.literal('OPENPIX:TRANSACTION_REFUND_RECEIVED'),
  pix: pix.extend({ type: z.literal('REFUND'), partial: z.boolean(), pixKey: z.string() }),
  refunds: z
    .array(
      z.looseObject({ value: z.number().int(), status: z.string(), correlationID: z.string(), endToEndId: z.string() }),
    )
    .min(1),
});
const movementTransaction = z.strictObject({
  value: z.number(),
  endToEndId: z.string(),
  time: z.string(),
  providerRejectedReason: z.string().optional(),
});
const movementConfirmed = z.strictObject({
  event: z.literal('OPENPIX:MOVEMENT_CONFIRMED'),
  payment: z.strictObject({
    value: z.number(),
    status: z.literal('CONFIRMED'),
    destinationAlias: z.string(),
    comment: z.string(),
    correlationID: z.string(),
  }),
  transaction: movementTransaction,
});
const movementFailed = z.strictObject({
  event: z.literal('OPENPIX:MOVEMENT_FAILED'),
  payment: z.strictObject({ value: z.number(), status: z.literal('FAILED'), correlationID: z.string() }),
  transaction: movementTransaction,
  error: z.strictObject({ code: z.string(), description: z.string() }),
});

describe('webhooks: payloads', () => {
  let h: Harness;
  let receiver: Receiver;
  let dispatcher: WebhookDispatcher;

  beforeEach(async () => {
    h = await createHarness('engine');
    receiver = await startReceiver();
    dispatcher = new WebhookDispatcher({ db: h.engine.db, clock: h.clock, timeoutMs: 1_000 });
  });
  afterEach(async () => {
    await dispatcher.stop();
    await receiver.close();
    await h.close();
  });

  /** Subscribes, and lets each webhook's test ping go first: the tests below see only the events they cause. */
  async function listen(...events: string[]) {
    await listenAs(h.appId, ...events);
  }

  async function listenAs(appId: string, ...events: string[]) {
    for (const event of events) {
      const reply = await h.client.request(
        'createWebhook',
        { body: { webhook: { name: event, event, url: `${receiver.url}/${encodeURIComponent(event)}` } } },
        { appId },
      );
      expect(reply.status).toBe(200);
    }
    await dispatcher.drain();
    // Sent concurrently: in any order.
    const pings = receiver.received.map((r) => JSON.parse(r.body)).sort((a, b) => a.event.localeCompare(b.event));
    expect(pings).toEqual(
      [...events].sort().map((event) => ({ data_criacao: expect.any(String), evento: 'teste_webhook', event })),
    );
    receiver.received.splice(0);
  }

  async function delivered(): Promise<any[]> {
    await dispatcher.drain();
    return receiver.received.map((r) => JSON.parse(r.body));
  }

  it('charge created, completed, completed by another payer, expired; transaction received; refund sent confirmed', async () => {
    await listen(
      'OPENPIX:CHARGE_CREATED',
      'OPENPIX:CHARGE_COMPLETED',
      'OPENPIX:CHARGE_COMPLETED_NOT_SAME_CUSTOMER_PAYER',
      'OPENPIX:CHARGE_EXPIRED',
      'OPENPIX:TRANSACTION_RECEIVED',
      'PIX_TRANSACTION_REFUND_SENT_CONFIRMED',
      'OPENPIX:TRANSACTION_REFUND_RECEIVED',
    );
    const customer = { name: 'Ana Cliente', taxID: CUSTOMER_CPF };
    const { charge: paidByHer } = await h.ok('createCharge', {
      body: { correlationID: 'dela', value: 1000, customer },
    });
    const { charge: paidByAnother } = await h.ok('createCharge', {
      body: { correlationID: 'outro', value: 2000, customer },
    });
    await h.ok('createCharge', { body: { correlationID: 'expira', value: 300, expiresIn: 300 } });
    await h.ok('sandboxPayBrCode', {
      body: { brCode: paidByHer.brCode, payer: { name: 'Ana Cliente', taxID: CUSTOMER_CPF } },
    });
    await h.ok('sandboxPayBrCode', {
      body: { brCode: paidByAnother.brCode, payer: { name: 'Bruno Pagador', taxID: OTHER_CPF } },
    });
    await h.ok('createChargeRefund', { params: { id: 'dela' }, body: { correlationID: 'devolve', value: 400 } });
    h.clock.advance(301_000);
    await h.ok('listCharges'); // the sweep settles the refund and expires the third charge

    const bodies = await delivered();
    const of = (event: string) => bodies.filter((b) => b.event === event);
    expect(of('OPENPIX:CHARGE_CREATED')).toHaveLength(3);
    for (const body of of('OPENPIX:CHARGE_CREATED')) chargeCreated.parse(body);
    expect(of('OPENPIX:CHARGE_COMPLETED').map((b) => b.charge.correlationID)).toEqual(['dela', 'outro']);
    for (const body of of('OPENPIX:CHARGE_COMPLETED')) chargePaid('OPENPIX:CHARGE_COMPLETED').parse(body);
    // Only the charge paid by someone else than its customer.
    const notSame = of('OPENPIX:CHARGE_COMPLETED_NOT_SAME_CUSTOMER_PAYER');
    expect(notSame.map((b) => b.charge.correlationID)).toEqual(['outro']);
    chargePaid('OPENPIX:CHARGE_COMPLETED_NOT_SAME_CUSTOMER_PAYER').parse(notSame[0]);
    expect(notSame[0].charge.payer.taxID.taxID).toBe(OTHER_CPF);
    expect(notSame[0].charge.customer.taxID.taxID).toBe(CUSTOMER_CPF);
    expect(notSame[0].pix.debitParty.holder).toEqual({
      name: 'Bruno Pagador',
      taxID: { taxID: OTHER_CPF, type: 'BR:CPF' },
    });
    expect(of('OPENPIX:CHARGE_EXPIRED').map((b) => chargeExpired.parse(b).charge.correlationID)).toEqual(['expira']);
    const received = of('OPENPIX:TRANSACTION_RECEIVED');
    expect(received).toHaveLength(2);
    for (const body of received) transactionReceived.parse(body);
    const tenant = h.engine.tenancy.resolveTenant(h.appId)!;
    expect(received[0].company).toEqual({
      id: tenant.company.id,
      name: tenant.company.official_name,
      taxID: tenant.company.tax_id,
    });
    expect(received[0].account).toMatchObject({
      accountId: tenant.account.id,
      branch: tenant.account.branch,
      account: tenant.account.account,
    });
    expect(received[0].pix.creditParty.holder.name).toBe(tenant.company.official_name);
    const [refund] = of('PIX_TRANSACTION_REFUND_SENT_CONFIRMED');
    refundSentConfirmed.parse(refund);
    expect(refund.refundTransaction).toMatchObject({ value: 400, partial: true });
    expect(refund.originalTransaction.endToEndId).toBe(received[0].pix.endToEndId);
    // The refund goes back to the payer: our account is debited.
    expect(refund.refundTransaction.creditParty.holder.name).toBe('Ana Cliente');
    expect(refund.company.id).toBe(tenant.company.id);

    // The deprecated name of the same refund: TRANSACTION_RECEIVED's shape, with the refund as `pix`.
    const [refundReceived] = of('OPENPIX:TRANSACTION_REFUND_RECEIVED');
    transactionRefundReceived.parse(refundReceived);
    expect(of('OPENPIX:TRANSACTION_REFUND_RECEIVED')).toHaveLength(1);
    expect(refundReceived.pix).toMatchObject({
      globalID: refund.refundTransaction.globalID,
      endToEndId: refund.refundTransaction.endToEndId,
      value: 400,
      partial: true,
      type: 'REFUND',
      pixKey: received[0].pix.pixKey,
    });
    expect(refundReceived.pix.endToEndId).toMatch(/^D/);
    expect(refundReceived.charge).toMatchObject({
      correlationID: 'dela',
      status: 'COMPLETED',
      paymentLinkUrl: expect.any(String),
      brCode: paidByHer.brCode,
    });
    expect(refundReceived.company).toEqual(received[0].company);
    expect(refundReceived.account).toEqual(received[0].account);
    expect(refundReceived.refunds).toEqual([
      expect.objectContaining({
        correlationID: 'devolve',
        value: 400,
        status: 'CONFIRMED',
        endToEndId: refundReceived.pix.endToEndId,
      }),
    ]);
  });

  it('static QR code payment received, movement confirmed and failed', async () => {
    await listen('OPENPIX:TRANSACTION_RECEIVED', 'OPENPIX:MOVEMENT_CONFIRMED', 'OPENPIX:MOVEMENT_FAILED');
    const { pixQrCode } = await h.ok('createPixQrCode', { body: { name: 'Fundos', value: 10_000 } });
    await h.ok('sandboxPayBrCode', { body: { brCode: pixQrCode.brCode } });
    await h.ok('createPayment', {
      body: {
        type: 'PIX_KEY',
        correlationID: 'sai-1',
        value: 500,
        destinationAlias: h.other.pixKey,
        destinationAliasType: 'RANDOM',
        comment: 'aluguel',
        autoApprove: true,
      },
    });
    await h.ok('createPayment', {
      body: {
        type: 'MANUAL',
        correlationID: 'sai-2',
        value: 100,
        psp: { id: '00000000', name: 'BCO DO BRASIL S.A.' },
        holder: { name: 'Fulano de Tal', taxID: { taxID: CUSTOMER_CPF, type: 'BR:CPF' } },
        account: { account: '1010107', branch: '0001', accountType: 'TRAN' },
        autoApprove: true,
      },
    });
    h.clock.advance(2_001);
    await h.ok('listPayments');

    const bodies = await delivered();
    const received = transactionReceived.parse(bodies.find((b) => b.event === 'OPENPIX:TRANSACTION_RECEIVED'));
    expect(received.charge).toBeNull();
    expect(received.pixQrCode).toMatchObject({ identifier: pixQrCode.identifier });
    const confirmed = movementConfirmed.parse(bodies.find((b) => b.event === 'OPENPIX:MOVEMENT_CONFIRMED'));
    expect(confirmed.payment).toEqual({
      value: 500,
      status: 'CONFIRMED',
      destinationAlias: h.other.pixKey,
      comment: 'aluguel',
      correlationID: 'sai-1',
    });
    const failed = movementFailed.parse(bodies.find((b) => b.event === 'OPENPIX:MOVEMENT_FAILED'));
    expect(failed.error).toEqual({ code: 'AM12', description: 'AM12 - Valor inválido' });
    expect(failed.transaction.providerRejectedReason).toBe('AM12 - Valor inválido');
    expect(bodies.map((b) => b.event).sort()).toEqual([
      'OPENPIX:MOVEMENT_CONFIRMED',
      'OPENPIX:MOVEMENT_FAILED',
      'OPENPIX:TRANSACTION_RECEIVED',
    ]);
    // The internal events of the same flows (PAYMENT_CREATED, PAYMENT_APPROVED) were written, and never queued.
    const internal = h.engine.db
      .prepare("SELECT COUNT(*) AS n FROM events WHERE name IN ('PAYMENT_CREATED', 'PAYMENT_APPROVED')")
      .get() as { n: number };
    expect(internal.n).toBe(4);
    expect(
      h.engine.db
        .prepare("SELECT DISTINCT name FROM webhook_events WHERE name <> 'teste_webhook' ORDER BY name")
        .all()
        .map((r: any) => r.name),
    ).toEqual(['OPENPIX:MOVEMENT_CONFIRMED', 'OPENPIX:MOVEMENT_FAILED', 'OPENPIX:TRANSACTION_RECEIVED']);
  });

  it('refunds of a Pix sent inside the service: received confirmed for the payer; sent and received rejected when its account is closed', async () => {
    // The payer pays from a second account, the receiver (the main company) refunds twice: once
    // while that account is open, once after it is closed.
    const payer = createSandboxCompany(h.engine.db, h.clock.now(), {
      officialName: 'Pagadora LTDA',
      tradeName: 'Pagadora',
      features: ['BANK_ACCOUNT'],
    });
    const as = async (appId: string, op: Parameters<Harness['ok']>[0], request: object = {}) => {
      const reply = (await h.client.request(op, request, { appId })) as any;
      expect(reply.status, `${op}: ${JSON.stringify(reply.body)}`).toBe(200);
      return reply.body;
    };
    await listenAs(
      payer.appId,
      'PIX_TRANSACTION_REFUND_RECEIVED_CONFIRMED',
      'PIX_TRANSACTION_REFUND_RECEIVED_REJECTED',
    );
    await listen('PIX_TRANSACTION_REFUND_SENT_CONFIRMED', 'PIX_TRANSACTION_REFUND_SENT_REJECTED');
    const branch = (await as(payer.appId, 'duplicateAccount')).account;
    const { pixQrCode } = await as(payer.appId, 'createPixQrCode', { body: { name: 'Fundos', value: 2_000 } });
    await as(payer.appId, 'sandboxPayBrCode', { body: { brCode: pixQrCode.brCode } });
    await as(payer.appId, 'createPayment', {
      body: {
        type: 'MANUAL',
        correlationID: 'filial',
        value: 1_000,
        psp: { id: '54811417', name: 'BALCAO SANDBOX IP' },
        holder: { name: 'Pagadora LTDA', taxID: { taxID: branch.taxId, type: 'BR:CNPJ' } },
        account: { account: branch.account, branch: branch.branch, accountType: 'TRAN' },
        autoApprove: true,
      },
    });
    h.clock.advance(2_001);
    await as(payer.appId, 'createPayment', {
      body: {
        type: 'PIX_KEY',
        correlationID: 'sai',
        value: 1_000,
        destinationAlias: h.pixKey,
        destinationAliasType: 'RANDOM',
        sourceAccountId: branch.accountId,
        autoApprove: true,
      },
    });
    h.clock.advance(2_001);
    const [received] = (await h.ok('listTransactions', { query: { type: 'PAYMENT' } })).transactions;
    await h.ok('createRefund', {
      body: { transactionEndToEndId: received.endToEndId, correlationID: 'r1', value: 1_000 },
    });
    h.clock.advance(2_001);
    await h.ok('listRefunds');
    // What came back goes out again, and the emptied account is closed; the next refund finds it closed.
    await as(payer.appId, 'createPayment', {
      body: {
        type: 'PIX_KEY',
        correlationID: 'sai-2',
        value: 1_000,
        destinationAlias: h.pixKey,
        destinationAliasType: 'RANDOM',
        sourceAccountId: branch.accountId,
        autoApprove: true,
      },
    });
    h.clock.advance(2_001);
    const second = (await h.ok('listTransactions', { query: { type: 'PAYMENT' } })).transactions[0];
    expect(second.endToEndId).not.toBe(received.endToEndId);
    await as(payer.appId, 'closeAccount', { params: { accountId: branch.accountId } });
    await h.ok('createRefund', { body: { transactionEndToEndId: second.endToEndId, correlationID: 'r2', value: 300 } });
    h.clock.advance(2_001);
    await h.ok('listRefunds');

    const bodies = await delivered();
    const of = (event: string) => bodies.filter((b) => b.event === event);
    const [back] = of('PIX_TRANSACTION_REFUND_RECEIVED_CONFIRMED');
    refundReceivedConfirmed.parse(back);
    expect(back.company).toMatchObject({ id: payer.companyId, name: 'Pagadora LTDA' });
    expect(back.account).toMatchObject({ id: branch.accountId, status: 'ACTIVE' });
    expect(back.refundTransaction).toMatchObject({ value: 1_000, partial: false });
    expect(back.refundTransaction.creditParty.holder.name).toBe('Pagadora LTDA');
    expect(back.refundTransaction.debitParty.holder.name).toBe('Balcão Sandbox Comércio LTDA');
    refundSentConfirmed.parse(of('PIX_TRANSACTION_REFUND_SENT_CONFIRMED')[0]);

    const [sentRejected] = of('PIX_TRANSACTION_REFUND_SENT_REJECTED');
    refundSentRejected.parse(sentRejected);
    expect(sentRejected).toMatchObject({
      error: 'AC07 - Conta do recebedor encerrada',
      refundTransaction: { value: 300, partial: true },
    });
    expect(sentRejected.originalTransaction.endToEndId).toBe(second.endToEndId);
    // Still the money's way back: from the receiver to the payer, although it never moved.
    expect(sentRejected.refundTransaction.creditParty.holder.name).toBe('Pagadora LTDA');
    const [receivedRejected] = of('PIX_TRANSACTION_REFUND_RECEIVED_REJECTED');
    refundReceivedRejected.parse(receivedRejected);
    expect(receivedRejected.account).toMatchObject({ id: branch.accountId, status: 'CLOSED' });
    expect(receivedRejected.refundTransaction.endToEndId).toBe(sentRejected.refundTransaction.endToEndId);
    expect(bodies.map((b) => b.event).sort()).toEqual([
      'PIX_TRANSACTION_REFUND_RECEIVED_CONFIRMED',
      'PIX_TRANSACTION_REFUND_RECEIVED_REJECTED',
      'PIX_TRANSACTION_REFUND_SENT_CONFIRMED',
      'PIX_TRANSACTION_REFUND_SENT_REJECTED',
    ]);
  });

  it('delivers the dispute and account register events other modules emit in public shape as they are, with `event`', async () => {
    await listen('OPENPIX:DISPUTE_CREATED', 'ACCOUNT_REGISTER_PENDING');
    const tenant = h.engine.tenancy.resolveTenant(h.appId)!;
    const dispute = {
      status: 'IN_REVIEW',
      endToEndId: 'E00000000202611221500abcdefghijk',
      name: 'Ana',
      email: 'ana@example.com',
      phoneNumber: '+5511999999999',
      value: 100,
      disputeReason: 'MED',
      id: 'd1',
    };
    const accountRegister = {
      officialName: 'Loja LTDA',
      taxID: { taxID: '11222333000181', type: 'BR:CNPJ' },
      status: 'PENDING',
      correlationID: 'kyc-1',
    };
    const account = {
      status: 'ACTIVE',
      accountId: tenant.account.id,
      account: tenant.account.account,
      branch: tenant.account.branch,
    };
    const outbox = new Outbox(h.engine.db, h.engine.config);
    h.engine.db.transaction(() => {
      outbox.write(tenant.company.id, 'OPENPIX:DISPUTE_CREATED', { dispute }, h.clock.now());
      outbox.write(tenant.company.id, 'ACCOUNT_REGISTER_PENDING', { accountRegister, account }, h.clock.now());
      // Internal names are never delivered, even when their payload looks public.
      outbox.write(tenant.company.id, 'DISPUTE_EVIDENCE_ADDED', { dispute }, h.clock.now());
    })();
    expect(await delivered()).toEqual([
      { event: 'OPENPIX:DISPUTE_CREATED', dispute },
      { event: 'ACCOUNT_REGISTER_PENDING', accountRegister, account },
    ]);
  });
});
