// The derived document (GET /openapi.json) states every constraint the server enforces on the
// inputs an external tester found unstated: for each, the document says it (a pattern, an enum,
// an anyOf of required sets), the value it forbids is refused by the server (400, nothing
// written), and the boundary value it allows passes. Over real HTTP.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import Ajv2020 from 'ajv/dist/2020';
import addFormats from 'ajv-formats';
import { createHarness, type Harness } from '#test/support/harness';
import fc from 'fast-check';
import { integerRangePattern } from '#service/engine/pagination';
import { CALENDAR_DAY_PATTERN, RFC3339_PATTERN } from '#service/engine/validation';
import { ufOfStateName } from '#service/engine/customers/brazilian-states';
import { isEndToEndId } from '#lib/pix';
import { EMAIL_PATTERN } from '#service/engine/customers/customer-input';
import { normalizeEmail, normalizePhone } from '#shared/lib/contact';
import { parseTaxId } from '#shared/lib/tax-id';

type Json = any;

describe('the derived document states the constraints the server enforces', () => {
  let h: Harness;
  let doc: Json;
  const ajv = new Ajv2020({ strict: false, allErrors: true });
  addFormats(ajv);

  beforeAll(async () => {
    h = await createHarness('http');
    doc = await (await fetch(`${h.baseUrl}/openapi.json`)).json();
  });
  afterAll(() => h?.close());

  const parameter = (path: string, method: string, name: string): Json =>
    doc.paths[path][method].parameters.find((p: Json) => p.name === name)?.schema;
  const body = (path: string, method: string): Json =>
    doc.paths[path][method].requestBody.content['application/json'].schema;
  /** Whether the derived document allows `value` where `schema` applies. */
  const allows = (schema: Json, value: unknown): boolean => ajv.validate(schema, value);

  async function status(op: Parameters<Harness['client']['request']>[0], request: object) {
    const reply = (await h.client.request(op, request)) as Json;
    return { status: reply.status as number, error: reply.body?.error as string | undefined };
  }

  it('integerRangePattern matches exactly the texts Number reads into the range', () => {
    for (const [min, max] of [
      [0, 1_000_000],
      [1, 100],
      [300, 4096],
      [7, 7],
      [0, 9],
      [19, 2_301],
    ] as const) {
      const pattern = new RegExp(integerRangePattern(min, max));
      // Every number up to a few thousand, and the thousand either side of the maximum.
      const around = Array.from({ length: 2_001 }, (_, i) => max - 1_000 + i).filter((n) => n >= 0);
      for (const n of [...Array.from({ length: 5_000 }, (_, i) => i), ...around]) {
        for (const text of [String(n), `0${n}`, `00${n}`]) {
          if (pattern.test(text) !== (n >= min && n <= max)) expect.fail(`${min}..${max}: ${text}`);
        }
      }
      for (const bad of ['', ' 1', '1 ', '-1', '1.0', '1e2', 'x']) expect(pattern.test(bad), bad).toBe(false);
    }
  });

  it('limit: every list states 1..100 and skip 0..1000000; limit=0 and 101 refused, 1 and 100 served', async () => {
    let lists = 0;
    for (const [path, item] of Object.entries<Json>(doc.paths)) {
      for (const [method, operation] of Object.entries<Json>(item)) {
        const limit = operation.parameters?.find((p: Json) => p.name === 'limit');
        if (!limit) continue;
        lists++;
        // Every list refuses 0, and says so; the shared pagination's lists (all but a list whose
        // published maximum is its own) take 1..100.
        expect(allows(limit.schema, '0'), `${method} ${path}`).toBe(false);
        expect(allows(limit.schema, '1'), `${method} ${path}`).toBe(true);
        if (limit.schema.pattern === integerRangePattern(1, 100)) {
          expect(allows(limit.schema, '101'), `${method} ${path}`).toBe(false);
          expect(allows(limit.schema, '100'), `${method} ${path}`).toBe(true);
        } else {
          expect(limit.schema.pattern, `${method} ${path}`).toMatch(/^\^0\*/);
        }
        const skip = operation.parameters.find((p: Json) => p.name === 'skip');
        if (skip) expect(allows(skip.schema, '0') && !allows(skip.schema, '1000001'), `${method} ${path}`).toBe(true);
      }
    }
    expect(lists).toBeGreaterThanOrEqual(12);
    for (const op of ['listCharges', 'listCustomers', 'listPixQrCodes', 'listTransactions'] as const) {
      expect(await status(op, { query: { limit: '0' } })).toEqual({
        status: 400,
        error: 'limit: limit must be at least 1',
      });
      expect(await status(op, { query: { limit: '101' } })).toEqual({
        status: 400,
        error: 'limit: limit must be at most 100',
      });
      expect((await status(op, { query: { limit: '1' } })).status).toBe(200);
      expect((await status(op, { query: { limit: '100', skip: '1000000' } })).status).toBe(200);
    }
  });

  it('QR image size: 300..4096 stated (and at most 5 characters); 299 and 4097 refused, 300 and 4096 drawn', async () => {
    const { charge } = await h.ok('createCharge', { body: { correlationID: 'img', value: 100 } });
    const size = parameter('/openpix/charge/brcode/image/{id}.png', 'get', 'size');
    expect(size.maxLength).toBe(5);
    for (const [text, allowed] of [
      ['299', false],
      ['300', true],
      ['4096', true],
      ['4097', false],
      ['00300', true],
      ['000300', false],
    ] as const) {
      expect(allows(size, text), text).toBe(allowed);
      const reply = await status('getChargeQrImage', { params: { id: charge.paymentLinkID }, query: { size: text } });
      expect(reply.status, text).toBe(allowed ? 200 : 400);
    }
  });

  it('application.type: enum ["API"]; POS refused with its own text, API created', async () => {
    const schema = body('/api/v1/application', 'post');
    expect(schema.properties.application.properties.type.enum).toEqual(['API']);
    const accountId = h.engine.tenancy.resolveTenant(h.appId)!.account.id;
    const before = h.counts('applications');
    const pos = { accountId, application: { name: 'Caixa', type: 'POS' } };
    expect(allows(schema, pos)).toBe(false);
    expect(await status('createApplication', { body: pos })).toEqual({
      status: 400,
      error: 'application.type: Only MASTER application can create other application types',
    });
    expect(h.counts('applications')).toEqual(before);
    const api = { accountId, application: { name: 'Integração', type: 'API' } };
    expect(allows(schema, api)).toBe(true);
    expect((await status('createApplication', { body: api })).status).toBe(201);
  });

  it('pix-keys type: CNPJ or EVP (RANDOM) stated; EMAIL refused, EVP created', async () => {
    const schema = body('/api/v1/pix-keys', 'post');
    expect(schema.properties.type.enum).toEqual(['CNPJ', 'EVP', 'RANDOM']);
    expect(allows(schema, { type: 'EMAIL', key: 'a@example.com' })).toBe(false);
    expect(allows(schema, { type: 'EVP', key: 'chave-escolhida' })).toBe(false);
    expect(allows(schema, { type: 'CNPJ' })).toBe(false);
    expect(allows(schema, { type: 'EVP' })).toBe(true);
    expect(allows(schema, { type: 'CNPJ', key: '11222333000181' })).toBe(true);
    const before = h.counts('pix_keys');
    expect((await status('createPixKey', { body: { type: 'EMAIL', key: 'a@example.com' } })).status).toBe(400);
    expect((await status('createPixKey', { body: { type: 'EVP', key: 'chave-escolhida' } })).status).toBe(400);
    expect((await status('createPixKey', { body: { type: 'CNPJ' } })).status).toBe(400);
    expect(h.counts('pix_keys')).toEqual(before);
    expect((await status('createPixKey', { body: { type: 'EVP' } })).status).toBe(201);
  });

  it('psp ispb: 1 to 8 digits stated (compe 1 to 3); 9 digits refused, 8 and 1 answered', async () => {
    const ispb = parameter('/api/v1/psp', 'get', 'ispb');
    const compe = parameter('/api/v1/psp', 'get', 'compe');
    for (const [text, allowed] of [
      ['123456789', false],
      ['abc', false],
      ['00000000', true],
      ['0', true],
      ['', true],
    ] as const) {
      expect(allows(ispb, text), text).toBe(allowed);
      expect((await status('listPsps', { query: { ispb: text } })).status, text).toBe(allowed ? 200 : 400);
    }
    expect(allows(compe, '0001')).toBe(false);
    expect(allows(compe, '001')).toBe(true);
    expect(await status('listPsps', { query: { ispb: '123456789' } })).toEqual({
      status: 400,
      error: 'Invalid query parameters: ispb must have 1 to 8 digits',
    });
    expect((await h.ok('listPsps', { query: { ispb: '0' } })).psps[0].ispb).toBe('00000000');
  });

  it('webhook and dispute evidence URLs: http(s) stated; ftp refused, https taken', async () => {
    const webhook = body('/api/v1/webhook', 'post').properties.webhook.properties.url;
    expect(webhook).toMatchObject({ format: 'uri', pattern: expect.any(String) });
    expect(allows(webhook, 'ftp://example.com/hook')).toBe(false);
    expect(allows(webhook, 'https://example.com/hook')).toBe(true);
    const before = h.counts('webhooks');
    const hook = (url: string) => ({ webhook: { name: 'w', url } });
    expect(await status('createWebhook', { body: hook('ftp://example.com/hook') })).toEqual({
      status: 400,
      error: 'webhook.url: url must be an http(s) URL',
    });
    expect(h.counts('webhooks')).toEqual(before);
    expect((await status('createWebhook', { body: hook('https://example.com/hook') })).status).toBe(200);

    const evidence = body('/api/v1/dispute/{id}/evidence', 'post').properties.documents.items.properties.url;
    expect(evidence).toMatchObject({ format: 'uri', pattern: webhook.pattern });
    const { pixQrCode } = await h.ok('createPixQrCode', { body: { name: 'Venda', value: 800 } });
    const { transaction } = await h.ok('sandboxPayBrCode', { body: { brCode: pixQrCode.brCode } });
    const { dispute } = await h.ok('sandboxOpenDispute', { body: { endToEndId: transaction.endToEndId } });
    const send = (url: string) =>
      status('uploadDisputeEvidence', {
        params: { id: dispute.id },
        body: { documents: [{ url, correlationID: 'e1' }] },
      });
    expect(allows(evidence, 'file:///etc/passwd')).toBe(false);
    expect((await send('file:///etc/passwd')).status).toBe(400);
    expect(h.counts('dispute_evidence')).toEqual({ dispute_evidence: 0 });
    expect(allows(evidence, 'http://files.example.com/nf.pdf')).toBe(true);
    expect((await send('http://files.example.com/nf.pdf')).status).toBe(200);
  });

  it('a customer (created, or a charge’s) needs taxID, email or phone: stated as anyOf; name only refused', async () => {
    const customer = body('/api/v1/customer', 'post');
    const chargeCustomer = body('/api/v1/charge', 'post').properties.customer;
    for (const schema of [customer, chargeCustomer]) {
      expect(schema.anyOf).toEqual([{ required: ['taxID'] }, { required: ['email'] }, { required: ['phone'] }]);
      expect(allows(schema, { name: 'Ana' })).toBe(false);
      expect(allows(schema, { name: 'Ana', phone: '11987654321' })).toBe(true);
    }
    const before = h.counts('customers', 'charges');
    const refused = await status('createCustomer', { body: { name: 'Ana' } });
    expect(refused).toEqual({ status: 400, error: 'body: a customer needs taxID, email or phone besides name' });
    const charge = await status('createCharge', {
      body: { correlationID: 'c-ana', value: 100, customer: { name: 'Ana' } },
    });
    expect(charge.status).toBe(400);
    expect(h.counts('customers', 'charges')).toEqual(before);
    // ensureSameTaxID needs the customer's taxID: said in words (x-requires), and refused without it.
    expect(body('/api/v1/charge', 'post').properties.ensureSameTaxID['x-requires']).toBe('customer.taxID');
    expect(
      await status('createCharge', {
        body: {
          correlationID: 'c-ana',
          value: 100,
          ensureSameTaxID: true,
          customer: { name: 'Ana', email: 'a@example.com' },
        },
      }),
    ).toEqual({ status: 400, error: 'ensureSameTaxID: ensureSameTaxID needs customer.taxID' });
    expect(h.counts('customers', 'charges')).toEqual(before);
    expect((await status('createCustomer', { body: { name: 'Ana', phone: '11987654321' } })).status).toBe(200);
    const paid = await status('createCharge', {
      body: { correlationID: 'c-ana', value: 100, customer: { name: 'Ana', email: 'ana@example.com' } },
    });
    expect(paid.status).toBe(200);
  });

  it('a customer’s e-mail, phone and taxID: the patterns stated agree with the rules enforced', () => {
    const schema = body('/api/v1/customer', 'post').properties;
    expect(schema.email.pattern).toBe(EMAIL_PATTERN);
    const email = new RegExp(EMAIL_PATTERN, 'u');
    // Exactly normalizeEmail: generated from the characters its rules are about.
    const part = fc.string({ unit: fc.constantFrom(...'aZ9.-_@ ;"[\\'.split('')), maxLength: 12 });
    fc.assert(
      fc.property(part, part, fc.constantFrom('', '.com', '.c', '.com.br', '.-x.io'), (local, domain, tld) => {
        const text = `${local}@${domain}${tld}`;
        expect(email.test(text), JSON.stringify(text)).toBe(normalizeEmail(text) !== null);
        expect(email.test(local), JSON.stringify(local)).toBe(normalizeEmail(local) !== null);
      }),
      { numRuns: 3_000 },
    );
    for (const text of ['Ana@Example.com', ' ana.b@mail.example.com.br ', 'a@b.co'])
      expect(email.test(text)).toBe(true);
    for (const text of ['.a@b.com', 'a.@b.com', 'a..b@b.com', 'a@b', 'a@b.c', 'a@-b.com', 'a b@c.com']) {
      expect(email.test(text), text).toBe(false);
    }
    // Phone and taxID: what their pattern refuses, the server refuses (the pattern says the shape;
    // the digits' rules are described, and named by x-format).
    const phone = new RegExp(schema.phone.pattern, 'u');
    const taxID = new RegExp(schema.taxID.pattern, 'u');
    expect(schema.phone['x-format']).toBe('phone-br-or-e164');
    expect(schema.taxID['x-format']).toBe('br-cpf-or-cnpj');
    const noisy = fc.string({ unit: fc.constantFrom(...'0123456789+-.() /aX'.split('')), maxLength: 20 });
    fc.assert(
      fc.property(noisy, (text) => {
        if (normalizePhone(text).ok) expect(phone.test(text), JSON.stringify(text)).toBe(true);
        if (parseTaxId(text.trim()) !== null) expect(taxID.test(text), JSON.stringify(text)).toBe(true);
      }),
      { numRuns: 3_000 },
    );
    for (const text of ['11 98765-4321', '+5511987654321', '(11) 3333-4444']) expect(phone.test(text), text).toBe(true);
    for (const text of ['529.982.247-25', '52998224725', '11.222.333/0001-81', '12.ABC.345/01DE-35']) {
      expect(taxID.test(text), text).toBe(true);
    }
    expect(phone.test('ramal 12')).toBe(false);
    expect(taxID.test('123')).toBe(false);
  });

  it('more stated: payment metadata at most 30 keys, KYC redirectUrl http(s), transaction start not after end', async () => {
    const payment = body('/api/v1/payment', 'post');
    const metadata = JSON.stringify(payment).match(/"metadata":(\{[^]*?"maxProperties":30)/);
    expect(metadata).not.toBeNull();
    const kyc = body('/api/v1/kyc/onboarding', 'post').properties.redirectUrl;
    expect(JSON.stringify(kyc)).toContain('"format":"uri"');
    const start = parameter('/api/v1/transaction', 'get', 'start');
    expect(start['x-not-after']).toBe('end');
    expect(
      await status('listTransactions', { query: { start: '2026-01-02T00:00:00Z', end: '2026-01-01T00:00:00Z' } }),
    ).toEqual({ status: 400, error: 'start: start must not be after end' });
  });
  it('PATCH /customer/{id}: at least one field to change stated as anyOf; {} and an empty address refused', async () => {
    const schema = body('/api/v1/customer/{id}', 'patch');
    for (const refused of [{}, { correlationID: 'cu-p' }, { address: {} }, { address: { foo: 'x' } }]) {
      expect(allows(schema, refused), JSON.stringify(refused)).toBe(false);
    }
    for (const allowed of [{ name: 'Nova' }, { address: { city: 'Campinas' } }, { taxID: '52998224725' }]) {
      expect(allows(schema, allowed), JSON.stringify(allowed)).toBe(true);
    }
    await h.ok('createCustomer', { body: { name: 'Ana', email: 'ana.p@example.com', correlationID: 'cu-p' } });
    const text = 'body: send at least one of name, email, phone, taxID or address to update';
    for (const refused of [{}, { correlationID: 'cu-p' }, { address: {} }, { address: { foo: 'x' } }]) {
      expect(await status('updateCustomer', { params: { id: 'cu-p' }, body: refused })).toEqual({
        status: 400,
        error: text,
      });
    }
    const updated = await h.ok<Json>('updateCustomer', {
      params: { id: 'cu-p' },
      body: { address: { city: 'Campinas' } },
    });
    expect(updated.customer.address.city).toBe('Campinas');
  });

  it('webhook replay: exactly one of eventId or since stated as oneOf; {} and both refused', async () => {
    const schema = body('/api/v1/webhook/{id}/replay', 'post');
    const since = '2026-11-01T00:00:00Z';
    expect(allows(schema, {})).toBe(false);
    expect(allows(schema, { eventId: 'e1', since })).toBe(false);
    expect(allows(schema, { eventId: '   ' })).toBe(false);
    expect(allows(schema, { since })).toBe(true);
    expect(allows(schema, { eventId: 'e1' })).toBe(true);
    const { webhook } = await h.ok<Json>('createWebhook', {
      body: { webhook: { name: 'replay', url: 'https://example.com/hook', event: 'OPENPIX:CHARGE_COMPLETED' } },
    });
    for (const refused of [{}, { eventId: 'e1', since }]) {
      expect(await status('replayWebhook', { params: { id: webhook.id }, body: refused })).toEqual({
        status: 400,
        error: 'body: send exactly one of eventId or since',
      });
    }
    expect(await h.ok('replayWebhook', { params: { id: webhook.id }, body: { since } })).toEqual({ replayed: [] });
    // Past validation: the event is looked for (unknownRecord: this operation's not-found is a 400).
    expect(await status('replayWebhook', { params: { id: webhook.id }, body: { eventId: 'e1' } })).toEqual({
      status: 400,
      error: 'Event not found',
    });
  });

  it('dates: the patterns stated take only real calendar days and times, and the server refuses the rest', async () => {
    const dateTime = new RegExp(RFC3339_PATTERN);
    const day = new RegExp(CALENDAR_DAY_PATTERN);
    // The pattern against the calendar: every day of a leap and a common year, and impossible ones.
    for (const year of [2024, 2026, 2000, 1900]) {
      for (let month = 1; month <= 13; month++) {
        for (let d = 0; d <= 32; d++) {
          const text = `${year}-${String(month).padStart(2, '0')}-${String(d).padStart(2, '0')}`;
          const real = new Date(`${text}T00:00:00Z`);
          const isReal = !Number.isNaN(real.getTime()) && real.toISOString().startsWith(text);
          if (day.test(text) !== isReal) expect.fail(`day ${text}`);
          if (dateTime.test(`${text}T12:00:00Z`) !== isReal) expect.fail(`date-time ${text}`);
        }
      }
    }
    for (const good of ['2026-11-22T10:00Z', '2026-11-22t23:59:59.999z', '2026-11-22T00:00:00-03:00'])
      expect(dateTime.test(good), good).toBe(true);
    for (const bad of [
      '2026-11-22T24:00:00Z',
      '2026-11-22T10:60:00Z',
      '2026-11-22T10:00:60Z',
      '2026-11-22T10:00:00+24:00',
      '2026-11-22T10:00:00',
      '2026-11-22',
    ])
      expect(dateTime.test(bad), bad).toBe(false);
    // Every date filter states it: start/end of the lists, a webhook replay's since, invoices' days.
    for (const [path, name] of [
      ['/api/v1/transaction', 'start'],
      ['/api/v1/transaction', 'end'],
      ['/api/v1/dispute', 'start'],
      ['/api/v1/payment', 'end'],
    ] as const) {
      expect(parameter(path, 'get', name).pattern, `${path} ${name}`).toBe(RFC3339_PATTERN);
    }
    expect(body('/api/v1/webhook/{id}/replay', 'post').properties.since.pattern).toBe(RFC3339_PATTERN);
    expect(JSON.stringify(parameter('/api/v1/invoice', 'get', 'start'))).toContain(
      JSON.stringify(CALENDAR_DAY_PATTERN),
    );
    // The server: a month 13, a 30 February, an hour 24 refused with the date's own text; a real one served.
    for (const bad of [
      '2026-13-01T00:00:00Z',
      '2026-02-30T00:00:00Z',
      '2026-04-31T10:00:00Z',
      '2026-01-01T24:00:00Z',
    ]) {
      for (const op of ['listTransactions', 'listDisputes', 'listPayments'] as const) {
        expect(await status(op, { query: { start: bad } }), `${op} ${bad}`).toEqual({
          status: 400,
          error: 'start: is not a valid date-time',
        });
      }
    }
    expect(await status('listTransactions', { query: { end: 'yesterday' } })).toEqual({
      status: 400,
      error: 'end: must be an RFC 3339 date-time, e.g. 2026-11-22T10:00:00Z',
    });
    for (const op of ['listTransactions', 'listDisputes', 'listPayments'] as const) {
      expect((await status(op, { query: { start: '2024-02-29T00:00:00Z', end: '2026-12-31T23:59:59Z' } })).status).toBe(
        200,
      );
    }
  });

  it('address.state: a UF or a state’s name, stated as a pattern that agrees with the server', async () => {
    const schema = body('/api/v1/customer', 'post').properties.address.properties.state;
    const state = new RegExp(schema.pattern, 'u');
    const accepted = (text: string) => {
      const trimmed = text.trim();
      return trimmed === '' || /^[A-Za-z]{2}$/.test(trimmed) || ufOfStateName(trimmed) !== undefined;
    };
    for (const text of [
      'SP',
      'sp',
      'São Paulo',
      'SAO PAULO',
      'sao  paulo',
      ' Rio Grande do Sul ',
      'Goiás',
      'GOIAS',
      'Sa\u0303o Paulo',
      '',
    ])
      expect(state.test(text) && accepted(text), text).toBe(true);
    for (const text of ['Narnia', 'S', 'SPX', 'São', 'Paulo', 'Rio Grande', 'Sao_Paulo', '12']) {
      expect(state.test(text), text).toBe(false);
      expect(accepted(text), text).toBe(false);
    }
    const noisy = fc.string({ unit: fc.constantFrom(...'SsãaÃoO PpuUlLrRí  '.split('')), maxLength: 12 });
    fc.assert(
      fc.property(noisy, (text) => {
        expect(state.test(text), JSON.stringify(text)).toBe(accepted(text));
      }),
      { numRuns: 3_000 },
    );
    expect(
      await status('createCustomer', { body: { name: 'Ana', phone: '11987654321', address: { state: 'Narnia' } } }),
    ).toEqual({
      status: 400,
      error: "address.state: address.state must be a UF (e.g. SP) or a Brazilian state's name (e.g. São Paulo)",
    });
    const created = await h.ok<Json>('createCustomer', {
      body: { name: 'Ana', phone: '11987654322', address: { state: 'sao paulo' } },
    });
    expect(created.customer.address.state).toBe('SP');
  });

  it('boleto barcode: 44, 47 or 48 (arrecadação, starting with 8) digits with separators stated; others refused', async () => {
    const schema = body('/api/v1/boleto/validate', 'post');
    const barcode = '10499898100000214032006561000100040099726390';
    const line = '10492.00650 61000.100042 00997.263900 9 89810000021403';
    const arrecadacao = '846100000005246100291102005460339004695895061080';
    for (const good of [barcode, line, arrecadacao, `${arrecadacao.slice(0, 12)}-${arrecadacao.slice(12)}`]) {
      expect(allows(schema, { barcode: good }), good).toBe(true);
      expect((await status('validateBoleto', { body: { barcode: good } })).status, good).toBe(200);
    }
    for (const bad of [
      barcode.slice(1),
      `${barcode}1`,
      `1${arrecadacao.slice(1)}`,
      `${barcode.slice(0, 40)}x${barcode.slice(40)}`,
    ]) {
      expect(allows(schema, { barcode: bad }), bad).toBe(false);
      expect((await status('validateBoleto', { body: { barcode: bad } })).status, bad).toBe(400);
    }
  });

  it('receipt endToEndId: its 32-character shape stated; a shorter one refused, an unknown valid one 404', async () => {
    const schema = parameter('/api/v1/receipt/{receiptType}/{endToEndId}', 'get', 'endToEndId');
    const pattern = new RegExp(schema.pattern);
    const good = 'E18236120202611221500s0123456789';
    expect(good).toHaveLength(32);
    for (const text of [
      good,
      'D18236120202611221500s0123456789',
      good.slice(1),
      `${good}0`,
      'X' + good.slice(1),
      'E1823612x202611221500s0123456789',
    ])
      expect(pattern.test(text) && allows(schema, text), text).toBe(isEndToEndId(text));
    expect(await status('getReceipt', { params: { receiptType: 'pix-in', endToEndId: good.slice(1) } })).toEqual({
      status: 400,
      error: 'endToEndId: endToEndId must be a 32-character Pix end-to-end id',
    });
    expect((await status('getReceipt', { params: { receiptType: 'pix-in', endToEndId: good } })).status).toBe(404);
  });
});
