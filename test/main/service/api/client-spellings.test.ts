// The ways real clients spell the same input, decided once for every operation (issue 25,
// test/main/service/real-clients/): a boolean query as PHP writes it (`1`), an empty query value as "not given",
// a whole number where the spec says string (correlationID, a webhook's name), a state's full name
// for its UF. Each spelling gives the same record as the canonical one; what is still wrong is a 400
// that writes nothing.
import { expect, it } from 'vitest';
import { describeContract, type Harness } from '#test/support/harness';

const STATE_MESSAGE =
  "address.state: address.state must be a UF (e.g. SP) or a Brazilian state's name (e.g. São Paulo)";

async function call(
  h: Harness,
  op: Parameters<Harness['client']['request']>[0],
  request: Parameters<Harness['client']['request']>[1],
) {
  const reply = await h.client.request(op, request);
  return { status: reply.status, body: 'body' in reply ? (reply.body as any) : undefined };
}

describeContract('client spellings', (h) => {
  it('reads a boolean query as true/false, 1/0 (PHP http_build_query) or True/False (Python), in one parser', async () => {
    const body = { correlationID: 'php-sdk-1', value: 1500 };
    const created = await h().ok('createCharge', { query: { return_existing: '1' }, body });
    for (const yes of ['1', 'true', 'True', 'TRUE']) {
      const again = await h().ok('createCharge', { query: { return_existing: yes }, body });
      expect(again.charge.globalID, yes).toBe(created.charge.globalID);
    }
    // false and 0 alike: the duplicate is refused, and says how to get the charge back.
    for (const no of ['0', 'false', 'False']) {
      const refused = await call(h(), 'createCharge', { query: { return_existing: no }, body });
      expect(refused, no).toEqual({ status: 400, body: { error: expect.stringContaining('return_existing=true') } });
    }
    // The same parser serves hasWebhook: 0 is false, 1 is true.
    await h().ok('sandboxPayBrCode', { body: { brCode: created.brCode } });
    const notDelivered = (await h().ok('listTransactions', { query: { hasWebhook: 'false' } })).transactions;
    expect(notDelivered).toHaveLength(1);
    expect((await h().ok('listTransactions', { query: { hasWebhook: '0' } })).transactions).toEqual(notDelivered);
    expect((await h().ok('listTransactions', { query: { hasWebhook: '1' } })).transactions).toEqual([]);

    const before = h().counts('charges', 'events');
    for (const other of ['yes', 'on', '2', '01', 'truee', ' 1']) {
      expect(
        await call(h(), 'createCharge', {
          query: { return_existing: other },
          body: { correlationID: `bad-${other}`, value: 100 },
        }),
        other,
      ).toEqual({
        status: 400,
        body: { error: 'return_existing: must be true or false (or 1 or 0)' },
      });
      expect((await call(h(), 'listTransactions', { query: { hasWebhook: other } })).status, other).toBe(400);
    }
    expect(h().counts('charges', 'events')).toEqual(before);
  });

  it('takes an empty query value as the parameter not given, in every list (the PHP SDK sends ?url=&skip=0&limit=30)', async () => {
    const made = await h().ok('createWebhook', {
      body: { webhook: { name: 'Loja', url: 'https://loja.example/pix' } },
    });
    const everyWebhook = await h().ok('listWebhooks');
    expect(everyWebhook.webhooks.map((w: any) => w.id)).toEqual([made.webhook.id]);
    expect(await h().ok('listWebhooks', { query: { url: '', skip: '0', limit: '30' } })).toEqual({
      ...everyWebhook,
      pageInfo: { ...everyWebhook.pageInfo, limit: 30 },
    });
    // A url that is given still filters.
    expect((await h().ok('listWebhooks', { query: { url: 'https://outra.example/pix' } })).webhooks).toEqual([]);

    await h().ok('createCharge', { body: { correlationID: 'c-1', value: 100 } });
    const everyCharge = await h().ok('listCharges');
    expect(everyCharge.charges).toHaveLength(1);
    // Empty filters and empty paging alike: the list as if none were sent.
    expect(
      await h().ok('listCharges', {
        query: { status: '', customer: '', subscription: '', start: '', end: '', skip: '', limit: '' },
      }),
    ).toEqual(everyCharge);
    expect(
      await h().ok('listTransactions', {
        query: { charge: '', pixQrCode: '', withdrawal: '', hasWebhook: '', type: '' },
      }),
    ).toEqual(await h().ok('listTransactions'));

    // A parameter the operation needs is still needed when it comes empty.
    const pay = await call(h(), 'sandboxPay', { query: { transactionID: '' } });
    expect(pay).toEqual({ status: 400, body: { error: expect.stringContaining('give exactly one of transactionID') } });
  });

  it('takes a whole-number correlationID (WHMCS sends the bare invoice id) as its decimal text: the same record as the string', async () => {
    const created = await h().ok('createCharge', { body: { correlationID: 42, value: 1990 } });
    expect(created.charge.correlationID).toBe('42');
    expect(created.correlationID).toBe('42');
    expect((await h().ok('getCharge', { params: { id: '42' } })).charge.globalID).toBe(created.charge.globalID);
    // 42 and "42" are one correlationID: the number finds the string's charge, and the other way round.
    const again = await h().ok('createCharge', {
      query: { return_existing: 'true' },
      body: { correlationID: '42', value: 1990 },
    });
    expect(again.charge.globalID).toBe(created.charge.globalID);
    expect((await call(h(), 'createCharge', { body: { correlationID: 42, value: 1990 } })).status).toBe(400);
    // The schema is shared: a customer's correlationID reads the same way.
    const customer = await h().ok('createCustomer', {
      body: { name: 'Ana', email: 'ana@example.com', correlationID: 7 },
    });
    expect(customer.customer.correlationID).toBe('7');

    const before = h().counts('charges', 'customers', 'events');
    for (const correlationID of [4.2, -0.5, 2 ** 53, true, null, [42], { id: 42 }]) {
      const reply = await call(h(), 'createCharge', { body: { correlationID, value: 100 } });
      expect(reply, JSON.stringify(correlationID)).toEqual({
        status: 400,
        body: { error: 'correlationID: correlationID must be a string' },
      });
    }
    expect(h().counts('charges', 'customers', 'events')).toEqual(before);
  });

  it("takes a whole-number webhook name (the Java SDK's number(1)) as its text; a missing or null name is still required", async () => {
    const created = await h().ok('createWebhook', {
      body: { webhook: { name: 1, url: 'https://loja.example/java', event: 'OPENPIX:CHARGE_COMPLETED' } },
    });
    expect(created.webhook.name).toBe('1');
    expect((await h().ok('listWebhooks')).webhooks.map((w: any) => w.name)).toEqual(['1']);
    expect(
      (await h().ok('createWebhook', { body: { webhook: { name: 0, url: 'https://loja.example/zero' } } })).webhook
        .name,
    ).toBe('0');

    const before = h().counts('webhooks', 'events');
    const refusals: Array<[unknown, string]> = [
      [undefined, 'webhook.name: name is required'],
      [null, 'webhook.name: name is required'],
      ['   ', 'webhook.name: name is required'],
      [1.5, 'webhook.name: name must be a string'],
      [true, 'webhook.name: name must be a string'],
      [{ n: 1 }, 'webhook.name: name must be a string'],
    ];
    for (const [name, error] of refusals) {
      const reply = await call(h(), 'createWebhook', { body: { webhook: { name, url: 'https://loja.example/x' } } });
      expect(reply, JSON.stringify(name)).toEqual({ status: 400, body: { error } });
    }
    expect(h().counts('webhooks', 'events')).toEqual(before);
  });

  it("stores a Brazilian state's full name (Magento's getRegion()) as its UF, with or without accents, in any case", async () => {
    const spellings: Array<[string, string]> = [
      ['São Paulo', 'SP'],
      ['Sao Paulo', 'SP'],
      ['SÃO PAULO', 'SP'],
      ['  rio   grande do sul ', 'RS'],
      ['Distrito Federal', 'DF'],
      ['Espirito Santo', 'ES'],
      ['sp', 'SP'],
      ['MG', 'MG'],
    ];
    for (const [index, [state, uf]] of spellings.entries()) {
      const made = await h().ok('createCustomer', {
        body: { name: 'Ana', email: `ana${index}@example.com`, address: { city: 'Cidade', state } },
      });
      expect(made.customer.address, state).toEqual({ city: 'Cidade', state: uf });
    }
    // The customer a charge carries reads its address the same way (Magento's case).
    await h().ok('createCharge', {
      body: {
        correlationID: 'mage-23',
        value: 10000,
        customer: { name: 'Bia', email: 'bia.mage@example.com', address: { zipcode: '01310100', state: 'São Paulo' } },
      },
    });
    const customers = (await h().ok('listCustomers')).customers;
    expect(customers.find((c: any) => c.email === 'bia.mage@example.com').address).toEqual({
      zipcode: '01310100',
      state: 'SP',
    });

    const before = h().counts('customers', 'charges', 'events');
    for (const state of ['Paulista', 'São Paulo City', 'Sao Paolo', 'S1', 'SPX', 'Estado de São Paulo']) {
      const reply = await call(h(), 'createCustomer', {
        body: { name: 'Bia', email: 'bia@example.com', address: { state } },
      });
      expect(reply, state).toEqual({ status: 400, body: { error: STATE_MESSAGE } });
    }
    expect(h().counts('customers', 'charges', 'events')).toEqual(before);
  });
});
