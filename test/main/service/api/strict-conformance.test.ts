// Answers checked against schemas with ajv, not only shaped: under `--strict` every answer of the
// payments and static QR codes must validate against the published document's schema of its
// operation and status (OpenAPI 3.0: `nullable` as ajv reads it); by default, against the derived
// document the server itself serves (GET /openapi.json, OpenAPI 3.1, JSON Schema 2020-12).
import { beforeAll, describe, expect, it } from 'vitest';
import { buildStaticBrCode } from '#lib/pix';
import { ManualClock } from '#lib/clock';
import type { SandboxService } from '#service/index';
import { loadPublishedDocument } from '#service/http/published-contract';
import { ResponseShaper, SchemaCompiler, type TypeMismatch } from '#service/http/response-shaper';
import { errorByField } from '#service/http/strict-mode';
import { pay, useConformanceServers } from '#test/support/conformance-servers';

type Json = any;

/**
 * The published document with the faults of it the sandbox follows the examples for (README,
 * "The published document's faults"): `Payment.status` lacks APPROVED, which the examples of
 * approve and autoApprove answer; `Transaction.type` and `.status` have their enums swapped.
 * Everything else is the document as published.
 */
function publishedDocument(): Json {
  const document = structuredClone(loadPublishedDocument()) as Json;
  const { Payment, Transaction } = document.components.schemas;
  Payment.properties.status.enum.push('APPROVED');
  const { type, status } = Transaction.properties;
  [type.enum, status.enum] = [status.enum, type.enum];
  return document;
}

