// Exclusive (fidelity) cashback: GET /api/v1/cashback-fidelity/balance/:taxID and the
// get-or-create POST /api/v1/cashback-fidelity (201 created, 200 the pending one). A pending
// cashback is credited (PAID) when its customer pays a charge created with
// enableCashbackExclusivePercentage after it was granted.
import { expect, it } from 'vitest';
import { ALL_SCOPES } from '#service/engine/operations';
import { createSandboxCompany } from '#service/engine/tenancy/sandbox-bootstrap';
import { describeContract, type Harness } from '#test/support/harness';

const CPF = '52998224725';
const CPF_MASKED = '529.982.247-25';
const CNPJ = '11222333000181';

async function customerWith(h: Harness, taxID: string, correlationID = `cli-${taxID}`) {
  return (await h.ok('createCustomer', { body: { name: 'Cliente Fiel', taxID, correlationID } })).customer;
}

async function balance(h: Harness, taxID: string, appId = h.appId) {
  return h.client.request('getCashbackBalance', { params: { taxID } }, { appId });
}

/** A charge for the customer, paid through the sandbox's simulator. */
async function paidCharge(h: Harness, correlationID: string, customerCorrelationID: string, exclusive: boolean) {
  const { charge } = await h.ok('createCharge', {
    body: {
      correlationID,
      value: 3_000,
      customer: { name: 'Cliente Fiel', correlationID: customerCorrelationID, taxID: CPF },
      ...(exclusive ? { enableCashbackExclusivePercentage: true } : {}),
    },
  });
  await h.ok('sandboxPay', { query: { transactionID: charge.transactionID } });
}

