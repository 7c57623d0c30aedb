import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { decodeBrCode } from '#lib/pix';
import { createHarness, type Harness } from '#test/support/harness';

// The exact bytes real integrations send for money and additionalInfo, over HTTP (issue 25,
// ../shared/reference/real-clients.md). Bodies are written out as each client's language
// serializes them (Python's json.dumps puts a space after ':' and ','; PHP's json_encode writes a
// float with no fraction as `1000.0`), so nothing here goes through JSON.stringify. Each client
// also sends headers of its own, which the service must ignore.

let h: Harness;

beforeEach(async () => {
  h = await createHarness('http');
});
afterEach(async () => {
  await h.close();
});

async function send(method: string, path: string, rawBody: string | undefined, headers: Record<string, string> = {}) {
  const response = await fetch(`${h.baseUrl}${path}`, {
    method,
    headers: {
      Authorization: h.appId,
      ...(rawBody === undefined ? {} : { 'Content-Type': 'application/json' }),
      ...headers,
    },
    body: rawBody,
  });
  return { status: response.status, body: (await response.json()) as any };
}

async function payCharge(brCode: string): Promise<string> {
  return (await h.ok('sandboxPayBrCode', { body: { brCode } })).transaction.endToEndId;
}

describe('pretix (lhc/pretix-pix-openpix, openpix.py): value as a string of cents', () => {
  const PYTHON_REQUESTS = { 'User-Agent': 'python-requests/2.31.0', Accept: '*/*' };

  it('creates the order\'s static QR code with value "10000" and refunds it with value "10000"', async () => {
    const created = await send(
      'POST',
      '/api/v1/qrcode-static',
      '{"name": "ABC12", "correlationID": "ABC12", "identifier": "ABC12", "value": "10000", "comment": "Pedido ABC12"}',
      PYTHON_REQUESTS,
    );
    expect(created.status).toBe(200);
    expect(created.body.pixQrCode).toMatchObject({ value: 10000, identifier: 'ABC12' });
    expect(decodeBrCode(created.body.pixQrCode.brCode).amountCents).toBe(10000);

    const { transaction } = await h.ok('sandboxPay', { query: { identifier: 'ABC12' } });
    expect(transaction.value).toBe(10000);

    const refund = await send(
      'POST',
      '/api/v1/refund',
      `{"transactionEndToEndId": "${transaction.endToEndId}", "correlationID": "ABC12", "value": "10000", "comment": "Estorno ABC12"}`,
      PYTHON_REQUESTS,
    );
    expect(refund.status).toBe(200);
    expect(refund.body.refund).toMatchObject({ value: 10000, correlationID: 'ABC12' });
  });

  it('reads version 0.2\'s "10000.00" as 10000 cents', async () => {
    const created = await send(
      'POST',
      '/api/v1/qrcode-static',
      '{"name": "OLD01", "identifier": "OLD01", "value": "10000.00"}',
      PYTHON_REQUESTS,
    );
    expect(created.status).toBe(200);
    expect(created.body.pixQrCode.value).toBe(10000);
    expect(decodeBrCode(created.body.pixQrCode.brCode).amountCents).toBe(10000);
  });

  it('still refuses a value that is no whole number of cents, naming the field', async () => {
    for (const value of ['"100,00"', '"100.50"', '"1e4"', '" 10000"', '""', 'true']) {
      const reply = await send('POST', '/api/v1/qrcode-static', `{"name": "BAD", "value": ${value}}`, PYTHON_REQUESTS);
      expect(reply.status, value).toBe(400);
      expect(reply.body.error, value).toMatch(/^value: value must be/);
    }
    expect((await h.ok('listPixQrCodes')).pixQrCodes).toEqual([]);
  });
});

