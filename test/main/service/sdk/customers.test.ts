import { describe, expect, it } from 'vitest';
import type { Customer } from '#shared/service/resources';
import { as, CNPJ, CPF, sdkRejection, START, useSdkSandbox } from './sdk-sandbox';

const ADDRESS = {
  zipcode: '01310-100',
  street: 'Avenida Paulista',
  number: '1000',
  neighborhood: 'Bela Vista',
  city: 'São Paulo',
  state: 'SP',
  complement: 'Loja 2',
  country: 'BR',
};

describe('SDK customer.* against the sandbox', () => {
  const s = useSdkSandbox();

  it('customer.create: POST /api/v1/customer stores and echoes the customer, taxID as an object', async () => {
    const { woovi } = s();
    // The SDK's payload type has no correlationID, but the API takes one: pass it through a variable.
    const payload = {
      name: 'Maria Silva',
      taxID: '529.982.247-25',
      email: 'Maria@Example.com',
      phone: '11 98765-4321',
      correlationID: 'cliente-maria',
      address: ADDRESS,
    };
    const { customer } = await woovi.customer.create(payload);
    expect(s().requests.at(-1)).toEqual({ method: 'POST', url: '/api/v1/customer', status: 200 });
    expect(as<Customer>(customer)).toMatchObject({
      name: 'Maria Silva',
      email: 'maria@example.com',
      phone: '+5511987654321',
      taxID: { taxID: CPF, type: 'BR:CPF' },
      correlationID: 'cliente-maria',
      // The CEP is kept as its 8 digits, the form the service's own examples show.
      address: { ...ADDRESS, zipcode: '01310100' },
      createdAt: START,
      updatedAt: START,
    });
  });

  it('customer.create with only the SDK-typed fields (no correlationID) gets one assigned; a CNPJ is BR:CNPJ', async () => {
    const { woovi } = s();
    const { customer } = await woovi.customer.create({ name: 'Padaria Pão Quente LTDA', taxID: '11.222.333/0001-81' });
    expect(customer.taxID).toEqual({ taxID: CNPJ, type: 'BR:CNPJ' });
    expect(customer.correlationID).toEqual(expect.any(String));
    expect(customer.correlationID.length).toBeGreaterThan(0);
    expect((await woovi.customer.get({ id: customer.correlationID })).customer).toEqual(customer);
  });

  it('customer.get finds the customer by correlationID and by tax ID', async () => {
    const { woovi } = s();
    const { customer } = await woovi.customer.create({
      name: 'Ana Lima',
      taxID: CPF,
      email: 'ana@example.com',
      correlationID: 'ana',
    } as never);
    expect(await woovi.customer.get({ id: 'ana' })).toEqual({ customer });
    expect(s().requests.at(-1)).toMatchObject({ method: 'GET', url: '/api/v1/customer/ana', status: 200 });
    expect(await woovi.customer.get({ id: CPF })).toEqual({ customer });
  });

  it("customer.list: GET /api/v1/customer?limit=10&skip=0 lists this company's customers newest first", async () => {
    const { woovi, other, clock } = s();
    const names = ['Ana', 'Bruno', 'Carla'];
    for (const [i, name] of names.entries()) {
      await woovi.customer.create({
        name,
        email: `${name.toLowerCase()}@example.com`,
        correlationID: `c-${i}`,
      } as never);
      clock.advance(1_000);
    }
    await other.woovi.customer.create({ name: 'De Outra Loja', email: 'outra@example.com' });

    const listed = await woovi.customer.list();
    expect(s().requests.at(-1)).toMatchObject({ method: 'GET', url: '/api/v1/customer?limit=10&skip=0', status: 200 });
    expect(listed.customers.map((c) => [c.name, c.email, c.correlationID])).toEqual([
      ['Carla', 'carla@example.com', 'c-2'],
      ['Bruno', 'bruno@example.com', 'c-1'],
      ['Ana', 'ana@example.com', 'c-0'],
    ]);
    expect(listed.pageInfo).toEqual({ skip: 0, limit: 10, totalCount: 3, hasPreviousPage: false, hasNextPage: false });

    const page = await woovi.customer.list({ skip: 0, limit: 2 });
    expect(page.customers.map((c) => c.name)).toEqual(['Carla', 'Bruno']);
    expect(page.pageInfo).toEqual({ skip: 0, limit: 2, totalCount: 3, hasPreviousPage: false, hasNextPage: true });
  });

  // The spec lists only 200 and 400 for "Customer get": an unknown or foreign id is a 400.
  it('customer.get of an unknown id or another company\'s customer rejects 400 { error: "Customer not found" }', async () => {
    const { woovi, other } = s();
    await other.woovi.customer.create({ name: 'Outro', taxID: CPF, correlationID: 'deles' } as never);
    for (const id of ['nao-existe', 'deles', CPF]) {
      expect(await sdkRejection(woovi.customer.get({ id }))).toEqual({ error: 'Customer not found' });
      expect(s().lastStatus()).toBe(400);
    }
  });

  it('customer.create refuses bad input with a 400 {error} and writes nothing', async () => {
    const { woovi } = s();
    const bad: unknown[] = [
      { name: 'Sem Contato' },
      { taxID: CPF },
      { name: '', taxID: CPF },
      { name: 42, taxID: CPF },
      { name: 'x'.repeat(141), taxID: CPF },
      { name: 'CPF Ruim', taxID: '123.456.789-00' },
      { name: 'Email Ruim', email: 'nao-e-email' },
      { name: 'Telefone Ruim', phone: '12' },
      { name: 'CEP Ruim', taxID: CPF, address: { ...ADDRESS, zipcode: 'abc' } },
      { name: 'Endereço Ruim', taxID: CPF, address: 'Rua A' },
    ];
    for (const body of bad) {
      await sdkRejection(woovi.customer.create(body as never));
      expect(s().lastStatus(), JSON.stringify(body)).toBe(400);
    }
    expect(s().count('customers')).toBe(0);
    expect(s().count('events')).toBe(0);
  });
});