describeContract('cashback', (h) => {
  it('get-or-create: 201 with the new cashback, then 200 with the pending one (not a second); the balance shows it', async () => {
    await customerWith(h(), CPF);
    expect(await balance(h(), CPF)).toEqual({ status: 200, body: { balance: 0, status: 'NONE' } });

    const created = await h().client.request('getOrCreateCashback', { body: { taxID: CPF, value: 500 } });
    expect(created).toEqual({ status: 201, body: { cashback: { value: 500 }, message: 'Exclusive cashback created' } });
    const before = h().counts('cashbacks', 'events');
    // The masked CPF is the same customer; the pending cashback comes back unchanged.
    const existing = await h().client.request('getOrCreateCashback', { body: { taxID: CPF_MASKED, value: 900 } });
    expect(existing).toEqual({
      status: 200,
      body: {
        cashback: { value: 500 },
        message: 'The customer already has a pending exclusive cashback; it was not changed',
      },
    });
    expect(h().counts('cashbacks', 'events')).toEqual(before);
    expect(await balance(h(), CPF)).toEqual({ status: 200, body: { balance: 500, status: 'PENDING' } });
    expect(await balance(h(), CPF_MASKED)).toEqual({ status: 200, body: { balance: 500, status: 'PENDING' } });
  });

  it('takes the tax ID as a JSON number, as the OpenAPI example sends it', async () => {
    await customerWith(h(), CNPJ);
    expect(
      await h().client.request('getOrCreateCashback', { body: { taxID: Number(CNPJ), value: 250 } }),
    ).toMatchObject({
      status: 201,
      body: { cashback: { value: 250 } },
    });
    expect(await balance(h(), CNPJ)).toEqual({ status: 200, body: { balance: 250, status: 'PENDING' } });
  });

  it('is credited by the first charge with enableCashbackExclusivePercentage the customer pays after it was granted', async () => {
    const customer = await customerWith(h(), CPF);
    // Paid before the cashback existed: it does not credit it.
    await paidCharge(h(), 'antes', customer.correlationID, true);
    h().clock.advance(60_000);
    await h().ok('getOrCreateCashback', { body: { taxID: CPF, value: 700 } });
    h().clock.advance(60_000);
    // A charge without the flag does not credit it either.
    await paidCharge(h(), 'sem-flag', customer.correlationID, false);
    expect(await balance(h(), CPF)).toEqual({ status: 200, body: { balance: 700, status: 'PENDING' } });

    h().clock.advance(60_000);
    await paidCharge(h(), 'com-flag', customer.correlationID, true);
    expect(await balance(h(), CPF)).toEqual({ status: 200, body: { balance: 0, status: 'PAID' } });
    const row = h()
      .engine.db.prepare(`SELECT c.correlation_id AS charge FROM cashbacks cb JOIN charges c ON c.id = cb.charge_id`)
      .get();
    expect(row).toEqual({ charge: 'com-flag' });
    // Credited, the customer may be granted a new one.
    expect(await h().client.request('getOrCreateCashback', { body: { taxID: CPF, value: 300 } })).toMatchObject({
      status: 201,
    });
    expect(await balance(h(), CPF)).toEqual({ status: 200, body: { balance: 300, status: 'PENDING' } });
  });

  it('refuses bad input and an unknown customer with 400 {error}, writing nothing', async () => {
    await customerWith(h(), CPF);
    const before = h().counts('cashbacks', 'customers', 'events');
    const bad: [unknown, string][] = [
      [undefined, 'taxID: taxID is required; value: value must be a number of cents'],
      [{ value: 100 }, 'taxID: taxID is required'],
      [{ taxID: CPF }, 'value: value must be a number of cents'],
      [{ taxID: CPF, value: 0 }, 'value: value must be at least 1 cent'],
      [{ taxID: CPF, value: -5 }, 'value: value must be at least 1 cent'],
      [{ taxID: CPF, value: 1.5 }, 'value: value must be an integer number of cents'],
      [{ taxID: CPF, value: '1,00' }, 'value: value must be a number of cents'],
      [{ taxID: '12345678900', value: 100 }, 'taxID: taxID is not a valid CPF or CNPJ'],
      [{ taxID: true, value: 100 }, 'taxID: taxID must be a string with a CPF or CNPJ'],
      // A valid CPF of nobody the company knows: the customer must exist first.
      [{ taxID: '11144477735', value: 100 }, 'Customer not found'],
    ];
    for (const [body, error] of bad) {
      expect(await h().client.request('getOrCreateCashback', { body }), JSON.stringify(body)).toEqual({
        status: 400,
        body: { error },
      });
    }
    expect(h().counts('cashbacks', 'customers', 'events')).toEqual(before);
    expect(await balance(h(), '12345678900')).toEqual({
      status: 400,
      body: { error: 'taxID: taxID is not a valid CPF or CNPJ' },
    });
    expect(await balance(h(), '11144477735')).toEqual({ status: 400, body: { error: 'Customer not found' } });
  });

  it("one company never sees or grants on another company's customer", async () => {
    await customerWith(h(), CPF);
    await h().ok('getOrCreateCashback', { body: { taxID: CPF, value: 500 } });
    const other = h().other.appId;
    expect(await balance(h(), CPF, other)).toEqual({ status: 400, body: { error: 'Customer not found' } });
    expect(
      await h().client.request('getOrCreateCashback', { body: { taxID: CPF, value: 100 } }, { appId: other }),
    ).toEqual({
      status: 400,
      body: { error: 'Customer not found' },
    });
    // Its own customer with the same CPF has a balance of its own.
    await h().client.request('createCustomer', { body: { name: 'Outra', taxID: CPF } }, { appId: other });
    expect(await balance(h(), CPF, other)).toEqual({ status: 200, body: { balance: 0, status: 'NONE' } });
    expect(await balance(h(), CPF)).toEqual({ status: 200, body: { balance: 500, status: 'PENDING' } });
  });

  it('each cashback operation needs its scope (403)', async () => {
    await customerWith(h(), CPF);
    const calls = [
      ['CASHBACK_FIDELITY_BALANCE_GET', 'getCashbackBalance', { params: { taxID: CPF } }],
      ['CASHBACK_FIDELITY_POST', 'getOrCreateCashback', { body: { taxID: CPF, value: 100 } }],
    ] as const;
    for (const [scope, op, request] of calls) {
      const limited = createSandboxCompany(h().engine.db, h().clock.now(), {
        scopes: ALL_SCOPES.filter((s) => s !== scope),
      });
      expect(await h().client.request(op, request, { appId: limited.appId })).toEqual({
        status: 403,
        body: { error: `Application does not have required scope: ${scope}` },
      });
    }
    expect(h().counts('cashbacks')).toEqual({ cashbacks: 0 });
  });
});
