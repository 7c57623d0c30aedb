// The PDV API as a PDV calls it: a real runtime (real engine, real counter.db), the API's real
// server on a port, and plain HTTP. An order becomes a sale on the cashier's screen; asked again,
// at once or later, it is the same sale; a changed total cancels the old sale first; another
// order while one waits is refused; paid, it answers the fiscal note's Pix fields; a long poll and
// an event stream follow it; and bad access, bad bodies and wrong methods get the counter's codes.
import { request as httpRequest } from 'node:http';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import type { CounterEvent } from '#shared/counter/counter-api';
import { startPdvServer, type PdvServer } from '#counter/hosts/pdv/pdv-server';
import { openRuntime, until, type RuntimeFixture } from '../app/runtime-fixture';
import { printerSettings } from '../printing/paper-fixtures';
import { sheetText } from '#test/support/escpos-decoder';
import { startVirtualPrinter } from '#test/support/virtual-printer';

let fixture: RuntimeFixture;
let server: PdvServer;
let token: string;

beforeEach(async () => {
  fixture = openRuntime();
  server = await startPdvServer({ pdv: fixture.runtime.pdv, port: 0, log: () => undefined });
  ({ token } = await fixture.runtime.api.createIntegration({ name: 'PDV da loja', canRefund: false }));
});
afterEach(async () => {
  await server.close();
  await fixture.dispose();
});

async function http(
  method: string,
  path: string,
  { body, auth = token, headers = {} }: { body?: unknown; auth?: string | null; headers?: Record<string, string> } = {},
) {
  const response = await fetch(`${server.origin}${path}`, {
    method,
    headers: {
      ...(auth ? { authorization: `Bearer ${auth}` } : {}),
      ...(body === undefined ? {} : { 'content-type': 'application/json' }),
      ...headers,
    },
    ...(body === undefined ? {} : { body: typeof body === 'string' ? body : JSON.stringify(body) }),
  });
  const text = await response.text();
  return { status: response.status, headers: response.headers, json: text ? JSON.parse(text) : undefined };
}

async function pay(brCode: string) {
  const { sandbox } = fixture.runtime;
  await sandbox.engine.call(sandbox.appId, 'sandboxPayBrCode', {
    body: { brCode, payer: { name: 'Maria das Graças Souza', taxID: '52998224725' } },
  });
}