describe('strict answers validate against the published schemas; default ones against the derived document', () => {
  const clock = new ManualClock('2026-11-22T15:00:00.000Z');
  const servers = useConformanceServers({ clock, published: publishedDocument(), listen: true });
  const { call, conforms } = servers;
  let strict: SandboxService;
  let plain: SandboxService;
  beforeAll(() => ({ strict, plain } = servers));

  /** Calls the strict server and validates its answer against the published schema of (method, documented path, status). */
  async function strictCall(method: string, documentedPath: string, url: string, body?: unknown) {
    const reply = await call(servers.strict, method, url, body);
    expect(reply.status, `${method} ${url}: ${JSON.stringify(reply.body)}`).toBe(200);
    expect(conforms('strict', method, documentedPath, 200, reply.body), `${method} ${url}`).toEqual({ kind: 'valid' });
    return reply.body;
  }

  /** The same against the derived document of the default server. */
  async function plainCall(method: string, documentedPath: string, url: string, body?: unknown) {
    const reply = await call(servers.plain, method, url, body);
    expect(reply.status, `${method} ${url}: ${JSON.stringify(reply.body)}`).toBe(200);
    expect(conforms('plain', method, documentedPath, 200, reply.body), `${method} ${url}`).toEqual({ kind: 'valid' });
    return reply.body;
  }

  async function fund(service: SandboxService, cents: number, identifier: string) {
    const { pixQrCode } = (
      await call(service, 'POST', '/api/v1/qrcode-static', { name: 'f', value: cents, identifier })
    ).body;
    expect(await pay(service, pixQrCode.brCode)).toBe(200);
  }

  it('payments under --strict: destination.bank a string, Party objects, no null transaction', async () => {
    await fund(strict, 20_000, 'fundos');
    const pixKey = { type: 'PIX_KEY', destinationAlias: 'fornecedor@example.com', destinationAliasType: 'EMAIL' };
    const created = await strictCall('POST', '/api/v1/payment', '/api/v1/payment', {
      ...pixKey,
      value: 2_500,
      correlationID: 'p1',
    });
    expect(typeof created.destination.bank).toBe('string');
    expect(created.destination.bank.length).toBeGreaterThan(0);
    expect(created).not.toHaveProperty('transaction');

    // Created, not approved: no transaction yet, and no `"transaction": null` either.
    const unsettled = await strictCall('GET', '/api/v1/payment/{id}', '/api/v1/payment/p1');
    expect(unsettled).not.toHaveProperty('transaction');
    expect(unsettled.payment.status).toBe('CREATED');
    expect(unsettled.destination).toEqual(created.destination);

    const approved = await strictCall('POST', '/api/v1/payment/approve', '/api/v1/payment/approve', {
      correlationID: 'p1',
    });
    expect(approved.payment.status).toBe('APPROVED');
    const { debitParty, creditParty } = approved.transaction;
    // The paying company, as the document's Party: objects for taxID and account.
    const company = strict.engine.tenancy.resolveTenant(strict.appId)!;
    expect(debitParty).toEqual({
      account: { branch: company.account.branch, account: company.account.account, accountType: 'TRAN' },
      psp: { id: company.account.ispb, name: company.account.bank_name },
      holder: { name: company.company.official_name },
      taxID: { taxID: company.company.tax_id, type: 'BR:CNPJ' },
    });
    expect(creditParty.holder.name).toBe(created.destination.name);
    expect(creditParty.taxID).toEqual({ taxID: created.destination.taxID, type: 'BR:CPF' });
    expect(creditParty.psp.name).toBe(created.destination.bank);
    expect(creditParty.account).toMatchObject({
      branch: created.destination.branch,
      account: created.destination.account,
    });

    clock.advance(2_001);
    await strictCall('GET', '/api/v1/payment', '/api/v1/payment');
    const confirmed = await strictCall('GET', '/api/v1/payment/{id}', '/api/v1/payment/p1');
    expect(confirmed.payment.status).toBe('CONFIRMED');
    expect(confirmed.transaction.endToEndId).toBe(approved.transaction.endToEndId);

    // A QR code payment (another bank's static code), created and approved at once.
    const brCode = buildStaticBrCode({
      pixKey: 'loja@example.com',
      amountCents: 1_000,
      txid: 'LOJA1',
      merchantName: 'Loja Exemplo',
      merchantCity: 'Sao Paulo',
    });
    const qr = await strictCall('POST', '/api/v1/payment', '/api/v1/payment', {
      type: 'QR_CODE',
      qrCode: brCode,
      correlationID: 'p2',
      autoApprove: true,
    });
    expect(qr.payment).toMatchObject({ type: 'QR_CODE', value: 1_000, status: 'APPROVED' });
    expect(typeof qr.destination.bank).toBe('string');
    // An unapproved one in the list too: every item validates.
    await strictCall('POST', '/api/v1/payment', '/api/v1/payment', { ...pixKey, value: 100, correlationID: 'p3' });
    const list = await strictCall('GET', '/api/v1/payment', '/api/v1/payment');
    expect(list.payments.map((item: Json) => item.payment.correlationID).sort()).toEqual(['p1', 'p2', 'p3']);
    const p3 = list.payments.find((item: Json) => item.payment.correlationID === 'p3');
    expect(p3).not.toHaveProperty('transaction');
  });

  it('an open-amount static QR code under --strict leaves `value` out; a fixed one keeps it', async () => {
    const open = await strictCall('POST', '/api/v1/qrcode-static', '/api/v1/qrcode-static', {
      name: 'aberto',
      identifier: 'aberto',
    });
    expect(open.pixQrCode).not.toHaveProperty('value');
    expect(open.pixQrCode.name).toBe('aberto');
    const fixed = await strictCall('POST', '/api/v1/qrcode-static', '/api/v1/qrcode-static', {
      name: 'fixo',
      value: 990,
      identifier: 'fixo',
    });
    // The document types `value` as a string.
    expect(fixed.pixQrCode.value).toBe('990');
    const got = await strictCall('GET', '/api/v1/qrcode-static/{id}', '/api/v1/qrcode-static/aberto');
    expect(got.pixQrCode).not.toHaveProperty('value');
    const list = await strictCall('GET', '/api/v1/qrcode-static', '/api/v1/qrcode-static');
    const listed = list.pixQrCodes.find((code: Json) => code.name === 'aberto');
    expect(listed).toBeDefined();
    expect(listed).not.toHaveProperty('value');
  });

  it('the other answers of a strict journey validate too (charges, refunds, customers, transactions, the reads)', async () => {
    const charge = await strictCall('POST', '/api/v1/charge', '/api/v1/charge', {
      correlationID: 'c1',
      value: 1500,
      customer: { name: 'Ana', email: 'ana@example.com' },
    });
    await strictCall('POST', '/api/v1/charge', '/api/v1/charge', { correlationID: 'c0', value: 700 });
    await strictCall('GET', '/api/v1/charge/{id}', '/api/v1/charge/c0');
    expect(await pay(strict, charge.brCode)).toBe(200);
    await strictCall('GET', '/api/v1/charge/{id}', '/api/v1/charge/c1');
    await strictCall('GET', '/api/v1/charge', '/api/v1/charge');
    await strictCall('POST', '/api/v1/charge/{id}/refund', '/api/v1/charge/c1/refund', {
      correlationID: 'r1',
      value: 100,
    });
    await strictCall('GET', '/api/v1/charge/{id}/refund', '/api/v1/charge/c1/refund');
    const { transactions } = await strictCall('GET', '/api/v1/transaction', '/api/v1/transaction');
    expect(transactions.length).toBeGreaterThan(0);
    await strictCall('GET', '/api/v1/refund', '/api/v1/refund');
    await strictCall('GET', '/api/v1/refund/{id}', '/api/v1/refund/r1');
    await strictCall('POST', '/api/v1/customer', '/api/v1/customer', {
      name: 'Bia',
      phone: '11987654321',
      correlationID: 'cu1',
    });
    await strictCall('GET', '/api/v1/customer/{id}', '/api/v1/customer/cu1');
    await strictCall('GET', '/api/v1/customer', '/api/v1/customer');
    for (const path of [
      '/api/v1/company',
      '/api/v1/pix-keys',
      '/api/v1/webhook/events',
      '/api/v1/psp',
      '/api/v1/subscriptions',
    ]) {
      await strictCall('GET', path, path);
    }
  });

  it('the default answers keep their own shape, and validate against the derived document', async () => {
    await fund(plain, 20_000, 'fundos');
    const created = await plainCall('POST', '/api/v1/payment', '/api/v1/payment', {
      type: 'PIX_KEY',
      destinationAlias: 'fornecedor@example.com',
      destinationAliasType: 'EMAIL',
      value: 2_500,
      correlationID: 'p1',
    });
    expect(created.destination.bank).toEqual({ name: expect.any(String), ispb: expect.stringMatching(/^\d{8}$/) });
    const unsettled = await plainCall('GET', '/api/v1/payment/{id}', '/api/v1/payment/p1');
    expect(unsettled.transaction).toBeNull();
    const approved = await plainCall('POST', '/api/v1/payment/approve', '/api/v1/payment/approve', {
      correlationID: 'p1',
    });
    expect(typeof approved.transaction.debitParty.taxID).toBe('string');
    await plainCall('GET', '/api/v1/payment', '/api/v1/payment');
    const open = await plainCall('POST', '/api/v1/qrcode-static', '/api/v1/qrcode-static', {
      name: 'aberto',
      identifier: 'aberto',
    });
    expect(open.pixQrCode.value).toBeNull();
    await plainCall('GET', '/api/v1/qrcode-static/{id}', '/api/v1/qrcode-static/aberto');
    await plainCall('GET', '/api/v1/qrcode-static', '/api/v1/qrcode-static');
  });

  it('the shaper leaves out a null the schema does not admit, unless the field is required', () => {
    const document = {
      components: {
        schemas: {
          Thing: { type: 'object', properties: { name: { type: 'string' } } },
          Open: { description: 'anything' },
        },
      },
    };
    const schema = {
      type: 'object',
      required: ['must'],
      properties: {
        plain: { type: 'string' },
        allowed: { type: 'string', nullable: true },
        must: { type: 'string' },
        thing: { $ref: '#/components/schemas/Thing' },
        open: { $ref: '#/components/schemas/Open' },
        either: { oneOf: [{ type: 'string' }, { type: 'object', nullable: true, properties: {} }] },
        merged: {
          allOf: [
            { type: 'object', properties: { a: { type: 'string', nullable: true }, b: { type: 'string' } } },
            { type: 'object', required: ['b'], properties: { c: { type: 'string' } } },
          ],
        },
      },
    };
    const compiler = new SchemaCompiler(document);
    const mismatches: TypeMismatch[] = [];
    const shaper = new ResponseShaper(compiler, (mismatch) => mismatches.push(mismatch));
    const answer = {
      plain: null,
      allowed: null,
      must: null,
      thing: null,
      open: null,
      either: null,
      merged: { a: null, b: null, c: null },
    };
    expect(shaper.shape(compiler.compile(schema), answer)).toEqual({
      allowed: null,
      must: null,
      open: null,
      either: null,
      merged: { a: null, b: null },
    });
    expect(mismatches.map((m) => m.path)).toEqual(['must', 'merged.b']);
  });
});

