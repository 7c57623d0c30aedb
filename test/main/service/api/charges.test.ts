import { expect, it } from 'vitest';
import { buildDynamicBrCode, decodeBrCode } from '#lib/pix';
import { createSandboxCompany } from '#service/engine/tenancy/sandbox-bootstrap';
import { describeContract } from '#test/support/harness';

const CPF = '52998224725';

describeContract('charges', (h, transport) => {
  it('creates an ACTIVE charge with a real dynamic BR Code and every field echoed', async () => {
    const body = await h().ok('createCharge', {
      body: {
        correlationID: 'pedido-1',
        value: 1234,
        comment: 'Café e pão de queijo',
        expiresIn: 900,
        customer: { name: 'Maria Silva', taxID: '529.982.247-25', email: 'Maria@Example.com', phone: '11 98765-4321' },
        additionalInfo: [{ key: 'Mesa', value: '7' }],
        paymentLinkID: 'link-balcao-1',
        splits: [{ value: 200, pixKey: 'parceiro@example.com', splitType: 'SPLIT_PARTNER' }],
        subaccount: 'sub@example.com',
        enableCashbackPercentage: true,
        enableCashbackExclusivePercentage: false,
        ensureSameTaxID: true,
      },
    });
    const { charge } = body;
    expect(body.correlationID).toBe('pedido-1');
    expect(body.brCode).toBe(charge.brCode);
    expect(charge).toMatchObject({
      status: 'ACTIVE',
      value: 1234,
      type: 'DYNAMIC',
      comment: 'Café e pão de queijo',
      correlationID: 'pedido-1',
      paymentLinkID: 'link-balcao-1',
      expiresIn: 900,
      expiresDate: '2026-11-22T15:15:00.000Z',
      additionalInfo: [{ key: 'Mesa', value: '7' }],
      splits: [{ value: 200, pixKey: 'parceiro@example.com', splitType: 'SPLIT_PARTNER' }],
      subaccount: 'sub@example.com',
      enableCashbackPercentage: true,
      enableCashbackExclusivePercentage: false,
      ensureSameTaxID: true,
      customer: {
        name: 'Maria Silva',
        email: 'maria@example.com',
        phone: '+5511987654321',
        taxID: { taxID: CPF, type: 'BR:CPF' },
      },
    });
    expect(charge.transactionID).toMatch(/^[0-9a-f]{32}$/);
    expect(Buffer.from(charge.globalID, 'base64').toString()).toMatch(/^Charge:[0-9a-f]{24}$/);
    expect(charge.paymentMethods.pix).toMatchObject({
      method: 'PIX_COB',
      brCode: charge.brCode,
      value: 1234,
      status: 'ACTIVE',
    });
    const decoded = decodeBrCode(charge.brCode);
    expect(decoded.pointOfInitiation).toBe('DYNAMIC');
    expect(decoded.locationUrl).toMatch(/\/qr\/v2\/cob\/[0-9a-f]{32}$/);
    expect(decoded.locationUrl!.startsWith(h().baseUrl.replace(/^https?:\/\//, ''))).toBe(true);
    expect(decoded.merchantName).toBe('Balcao Sandbox');
    expect(h().counts('events').events).toBeGreaterThanOrEqual(1);
  });

  it('puts the charge value in tag 54 of its dynamic BR Code, and the original value on a due-date one', async () => {
    const { charge } = await h().ok('createCharge', { body: { correlationID: 'amount', value: 1234 } });
    expect(decodeBrCode(charge.brCode)).toMatchObject({ pointOfInitiation: 'DYNAMIC', amountCents: 1234 });
    // The cobv amount moves with the payment day; the code shows the value the charge was made for.
    const overdue = await h().ok('createCharge', {
      body: {
        correlationID: 'amount-cobv',
        value: 10_000,
        type: 'OVERDUE',
        dueDate: '2026-11-30',
        discountSettings: {
          modality: 'FIXED_VALUE_UNTIL_SPECIFIED_DATE',
          discountFixedDate: [{ daysActive: 5, value: 1000 }],
        },
      },
    });
    expect(overdue.charge.valueWithDiscount).toBe(9000);
    expect(decodeBrCode(overdue.charge.brCode)).toMatchObject({ pointOfInitiation: 'DYNAMIC', amountCents: 10_000 });
  });

  it('pays a dynamic code for what its charge asks, whatever its tag 54 says', async () => {
    const { charge } = await h().ok('createCharge', { body: { correlationID: 'tamper', value: 5000 } });
    const decoded = decodeBrCode(charge.brCode);
    expect(decoded.amountCents).toBe(5000);
    // The same location with a smaller amount, as a forged or edited code would carry it.
    const forged = buildDynamicBrCode({
      locationUrl: decoded.locationUrl!,
      amountCents: 1,
      merchantName: decoded.merchantName,
      merchantCity: decoded.merchantCity,
    });
    expect(decodeBrCode(forged).amountCents).toBe(1);
    const before = h().counts('transactions');
    const refused = await h().client.request('sandboxPayBrCode', { body: { brCode: forged, value: 1 } });
    expect(refused).toEqual({ status: 400, body: { error: expect.stringContaining('5000') } });
    expect(h().counts('transactions')).toEqual(before);
    const paid = await h().ok('sandboxPayBrCode', { body: { brCode: forged } });
    expect(paid.charge).toMatchObject({ correlationID: 'tamper', status: 'COMPLETED', paidValue: 5000 });
    expect(paid.transaction.value).toBe(5000);
  });

  // The location is a public URL on the listening server; the engine run has no server to fetch.
  it.skipIf(transport !== 'http')('the location of a dynamic BR Code serves the cob payload over HTTP', async () => {
    const { charge } = await h().ok('createCharge', { body: { correlationID: 'loc', value: 990, comment: 'Pastel' } });
    const url = `http://${decodeBrCode(charge.brCode).locationUrl}`;
    const response = await fetch(url);
    expect(response.status).toBe(200);
    const payload = await response.json();
    expect(payload).toMatchObject({
      txid: charge.transactionID,
      status: 'ATIVA',
      valor: { original: '9.90' },
      solicitacaoPagador: 'Pastel',
    });
    expect((await fetch(url.replace(/[0-9a-f]{32}$/, '0'.repeat(32)))).status).toBe(404);
  });

  it('accepts the customer as name plus taxID, email or phone, and refuses a name alone', async () => {
    for (const [i, customer] of [
      { name: 'A', taxID: CPF },
      { name: 'B', email: 'b@example.com' },
      { name: 'C', phone: '+5511912345678' },
    ].entries()) {
      const { charge } = await h().ok('createCharge', { body: { correlationID: `c${i}`, value: 100, customer } });
      expect(charge.customer.name).toBe(customer.name);
    }
    const before = h().counts('charges', 'customers', 'events');
    const reply = await h().client.request('createCharge', {
      body: { correlationID: 'c9', value: 100, customer: { name: 'Só nome' } },
    });
    expect(reply.status).toBe(400);
    expect('body' in reply && reply.body).toEqual({ error: expect.stringContaining('taxID, email or phone') });
    expect(h().counts('charges', 'customers', 'events')).toEqual(before);
  });

  it('is idempotent with return_existing=true and refuses a duplicate correlationID otherwise', async () => {
    const first = await h().ok('createCharge', { body: { correlationID: 'dup', value: 500 } });
    const again = await h().ok('createCharge', {
      query: { return_existing: 'true' },
      body: { correlationID: 'dup', value: 500 },
    });
    expect(again.charge.globalID).toBe(first.charge.globalID);
    expect(again.charge.brCode).toBe(first.charge.brCode);
    const duplicate = await h().client.request('createCharge', { body: { correlationID: 'dup', value: 500 } });
    expect(duplicate.status).toBe(400);
    expect(h().counts('charges').charges).toBe(1);
  });

  it('gets a charge by correlationID (URI-encoded), globalID, transactionID and identifier', async () => {
    const correlationID = 'pedido/42 #café%';
    const { charge } = await h().ok('createCharge', { body: { correlationID, value: 700 } });
    for (const id of [correlationID, charge.globalID, charge.transactionID, charge.identifier]) {
      const got = await h().ok('getCharge', { params: { id } });
      expect(got.charge.correlationID).toBe(correlationID);
    }
    const missing = await h().client.request('getCharge', { params: { id: 'nope' } });
    expect(missing).toEqual({ status: 400, body: { error: 'Charge not found' } });
  });

  it('never shows one company another company’s charges', async () => {
    const { charge } = await h().ok('createCharge', { body: { correlationID: 'mine', value: 700 } });
    const asOther = { appId: h().other.appId };
    for (const id of ['mine', charge.globalID, charge.transactionID]) {
      expect(await h().client.request('getCharge', { params: { id } }, asOther)).toEqual({
        status: 400,
        body: { error: 'Charge not found' },
      });
      expect(await h().client.request('deleteCharge', { params: { id } }, asOther)).toEqual({
        status: 400,
        body: { error: 'Charge not found' },
      });
    }
    const list = await h().client.request('listCharges', {}, asOther);
    expect('body' in list && (list.body as any).charges).toEqual([]);
    // The other company may reuse the correlationID: it is unique per company, not globally.
    expect(
      (await h().client.request('createCharge', { body: { correlationID: 'mine', value: 1 } }, asOther)).status,
    ).toBe(200);
  });

  it('lists newest first with skip/limit pageInfo and the status, customer, start and end filters', async () => {
    await h()
      .ok('createCustomer', { body: { name: 'Cliente', taxID: CPF, correlationID: 'cli-1' } })
      .catch(() => undefined);
    for (let i = 0; i < 5; i += 1) {
      h().clock.advance(60_000);
      await h().ok('createCharge', {
        body: {
          correlationID: `l${i}`,
          value: 100 + i,
          ...(i % 2 === 0 ? { customer: { name: 'Cliente', taxID: CPF, correlationID: 'cli-1' } } : {}),
        },
      });
    }
    const page1 = await h().ok('listCharges', { query: { limit: '2' } });
    expect(page1.charges.map((c: any) => c.correlationID)).toEqual(['l4', 'l3']);
    expect(page1.pageInfo).toEqual({ skip: 0, limit: 2, totalCount: 5, hasPreviousPage: false, hasNextPage: true });
    const page3 = await h().ok('listCharges', { query: { limit: '2', skip: '4' } });
    expect(page3.charges.map((c: any) => c.correlationID)).toEqual(['l0']);
    expect(page3.pageInfo).toEqual({ skip: 4, limit: 2, totalCount: 5, hasPreviousPage: true, hasNextPage: false });
    const byCustomer = await h().ok('listCharges', { query: { customer: 'cli-1' } });
    expect(byCustomer.charges.map((c: any) => c.correlationID)).toEqual(['l4', 'l2', 'l0']);
    const window = await h().ok('listCharges', {
      query: { start: '2026-11-22T15:02:00Z', end: '2026-11-22T15:04:00Z' },
    });
    expect(window.charges.map((c: any) => c.correlationID)).toEqual(['l3', 'l2', 'l1']);
    h().clock.advance(2 * 86_400_000);
    const expired = await h().ok('listCharges', { query: { status: 'EXPIRED' } });
    expect(expired.charges).toHaveLength(5);
    expect((await h().ok('listCharges', { query: { status: 'ACTIVE' } })).charges).toHaveLength(0);
    expect((await h().ok('listCharges', { query: { customer: 'unknown' } })).charges).toHaveLength(0);
  });

  it('expires an ACTIVE charge when its time passes, with a CHARGE_EXPIRED event', async () => {
    await h().ok('createCharge', { body: { correlationID: 'exp', value: 100, expiresIn: 300 } });
    h().clock.advance(299_000);
    expect((await h().ok('getCharge', { params: { id: 'exp' } })).charge.status).toBe('ACTIVE');
    h().clock.advance(1_000);
    expect((await h().ok('getCharge', { params: { id: 'exp' } })).charge.status).toBe('EXPIRED');
    const names = h().engine.db.prepare('SELECT name FROM events ORDER BY seq').pluck().all();
    expect(names).toContain('OPENPIX:CHARGE_EXPIRED');
  });

  it('re-dates a charge with PATCH and refuses a date in the past', async () => {
    await h().ok('createCharge', { body: { correlationID: 'patch', value: 100, expiresIn: 300 } });
    const { charge } = await h().ok('updateChargeExpiration', {
      params: { id: 'patch' },
      body: { expiresDate: '2026-11-23T15:00:00.000Z' },
    });
    expect(charge.expiresDate).toBe('2026-11-23T15:00:00.000Z');
    expect(charge.expiresIn).toBe(86_400);
    h().clock.advance(3_600_000);
    expect((await h().ok('getCharge', { params: { id: 'patch' } })).charge.status).toBe('ACTIVE');
    for (const body of [{ expiresDate: '2020-01-01T00:00:00Z' }, { expiresDate: 'amanhã' }, {}, { expiresDate: 5 }]) {
      const reply = await h().client.request('updateChargeExpiration', { params: { id: 'patch' }, body });
      expect(reply.status).toBe(400);
    }
    expect(
      await h().client.request('updateChargeExpiration', {
        params: { id: 'x' },
        body: { expiresDate: '2027-01-01T00:00:00Z' },
      }),
    ).toEqual({
      status: 400,
      body: { error: 'Charge not found' },
    });
  });

  it('deletes an unpaid charge and answers { status: OK, id }', async () => {
    await h().ok('createCharge', { body: { correlationID: 'del', value: 100 } });
    expect(await h().ok('deleteCharge', { params: { id: 'del' } })).toEqual({ status: 'OK', id: 'del' });
    // Deleted is gone: it answers like an unknown id.
    expect(await h().client.request('getCharge', { params: { id: 'del' } })).toEqual({
      status: 400,
      body: { error: 'Charge not found' },
    });
    expect(await h().client.request('deleteCharge', { params: { id: 'del' } })).toEqual({
      status: 400,
      body: { error: 'Charge not found' },
    });
  });

  // The spec's error table gives "Charge delete, edit, get, list, create" only 200 and 400, so an
  // id that names no charge of the caller is a 400; another company's charge must answer exactly
  // like an unknown id (same status, same body) and be left untouched.
  it('answers 400 { error: "Charge not found" } to get, delete and PATCH of an unknown id and, identically, of another company’s charge', async () => {
    const theirs = await h().client.request(
      'createCharge',
      { body: { correlationID: 'deles', value: 700, expiresIn: 900 } },
      { appId: h().other.appId },
    );
    expect(theirs.status).toBe(200);
    const { charge } = (theirs as { body: any }).body;
    const events = h().counts('events');
    const notFound = { status: 400, body: { error: 'Charge not found' } };
    for (const id of ['nao-existe', charge.correlationID, charge.globalID, charge.transactionID, charge.identifier]) {
      expect(await h().client.request('getCharge', { params: { id } }), `get ${id}`).toEqual(notFound);
      expect(await h().client.request('deleteCharge', { params: { id } }), `delete ${id}`).toEqual(notFound);
      const patch = await h().client.request('updateChargeExpiration', {
        params: { id },
        body: { expiresDate: '2027-01-01T00:00:00Z' },
      });
      expect(patch, `patch ${id}`).toEqual(notFound);
    }
    expect(h().counts('events')).toEqual(events);
    const still = await h().client.request('getCharge', { params: { id: 'deles' } }, { appId: h().other.appId });
    expect(still).toMatchObject({
      status: 200,
      body: { charge: { status: 'ACTIVE', expiresDate: charge.expiresDate } },
    });
  });

  it('reuses the location of a payment link when fixedLocation is set', async () => {
    const first = await h().ok('createCharge', {
      body: { correlationID: 'f1', value: 100, paymentLinkID: 'caixa-1', fixedLocation: true },
    });
    const second = await h().ok('createCharge', {
      body: { correlationID: 'f2', value: 250, paymentLinkID: 'caixa-1', fixedLocation: true },
    });
    expect(second.charge.brCode).toBe(first.charge.brCode);
    const third = await h().ok('createCharge', { body: { correlationID: 'f3', value: 250, paymentLinkID: 'caixa-1' } });
    expect(third.charge.brCode).not.toBe(first.charge.brCode);
  });

  it('computes OVERDUE discounts, fines and interests for today and keeps them only for OVERDUE', async () => {
    // Created 2026-11-22, due 2026-11-30. Fixed-date tiers: until 11-24 R$ 10, until 11-27 R$ 5.
    const { charge } = await h().ok('createCharge', {
      body: {
        correlationID: 'boleto-1',
        value: 10_000,
        type: 'OVERDUE',
        dueDate: '2026-11-30',
        daysAfterDueDate: 10,
        fines: { value: 200 },
        interests: { value: 33 },
        discountSettings: {
          modality: 'FIXED_VALUE_UNTIL_SPECIFIED_DATE',
          discountFixedDate: [
            { daysActive: 2, value: 1000 },
            { daysActive: 5, value: 500 },
          ],
        },
      },
    });
    expect(charge).toMatchObject({
      type: 'OVERDUE',
      daysAfterDueDate: 10,
      valueWithDiscount: 9000,
      fines: { value: 200 },
    });
    expect(decodeBrCode(charge.brCode).locationUrl).toMatch(/\/qr\/v2\/cobv\//);
    h().clock.set('2026-11-26T15:00:00Z');
    expect((await h().ok('getCharge', { params: { id: 'boleto-1' } })).charge.valueWithDiscount).toBe(9500);
    h().clock.set('2026-11-30T15:00:00Z');
    expect((await h().ok('getCharge', { params: { id: 'boleto-1' } })).charge.valueWithDiscount).toBe(10_000);
    // 5 days late: fine 2 % = 200, interest 0.33 %/day × 5 = 165.
    h().clock.set('2026-12-05T15:00:00Z');
    expect((await h().ok('getCharge', { params: { id: 'boleto-1' } })).charge.valueWithDiscount).toBe(10_365);
    // Payable through 12-10; expired once that São Paulo day is over.
    h().clock.set('2026-12-11T02:59:00Z');
    expect((await h().ok('getCharge', { params: { id: 'boleto-1' } })).charge.status).toBe('ACTIVE');
    h().clock.set('2026-12-11T03:00:00Z');
    expect((await h().ok('getCharge', { params: { id: 'boleto-1' } })).charge.status).toBe('EXPIRED');

    const dynamic = await h().ok('createCharge', { body: { correlationID: 'dyn', value: 100, fines: { value: 200 } } });
    expect(dynamic.charge.fines).toBeUndefined();
  });

  it('refuses OVERDUE terms that break the rules, writing nothing', async () => {
    const before = h().counts('charges', 'events', 'customers');
    const cases = [
      { type: 'OVERDUE' },
      { type: 'OVERDUE', dueDate: '2026-11-01' },
      // Not a day of the calendar (Date.parse would roll it over to 2027-03-02).
      { type: 'OVERDUE', dueDate: '2027-02-30' },
      {
        type: 'OVERDUE',
        daysForDueDate: 5,
        discountSettings: { modality: 'VALUE_PER_RUNNING_DAY_ADVANCE', value: 300 },
      },
      {
        type: 'OVERDUE',
        daysForDueDate: 5,
        discountSettings: { modality: 'FIXED_VALUE_UNTIL_SPECIFIED_DATE', value: 10 },
      },
      {
        type: 'OVERDUE',
        daysForDueDate: 5,
        discountSettings: {
          modality: 'FIXED_VALUE_UNTIL_SPECIFIED_DATE',
          discountFixedDate: [{ daysActive: 9, value: 10 }],
        },
      },
      { type: 'OVERDUE', daysForDueDate: 5, discountSettings: { modality: 'NOPE', value: 1 } },
      { type: 'OVERDUE', daysForDueDate: 5, fines: { value: -1 } },
      { type: 'OVERDUE', daysForDueDate: 5, interests: { value: 1.5 } },
      { type: 'OVERDUE', daysForDueDate: -1 },
      { type: 'OVERDUE', daysForDueDate: 5, daysAfterDueDate: 'dez' },
    ];
    for (const extra of cases) {
      const reply = await h().client.request('createCharge', { body: { correlationID: 'bad', value: 1000, ...extra } });
      expect(reply.status, JSON.stringify(extra)).toBe(400);
      expect('body' in reply && typeof (reply.body as any).error).toBe('string');
    }
    expect(h().counts('charges', 'events', 'customers')).toEqual(before);
  });

  it('answers bad input for every field with 400 { error } and writes nothing', async () => {
    const before = h().counts('charges', 'events', 'customers');
    const valid = { correlationID: 'ok', value: 100 };
    const cases: unknown[] = [
      undefined,
      [],
      'texto',
      { value: 100 },
      { correlationID: 'x' },
      { ...valid, correlationID: '' },
      // A whole number is taken as its text (WHMCS, client-spellings.test.ts); these are not.
      { ...valid, correlationID: 4.2 },
      { ...valid, correlationID: true },
      { ...valid, correlationID: 2 ** 53 },
      { ...valid, correlationID: 'x'.repeat(256) },
      { ...valid, value: '1,00' },
      { ...valid, value: 10.5 },
      { ...valid, value: -1 },
      { ...valid, value: 0 },
      { ...valid, value: 1e15 },
      { ...valid, type: 'CASH' },
      { ...valid, comment: 'x'.repeat(141) },
      { ...valid, comment: 5 },
      { ...valid, expiresIn: 299 },
      { ...valid, expiresIn: '900' },
      { ...valid, expiresIn: 900.5 },
      { ...valid, expiresDate: 'ontem' },
      { ...valid, customer: 'Maria' },
      { ...valid, customer: { taxID: CPF } },
      { ...valid, customer: { name: 'M', taxID: '111.111.111-11' } },
      { ...valid, customer: { name: 'M', email: 'not-an-email' } },
      { ...valid, customer: { name: 'M', phone: '12' } },
      { ...valid, customer: { name: 'x'.repeat(141), email: 'a@b.co' } },
      { ...valid, additionalInfo: { key: 'a', value: 'b' } },
      { ...valid, additionalInfo: [{ key: 'a' }] },
      { ...valid, additionalInfo: [{ key: 'k'.repeat(51), value: 'v' }] },
      { ...valid, paymentLinkID: '' },
      { ...valid, paymentLinkID: 'com espaço' },
      { ...valid, splits: [{ value: 200, pixKey: 'a@b.co' }] },
      { ...valid, splits: [{ value: 10, pixKey: 'não é chave' }] },
      { ...valid, splits: 'all' },
      { ...valid, subaccount: 'not a key' },
      { ...valid, ensureSameTaxID: true },
      { ...valid, ensureSameTaxID: 'yes' },
      { ...valid, fixedLocation: 1 },
      { ...valid, enableCashbackPercentage: 'true' },
    ];
    for (const body of cases) {
      const reply = await h().client.request('createCharge', { body });
      expect(reply.status, JSON.stringify(body)).toBe(400);
      expect('body' in reply && typeof (reply.body as any).error, JSON.stringify(body)).toBe('string');
    }
    for (const query of [{ return_existing: 'yes' }]) {
      expect((await h().client.request('createCharge', { query, body: valid })).status).toBe(400);
    }
    for (const query of [
      { limit: '0' },
      { limit: '101' },
      { skip: '-1' },
      { limit: 'dez' },
      { status: 'PAID' },
      { start: 'ontem' },
      { end: '2026-13-01T00:00:00Z' },
    ]) {
      const reply = await h().client.request('listCharges', { query });
      expect(reply.status, JSON.stringify(query)).toBe(400);
    }
    expect(h().counts('charges', 'events', 'customers')).toEqual(before);
  });

  it('answers 401 without or with an unknown AppID and 403 without the scope', async () => {
    expect(await h().client.request('listCharges', {}, { appId: null })).toMatchObject({
      status: 401,
      body: { error: expect.any(String) },
    });
    expect(await h().client.request('listCharges', {}, { appId: 'bogus' })).toMatchObject({
      status: 401,
      body: { error: expect.any(String) },
    });
    const readOnly = createSandboxCompany(h().engine.db, h().clock.now(), { scopes: ['CHARGE_GET'] });
    const reply = await h().client.request(
      'createCharge',
      { body: { correlationID: 'x', value: 1 } },
      { appId: readOnly.appId },
    );
    expect(reply).toEqual({ status: 403, body: { error: 'Application does not have required scope: CHARGE_POST' } });
    expect(h().counts('charges').charges).toBe(0);
  });
});

describeContract('payment link page', (h, transport) => {
  // The page is served by the HTTP app only; the engine run has no server to fetch it from.
  it.skipIf(transport !== 'http')(
    'serves the public pay page of a charge link with its QR, amount and status',
    async () => {
      const { charge } = await h().ok('createCharge', {
        body: { correlationID: 'pay-page', value: 4590, comment: 'Bolo <b>' },
      });
      const response = await fetch(charge.paymentLinkUrl);
      expect(response.status).toBe(200);
      expect(response.headers.get('content-security-policy')).toContain("default-src 'none'");
      const html = await response.text();
      expect(html).toContain('R$\u00a045,90');
      expect(html).toContain('Aguardando pagamento');
      expect(html).toContain('Bolo &#60;b&#62;');
      expect(html).toContain('data:image/png;base64,');
      expect((await fetch(`${h().baseUrl}/pay/unknown-link`)).status).toBe(404);
    },
  );
});