describe('the PDV API', () => {
  it('charges an order on the cashier’s screen, answers the same sale when asked again, and the fiscal fields once paid', async () => {
    const printer = await startVirtualPrinter();
    await fixture.runtime.api.saveSettings(printerSettings(printer.address));
    const shown: CounterEvent[] = [];
    fixture.runtime.events.subscribe((event) => {
      if (event.type === 'sale-on-screen') shown.push(event);
    });
    const created = await http('POST', '/pdv/v1/sales', {
      body: {
        orderId: 'PED-1001',
        value: 1234,
        items: [
          { name: 'Pão francês', quantity: 2, value: 500 },
          { name: 'Queijo minas', quantity: 0.25, value: 734 },
        ],
      },
    });
    expect(created.status).toBe(201);
    expect(created.json).toMatchObject({ orderId: 'PED-1001', status: 'WAITING', value: 1234, offline: false });
    expect(created.json.brCode).toMatch(/^000201/);
    expect(shown).toEqual([
      { type: 'sale-on-screen', sale: expect.objectContaining({ correlationID: created.json.correlationID }) },
    ]);
    // The charge names the order, in a documented field.
    const charge = await fixture.runtime.sandbox.engine.call(fixture.runtime.sandbox.appId, 'getCharge', {
      params: { id: created.json.correlationID },
    });
    expect(JSON.stringify(charge)).toContain('PED-1001');

    const again = await http('POST', '/pdv/v1/sales', { body: { orderId: 'PED-1001', value: 1234 } });
    expect(again.status).toBe(200);
    expect(again.json.correlationID).toBe(created.json.correlationID);

    await pay(created.json.brCode);
    const paid = await until(async () => {
      const now = await http('GET', `/pdv/v1/sales/PED-1001?wait=5&since=${created.json.version}`);
      return now.json.status === 'PAID' ? now.json : undefined;
    }, 15_000);
    expect(paid.endToEndId).toMatch(/^E/);
    expect(paid.fiscal.detPag).toEqual({
      indPag: '0',
      tPag: '17',
      vPag: '12.34',
      card: expect.objectContaining({ tpIntegra: '1', cAut: paid.endToEndId, idTermPag: expect.any(String) }),
    });
    expect(paid.brCode).toBeUndefined();
    // The receipt that printed by itself names the PDV's order.
    await until(() => (printer.sheets().some((sheet) => sheet.at(-1)?.kind === 'cut') ? true : undefined));
    const receipt = sheetText(printer.sheets()[0]!).replace(/\u00a0/g, ' ');
    expect(receipt).toMatch(/Pedido do PDV\s+PED-1001/);
    // And the order's items as the PDV summed them up.
    expect(receipt).toContain('Itens do pedido');
    expect(receipt).toMatch(/2 x Pão francês\s+R\$ 5,00/);
    expect(receipt).toMatch(/0,25 x Queijo minas\s+R\$ 7,34/);
    await printer.close();
    // A refund of part of it, as the screen makes one; its amount shows once the service confirmed it.
    const refund = await http('POST', '/pdv/v1/sales/PED-1001/refund', { body: { value: 234, reason: 'Troca' } });
    expect(refund).toMatchObject({ status: 200, json: { status: 'PAID', refundable: 1000 } });
    const refunded = await until(async () => {
      const now = (await http('GET', '/pdv/v1/sales/PED-1001')).json;
      return now.refunded === 234 ? now : undefined;
    }, 10_000);
    expect(refunded.refundable).toBe(1000);
    expect(
      await http('POST', '/pdv/v1/sales/PED-1001/refund', { body: { value: 5000, reason: 'Troca' } }),
    ).toMatchObject({
      status: 400,
      json: { code: 'REFUND_TOO_LARGE' },
    });
    // A retry after the payment answers the paid sale; another total is refused.
    expect((await http('POST', '/pdv/v1/sales', { body: { orderId: 'PED-1001', value: 1234 } })).json.status).toBe(
      'PAID',
    );
    expect(await http('POST', '/pdv/v1/sales', { body: { orderId: 'PED-1001', value: 999 } })).toMatchObject({
      status: 409,
      json: { code: 'ORDER_ALREADY_PAID' },
    });
  });

  it('answers the final state after a restart mid-sale: the PDV’s long poll reconnects and gets it', async () => {
    const created = await http('POST', '/pdv/v1/sales', { body: { orderId: 'RST-1', value: 4200 } });
    // The PDV waits on the sale when the counter goes down: its request fails, it asks again.
    const pending = http('GET', `/pdv/v1/sales/RST-1?wait=30&since=${created.json.version}`).catch(
      (error: unknown) => error,
    );
    await new Promise((resolve) => setTimeout(resolve, 100));
    await server.close();
    await fixture.runtime.close();
    // Let go as the counter stops (what it had: still waiting), or cut off: either way the PDV asks again.
    const cutOff = await pending;
    if (!(cutOff instanceof Error)) expect(cutOff).toMatchObject({ status: 200, json: { status: 'WAITING' } });

    const dataDir = fixture.dataDir;
    fixture = openRuntime({ dataDir });
    server = await startPdvServer({ pdv: fixture.runtime.pdv, port: 0, log: () => undefined });
    const poll = http('GET', `/pdv/v1/sales/RST-1?wait=30&since=${created.json.version}`);
    await pay(created.json.brCode);
    let answer = await poll;
    // A change may come before the payment (the sale read again after the start): ask until paid.
    while (answer.json.status === 'WAITING')
      answer = await http('GET', `/pdv/v1/sales/RST-1?wait=30&since=${answer.json.version}`);
    expect(answer.json).toMatchObject({ status: 'PAID', correlationID: created.json.correlationID });
    expect(answer.json.fiscal.detPag.card.cAut).toBe(answer.json.endToEndId);
  });

  it('makes one sale of two creates of the same order at once', async () => {
    const [first, second] = await Promise.all([
      http('POST', '/pdv/v1/sales', { body: { orderId: 'PED-7', value: 500 } }),
      http('POST', '/pdv/v1/sales', { body: { orderId: 'PED-7', value: 500 } }),
    ]);
    expect([first.status, second.status].sort()).toEqual([200, 201]);
    expect(first.json.correlationID).toBe(second.json.correlationID);
    const count = fixture.runtime.counterDb.prepare('SELECT COUNT(*) AS n FROM sales').get() as { n: number };
    expect(count.n).toBe(1);
  });

  it('refuses another order while a sale waits on screen, and loses nothing', async () => {
    const first = await http('POST', '/pdv/v1/sales', { body: { orderId: 'A-1', value: 700 } });
    const refused = await http('POST', '/pdv/v1/sales', { body: { orderId: 'B-2', value: 800 } });
    expect(refused).toMatchObject({ status: 409, json: { code: 'SALE_ON_SCREEN', details: { value: 700 } } });
    expect((await http('GET', '/pdv/v1/sales/A-1')).json).toMatchObject({
      status: 'WAITING',
      correlationID: first.json.correlationID,
    });
    expect((await http('GET', '/pdv/v1/sales/B-2')).json).toMatchObject({ code: 'ORDER_NOT_FOUND' });
    // Once the first is cancelled, the second goes on.
    expect((await http('POST', '/pdv/v1/sales/A-1/cancel')).json.status).toBe('CANCELLED');
    expect((await http('POST', '/pdv/v1/sales', { body: { orderId: 'B-2', value: 800 } })).status).toBe(201);
  });

  it('cancels the old sale first when the PDV changes its total, so only one code can be paid', async () => {
    const old = await http('POST', '/pdv/v1/sales', { body: { orderId: 'PED-9', value: 1000 } });
    const changed = await http('POST', '/pdv/v1/sales', { body: { orderId: 'PED-9', value: 1200 } });
    expect(changed.status).toBe(201);
    expect(changed.json.correlationID).not.toBe(old.json.correlationID);
    const oldSale = await fixture.runtime.api.getSale({ correlationID: old.json.correlationID });
    expect(oldSale.status).toBe('CANCELLED');
    const waiting = (await fixture.runtime.api.listSales({})).sales.filter(
      (sale) => sale.status === 'ACTIVE' || sale.status === 'PENDING',
    );
    expect(waiting.map((sale) => sale.correlationID)).toEqual([changed.json.correlationID]);
  });

  it('follows the sale as server-sent events until it is paid', async () => {
    const created = await http('POST', '/pdv/v1/sales', { body: { orderId: 'SSE-1', value: 321 } });
    const response = await fetch(`${server.origin}/pdv/v1/sales/SSE-1/events`, {
      headers: { authorization: `Bearer ${token}` },
    });
    expect(response.headers.get('content-type')).toMatch(/^text\/event-stream/);
    setTimeout(() => void pay(created.json.brCode), 200);
    const text = await response.text();
    const sales = text
      .split('\n\n')
      .filter((chunk) => chunk.startsWith('event: sale'))
      .map((chunk) => JSON.parse(chunk.split('\ndata: ')[1]!));
    expect(sales[0].status).toBe('WAITING');
    expect(sales.at(-1)).toMatchObject({ status: 'PAID', fiscal: { detPag: { tPag: '17', vPag: '3.21' } } });
  });

  it('refuses a missing, wrong or revoked token, a foreign Host, and holds off an address that keeps guessing', async () => {
    expect(await http('GET', '/pdv/v1/sales/X', { auth: null })).toMatchObject({
      status: 401,
      json: { code: 'TOKEN_REFUSED' },
    });
    // A page elsewhere whose name resolves here (DNS rebinding) sends its own Host.
    const rebound = await new Promise<{ status: number; body: string }>((resolve, reject) => {
      const request = httpRequest(
        {
          host: '127.0.0.1',
          port: server.port,
          path: '/pdv/v1/sales/X',
          headers: { host: 'evil.example', authorization: `Bearer ${token}` },
        },
        (response) => {
          let body = '';
          response.on('data', (chunk) => (body += chunk));
          response.on('end', () => resolve({ status: response.statusCode ?? 0, body }));
        },
      );
      request.on('error', reject);
      request.end();
    });
    expect(rebound.status).toBe(421);
    expect(JSON.parse(rebound.body)).toMatchObject({ code: 'ORIGIN_REFUSED' });
    const { integrations } = await fixture.runtime.api.listIntegrations();
    await fixture.runtime.api.revokeIntegration({ id: integrations[0]!.id });
    expect(await http('POST', '/pdv/v1/sales', { body: { orderId: 'R-1', value: 100 } })).toMatchObject({
      status: 401,
      json: { code: 'TOKEN_REFUSED' },
    });
    expect(fixture.runtime.counterDb.prepare('SELECT COUNT(*) AS n FROM sales').get()).toEqual({ n: 0 });
    let last = await http('GET', '/pdv/v1/sales/X', { auth: 'balcao_pdv_guess' });
    for (let attempt = 0; attempt < 10 && last.status === 401; attempt++)
      last = await http('GET', '/pdv/v1/sales/X', { auth: `balcao_pdv_guess${attempt}` });
    expect(last).toMatchObject({ status: 429, json: { code: 'RATE_LIMITED' } });
    expect(Number(last.headers.get('retry-after'))).toBeGreaterThan(0);
    // Held off: even a good token waits.
    const { token: fresh } = await fixture.runtime.api.createIntegration({ name: 'ERP', canRefund: false });
    expect((await http('GET', '/pdv/v1/sales/X', { auth: fresh })).status).toBe(429);
  });

  it('answers bad bodies, bad ids and wrong methods with the counter’s codes, never a 500', async () => {
    for (const body of [
      {},
      { orderId: 'x', value: 0 },
      { orderId: 'tem espaço', value: 100 },
      { orderId: 'x', value: 1.5 },
      { orderId: 'x', value: 100, extra: 1 },
    ])
      expect(await http('POST', '/pdv/v1/sales', { body })).toMatchObject({
        status: 400,
        json: { code: 'INVALID_INPUT' },
      });
    expect(await http('POST', '/pdv/v1/sales', { body: '{"orderId":' })).toMatchObject({
      status: 400,
      json: { code: 'INVALID_INPUT' },
    });
    expect((await http('GET', `/pdv/v1/sales/${'x'.repeat(65)}`)).json.code).toBe('INVALID_INPUT');
    expect((await http('GET', '/pdv/v1/sales/PED%2F1')).json.code).toBe('ORDER_NOT_FOUND');
    const wrongMethod = await http('DELETE', '/pdv/v1/sales/PED-1');
    expect(wrongMethod.status).toBe(405);
    expect(wrongMethod.headers.get('allow')).toBe('GET');
    expect((await http('GET', '/pdv/v1/nada')).status).toBe(404);
    expect(fixture.runtime.counterDb.prepare('SELECT COUNT(*) AS n FROM sales').get()).toEqual({ n: 0 });
  });

  it('serves its OpenAPI document, derived from the same declaration as its routes', async () => {
    const document = await http('GET', '/pdv/v1/openapi.json', { auth: null });
    expect(document.status).toBe(200);
    expect(Object.keys(document.json.paths).sort()).toEqual([
      '/pdv/v1/sales',
      '/pdv/v1/sales/{orderId}',
      '/pdv/v1/sales/{orderId}/cancel',
      '/pdv/v1/sales/{orderId}/events',
      '/pdv/v1/sales/{orderId}/refund',
    ]);
    expect(document.json.paths['/pdv/v1/sales'].post.requestBody.content['application/json'].schema.required).toEqual([
      'orderId',
      'value',
    ]);
    expect(document.json.paths['/pdv/v1/sales'].post.responses['409'].description).toContain('SALE_ON_SCREEN');
  });

  it('takes orders only from an operator at the counter with the register open, once the register is set up', async () => {
    const h = fixture.runtime.api;
    // Sold before the register was set up; refunded after, with the screen's rule: a manager's PIN.
    const sold = await http('POST', '/pdv/v1/sales', { body: { orderId: 'N-0', value: 300 } });
    await pay(sold.json.brCode);
    await until(async () => ((await http('GET', '/pdv/v1/sales/N-0')).json.status === 'PAID' ? true : undefined));
    const state = await h.createOperator({ name: 'Marta', role: 'MANAGER', pin: '4321' });
    const marta = state.operators[0]!.id;
    expect(await http('POST', '/pdv/v1/sales', { body: { orderId: 'N-1', value: 100 } })).toMatchObject({
      status: 401,
      json: { code: 'NOT_SIGNED_IN' },
    });
    await h.signIn({ operatorId: marta, pin: '4321' });
    expect(await http('POST', '/pdv/v1/sales', { body: { orderId: 'N-1', value: 100 } })).toMatchObject({
      status: 409,
      json: { code: 'REGISTER_CLOSED' },
    });
    await h.openRegister({ tillName: 'Caixa 2' });
    expect(await http('POST', '/pdv/v1/sales/N-0/refund', { body: { reason: 'Desistiu' } })).toMatchObject({
      status: 403,
      json: { code: 'MANAGER_REQUIRED' },
    });
    expect(
      await http('POST', '/pdv/v1/sales/N-0/refund', {
        body: { reason: 'Desistiu', manager: { operatorId: marta, pin: '0000' } },
      }),
    ).toMatchObject({ status: 403, json: { code: 'PIN_REFUSED' } });
    expect(
      (
        await http('POST', '/pdv/v1/sales/N-0/refund', {
          body: { reason: 'Desistiu', manager: { operatorId: marta, pin: '4321' } },
        })
      ).status,
    ).toBe(200);
    // An integration a manager allowed to refund by itself needs no PIN; the refund records it.
    const { token: trusted, integration } = await h.createIntegration({
      name: 'ERP com devolução',
      canRefund: true,
      manager: { operatorId: marta, pin: '4321' },
    });
    const byErp = await http('POST', '/pdv/v1/sales', { auth: trusted, body: { orderId: 'E-1', value: 400 } });
    await pay(byErp.json.brCode);
    await until(async () =>
      (await http('GET', '/pdv/v1/sales/E-1', { auth: trusted })).json.status === 'PAID' ? true : undefined,
    );
    expect(
      (await http('POST', '/pdv/v1/sales/E-1/refund', { auth: trusted, body: { reason: 'Troca', value: 100 } })).status,
    ).toBe(200);
    const refundRow = fixture.runtime.counterDb
      .prepare('SELECT approved_by, approved_by_integration, operator_id FROM refunds WHERE value = 100')
      .get();
    expect(refundRow).toEqual({ approved_by: null, approved_by_integration: integration.id, operator_id: marta });
    // Another integration's order is not this one's: it cannot be read, let alone refunded.
    expect(await http('POST', '/pdv/v1/sales/N-0/refund', { auth: trusted, body: { reason: 'x' } })).toMatchObject({
      status: 404,
      json: { code: 'ORDER_NOT_FOUND' },
    });
    // With the register open, an order's sale carries its till as the fiscal terminal.
    const next = await http('POST', '/pdv/v1/sales', { body: { orderId: 'N-2', value: 150 } });
    expect(next.status).toBe(201);
    await pay(next.json.brCode);
    const paid = await until(async () => {
      const now = (await http('GET', '/pdv/v1/sales/N-2')).json;
      return now.status === 'PAID' ? now : undefined;
    });
    expect(paid.fiscal.detPag.card.idTermPag).toBe('Caixa 2');
  });
});