describe('strict answers where the published document types them otherwise than our default', () => {
  // Servers of their own: features and a clock moved to a subscription's generation day.
  const clock = new ManualClock('2026-11-22T15:00:00.000Z');
  const company = { features: ['MED_API', 'BANK_ACCOUNT'] };
  const servers = useConformanceServers({ clock, company, published: publishedDocument() });
  const { call } = servers;
  let strict: SandboxService;
  let plain: SandboxService;
  beforeAll(() => ({ strict, plain } = servers));

  /** Whether `body` validates against the published schema of (method, documented path, status). */
  const conforms = (method: string, documentedPath: string, status: number, body: unknown) =>
    servers.conforms('strict', method, documentedPath, status, body);

  it('a 400 whose published schema types `error` as an object answers { field: [text] } under --strict only', async () => {
    const bad = { transactionEndToEndId: 'E18236120202611221500s0123456789', situationType: 'BOGUS', details: 'x' };
    const strictBad = await call(strict, 'POST', '/api/v1/funds-recovery', bad);
    expect(strictBad.status).toBe(400);
    expect(strictBad.body).toEqual({ error: { situationType: ['Requisição inválida'] } });
    expect(conforms('POST', '/api/v1/funds-recovery', 400, strictBad.body)).toEqual({ kind: 'valid' });
    const badId = await call(strict, 'GET', '/api/v1/funds-recovery/not-a-uuid');
    expect(badId.status).toBe(400);
    expect(badId.body).toEqual({ error: { id: ['Requisição inválida'] } });
    expect(conforms('GET', '/api/v1/funds-recovery/{id}', 400, badId.body)).toEqual({ kind: 'valid' });
    // Where the document types `error` as a text it stays one (the 404 of the same operation).
    const unknown = await call(strict, 'GET', '/api/v1/funds-recovery/7f3c2a10-0000-4000-8000-000000000000');
    expect(unknown).toEqual({ status: 404, body: { error: 'Recuperação de fundos não encontrada' } });
    expect(conforms('GET', '/api/v1/funds-recovery/{id}', 404, unknown.body)).toEqual({ kind: 'valid' });
    // The default server keeps its own text, the field first.
    const plainBad = await call(plain, 'POST', '/api/v1/funds-recovery', bad);
    expect(plainBad.status).toBe(400);
    expect(plainBad.body.error).toMatch(/^situationType: /);
  });

  it('errorByField: each `field: text` part under its field, a text naming none under `message`', () => {
    expect(errorByField(400, 'customer.taxID: Invalid CPF/CNPJ; value: Too small')).toEqual({
      'customer.taxID': ['Requisição inválida'],
      value: ['Requisição inválida'],
    });
    expect(errorByField(400, 'body: expected a JSON object')).toEqual({ message: ['Requisição inválida'] });
    expect(errorByField(404, 'Transaction not found')).toEqual({ message: ['Transação não encontrada'] });
    const proto = errorByField(400, '__proto__: bad');
    expect(Object.keys(proto)).toEqual(['__proto__']);
    expect(Object.getPrototypeOf(proto)).toBe(Object.prototype);
  });

  it('a boleto whose value field is a reference quantity: `totalValue` 0 under --strict, null by default', async () => {
    // An arrecadação slip, value identifier 7 (its value field an index, not money), check digit by Luhn.
    const barcode = '83730000001234500010000000000000000000000000';
    expect((await call(plain, 'POST', '/api/v1/boleto/validate', { barcode })).body.boleto.totalValue).toBeNull();
    const strictAnswer = await call(strict, 'POST', '/api/v1/boleto/validate', { barcode });
    expect(strictAnswer.status).toBe(200);
    expect(strictAnswer.body.boleto.totalValue).toBe(0);
    expect(conforms('POST', '/api/v1/boleto/validate', 200, strictAnswer.body)).toEqual({ kind: 'valid' });
  });

  it('a charge generated by a subscription: `subscription` a Subscription object under --strict, the globalID string by default', async () => {
    const customer = { name: 'Maria', taxID: '52998224725', email: 'maria@example.com', phone: '11987654321' };
    const subscription = {
      customer,
      value: 4_990,
      correlationID: 'assinatura-1',
      type: 'RECURRENT',
      dayGenerateCharge: 25,
    };
    for (const service of [strict, plain]) {
      expect((await call(service, 'POST', '/api/v1/subscriptions', subscription)).status).toBe(200);
    }
    clock.set('2026-11-25T12:00:00.000Z');
    const { globalID } = (await call(plain, 'GET', '/api/v1/subscriptions/assinatura-1')).body.subscription;
    expect(globalID).toEqual(expect.any(String));

    const plainList = await call(plain, 'GET', '/api/v1/charge');
    const generated = plainList.body.charges.find((charge: Json) => charge.subscription !== undefined);
    expect(generated.subscription).toBe(globalID);
    const plainOne = await call(plain, 'GET', `/api/v1/charge/${generated.correlationID}`);
    expect(plainOne.body.charge.subscription).toBe(globalID);

    const list = await call(strict, 'GET', '/api/v1/charge');
    expect(list.status).toBe(200);
    const strictGenerated = list.body.charges.find((charge: Json) => charge.subscription !== undefined);
    const strictGlobalID = (await call(strict, 'GET', '/api/v1/subscriptions/assinatura-1')).body.subscription.globalID;
    expect(strictGenerated.subscription).toEqual({ globalID: strictGlobalID });
    expect(conforms('GET', '/api/v1/charge', 200, list.body)).toEqual({ kind: 'valid' });
    const one = await call(strict, 'GET', `/api/v1/charge/${strictGenerated.correlationID}`);
    expect(one.body.charge.subscription).toEqual({ globalID: strictGlobalID });
    expect(conforms('GET', '/api/v1/charge/{id}', 200, one.body)).toEqual({ kind: 'valid' });
    // POST with return_existing answers the existing (generated) charge.
    const again = await call(strict, 'POST', '/api/v1/charge?return_existing=true', {
      correlationID: strictGenerated.correlationID,
      value: 27,
    });
    expect(again.status).toBe(200);
    expect(again.body.charge.subscription).toEqual({ globalID: strictGlobalID });
    expect(conforms('POST', '/api/v1/charge', 200, again.body)).toEqual({ kind: 'valid' });
  });
});
