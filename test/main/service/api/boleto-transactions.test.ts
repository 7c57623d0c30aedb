// Boleto transactions (GET /api/v1/boleto-transaction and /{boletoTransactionID}, issue 37): read
// from what the sandbox already keeps. A BOLETO charge paid through the simulator is a BOLETO_IN
// (CONFIRMED, settled at once, with its charge's value, status, barcode and line); a BOLETO payment
// is a BOLETO_OUT whose status follows the payment's (CREATED, PROCESSING once approved,
// CONFIRMED once settled). Filters, paging (422 past skip 10000), bad input, tenancy, and the
// answers against the published schema under --strict and the derived one by default.
import { describe, expect, it } from 'vitest';
import type { SandboxService } from '#service/index';
import { describeContract, type Harness } from '#test/support/harness';
import { useConformanceServers } from '#test/support/conformance-servers';

const ITAU_BOLETO = '34195148200000003001095517077320772982609000';

async function fund(h: Harness, cents: number): Promise<void> {
  const { pixQrCode } = await h.ok('createPixQrCode', { body: { name: 'Fundos', value: cents } });
  await h.ok('sandboxPayBrCode', { body: { brCode: pixQrCode.brCode } });
}

/** A BOLETO charge of `value`, paid through the sandbox's simulator. */
async function paidBoleto(h: Harness, correlationID: string, value: number) {
  const { charge } = await h.ok('createCharge', { body: { correlationID, value, type: 'BOLETO' } });
  const paid = await h.ok('sandboxPay', { query: { transactionID: charge.transactionID } });
  return { charge, transaction: paid.transaction };
}

const list = (h: Harness, query: Record<string, string> = {}, appId = h.appId) =>
  h.client.request('listBoletoTransactions', { query }, { appId });