describe('Magento 2 (Open-Pix/magento2-openpix): a PHP float in the refund', () => {
  it('refunds a charge with value 1000.0', async () => {
    const created = await send(
      'POST',
      '/api/v1/charge',
      '{"correlationID":"mage-1","value":1000,"additionalInfo":[{"key":"Pedido","value":"000000012"}]}',
    );
    expect(created.status).toBe(200);
    await payCharge(created.body.brCode);
    const refund = await send(
      'POST',
      '/api/v1/charge/mage-1/refund',
      '{"correlationID":"8f14e45f-ceea-467a-9af4-2c1e3bd1d3a4","value":1000.0}',
    );
    expect(refund.status).toBe(200);
    expect(refund.body.refund).toMatchObject({ value: 1000, correlationID: '8f14e45f-ceea-467a-9af4-2c1e3bd1d3a4' });
  });
});

describe('WooCommerce (Open-Pix/woocommerce-openpix, includes/class-wc-openpix-pix.php): an integer additionalInfo value', () => {
  const WOOCOMMERCE = {
    version: '2.13.0',
    platform: 'WOOCOMMERCE',
    'User-Agent': 'WordPress/6.5; https://loja.example',
    Accept: 'application/json',
  };

  it('creates the charge with {key: "Order", value: 42}, answers exactly 200 and echoes the value as a string', async () => {
    const created = await send(
      'POST',
      '/api/v1/charge?return_existing=true',
      '{"correlationID":"wc_order_abc-42","value":2590,"comment":"Pedido 42","additionalInfo":[{"key":"Order","value":42}]}',
      WOOCOMMERCE,
    );
    expect(created.status).toBe(200);
    expect(created.body.charge.additionalInfo).toEqual([{ key: 'Order', value: '42' }]);
    const read = await send('GET', '/api/v1/charge/wc_order_abc-42', undefined, WOOCOMMERCE);
    expect(read.status).toBe(200);
    expect(read.body.charge.additionalInfo).toEqual([{ key: 'Order', value: '42' }]);
  });

  it('takes any scalar as additionalInfo value, and refuses null, objects and arrays writing nothing', async () => {
    const created = await send(
      'POST',
      '/api/v1/charge',
      '{"correlationID":"scalars","value":100,"additionalInfo":[{"key":"a","value":1.5},{"key":"b","value":true},{"key":"c","value":"x"},{"key":"d","value":0}]}',
    );
    expect(created.status).toBe(200);
    expect(created.body.charge.additionalInfo).toEqual([
      { key: 'a', value: '1.5' },
      { key: 'b', value: 'true' },
      { key: 'c', value: 'x' },
      { key: 'd', value: '0' },
    ]);
    const before = h.counts('charges', 'events', 'payment_links');
    for (const value of ['null', '{"n":1}', '[42]']) {
      const reply = await send(
        'POST',
        '/api/v1/charge',
        `{"correlationID":"bad","value":100,"additionalInfo":[{"key":"Order","value":${value}}]}`,
      );
      expect(reply.status, value).toBe(400);
      expect(reply.body, value).toEqual({
        error: 'additionalInfo.0.value: additionalInfo.value must be a string, number or boolean',
      });
    }
    expect(h.counts('charges', 'events', 'payment_links')).toEqual(before);
  });
});

describe('headers a client adds of its own', () => {
  it('are ignored, never refused: version, platform, User-Agent, X-Foo', async () => {
    const extra = {
      version: '1.0.0',
      platform: 'WHMCS',
      'User-Agent': 'curl/8.5.0',
      'X-Foo': 'bar',
      'X-Request-Id': 'abc-123',
    };
    const created = await send('POST', '/api/v1/charge', '{"correlationID":"hdr","value":"500"}', extra);
    expect(created.status).toBe(200);
    expect(created.body.charge.value).toBe(500);
    const listed = await send('GET', '/api/v1/charge', undefined, extra);
    expect(listed.status).toBe(200);
    expect(listed.body.charges.map((c: any) => c.correlationID)).toEqual(['hdr']);
  });
});
