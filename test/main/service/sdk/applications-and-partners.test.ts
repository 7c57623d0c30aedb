// The official @woovi/node-sdk 1.3.3 against the served sandbox, for every method it has among
// applications and partners (remote-api-notes §7.2): application.create, partner.get,
// partner.createPreRegistration, partner.createApplication, partner.listPreRegistration. The SDK
// has no method to delete an application or to list affiliates.
import { createClient } from '@woovi/node-sdk';
import { describe, expect, it } from 'vitest';
import { createSandboxCompany } from '#service/engine/tenancy/sandbox-bootstrap';
import { as, CNPJ, CPF, sdkRejection, useSdkSandbox, type SdkSandbox } from './sdk-sandbox';

function accountIdOf(s: SdkSandbox, appId = s.appId): string {
  return s.service.engine.tenancy.resolveTenant(appId)!.account.id;
}

/** A partner company on the same sandbox and an SDK client for it. */
function partnerOf(s: SdkSandbox) {
  const company = createSandboxCompany(s.service.engine.db, s.clock.now(), {
    tradeName: 'Parceira',
    features: ['PARTNER'],
  });
  return { ...company, woovi: createClient({ appId: company.appId, baseUrl: s.baseUrl }) };
}

const PRE_REGISTRATION = {
  preRegistration: {
    name: 'Mercadinho Boa Vista LTDA',
    website: 'boavista.com.br',
    taxID: { taxID: CNPJ, type: 'BR:CNPJ' },
  },
  user: {
    firstName: 'Ana',
    lastName: 'Lima',
    email: 'ana@boavista.com.br',
    phone: '+5511912345678',
    taxID: { taxID: CPF, type: 'BR:CPF' },
  },
};

describe('@woovi/node-sdk applications and partners against the sandbox', () => {
  const sandbox = useSdkSandbox();

  it('application.create: 201 with credentials whose AppID the SDK can use at once', async () => {
    const s = sandbox();
    const { application } = await s.woovi.application.create({
      accountId: accountIdOf(s),
      application: { name: 'Loja virtual', type: 'API' },
    });
    expect(s.lastStatus()).toBe(201);
    expect(s.requests.at(-1)).toMatchObject({ method: 'POST', url: '/api/v1/application' });
    const created = as<{
      appID: string;
      clientId: string;
      clientSecret: string;
      isActive: boolean;
      companyBankAccount: string;
    }>(application);
    expect(created).toMatchObject({ isActive: true, companyBankAccount: accountIdOf(s) });
    expect(Buffer.from(created.appID, 'base64').toString()).toBe(`${created.clientId}:${created.clientSecret}`);

    const client = createClient({ appId: created.appID, baseUrl: s.baseUrl });
    await client.charge.create({ correlationID: 'sdk-app-1', value: 1234 });
    expect(s.lastStatus()).toBe(200);
    // The same company: the sandbox's own client reads it.
    expect(as<{ value: number }>((await s.woovi.charge.get({ id: 'sdk-app-1' })).charge).value).toBe(1234);

    // Another company's account: refused with the SDK's parsed {error}.
    const refused = await sdkRejection(
      s.woovi.application.create({ accountId: accountIdOf(s, s.other.appId), application: { name: 'x', type: 'API' } }),
    );
    expect(refused).toEqual({ error: 'Account not found' });
    expect(s.lastStatus()).toBe(400);
  });

  it('partner.createPreRegistration, partner.get and partner.listPreRegistration', async () => {
    const s = sandbox();
    const partner = partnerOf(s);
    const created = await partner.woovi.partner.createPreRegistration(as(PRE_REGISTRATION));
    expect(s.lastStatus()).toBe(201);
    expect(created).toEqual(PRE_REGISTRATION);
    expect(await partner.woovi.partner.createPreRegistration(as(PRE_REGISTRATION))).toEqual(PRE_REGISTRATION);
    expect(s.lastStatus()).toBe(200);

    const got = await partner.woovi.partner.get({ taxID: CNPJ });
    expect(s.requests.at(-1)).toMatchObject({ method: 'GET', url: `/api/v1/partner/company/${CNPJ}` });
    expect(got).toEqual({ preRegistration: PRE_REGISTRATION });

    const listed = await partner.woovi.partner.listPreRegistration();
    expect(s.requests.at(-1)).toMatchObject({ method: 'GET', url: '/api/v1/partner/company' });
    expect(listed).toEqual({
      preRegistrations: [PRE_REGISTRATION],
      pageInfo: { skip: 0, limit: 100, totalCount: 1, hasPreviousPage: false, hasNextPage: false },
    });

    // A company that is not a partner: 403 with the feature named; another partner: not found.
    expect(await sdkRejection(s.woovi.partner.listPreRegistration())).toEqual({
      error: 'You need feature PARTNER to access this endpoint',
    });
    expect(s.lastStatus()).toBe(403);
    const rival = partnerOf(s);
    expect(await sdkRejection(rival.woovi.partner.get({ taxID: CNPJ }))).toEqual({
      error: 'Pre-registration not found',
    });
    expect((await rival.woovi.partner.listPreRegistration()).preRegistrations).toEqual([]);
  });

  it('partner.createApplication: 201 for the pre-registered company, 200 with the same credentials again', async () => {
    const s = sandbox();
    const partner = partnerOf(s);
    await partner.woovi.partner.createPreRegistration(as(PRE_REGISTRATION));
    const payload = {
      application: { name: 'PDV', type: 'API' as const },
      taxID: as<{ taxID: string; type: 'BR:CNPJ' }>({ taxID: CNPJ, type: 'BR:CNPJ' }),
    };
    const first = await partner.woovi.partner.createApplication(payload);
    expect(s.lastStatus()).toBe(201);
    expect(first.application).toMatchObject({
      name: 'PDV',
      isActive: true,
      type: 'API',
      clientId: expect.stringMatching(/^Client_Id_/),
    });
    const again = await partner.woovi.partner.createApplication(payload);
    expect(s.lastStatus()).toBe(200);
    expect(again).toEqual(first);

    // The affiliate's AppID works through the SDK, for the affiliate's own company.
    const appID = as<{ appID: string }>(first.application).appID;
    const affiliate = createClient({ appId: appID, baseUrl: s.baseUrl });
    await affiliate.charge.create({ correlationID: 'afiliada', value: 500 });
    expect(s.lastStatus()).toBe(200);
    expect(await sdkRejection(partner.woovi.charge.get({ id: 'afiliada' }))).toEqual({ error: 'Charge not found' });

    const got = await partner.woovi.partner.get({ taxID: CNPJ });
    expect(got.preRegistration).toMatchObject({
      account: { clientId: first.application.clientId },
      company: { name: 'Mercadinho Boa Vista LTDA' },
    });

    // Without a pre-registration: 400.
    const unknown = await sdkRejection(
      partner.woovi.partner.createApplication({ ...payload, taxID: as({ taxID: '60151449000182', type: 'BR:CNPJ' }) }),
    );
    expect(unknown.error).toMatch(/^No pre-registration of yours has taxID 60151449000182/);
    expect(s.lastStatus()).toBe(400);
  });
});
