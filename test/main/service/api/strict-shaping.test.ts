// The strict server's shaping, in process (no child process): every answer of the operations
// below goes through the published document's schema, and each value the document types
// otherwise than the engine answers it is reported. The list of those mismatches is pinned, so
// a new one (an engine change, a new operation) is seen and decided on.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createSandboxService, type SandboxService } from '#service/index';
import { loadPublishedDocument, PublishedContract } from '#service/http/published-contract';
import { operationTable } from '#service/engine/operations';
import type { AnyOperation } from '#service/engine/operation';
import { UNDOCUMENTED_BUT_SERVED } from '#service/http/strict-mode';

type Mismatch = { operation: string; status: number; path: string; expected: string; actual: string; coerced: boolean };

describe('strict shaping against the published document', () => {
  const mismatches: Mismatch[] = [];
  const failures: string[] = [];
  let service: SandboxService;
  let appId: string;

  beforeAll(async () => {
    service = createSandboxService({
      dbPath: ':memory:',
      strict: { onMismatch: (mismatch) => mismatches.push(mismatch) },
      company: { features: ['BANK_ACCOUNT', 'MED_API', 'BAAS', 'KYC_ONBOARDING', 'PARTNER'] },
    });
    appId = service.appId;
    await service.listen(0);
  });
  afterAll(() => service.close());

  async function call(method: string, url: string, body?: unknown) {
    const reply = await service.app.inject({
      method: method as 'GET',
      url,
      headers: { authorization: appId, ...(body === undefined ? {} : { 'content-type': 'application/json' }) },
      payload: body === undefined ? undefined : JSON.stringify(body),
    });
    if (reply.statusCode >= 300) failures.push(`${method} ${url} ${reply.statusCode} ${reply.body}`);
    return {
      status: reply.statusCode,
      body: reply.headers['content-type']?.startsWith('application/json') ? reply.json() : reply.body,
    };
  }

  async function pay(brCode: string, value?: number) {
    const reply = await fetch(`${service.pixNetworkUrl}/pay`, {
      method: 'POST',
      headers: { authorization: appId, 'content-type': 'application/json' },
      body: JSON.stringify(value === undefined ? { brCode } : { brCode, value }),
    });
    expect(reply.status).toBe(200);
    return reply.json();
  }

  it('serves exactly the documented operations of ours, plus the named exceptions', () => {
    const contract = new PublishedContract(loadPublishedDocument());
    const exceptions = new Set(UNDOCUMENTED_BUT_SERVED.map((e) => `${e.method} ${e.path}`));
    const served: string[] = [];
    const refused: string[] = [];
    for (const declaration of Object.values(operationTable as Record<string, AnyOperation>)) {
      for (const path of declaration.paths) {
        const route = `${declaration.method} ${path}`;
        (contract.operation(declaration.method, path) || exceptions.has(route) ? served : refused).push(route);
      }
    }
    expect(served).toContain('GET /api/v1/dispute/:id');
    expect(served).toContain('POST /api/v1/dispute/:id/evidence'); // the document writes this one with ":id"
    expect(served).toContain('GET /api/v1/account/');
    expect(refused.sort()).toEqual(
      [
        'GET /api/v1/account',
        'GET /api/v1/account-register/:correlationID',
        'GET /api/v1/webhook/:id/deliveries',
        // A BOLETO charge's barcode image (paymentMethods.boleto.barcodeImage): a sandbox extension.
        'GET /openpix/charge/boleto/barcode/:id.png',
        'GET /svc/charge/brcode/image/:id.png',
        'POST /api/v1/pix-keys/:pixKey/default',
        'POST /api/v1/webhook/:id/replay',
        // The sandbox's stand-ins for what happens outside the API: a beneficiary asking for an
        // advance, a payer's bank answering a Pix Automático cobr.
        'POST /openpix/testing/anticipation',
        'POST /openpix/testing/installments/:id/cobr',
        'POST /openpix/testing/balance/block',
        'POST /openpix/testing/balance/unblock',
        'POST /openpix/testing/dispute',
        'POST /openpix/testing/dispute/:id/resolve',
        'POST /openpix/testing/pay',
        'POST /openpix/testing/payment/reverse',
      ].sort(),
    );
  });

  it('types every answer as the document does; the mismatches found are the known ones', async () => {
    // Charges, their payment and refunds.
    const charge = (
      await call('POST', '/api/v1/charge', {
        correlationID: 'c1',
        value: 1500,
        comment: 'café',
        customer: { name: 'Ana', email: 'ana@example.com' },
      })
    ).body;
    expect(charge.charge.value).toBe(1500);
    await call('GET', '/api/v1/charge/c1');
    await call('GET', '/api/v1/charge');
    await call('PATCH', '/api/v1/charge/c1', { expiresDate: new Date(Date.now() + 86_400_000).toISOString() });
    await pay(charge.brCode);
    await call('POST', '/api/v1/charge/c1/refund', { correlationID: 'r1', value: 100 });
    await call('GET', '/api/v1/charge/c1/refund');
    await call('POST', '/api/v1/charge', { correlationID: 'c2', value: 700 });
    await call('DELETE', '/api/v1/charge/c2');
    // Static QR codes, paid through the Pix network and by the simulator.
    const qr = (await call('POST', '/api/v1/qrcode-static', { name: 'q', value: 2500, identifier: 'ident1' })).body;
    await call('GET', '/api/v1/qrcode-static/ident1');
    await call('GET', '/api/v1/qrcode-static');
    await pay(qr.brCode);
    await call('GET', '/openpix/testing?identifier=ident1');
    // Transactions and refunds by transaction.
    const list = (await call('GET', '/api/v1/transaction')).body;
    const e2e = list.transactions[0].endToEndId;
    await call('GET', `/api/v1/transaction/${e2e}`);
    await call('POST', '/api/v1/refund', { correlationID: 'r2', value: 100, transactionEndToEndId: e2e });
    await call('GET', '/api/v1/refund/r2');
    await call('GET', '/api/v1/refund');
    // Customers.
    await call('POST', '/api/v1/customer', { name: 'Bia', email: 'bia@example.com', correlationID: 'cu1' });
    await call('GET', '/api/v1/customer/cu1');
    await call('GET', '/api/v1/customer');
    await call('PATCH', '/api/v1/customer/cu1', { name: 'Bia Souza' });
    // Company, keys, accounts, webhooks, the rest of the reads.
    for (const url of [
      '/api/v1/company',
      '/api/v1/pix-keys',
      '/api/v1/account/',
      '/api/v1/webhook/events',
      '/api/v1/webhook/ips',
      '/api/v1/webhook/public-keys',
      '/api/v1/psp',
      '/api/v1/subscriptions',
      '/api/v1/payment',
      '/api/v1/dispute',
      '/api/v1/partner/company',
      '/api/v1/partner/affiliate',
      '/api/v1/pix-keys/tokens',
      '/api/v1/pix-keys/tokens/logs',
    ]) {
      expect((await call('GET', url)).status, url).toBe(200);
    }
    const accounts = (await call('GET', '/api/v1/account/')).body;
    await call('GET', `/api/v1/account/${accounts.accounts[0].accountId}`);
    await call('POST', '/api/v1/webhook', {
      webhook: { name: 'w', url: 'https://example.com/hook', authorization: 'x', isActive: true },
    });
    await call('GET', '/api/v1/webhook');
    await call('POST', '/api/v1/decode/emv', { emv: qr.brCode });
    await call('GET', `/api/image/qrcode/base64/${charge.charge.paymentLinkID}`);
    const customer = { name: 'Caio', taxID: '52998224725', email: 'caio@example.com', phone: '11987654321' };
    await call('POST', '/api/v1/customer', { ...customer, correlationID: 'cu2' });
    await call('POST', '/api/v1/subscriptions', {
      customer,
      value: 4990,
      correlationID: 'plano',
      type: 'RECURRENT',
      dayGenerateCharge: 25,
    });
    await call('GET', '/api/v1/subscriptions');
    await call('GET', '/api/v1/subscriptions/plano');
    await call('POST', '/api/v1/cashback-fidelity', { taxID: '52998224725', value: 100 });
    await call('GET', '/api/v1/cashback-fidelity/balance/52998224725');

    const seen = [
      ...new Set(
        mismatches.map(
          (m) => `${m.operation} ${m.status} ${m.path}: ${m.actual} → ${m.expected}${m.coerced ? '' : ' (left)'}`,
        ),
      ),
    ].sort();
    expect(failures).toEqual([]);
    // The document types these as strings; the engine answers numbers (cents, seconds).
    expect(seen).toEqual([
      'GET /api/v1/charge 200 charges[].expiresIn: number → string',
      'GET /api/v1/charge/{id} 200 charge.expiresIn: number → string',
      'GET /api/v1/qrcode-static 200 pixQrCodes[].value: number → string',
      'GET /api/v1/qrcode-static/{id} 200 pixQrCode.value: number → string',
      'POST /api/v1/charge 200 charge.expiresIn: number → string',
      'POST /api/v1/qrcode-static 200 pixQrCode.value: number → string',
    ]);
  });
});