describeContract('boleto transactions', (h) => {
  it('a paid BOLETO charge is a BOLETO_IN, a BOLETO payment a BOLETO_OUT that follows the payment', async () => {
    const { charge } = await paidBoleto(h(), 'boleto-1', 12_990);
    // A Pix charge paid is no boleto transaction.
    const { charge: pix } = await h().ok('createCharge', { body: { correlationID: 'pix-1', value: 500 } });
    await h().ok('sandboxPay', { query: { transactionID: pix.transactionID } });
    // An unpaid BOLETO charge neither.
    await h().ok('createCharge', { body: { correlationID: 'boleto-aberto', value: 700, type: 'BOLETO' } });

    h().clock.advance(60_000);
    await fund(h(), 1_000);
    await h().ok('createPayment', { body: { type: 'BOLETO', correlationID: 'pago', boletoBarcode: ITAU_BOLETO } });

    const first = await list(h());
    expect(first.status).toBe(200);
    const body = (first as any).body;
    expect(body.status).toBe('OK');
    expect(body.pageInfo).toMatchObject({
      skip: 0,
      limit: 100,
      hasPreviousPage: false,
      hasNextPage: false,
      totalCount: 2,
    });
    const [out, inn] = body.boletoTransactions;
    expect(out).toEqual({
      boletoTransactionID: expect.stringMatching(/^btx_/),
      type: 'BOLETO_OUT',
      status: 'CREATED',
      value: 300,
      fee: 0,
      createdAt: '2026-11-22T15:01:00.000Z',
    });
    const boleto = charge.paymentMethods.boleto;
    expect(inn).toEqual({
      boletoTransactionID: expect.stringMatching(/^btx_[0-9a-f]{24,32}$/),
      type: 'BOLETO_IN',
      status: 'CONFIRMED',
      value: 12_990,
      fee: 0,
      createdAt: '2026-11-22T15:00:00.000Z',
      settledAt: '2026-11-22T15:00:00.000Z',
      charge: {
        value: 12_990,
        status: 'COMPLETED',
        boletoBarcode: boleto.boletoBarcode,
        boletoDigitable: boleto.boletoDigitable,
      },
    });

    // The get answers the same item by its id.
    for (const item of [out, inn]) {
      expect(
        await h().client.request('getBoletoTransaction', { params: { boletoTransactionID: item.boletoTransactionID } }),
      ).toEqual({ status: 200, body: { boletoTransaction: item } });
    }

    // Approved: PROCESSING; settled: CONFIRMED (the payment's own states, read again).
    await h().ok('approvePayment', { body: { correlationID: 'pago' } });
    const processing = await h().client.request('getBoletoTransaction', {
      params: { boletoTransactionID: out.boletoTransactionID },
    });
    expect(processing).toMatchObject({ status: 200, body: { boletoTransaction: { status: 'PROCESSING' } } });
    h().clock.advance(2_001);
    await h().ok('listPayments');
    expect(
      await h().client.request('getBoletoTransaction', { params: { boletoTransactionID: out.boletoTransactionID } }),
    ).toMatchObject({ status: 200, body: { boletoTransaction: { status: 'CONFIRMED', value: 300 } } });
    // A settled BOLETO_OUT still carries no settledAt (the document: "a BOLETO_OUT never carries it").
    const again = (await list(h(), { type: 'BOLETO_OUT' })) as any;
    expect(again.body.boletoTransactions).toHaveLength(1);
    expect(again.body.boletoTransactions[0]).not.toHaveProperty('settledAt');
  });

  it('filters by type, status, creation and settlement dates, and pages', async () => {
    await paidBoleto(h(), 'b1', 1_000); // 15:00
    h().clock.advance(3_600_000);
    await paidBoleto(h(), 'b2', 2_000); // 16:00
    h().clock.advance(3_600_000);
    await fund(h(), 1_000);
    await h().ok('createPayment', { body: { type: 'BOLETO', correlationID: 'out', boletoBarcode: ITAU_BOLETO } }); // 17:00

    const values = async (query: Record<string, string>) =>
      ((await list(h(), query)) as any).body.boletoTransactions.map((t: any) => `${t.type}:${t.value}`);
    expect(await values({})).toEqual(['BOLETO_OUT:300', 'BOLETO_IN:2000', 'BOLETO_IN:1000']);
    expect(await values({ type: 'BOLETO_IN' })).toEqual(['BOLETO_IN:2000', 'BOLETO_IN:1000']);
    expect(await values({ status: 'CREATED' })).toEqual(['BOLETO_OUT:300']);
    expect(await values({ status: 'REJECTED' })).toEqual([]);
    expect(await values({ start: '2026-11-22T15:30:00Z' })).toEqual(['BOLETO_OUT:300', 'BOLETO_IN:2000']);
    expect(await values({ end: '2026-11-22T16:00:00Z' })).toEqual(['BOLETO_IN:2000', 'BOLETO_IN:1000']);
    // Settled filters: only settled BOLETO_IN (a BOLETO_OUT has no settlement date).
    expect(await values({ settledStart: '2026-11-22T13:00:00-02:00' })).toEqual(['BOLETO_IN:2000', 'BOLETO_IN:1000']);
    expect(await values({ settledEnd: '2026-11-22T15:59:59Z' })).toEqual(['BOLETO_IN:1000']);

    const page = (await list(h(), { limit: '1', skip: '1' })) as any;
    expect(page.body.pageInfo).toMatchObject({
      skip: 1,
      limit: 1,
      hasPreviousPage: true,
      hasNextPage: true,
      totalCount: 3,
    });
    expect(page.body.boletoTransactions.map((t: any) => t.value)).toEqual([2_000]);
    expect(((await list(h(), { skip: '10000' })) as any).body.boletoTransactions).toEqual([]);
  });

  it('refuses bad filters with 400 and a skip past 10000 with 422', async () => {
    const cases: [Record<string, string>, number, string][] = [
      [{ type: 'PIX' }, 400, 'type must be one of BOLETO_IN, BOLETO_OUT'],
      [{ status: 'PAID' }, 400, 'status must be one of'],
      [{ start: 'ontem' }, 400, 'start'],
      [{ settledEnd: '2026-13-45T00:00:00Z' }, 400, 'settledEnd'],
      [{ limit: '0' }, 400, 'limit'],
      [{ limit: '101' }, 400, 'limit'],
      [{ skip: '-1' }, 400, 'skip'],
      [{ skip: '10001' }, 422, 'skip cannot exceed 10000'],
    ];
    for (const [query, status, message] of cases) {
      const reply = await list(h(), query);
      expect(reply, JSON.stringify(query)).toMatchObject({ status, body: { error: expect.stringContaining(message) } });
    }
    for (const id of ['btx_nada', 'nada', 'btx_']) {
      expect(await h().client.request('getBoletoTransaction', { params: { boletoTransactionID: id } })).toEqual({
        status: 404,
        body: { error: 'Boleto transaction not found' },
      });
    }
  });

  it('another company never sees them: an empty list, and its id answers like an unknown one', async () => {
    await paidBoleto(h(), 'meu', 4_000);
    const mine = ((await list(h())) as any).body.boletoTransactions[0];
    const theirs = (await list(h(), {}, h().other.appId)) as any;
    expect(theirs.body.boletoTransactions).toEqual([]);
    expect(theirs.body.pageInfo.totalCount).toBe(0);
    expect(
      await h().client.request(
        'getBoletoTransaction',
        { params: { boletoTransactionID: mine.boletoTransactionID } },
        { appId: h().other.appId },
      ),
    ).toEqual({ status: 404, body: { error: 'Boleto transaction not found' } });
    // Without the prefix, the bare transaction id names nothing either.
    expect(
      await h().client.request('getBoletoTransaction', {
        params: { boletoTransactionID: mine.boletoTransactionID.slice(4) },
      }),
    ).toMatchObject({ status: 404 });
  });
});

