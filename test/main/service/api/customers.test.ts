import { expect, it } from 'vitest';
import { createSandboxCompany } from '#service/engine/tenancy/sandbox-bootstrap';
import { describeContract } from '#test/support/harness';

const CPF = '52998224725';
const CPF_MASKED = '529.982.247-25';
const CPF_2 = '12345678909';
const CNPJ = '11222333000181';
const CNPJ_MASKED = '11.222.333/0001-81';
const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/;

const maria = {
  name: 'Maria Silva',
  taxID: CPF_MASKED,
  email: 'Maria@Example.com',
  phone: '(11) 98765-4321',
  correlationID: 'cli-maria',
  address: {
    zipcode: '01310-100',
    street: 'Avenida Paulista',
    number: '1000',
    neighborhood: 'Bela Vista',
    city: 'São Paulo',
    state: 'sp',
    complement: 'Sala 5',
    country: 'BR',
  },
};

describeContract('customers', (h) => {
  const events = () =>
    (
      h().engine.db.prepare('SELECT name, payload FROM events ORDER BY seq').all() as {
        name: string;
        payload: string;
      }[]
    ).map((e) => ({
      name: e.name,
      payload: JSON.parse(e.payload),
    }));

  it('creates a customer with every field normalized and a CUSTOMER_CREATED event', async () => {
    const body = await h().ok('createCustomer', { body: maria });
    const expected = {
      name: 'Maria Silva',
      email: 'maria@example.com',
      phone: '+5511987654321',
      taxID: { taxID: CPF, type: 'BR:CPF' },
      correlationID: 'cli-maria',
      address: { ...maria.address, zipcode: '01310100', state: 'SP' },
      createdAt: '2026-11-22T15:00:00.000Z',
      updatedAt: '2026-11-22T15:00:00.000Z',
    };
    expect(body).toEqual({ customer: expected });
    expect(events()).toEqual([{ name: 'CUSTOMER_CREATED', payload: { customer: expected } }]);
    expect((await h().ok('getCustomer', { params: { id: 'cli-maria' } })).customer).toEqual(expected);
  });

  it('accepts name plus taxID, email or phone alone, generating a correlationID when absent', async () => {
    const byTax = (await h().ok('createCustomer', { body: { name: 'Empresa', taxID: CNPJ_MASKED } })).customer;
    expect(byTax).toMatchObject({ name: 'Empresa', taxID: { taxID: CNPJ, type: 'BR:CNPJ' } });
    expect(byTax.correlationID).toMatch(UUID);
    expect(byTax).not.toHaveProperty('email');
    expect(byTax).not.toHaveProperty('address');
    const byEmail = (await h().ok('createCustomer', { body: { name: 'B', email: 'b@example.com' } })).customer;
    expect(byEmail).toMatchObject({ name: 'B', email: 'b@example.com' });
    expect(byEmail).not.toHaveProperty('taxID');
    const byPhone = (await h().ok('createCustomer', { body: { name: 'C', phone: '5511999999999' } })).customer;
    expect(byPhone).toMatchObject({ name: 'C', phone: '+5511999999999' });
    expect(new Set([byTax.correlationID, byEmail.correlationID, byPhone.correlationID]).size).toBe(3);
    expect(h().counts('customers', 'events')).toEqual({ customers: 3, events: 3 });
  });

  it('reads a customer by correlationID or by CPF/CNPJ, masked or not', async () => {
    await h().ok('createCustomer', { body: maria });
    await h().ok('createCustomer', { body: { name: 'Empresa', taxID: CNPJ, correlationID: 'cli-empresa' } });
    for (const id of ['cli-maria', CPF, CPF_MASKED]) {
      expect((await h().ok('getCustomer', { params: { id } })).customer.correlationID, id).toBe('cli-maria');
    }
    for (const id of ['cli-empresa', CNPJ, CNPJ_MASKED]) {
      expect((await h().ok('getCustomer', { params: { id } })).customer.correlationID, id).toBe('cli-empresa');
    }
  });

  // The spec's error table gives "Customer get, list, create, update" only 200 and 400: an id that
  // names no customer of the caller is a 400, and another company's customer answers exactly alike.
  it('answers 400 "Customer not found" to get and update of unknown ids and of another company\'s customers', async () => {
    await h().ok('createCustomer', { body: maria });
    const events = h().counts('events');
    for (const id of ['nobody', CPF_2, '529.982.247-26', 'Maria Silva']) {
      expect(await h().client.request('getCustomer', { params: { id } })).toEqual({
        status: 400,
        body: { error: 'Customer not found' },
      });
    }
    for (const id of ['cli-maria', CPF, CPF_MASKED]) {
      const reply = await h().client.request('getCustomer', { params: { id } }, { appId: h().other.appId });
      expect(reply).toEqual({ status: 400, body: { error: 'Customer not found' } });
    }
    const update = await h().client.request(
      'updateCustomer',
      { params: { id: 'cli-maria' }, body: { name: 'Intrusa' } },
      { appId: h().other.appId },
    );
    expect(update).toEqual({ status: 400, body: { error: 'Customer not found' } });
    const unknown = await h().client.request('updateCustomer', { params: { id: 'nobody' }, body: { name: 'Intrusa' } });
    expect(unknown).toEqual({ status: 400, body: { error: 'Customer not found' } });
    expect(h().counts('events')).toEqual(events);
    expect((await h().ok('getCustomer', { params: { id: 'cli-maria' } })).customer.name).toBe('Maria Silva');
    const list = await h().client.request('listCustomers', {}, { appId: h().other.appId });
    expect(list).toMatchObject({ status: 200, body: { customers: [] } });
  });

  it('refuses a duplicate correlationID or taxID within the company, writing nothing', async () => {
    await h().ok('createCustomer', { body: maria });
    const before = h().counts('customers', 'events');
    const dupCorrelation = await h().client.request('createCustomer', {
      body: { name: 'Outra', email: 'o@example.com', correlationID: 'cli-maria' },
    });
    expect(dupCorrelation).toEqual({
      status: 400,
      body: { error: 'A customer with correlationID cli-maria already exists' },
    });
    for (const taxID of [CPF, CPF_MASKED, ' 529 982 247 25 ']) {
      const reply = await h().client.request('createCustomer', {
        body: { name: 'Outra', taxID, correlationID: 'cli-outra' },
      });
      expect(reply).toEqual({
        status: 400,
        body: { error: `A customer with taxID ${CPF} already exists (correlationID cli-maria)` },
      });
    }
    expect(h().counts('customers', 'events')).toEqual(before);
    // Another company may register the same person and the same correlationID.
    const other = await h().client.request('createCustomer', { body: maria }, { appId: h().other.appId });
    expect(other).toMatchObject({
      status: 200,
      body: { customer: { correlationID: 'cli-maria', taxID: { taxID: CPF } } },
    });
  });

  it('answers bad input for every field with 400 { error } and writes nothing', async () => {
    const before = h().counts('customers', 'events');
    const valid = { name: 'Maria', email: 'maria@example.com' };
    const cases: unknown[] = [
      undefined,
      [],
      'Maria',
      42,
      {},
      { name: 'Maria' },
      { email: 'maria@example.com' },
      { ...valid, name: '' },
      { ...valid, name: '   ' },
      { ...valid, name: 42 },
      { ...valid, name: null },
      { ...valid, name: 'x'.repeat(141) },
      { name: 'M', taxID: '111.111.111-11' },
      { name: 'M', taxID: '529.982.247-26' },
      { name: 'M', taxID: 52998224725 },
      { name: 'M', taxID: '' },
      { name: 'M', taxID: '1'.repeat(21) },
      { name: 'M', taxID: 'abc529.982.247-25' },
      { name: 'M', email: 'not-an-email' },
      { name: 'M', email: 'a@b' },
      { name: 'M', email: '' },
      { name: 'M', email: ['a@b.co'] },
      { name: 'M', email: `${'a'.repeat(250)}@b.co` },
      { name: 'M', phone: '12' },
      { name: 'M', phone: 11987654321 },
      { name: 'M', phone: '11 88765-4321' },
      { name: 'M', phone: 'call me' },
      { name: 'M', phone: '1'.repeat(31) },
      { ...valid, correlationID: '' },
      { ...valid, correlationID: 7.5 },
      { ...valid, correlationID: false },
      { ...valid, correlationID: 'x'.repeat(256) },
      { ...valid, address: 'Rua A, 1' },
      { ...valid, address: [] },
      { ...valid, address: { zipcode: '1234' } },
      { ...valid, address: { zipcode: 12345678 } },
      // A state's full name is its UF now (Magento); what names no state is still refused.
      { ...valid, address: { state: 'Paulista' } },
      { ...valid, address: { state: 'São Paulo City' } },
      { ...valid, address: { state: 'S1' } },
      { ...valid, address: { street: 'x'.repeat(141) } },
      { ...valid, address: { number: 'x'.repeat(21) } },
      { ...valid, address: { city: null } },
      { ...valid, address: { country: 'x'.repeat(61) } },
    ];
    for (const body of cases) {
      const reply = await h().client.request('createCustomer', { body });
      expect(reply.status, JSON.stringify(body)).toBe(400);
      expect('body' in reply && typeof (reply.body as any).error, JSON.stringify(body)).toBe('string');
    }
    expect(h().counts('customers', 'events')).toEqual(before);
  });

  it('gives readable messages naming the field', async () => {
    const error = async (body: unknown) =>
      ((await h().client.request('createCustomer', { body })) as any).body.error as string;
    expect(await error({ email: 'a@b.co' })).toBe('name: name is required');
    expect(await error({ name: 'M' })).toBe('body: a customer needs taxID, email or phone besides name');
    expect(await error({ name: 'M', taxID: '111.111.111-11' })).toBe('taxID: taxID is not a valid CPF or CNPJ');
    expect(await error({ name: 'M', email: 'a@b.co', address: { zipcode: '1' } })).toMatch(/^address\.zipcode: /);
  });

  it('lists newest first with skip/limit pageInfo', async () => {
    for (const name of ['Ana', 'Bia', 'Caio']) {
      await h().ok('createCustomer', {
        body: { name, email: `${name.toLowerCase()}@example.com`, correlationID: name },
      });
      h().clock.advance(1_000);
    }
    const page1 = await h().ok('listCustomers', { query: { limit: '2' } });
    expect(page1.customers.map((c: any) => c.name)).toEqual(['Caio', 'Bia']);
    expect(page1.pageInfo).toEqual({ skip: 0, limit: 2, totalCount: 3, hasPreviousPage: false, hasNextPage: true });
    const page2 = await h().ok('listCustomers', { query: { limit: '2', skip: '2' } });
    expect(page2.customers.map((c: any) => c.name)).toEqual(['Ana']);
    expect(page2.pageInfo).toEqual({ skip: 2, limit: 2, totalCount: 3, hasPreviousPage: true, hasNextPage: false });
    const all = await h().ok('listCustomers');
    expect(all.pageInfo).toEqual({ skip: 0, limit: 100, totalCount: 3, hasPreviousPage: false, hasNextPage: false });
    expect(all.customers[0]).toEqual((await h().ok('getCustomer', { params: { id: 'Caio' } })).customer);
    for (const query of [{ limit: '0' }, { limit: '101' }, { limit: 'dez' }, { skip: '-1' }, { skip: '1.5' }]) {
      const reply = await h().client.request('listCustomers', { query });
      expect(reply.status, JSON.stringify(query)).toBe(400);
    }
  });

  it('keeps creation order for customers created in the same instant', async () => {
    for (const name of ['Ana', 'Bia', 'Caio', 'Duda', 'Edu']) {
      await h().ok('createCustomer', { body: { name, phone: '11 98765-4321' } });
    }
    const page = await h().ok('listCustomers', { query: { limit: '3' } });
    expect(page.customers.map((c: any) => c.name)).toEqual(['Edu', 'Duda', 'Caio']);
    expect(page.pageInfo.hasNextPage).toBe(true);
  });

  it('updates the given fields, merges the address field by field and emits CUSTOMER_UPDATED', async () => {
    await h().ok('createCustomer', { body: maria });
    h().clock.advance(60_000);
    const { customer } = await h().ok('updateCustomer', {
      params: { id: 'cli-maria' },
      body: { name: 'Maria S. Souza', phone: '21 99876-5432', address: { number: '2000', complement: '' } },
    });
    expect(customer).toEqual({
      name: 'Maria S. Souza',
      email: 'maria@example.com',
      phone: '+5521998765432',
      taxID: { taxID: CPF, type: 'BR:CPF' },
      correlationID: 'cli-maria',
      address: {
        zipcode: '01310100',
        street: 'Avenida Paulista',
        number: '2000',
        neighborhood: 'Bela Vista',
        city: 'São Paulo',
        state: 'SP',
        country: 'BR',
      },
      createdAt: '2026-11-22T15:00:00.000Z',
      updatedAt: '2026-11-22T15:01:00.000Z',
    });
    expect((await h().ok('getCustomer', { params: { id: CPF } })).customer).toEqual(customer);
    expect(events().map((e) => e.name)).toEqual(['CUSTOMER_CREATED', 'CUSTOMER_UPDATED']);
    expect(events()[1]!.payload).toEqual({ customer });
    // Sending the taxID it already has is not an edit.
    const same = await h().ok('updateCustomer', {
      params: { id: 'cli-maria' },
      body: { taxID: CPF_MASKED, email: 'MS@example.com' },
    });
    expect(same.customer).toMatchObject({ taxID: { taxID: CPF }, email: 'ms@example.com' });
  });

  it('sets a taxID once, then refuses to change it; refuses one that belongs to another customer', async () => {
    await h().ok('createCustomer', { body: { name: 'Sem CPF', email: 'sem@example.com', correlationID: 'cli-sem' } });
    await h().ok('createCustomer', { body: { name: 'Com CPF', taxID: CPF_2, correlationID: 'cli-com' } });
    const before = h().counts('customers', 'events');
    const taken = await h().client.request('updateCustomer', { params: { id: 'cli-sem' }, body: { taxID: CPF_2 } });
    expect(taken).toEqual({
      status: 400,
      body: { error: `A customer with taxID ${CPF_2} already exists (correlationID cli-com)` },
    });
    expect(h().counts('customers', 'events')).toEqual(before);

    const set = await h().ok('updateCustomer', { params: { id: 'cli-sem' }, body: { taxID: CPF_MASKED } });
    expect(set.customer.taxID).toEqual({ taxID: CPF, type: 'BR:CPF' });
    expect((await h().ok('getCustomer', { params: { id: CPF } })).customer.correlationID).toBe('cli-sem');
    const after = h().counts('customers', 'events');
    const change = await h().client.request('updateCustomer', {
      params: { id: 'cli-sem' },
      body: { name: 'X', taxID: CNPJ },
    });
    expect(change).toEqual({ status: 400, body: { error: 'taxID cannot be changed once the customer has one' } });
    expect(h().counts('customers', 'events')).toEqual(after);
    expect((await h().ok('getCustomer', { params: { id: 'cli-sem' } })).customer.name).toBe('Sem CPF');
  });

  it('refuses empty or bad updates and unknown ids with 400, and writes nothing', async () => {
    await h().ok('createCustomer', { body: maria });
    const before = h().counts('customers', 'events');
    const bodies: unknown[] = [
      undefined,
      {},
      { address: {} },
      { unknownField: 1 },
      [],
      'nome',
      { name: '' },
      { name: 7 },
      { name: 'x'.repeat(141) },
      { email: 'nope' },
      { email: null },
      { phone: '123' },
      { taxID: 'abc' },
      { address: 'Rua' },
      { address: { zipcode: 'abc' } },
      { correlationID: 'cli-outro' },
      { correlationID: 5 },
    ];
    for (const body of bodies) {
      const reply = await h().client.request('updateCustomer', { params: { id: 'cli-maria' }, body });
      expect(reply.status, JSON.stringify(body)).toBe(400);
      expect(typeof (reply as any).body.error).toBe('string');
    }
    for (const id of ['nobody', CPF]) {
      // PATCH names the record by correlationID only.
      const reply = await h().client.request('updateCustomer', { params: { id }, body: { name: 'X' } });
      expect(reply, id).toEqual({ status: 400, body: { error: 'Customer not found' } });
    }
    expect(h().counts('customers', 'events')).toEqual(before);
    const echo = await h().ok('updateCustomer', {
      params: { id: 'cli-maria' },
      body: { correlationID: 'cli-maria', name: 'Maria' },
    });
    expect(echo.customer.name).toBe('Maria');
  });

  it('answers 401 without or with an unknown AppID and 403 without the scope', async () => {
    for (const appId of [null, 'bogus']) {
      for (const [op, request] of [
        ['createCustomer', { body: maria }],
        ['getCustomer', { params: { id: 'x' } }],
        ['listCustomers', {}],
        ['updateCustomer', { params: { id: 'x' }, body: { name: 'y' } }],
      ] as const) {
        const reply = await h().client.request(op, request, { appId });
        expect(reply, `${op} ${appId}`).toMatchObject({ status: 401, body: { error: expect.any(String) } });
      }
    }
    const readOnly = createSandboxCompany(h().engine.db, h().clock.now(), { scopes: ['CUSTOMER_GET'] });
    const reply = await h().client.request('createCustomer', { body: maria }, { appId: readOnly.appId });
    expect(reply).toEqual({ status: 403, body: { error: 'Application does not have required scope: CUSTOMER_POST' } });
    const list = await h().client.request('listCustomers', {}, { appId: readOnly.appId });
    expect(list).toEqual({
      status: 403,
      body: { error: 'Application does not have required scope: CUSTOMER_GET_LIST' },
    });
    expect(h().counts('customers').customers).toBe(0);
  });

  it('a charge with an inline customer creates it once, then reuses and completes it', async () => {
    const first = await h().ok('createCharge', {
      body: {
        correlationID: 'p1',
        value: 100,
        customer: { name: 'Joana', email: 'joana@example.com', correlationID: 'cli-joana' },
      },
    });
    expect(first.charge.customer).toEqual({ name: 'Joana', email: 'joana@example.com', correlationID: 'cli-joana' });
    expect((await h().ok('getCustomer', { params: { id: 'cli-joana' } })).customer).toMatchObject({
      name: 'Joana',
      email: 'joana@example.com',
    });
    h().clock.advance(1_000);

    // Same e-mail, no correlationID: the same customer, now with her CPF and phone.
    const second = await h().ok('createCharge', {
      body: {
        correlationID: 'p2',
        value: 100,
        customer: { name: 'Joana S.', email: 'JOANA@example.com', taxID: CPF, phone: '11987654321' },
      },
    });
    expect(second.charge.customer).toEqual({
      name: 'Joana',
      email: 'joana@example.com',
      phone: '+5511987654321',
      taxID: { taxID: CPF, type: 'BR:CPF' },
      correlationID: 'cli-joana',
    });
    h().clock.advance(1_000);
    // By taxID alone.
    const third = await h().ok('createCharge', {
      body: { correlationID: 'p3', value: 100, customer: { name: 'J', taxID: CPF_MASKED } },
    });
    expect(third.charge.customer.correlationID).toBe('cli-joana');
    expect(h().counts('customers').customers).toBe(1);
    const names = events()
      .map((e) => e.name)
      .filter((n) => n.startsWith('CUSTOMER_'));
    expect(names).toEqual(['CUSTOMER_CREATED', 'CUSTOMER_UPDATED']);
    const byCustomer = await h().ok('listCharges', { query: { customer: 'cli-joana' } });
    expect(byCustomer.charges.map((c: any) => c.correlationID)).toEqual(['p3', 'p2', 'p1']);
  });

  it('a charge whose customer contradicts the stored one is refused without writing', async () => {
    await h().ok('createCustomer', { body: maria });
    await h().ok('createCustomer', { body: { name: 'Sem CPF', email: 'sem@example.com', correlationID: 'cli-sem' } });
    const before = h().counts('charges', 'customers', 'events');
    const mismatch = await h().client.request('createCharge', {
      body: { correlationID: 'p1', value: 100, customer: { name: 'Maria', taxID: CPF_2, correlationID: 'cli-maria' } },
    });
    expect(mismatch).toEqual({
      status: 400,
      body: { error: 'customer.taxID does not match the taxID of customer cli-maria' },
    });
    const taken = await h().client.request('createCharge', {
      body: { correlationID: 'p2', value: 100, customer: { name: 'Sem', taxID: CPF, correlationID: 'cli-sem' } },
    });
    expect(taken).toEqual({
      status: 400,
      body: { error: `A customer with taxID ${CPF} already exists (correlationID cli-maria)` },
    });
    expect(h().counts('charges', 'customers', 'events')).toEqual(before);
  });

  it("a charge never attaches another company's customer", async () => {
    await h().client.request('createCustomer', { body: maria }, { appId: h().other.appId });
    const { charge } = await h().ok('createCharge', {
      body: {
        correlationID: 'p1',
        value: 100,
        customer: { name: 'Maria Aqui', taxID: CPF, correlationID: 'cli-maria' },
      },
    });
    expect(charge.customer).toEqual({
      name: 'Maria Aqui',
      taxID: { taxID: CPF, type: 'BR:CPF' },
      correlationID: 'cli-maria',
    });
    expect((await h().ok('getCustomer', { params: { id: 'cli-maria' } })).customer.name).toBe('Maria Aqui');
    const theirs = await h().client.request('getCustomer', { params: { id: 'cli-maria' } }, { appId: h().other.appId });
    expect(theirs).toMatchObject({ status: 200, body: { customer: { name: 'Maria Silva' } } });
  });
});
