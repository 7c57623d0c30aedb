// `pageInfo.totalCount` on every list (issue 25). The PHP, Java and Ruby SDKs page with it, and the
// Java/Kotlin SDK's PageInfo fails to decode unless skip, limit, totalCount, hasPreviousPage and
// hasNextPage are all there (woovibr/java-sdk, src/main/kotlin/PageInfo.kt). totalCount is every
// row the list's filters match, whatever the page: kept by triggers for charges and transactions
// (migration 016), counted for the others; both are checked here against what paging through the
// whole list finds.
import { expect, it } from 'vitest';
import type { OperationName } from '#service/engine/operations';
import type { ServiceRequest } from '#shared/service/service-api';
import { describeContract, type Harness } from '#test/support/harness';

const CPF = '12345678909';

/** Every item of a list, read page by page with `limit`; each page's totalCount must be the same. */
async function pageThrough(
  h: Harness,
  op: OperationName,
  itemsKey: string,
  query: Record<string, string>,
  limit = 2,
  appId?: string,
) {
  const items: unknown[] = [];
  const totals = new Set<number>();
  for (let skip = 0; ; skip += limit) {
    const request: ServiceRequest = { query: { ...query, skip: String(skip), limit: String(limit) } };
    const reply = await h.client.request(op, request, { appId });
    if (reply.status !== 200 || !('body' in reply)) throw new Error(`${op} answered ${reply.status}`);
    const body = reply.body as Record<string, any>;
    expect(Object.keys(body.pageInfo).sort()).toEqual([
      'hasNextPage',
      'hasPreviousPage',
      'limit',
      'skip',
      'totalCount',
    ]);
    totals.add(body.pageInfo.totalCount);
    items.push(...body[itemsKey]);
    if (!body.pageInfo.hasNextPage) break;
  }
  expect([...totals]).toEqual([items.length]);
  return items.length;
}

async function totalOf(
  h: Harness,
  op: OperationName,
  query: Record<string, string> = {},
  appId?: string,
): Promise<number> {
  const reply = await h.client.request(op, { query }, { appId });
  if (reply.status !== 200 || !('body' in reply)) throw new Error(`${op} answered ${reply.status}`);
  return (reply.body as any).pageInfo.totalCount;
}