describe('boleto transactions conform: published schema under --strict, derived by default', () => {
  const servers = useConformanceServers({ strict: {} });
  const { call } = servers;

  /** The same world on either server: a paid BOLETO charge, a created and an approved BOLETO payment. */
  async function seed(service: SandboxService) {
    const { charge } = (
      await call(service, 'POST', '/api/v1/charge', { correlationID: 'b', value: 990, type: 'BOLETO' })
    ).body;
    // The simulator is not a published operation, so it is called on the engine itself.
    await service.engine.handle(service.appId, 'sandboxPay', { query: { transactionID: charge.transactionID } });
    const { pixQrCode } = (await call(service, 'POST', '/api/v1/qrcode-static', { name: 'Fundos', value: 5_000 })).body;
    await service.engine.handle(service.appId, 'sandboxPayBrCode', { body: { brCode: pixQrCode.brCode } });
    for (const [correlationID, autoApprove] of [
      ['o1', false],
      ['o2', true],
    ] as const) {
      const created = await call(service, 'POST', '/api/v1/payment', {
        type: 'BOLETO',
        correlationID,
        boletoBarcode: ITAU_BOLETO,
        autoApprove,
      });
      expect(created.status).toBe(200);
    }
  }

  async function answers(service: SandboxService) {
    const listed = await call(service, 'GET', '/api/v1/boleto-transaction');
    const ids = (listed.body.boletoTransactions as { boletoTransactionID: string }[]).map((t) => t.boletoTransactionID);
    expect(ids).toHaveLength(3);
    const replies = [
      { path: '/api/v1/boleto-transaction', ...listed },
      {
        path: '/api/v1/boleto-transaction',
        ...(await call(service, 'GET', '/api/v1/boleto-transaction?type=BOLETO_IN&limit=1')),
      },
      { path: '/api/v1/boleto-transaction', ...(await call(service, 'GET', '/api/v1/boleto-transaction?type=NOPE')) },
      { path: '/api/v1/boleto-transaction', ...(await call(service, 'GET', '/api/v1/boleto-transaction?skip=20000')) },
      {
        path: '/api/v1/boleto-transaction/{boletoTransactionID}',
        ...(await call(service, 'GET', '/api/v1/boleto-transaction/btx_x')),
      },
    ];
    for (const id of ids) {
      replies.push({
        path: '/api/v1/boleto-transaction/{boletoTransactionID}',
        ...(await call(service, 'GET', `/api/v1/boleto-transaction/${encodeURIComponent(id)}`)),
      });
    }
    expect(replies.map((r) => r.status)).toEqual([200, 200, 400, 422, 404, 200, 200, 200]);
    return replies;
  }

  it('every answer validates against the published document under --strict', async () => {
    await seed(servers.strict);
    for (const reply of await answers(servers.strict)) {
      const verdict = servers.conforms('strict', 'GET', reply.path, reply.status, reply.body);
      expect(verdict, `${reply.path} ${reply.status} ${JSON.stringify(reply.body)}`).toEqual({ kind: 'valid' });
    }
  });

  it('every answer validates against the derived document (GET /openapi.json) by default', async () => {
    await seed(servers.plain);
    const { derived } = servers;
    const parameters = derived.paths['/api/v1/boleto-transaction'].get.parameters as { name: string; schema: any }[];
    expect(parameters.map((p) => p.name).sort()).toEqual([
      'end',
      'limit',
      'settledEnd',
      'settledStart',
      'skip',
      'start',
      'status',
      'type',
    ]);
    expect(parameters.find((p) => p.name === 'type')!.schema.enum).toEqual(['BOLETO_IN', 'BOLETO_OUT']);
    for (const reply of await answers(servers.plain)) {
      const verdict = servers.conforms('plain', 'GET', reply.path, reply.status, reply.body);
      expect(verdict, `${reply.path} ${reply.status} ${JSON.stringify(reply.body)}`).toEqual({ kind: 'valid' });
    }
  });
});
