// Under --strict, error texts become generic Portuguese ones (src/main/service/http/strict-errors.ts)
// except the texts the published document shows in its error examples, which are answered as the
// document writes them. Here: each documented text of the operations issue 37 added is in the
// document's examples, survives --strict unchanged, and (where a request reaches it cheaply) is
// what the strict server really answers; texts our handlers only paraphrase are still translated.
import { readFileSync } from 'node:fs';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { portugueseError } from '#service/http/strict-errors';
import { createSandboxService, type SandboxService } from '#service/index';

/** Every documented text kept verbatim, with the operation whose example shows it. */
const DOCUMENTED: readonly [text: string, where: string][] = [
  ['Only subaccount without balance can be removed', 'DELETE /api/v1/subaccount/{id}'],
  ['Transfer just work with subaccount with balance', 'POST /api/v1/subaccount/{id}/debit'],
  ['Account does not have enough balance to complete the operation', 'POST /api/v1/subaccount/{id}/debit'],
  ['Subaccount not found: subaccount@test.com', 'POST /api/v1/subaccount/{id}/debit'],
  ['Subaccount not found: destination@test.com', 'DELETE /api/v1/subaccount/{id}'],
  ['You need to configure the invoice integration', 'POST /api/v1/invoice'],
  ['Integration not found', 'GET /api/v1/invoice/integration'],
  ['NFE integration not found', 'POST /api/v1/invoice/integration/test'],
  ['Invoice not found', 'GET /api/v1/invoice/{correlationID}/pdf'],
  ['Cannot cancel a not confirmed invoice', 'POST /api/v1/invoice/{correlationID}/cancel'],
  ['Configured integration cannot issue test invoices anymore', 'POST /api/v1/invoice/integration/test'],
  ['Customer address is invalid', 'POST /api/v1/invoice'],
  [
    'Error uploading certificate, check if the password or the certificate is correct',
    'POST /api/v1/invoice/integration/certificate',
  ],
  [
    'It is not possible to active an Integration not configured. Configure first, then active it',
    'PATCH /api/v1/invoice/integration',
  ],
  ['No active stable subaccount. A KYB is required, contact support.', 'POST /api/v1/stablecoin/deposit'],
  ['Stablecoin cashout not found', 'POST /api/v1/stablecoin/deposit/approve'],
  ['Stablecoin cashout already completed', 'POST /api/v1/stablecoin/deposit/approve'],
  ['Stablecoin cashout is already being processed', 'POST /api/v1/stablecoin/deposit/approve'],
  ['No source account to pay the deposit', 'POST /api/v1/stablecoin/deposit/approve'],
  ['ACCOUNT_REGISTER_NOT_FOUND', 'POST /api/v1/stablecoin/subaccount'],
  ['SubAccount not found', 'GET /api/v1/stablecoin/subaccount/{subAccountId}'],
  ['Boleto transaction not found', 'GET /api/v1/boleto-transaction/{boletoTransactionID}'],
  ['skip cannot exceed 10000 — narrow the range with start/end instead', 'GET /api/v1/boleto-transaction'],
];

type Json = any;

/** The error texts an operation's responses show: `error` values of examples, and `error` properties' examples. */
function documentedErrors(operation: Json): Set<string> {
  const texts = new Set<string>();
  const walk = (node: Json): void => {
    if (Array.isArray(node)) return node.forEach(walk);
    if (node === null || typeof node !== 'object') return;
    for (const [key, value] of Object.entries(node)) {
      if (key === 'error' && typeof value === 'string') texts.add(value);
      if (key === 'error' && typeof (value as Json)?.example === 'string') texts.add((value as Json).example);
      walk(value);
    }
  };
  walk(operation.responses);
  return texts;
}

describe('documented error texts under --strict', () => {
  const document = JSON.parse(readFileSync('resources/woovi-openapi.json', 'utf8'));

  it.each(DOCUMENTED)('%s: in the published example of %s, kept verbatim', (text, where) => {
    const [method, path] = where.split(' ') as [string, string];
    expect(documentedErrors(document.paths[path][method.toLowerCase()])).toContain(text);
    for (const status of [400, 404, 422]) expect(portugueseError(status, text)).toBe(text);
  });

  it('still translates what our handlers only paraphrase or prefix with a field name', () => {
    // A documented text with more after it, or under a zod field prefix, is not the document's text.
    expect(portugueseError(400, 'Failed to pay stable qrcode: insufficient balance on the account')).toBe(
      'Requisição inválida',
    );
    expect(portugueseError(400, 'type: type must be one of BOLETO_IN, BOLETO_OUT')).toBe('Requisição inválida');
    expect(portugueseError(400, 'correlationId: correlationId is required')).toBe('Requisição inválida');
    expect(portugueseError(400, 'Subaccount not found: ')).toBe('Requisição inválida');
    expect(portugueseError(404, 'Stablecoin deposit expired: create a new one')).toBe('Não encontrado');
  });
});