describeContract('pageInfo.totalCount', (h) => {
  it('counts the charges every filter matches, on every page, past the end, and through status changes', async () => {
    await h().ok('createCustomer', { body: { name: 'Cliente', taxID: CPF, correlationID: 'cli' } });
    for (let i = 0; i < 7; i++) {
      h().clock.advance(60_000);
      const customer = i % 3 === 0 ? { customer: { name: 'Cliente', taxID: CPF, correlationID: 'cli' } } : {};
      await h().ok('createCharge', {
        body: { correlationID: `c${i}`, value: 100 + i, expiresIn: i < 2 ? 3_600 : 86_400, ...customer },
      });
    }
    // Another company's charges never count.
    for (let i = 0; i < 3; i++) {
      await h().client.request(
        'createCharge',
        { body: { correlationID: `theirs-${i}`, value: 5 } },
        { appId: h().other.appId },
      );
    }
    expect(await pageThrough(h(), 'listCharges', 'charges', {})).toBe(7);
    expect(await pageThrough(h(), 'listCharges', 'charges', { status: 'ACTIVE' })).toBe(7);
    expect(await pageThrough(h(), 'listCharges', 'charges', { customer: 'cli' })).toBe(3);
    expect(
      await pageThrough(h(), 'listCharges', 'charges', { start: '2026-11-22T15:02:00Z', end: '2026-11-22T15:05:00Z' }),
    ).toBe(4);
    expect(await pageThrough(h(), 'listCharges', 'charges', {}, 2, h().other.appId)).toBe(3);
    // A page past the end cannot tell the total from its own rows: it is counted.
    expect((await h().ok('listCharges', { query: { skip: '50', limit: '5' } })).pageInfo).toEqual({
      skip: 50,
      limit: 5,
      totalCount: 7,
      hasPreviousPage: true,
      hasNextPage: false,
    });
    expect(await totalOf(h(), 'listCharges', { customer: 'nobody', skip: '3' })).toBe(0);

    // Status changes move a charge between the counts: paid, expired, deleted.
    await h().ok('sandboxPay', { query: { transactionID: 'c6' } });
    h().clock.advance(2 * 3_600_000); // c0 and c1 (an hour) expire
    await h().ok('deleteCharge', { params: { id: 'c5' } });
    expect(await pageThrough(h(), 'listCharges', 'charges', { status: 'ACTIVE' })).toBe(3);
    expect(await pageThrough(h(), 'listCharges', 'charges', { status: 'COMPLETED' })).toBe(1);
    expect(await pageThrough(h(), 'listCharges', 'charges', { status: 'EXPIRED' })).toBe(2);
    expect(await pageThrough(h(), 'listCharges', 'charges', {})).toBe(6);
    expect(await pageThrough(h(), 'listCharges', 'charges', { status: 'EXPIRED', customer: 'cli' })).toBe(1);
  });

  it('counts transactions by type and by the other filters', async () => {
    for (let i = 0; i < 3; i++) {
      h().clock.advance(1_000);
      await h().ok('createCharge', { body: { correlationID: `t${i}`, value: 1_000 + i } });
      await h().ok('sandboxPay', { query: { transactionID: `t${i}` } });
    }
    const qr = (await h().ok('createPixQrCode', { body: { name: 'Caixa', identifier: 'caixa1' } })).pixQrCode;
    await h().ok('sandboxPay', { query: { identifier: qr.identifier, value: '700' } });
    const paid = (await h().ok('getCharge', { params: { id: 't1' } })).charge;
    const e2e = (await h().ok('listTransactions', { query: { charge: 't1' } })).transactions[0].endToEndId;
    await h().ok('createRefund', { body: { transactionEndToEndId: e2e, correlationID: 'r1', value: 10 } });

    expect(paid.status).toBe('COMPLETED');
    h().clock.advance(5_000); // the refund settles
    const all = await pageThrough(h(), 'listTransactions', 'transactions', {});
    expect(all).toBeGreaterThanOrEqual(4);
    expect(await pageThrough(h(), 'listTransactions', 'transactions', { type: 'PAYMENT' })).toBe(4);
    expect(await pageThrough(h(), 'listTransactions', 'transactions', { charge: 't1' })).toBe(
      await pageThrough(h(), 'listTransactions', 'transactions', { charge: paid.globalID }),
    );
    expect(await pageThrough(h(), 'listTransactions', 'transactions', { pixQrCode: qr.id })).toBe(1);
    expect(await totalOf(h(), 'listTransactions', { charge: 'unknown' })).toBe(0);
    expect(await totalOf(h(), 'listTransactions', {}, h().other.appId)).toBe(0);
  });

  it('is on every other list too, equal to what paging through it finds', async () => {
    for (let i = 0; i < 3; i++) {
      h().clock.advance(1_000);
      await h().ok('createCustomer', { body: { name: `Cliente ${i}`, email: `c${i}@example.com` } });
      await h().ok('createPixQrCode', { body: { name: `qr${i}` } });
      await h().ok('createWebhook', {
        body: {
          webhook: {
            name: `w${i}`,
            event: 'OPENPIX:CHARGE_CREATED',
            url: `https://example.com/h${i}`,
            isActive: false,
          },
        },
      });
    }
    await h().ok('createCharge', { body: { correlationID: 'paga', value: 5_000 } });
    await h().ok('sandboxPay', { query: { transactionID: 'paga' } });
    for (let i = 0; i < 3; i++)
      await h().ok('createChargeRefund', { params: { id: 'paga' }, body: { correlationID: `cr${i}`, value: 10 } });

    expect(await pageThrough(h(), 'listCustomers', 'customers', {})).toBe(3);
    expect(await pageThrough(h(), 'listPixQrCodes', 'pixQrCodes', {})).toBe(3);
    expect(await pageThrough(h(), 'listWebhooks', 'webhooks', {})).toBe(3);
    expect(await pageThrough(h(), 'listWebhooks', 'webhooks', { url: 'https://example.com/h1' })).toBe(1);
    expect(await pageThrough(h(), 'listRefunds', 'refunds', {})).toBe(3);
    expect(await pageThrough(h(), 'listAccounts', 'accounts', {})).toBe(1);
    expect(await pageThrough(h(), 'listSubscriptions', 'subscriptions', {})).toBe(0);
    expect(await pageThrough(h(), 'listPayments', 'payments', {})).toBe(0);
    expect(await pageThrough(h(), 'listDisputes', 'disputes', {})).toBe(0);
    const byCharge = await h().ok('listChargeRefunds', { params: { id: 'paga' }, query: { limit: '2' } });
    expect(byCharge.pageInfo).toEqual({ skip: 0, limit: 2, totalCount: 3, hasPreviousPage: false, hasNextPage: true });
    // A deleted static QR code leaves the list and its count.
    const first = (await h().ok('listPixQrCodes')).pixQrCodes[0];
    await h().ok('deletePixQrCode', { params: { id: first.id } });
    expect(await pageThrough(h(), 'listPixQrCodes', 'pixQrCodes', {})).toBe(2);
    // Another company sees none of them.
    for (const op of ['listCustomers', 'listPixQrCodes', 'listWebhooks', 'listRefunds'] as const) {
      expect(await totalOf(h(), op, {}, h().other.appId), op).toBe(0);
    }
  });
});
