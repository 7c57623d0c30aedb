// The official SDK's subscription.* and cashback.* methods (remote-api-notes §7.2) against the
// served sandbox: the paths it calls, the answers it gets, and the generated charges.
import { describe, expect, it } from 'vitest';
import type { Charge } from '#shared/service/resources';
import { as, CNPJ, CPF, sdkRejection, useSdkSandbox } from './sdk-sandbox';

describe('SDK subscription.* and cashback.* against the sandbox', () => {
  const s = useSdkSandbox();

  it('subscription.create: POST /api/v1/subscriptions; subscription.get by globalID and correlationID; its charges come on the clock', async () => {
    const { woovi } = s();
    // The SDK 1.3.3 payload type lacks `type` and `correlationID`, both required by the API
    // (the OpenAPI file's SubscriptionPayload), so the body goes through a variable.
    const payload = {
      customer: { name: 'Maria Assinante', taxID: CPF, email: 'maria@example.com' },
      value: 2_990,
      correlationID: 'assinatura-sdk',
      type: 'RECURRENT',
      dayGenerateCharge: 25,
      frequency: 'MONTHLY',
      dayDue: 5,
    };
    const { subscription } = await woovi.subscription.create(payload as never);
    expect(s().requests.at(-1)).toEqual({ method: 'POST', url: '/api/v1/subscriptions', status: 200 });
    expect(subscription).toMatchObject({
      value: 2_990,
      dayGenerateCharge: 25,
      correlationID: 'assinatura-sdk',
      status: 'ACTIVE',
      isActive: true,
      customer: { name: 'Maria Assinante', taxID: { taxID: CPF, type: 'BR:CPF' } },
    });

    expect(await woovi.subscription.get({ id: subscription.globalID })).toEqual({ subscription });
    expect(s().requests.at(-1)).toMatchObject({ method: 'GET', status: 200 });
    expect(await woovi.subscription.get({ id: 'assinatura-sdk' })).toEqual({ subscription });

    s().clock.set('2026-11-25T03:00:00.000Z');
    const { charges } = as<{ charges: Charge[] }>(await woovi.charge.list());
    expect(charges).toHaveLength(1);
    expect(charges[0]).toMatchObject({
      value: 2_990,
      subscription: subscription.globalID,
      correlationID: 'assinatura-sdk-1',
    });
    // Payable through the sandbox's simulator like any charge.
    const paid = await s().paySimulator({ transactionID: charges[0]!.transactionID });
    expect(paid.transaction).toMatchObject({ type: 'PAYMENT', value: 2_990 });
  });

  it('subscription.create with only the SDK-typed fields is a 400 naming what is missing; get of another company’s is a JSON 404', async () => {
    const { woovi } = s();
    const rejection = await sdkRejection(
      woovi.subscription.create({
        customer: { name: 'Sem Tipo', taxID: CPF },
        value: 100,
        dayGenerateCharge: 5,
      } as never),
    );
    expect(rejection.error).toMatch(/type is required/);
    expect(s().lastStatus()).toBe(400);
    expect(s().count('subscriptions')).toBe(0);

    const payload = {
      customer: { name: 'Cliente', taxID: CNPJ },
      value: 100,
      correlationID: 'deles',
      type: 'RECURRENT',
    };
    const { subscription } = await s().other.woovi.subscription.create(payload as never);
    expect(await sdkRejection(woovi.subscription.get({ id: subscription.globalID }))).toEqual({
      error: 'Subscription not found',
    });
    expect(s().lastStatus()).toBe(404);
  });

  it('cashback.getOrCreate creates (201) then returns the pending one (200); cashback.get reads the balance', async () => {
    const { woovi } = s();
    await woovi.customer.create({ name: 'Cliente Fiel', taxID: CPF });
    expect(await woovi.cashback.get({ taxID: CPF })).toEqual({ balance: 0, status: 'NONE' });
    expect(s().requests.at(-1)).toEqual({
      method: 'GET',
      url: `/api/v1/cashback-fidelity/balance/${CPF}`,
      status: 200,
    });

    expect(await woovi.cashback.getOrCreate({ taxID: CPF, value: 450 })).toEqual({
      cashback: { value: 450 },
      message: 'Exclusive cashback created',
    });
    expect(s().requests.at(-1)).toEqual({ method: 'POST', url: '/api/v1/cashback-fidelity', status: 201 });
    expect((await woovi.cashback.getOrCreate({ taxID: CPF, value: 999 })).cashback).toEqual({ value: 450 });
    expect(s().lastStatus()).toBe(200);
    expect(await woovi.cashback.get({ taxID: CPF })).toEqual({ balance: 450, status: 'PENDING' });

    // Another company does not know this customer.
    expect(await sdkRejection(s().other.woovi.cashback.get({ taxID: CPF }))).toEqual({ error: 'Customer not found' });
    expect(s().lastStatus()).toBe(400);
    expect(await sdkRejection(woovi.cashback.getOrCreate({ taxID: '12345678900', value: 10 }))).toEqual({
      error: 'taxID: taxID is not a valid CPF or CNPJ',
    });
    expect(s().count('cashbacks')).toBe(1);
  });
});