describe('the strict server answers the documented texts', () => {
  let strict: SandboxService;

  beforeAll(async () => {
    strict = createSandboxService({ dbPath: ':memory:', strict: true, company: { features: ['INVOICE'] } });
    await strict.listen(0);
  });
  afterAll(async () => {
    await strict?.close();
  });

  async function call(method: string, url: string, body?: unknown) {
    const reply = await strict.app.inject({
      method: method as 'GET',
      url,
      headers: { authorization: strict.appId, ...(body === undefined ? {} : { 'content-type': 'application/json' }) },
      payload: body === undefined ? undefined : JSON.stringify(body),
    });
    return { status: reply.statusCode, body: reply.json<Json>() };
  }

  /** Pays a static QR code of `cents` through the strict server's Pix network listener. */
  async function fund(cents: number, identifier: string) {
    const { pixQrCode } = (await call('POST', '/api/v1/qrcode-static', { name: 'f', value: cents, identifier })).body;
    const reply = await fetch(`${strict.pixNetworkUrl}/pay`, {
      method: 'POST',
      headers: { authorization: strict.appId, 'content-type': 'application/json' },
      body: JSON.stringify({ brCode: pixQrCode.brCode }),
    });
    expect(reply.status).toBe(200);
  }

  it('subaccounts: not found, zero balance, not enough balance, removal with a balance', async () => {
    const key = 'vendedor@example.com';
    for (const [method, url, body] of [
      ['POST', '/api/v1/subaccount/nobody@example.com/debit', { value: 1 }],
      ['POST', '/api/v1/subaccount/nobody@example.com/credit', { value: 1 }],
      ['DELETE', '/api/v1/subaccount/nobody@example.com', undefined],
      ['GET', '/api/v1/subaccount/nobody@example.com/statement', undefined],
    ] as const) {
      expect(await call(method, url, body), `${method} ${url}`).toEqual({
        status: 400,
        body: { error: 'Subaccount not found: nobody@example.com' },
      });
    }
    expect((await call('POST', '/api/v1/subaccount', { pixKey: key, name: 'Vendedor' })).status).toBe(200);
    expect(await call('POST', `/api/v1/subaccount/${key}/debit`, { value: 1 })).toEqual({
      status: 400,
      body: { error: 'Transfer just work with subaccount with balance' },
    });
    await fund(2_000, 'fundossub');
    expect((await call('POST', `/api/v1/subaccount/${key}/credit`, { value: 500 })).status).toBe(200);
    expect(await call('POST', `/api/v1/subaccount/${key}/debit`, { value: 501 })).toEqual({
      status: 400,
      body: { error: 'Account does not have enough balance to complete the operation' },
    });
    expect(await call('DELETE', `/api/v1/subaccount/${key}`)).toEqual({
      status: 400,
      body: { error: 'Only subaccount without balance can be removed' },
    });
  });

  it('invoices, stablecoin and boleto transactions: their documented not-found and refusals', async () => {
    const cases: [method: string, url: string, body: unknown, status: number, text: string][] = [
      ['GET', '/api/v1/invoice', undefined, 400, 'You need to configure the invoice integration'],
      ['GET', '/api/v1/invoice/integration', undefined, 404, 'Integration not found'],
      ['POST', '/api/v1/invoice/integration/test', {}, 404, 'NFE integration not found'],
      ['GET', '/api/v1/invoice/nao-existe/pdf', undefined, 404, 'Invoice not found'],
      [
        'POST',
        '/api/v1/stablecoin/deposit/approve',
        { correlationId: 'nao-existe' },
        400,
        'Stablecoin cashout not found',
      ],
      [
        'POST',
        '/api/v1/stablecoin/deposit',
        { value: 1_000, currency: 'USDC', network: 'POLYGON' },
        400,
        'No active stable subaccount. A KYB is required, contact support.',
      ],
      ['GET', '/api/v1/stablecoin/subaccount/nao-existe', undefined, 404, 'SubAccount not found'],
      ['GET', '/api/v1/boleto-transaction/nao-existe', undefined, 404, 'Boleto transaction not found'],
      [
        'GET',
        '/api/v1/boleto-transaction?skip=10001',
        undefined,
        422,
        'skip cannot exceed 10000 — narrow the range with start/end instead',
      ],
    ];
    for (const [method, url, body, status, text] of cases) {
      const reply = await call(method, url, body);
      expect(reply.status, `${method} ${url}: ${JSON.stringify(reply.body)}`).toBe(status);
      expect(reply.body.error, `${method} ${url}`).toBe(text);
    }
  });
});
