// Partners (service-spec.md "Partner records", "Partners", Errors rows "Partner affiliates, partner
// company get and list | 200, 400" and "Partner create application, create pre-registration | 200,
// 201, 400, 403"; remote-api-notes §2 rows 9 and 10): a company with the PARTNER feature
// pre-registers companies (idempotent by taxID), reads and lists them, creates applications for
// them (creating the company on first use; idempotent by name), and lists the companies it
// registered. Other companies get 403; another partner never sees or claims these records.
import { beforeEach, expect, it } from 'vitest';
import { createSandboxCompany, type SandboxCompany } from '#service/engine/tenancy/sandbox-bootstrap';
import type { OperationName } from '#service/engine/operations';
import type { ServiceRequest } from '#shared/service/service-api';
import { describeContract, type Harness } from '#test/support/harness';

type Reply = { status: number; body: any };

const CNPJ = '65914571000187';
const CNPJ_MASKED = '65.914.571/0001-87';
const OTHER_CNPJ = '11222333000181';
const CPF = '52998224725';

function preRegistrationBody(overrides: { preRegistration?: object; user?: object } = {}) {
  return {
    preRegistration: {
      name: 'Padaria Pão Quente LTDA',
      website: 'paoquente.com.br',
      taxID: { taxID: CNPJ, type: 'BR:CNPJ' },
      ...overrides.preRegistration,
    },
    user: {
      firstName: 'Maria',
      lastName: 'Souza',
      email: 'Maria@PaoQuente.com.br',
      phone: '+55 (11) 91234-5678',
      taxID: { taxID: CPF, type: 'BR:CPF' },
      ...overrides.user,
    },
  };
}

const ECHO = {
  preRegistration: {
    name: 'Padaria Pão Quente LTDA',
    website: 'paoquente.com.br',
    taxID: { taxID: CNPJ, type: 'BR:CNPJ' },
  },
  user: {
    firstName: 'Maria',
    lastName: 'Souza',
    email: 'maria@paoquente.com.br',
    phone: '+5511912345678',
    taxID: { taxID: CPF, type: 'BR:CPF' },
  },
};

async function call(h: Harness, appId: string, op: OperationName, request: ServiceRequest = {}): Promise<Reply> {
  return (await h.client.request(op, request, { appId })) as Reply;
}

function companyIdOf(globalId: string): string {
  const decoded = Buffer.from(globalId, 'base64').toString();
  expect(decoded).toMatch(/^Company:[0-9a-f]{24}$/);
  return decoded.slice('Company:'.length);
}

describeContract('partners', (h) => {
  let partner: SandboxCompany;
  let rival: SandboxCompany;
  beforeEach(() => {
    partner = createSandboxCompany(h().engine.db, h().clock.now(), { tradeName: 'Parceira', features: ['PARTNER'] });
    rival = createSandboxCompany(h().engine.db, h().clock.now(), { tradeName: 'Concorrente', features: ['PARTNER'] });
  });

  it('answers 403 to a company that is not a partner, for every partner operation, writing nothing', async () => {
    const before = h().counts('partner_pre_registrations', 'companies', 'applications');
    const requests: [OperationName, ServiceRequest][] = [
      ['listPartnerAffiliates', {}],
      ['createPartnerPreRegistration', { body: preRegistrationBody() }],
      ['getPartnerPreRegistration', { params: { taxID: CNPJ } }],
      ['listPartnerPreRegistrations', {}],
      [
        'createPartnerApplication',
        { body: { application: { name: 'App', type: 'API' }, taxID: { taxID: CNPJ, type: 'BR:CNPJ' } } },
      ],
    ];
    for (const [op, request] of requests) {
      expect(await call(h(), h().appId, op, request), op).toEqual({
        status: 403,
        body: { error: 'You need feature PARTNER to access this endpoint' },
      });
    }
    expect(h().counts('partner_pre_registrations', 'companies', 'applications')).toEqual(before);
  });

  it('creates a pre-registration (201), answers 200 with the same data when repeated, and refuses other data for its taxID (400)', async () => {
    const created = await call(h(), partner.appId, 'createPartnerPreRegistration', { body: preRegistrationBody() });
    expect(created).toEqual({ status: 201, body: ECHO });

    // The same data, the taxIDs masked this time: the same record, 200.
    const again = await call(h(), partner.appId, 'createPartnerPreRegistration', {
      body: preRegistrationBody({
        preRegistration: { taxID: { taxID: CNPJ_MASKED, type: 'BR:CNPJ' } },
        user: { taxID: { taxID: '529.982.247-25', type: 'BR:CPF' } },
      }),
    });
    expect(again).toEqual({ status: 200, body: ECHO });

    const changed = await call(h(), partner.appId, 'createPartnerPreRegistration', {
      body: preRegistrationBody({ user: { email: 'outra@paoquente.com.br', lastName: 'Silva' } }),
    });
    expect(changed).toEqual({
      status: 400,
      body: {
        error: `A pre-registration for taxID ${CNPJ} already exists with other data (user.lastName, user.email); it cannot be changed`,
      },
    });
    expect(h().counts('partner_pre_registrations')).toEqual({ partner_pre_registrations: 1 });
    expect(
      (await call(h(), partner.appId, 'getPartnerPreRegistration', { params: { taxID: CNPJ } })).body.preRegistration
        .user.email,
    ).toBe('maria@paoquente.com.br');
  });

  it('validates the pre-registration: CNPJ, CPF, e-mail, phone, names and website (400, nothing written)', async () => {
    const cases: [object, string][] = [
      [
        { preRegistration: { taxID: { taxID: '65914571000188', type: 'BR:CNPJ' } } },
        'preRegistration.taxID.taxID: Invalid CNPJ',
      ],
      [{ preRegistration: { taxID: { taxID: CPF, type: 'BR:CPF' } } }, 'preRegistration.taxID.type: must be BR:CNPJ'],
      [{ preRegistration: { taxID: CNPJ } }, 'preRegistration.taxID: must be an object {taxID, type}'],
      [{ preRegistration: { taxID: undefined } }, 'preRegistration.taxID: is required'],
      [{ preRegistration: { name: '' } }, 'preRegistration.name: is required'],
      [
        { preRegistration: { name: '東京商店' } },
        'preRegistration.name: needs letters without accents or digits (a Pix QR code carries only those)',
      ],
      [
        { preRegistration: { website: 'não é site' } },
        'preRegistration.website: must be a website address, e.g. examplellc.com',
      ],
      [{ user: { taxID: { taxID: '52998224724', type: 'BR:CPF' } } }, 'user.taxID.taxID: Invalid CPF'],
      [{ user: { taxID: { taxID: CNPJ, type: 'BR:CNPJ' } } }, 'user.taxID.type: must be BR:CPF'],
      [{ user: { email: 'maria@' } }, 'user.email: is not a valid e-mail address'],
      [{ user: { phone: '123' } }, 'user.phone: phone must have the area code and 8 or 9 digits, e.g. 11 98765-4321'],
      [{ user: { phone: undefined } }, 'user.phone: is required'],
      [{ user: { firstName: '  ' } }, 'user.firstName: is required'],
    ];
    for (const [overrides, error] of cases) {
      const reply = await call(h(), partner.appId, 'createPartnerPreRegistration', {
        body: preRegistrationBody(overrides),
      });
      expect(reply, JSON.stringify(overrides)).toEqual({ status: 400, body: { error } });
    }
    expect(
      await call(h(), partner.appId, 'createPartnerPreRegistration', {
        body: { preRegistration: preRegistrationBody().preRegistration },
      }),
    ).toEqual({
      status: 400,
      body: { error: 'user: is required' },
    });
    expect(h().counts('partner_pre_registrations')).toEqual({ partner_pre_registrations: 0 });
    // Website is optional.
    const withoutSite = preRegistrationBody();
    delete (withoutSite.preRegistration as { website?: string }).website;
    const created = await call(h(), partner.appId, 'createPartnerPreRegistration', { body: withoutSite });
    expect(created.status).toBe(201);
    expect(created.body.preRegistration).toEqual({
      name: 'Padaria Pão Quente LTDA',
      taxID: { taxID: CNPJ, type: 'BR:CNPJ' },
    });
  });

  it('gets a pre-registration by its raw or masked taxID; unknown and invalid taxIDs are 400', async () => {
    await call(h(), partner.appId, 'createPartnerPreRegistration', { body: preRegistrationBody() });
    for (const taxID of [CNPJ, CNPJ_MASKED]) {
      expect(await call(h(), partner.appId, 'getPartnerPreRegistration', { params: { taxID } })).toEqual({
        status: 200,
        body: { preRegistration: ECHO },
      });
    }
    expect(await call(h(), partner.appId, 'getPartnerPreRegistration', { params: { taxID: OTHER_CNPJ } })).toEqual({
      status: 400,
      body: { error: 'Pre-registration not found' },
    });
    expect(await call(h(), partner.appId, 'getPartnerPreRegistration', { params: { taxID: '123' } })).toEqual({
      status: 400,
      body: { error: 'taxID: is not a valid CPF or CNPJ' },
    });
  });

  it('keeps each partner to its own pre-registrations: another partner neither sees nor claims them', async () => {
    await call(h(), partner.appId, 'createPartnerPreRegistration', { body: preRegistrationBody() });
    expect(await call(h(), rival.appId, 'getPartnerPreRegistration', { params: { taxID: CNPJ } })).toEqual({
      status: 400,
      body: { error: 'Pre-registration not found' },
    });
    expect((await call(h(), rival.appId, 'listPartnerPreRegistrations')).body.preRegistrations).toEqual([]);
    const before = h().counts('companies', 'applications');
    expect(
      await call(h(), rival.appId, 'createPartnerApplication', {
        body: { application: { name: 'Roubo', type: 'API' }, taxID: { taxID: CNPJ, type: 'BR:CNPJ' } },
      }),
    ).toEqual({
      status: 400,
      body: {
        error: `No pre-registration of yours has taxID ${CNPJ}: create it with POST /api/v1/partner/company first`,
      },
    });
    expect(h().counts('companies', 'applications')).toEqual(before);

    // The rival may pre-register the same taxID as its own record, with its own data; neither sees the other's.
    const rivalBody = preRegistrationBody({ user: { firstName: 'João', email: 'joao@rival.com.br' } });
    expect((await call(h(), rival.appId, 'createPartnerPreRegistration', { body: rivalBody })).status).toBe(201);
    expect(
      (await call(h(), partner.appId, 'getPartnerPreRegistration', { params: { taxID: CNPJ } })).body.preRegistration
        .user.firstName,
    ).toBe('Maria');
    expect(
      (await call(h(), rival.appId, 'getPartnerPreRegistration', { params: { taxID: CNPJ } })).body.preRegistration.user
        .firstName,
    ).toBe('João');
  });

  it('lists pre-registrations oldest first, with pageInfo, skip and limit', async () => {
    for (const [taxID, name] of [
      [CNPJ, 'Primeira LTDA'],
      [OTHER_CNPJ, 'Segunda LTDA'],
      ['60151449000182', 'Terceira LTDA'],
    ] as const) {
      h().clock.advance(1_000);
      const body = preRegistrationBody({ preRegistration: { name, taxID: { taxID, type: 'BR:CNPJ' } } });
      expect((await call(h(), partner.appId, 'createPartnerPreRegistration', { body })).status).toBe(201);
    }
    const all = await call(h(), partner.appId, 'listPartnerPreRegistrations');
    expect(all.status).toBe(200);
    expect(all.body.preRegistrations.map((p: any) => p.preRegistration.name)).toEqual([
      'Primeira LTDA',
      'Segunda LTDA',
      'Terceira LTDA',
    ]);
    expect(all.body.pageInfo).toEqual({
      skip: 0,
      limit: 100,
      totalCount: 3,
      hasPreviousPage: false,
      hasNextPage: false,
    });
    const page = await call(h(), partner.appId, 'listPartnerPreRegistrations', { query: { skip: '1', limit: '1' } });
    expect(page.body.preRegistrations.map((p: any) => p.preRegistration.name)).toEqual(['Segunda LTDA']);
    expect(page.body.pageInfo).toEqual({ skip: 1, limit: 1, totalCount: 3, hasPreviousPage: true, hasNextPage: true });
    expect((await call(h(), partner.appId, 'listPartnerPreRegistrations', { query: { limit: '0' } })).status).toBe(400);
    expect((await call(h(), partner.appId, 'listPartnerAffiliates', { query: { skip: '-1' } })).status).toBe(400);
  });

  it('creates an application for a pre-registered company: the company on first use, credentials that work for it alone', async () => {
    await call(h(), partner.appId, 'createPartnerPreRegistration', { body: preRegistrationBody() });
    expect((await call(h(), partner.appId, 'listPartnerAffiliates')).body).toEqual({
      affiliates: [],
      pageInfo: { skip: 0, limit: 100, totalCount: 0, hasPreviousPage: false, hasNextPage: false },
    });
    const before = h().counts('companies', 'bank_accounts', 'applications');
    const body = {
      application: { name: 'Loja', type: 'API', scopes: ['CHARGE_POST', 'COMPANY_GET'] },
      taxID: { taxID: CNPJ_MASKED, type: 'BR:CNPJ' },
    };
    const created = await call(h(), partner.appId, 'createPartnerApplication', { body });
    expect(created.status).toBe(201);
    const application = created.body.application;
    expect(application).toEqual({
      name: 'Loja',
      isActive: true,
      type: 'API',
      clientId: expect.stringMatching(/^Client_Id_/),
      clientSecret: expect.stringMatching(/^Client_Secret_/),
      appID: expect.any(String),
      scopes: ['CHARGE_POST', 'COMPANY_GET'],
    });
    expect(Buffer.from(application.appID, 'base64').toString()).toBe(
      `${application.clientId}:${application.clientSecret}`,
    );
    expect(h().counts('companies', 'bank_accounts', 'applications')).toEqual({
      companies: before.companies + 1,
      bank_accounts: before.bank_accounts + 1,
      applications: before.applications + 1,
    });

    // The AppID is the affiliate's: its company, its records, its scopes only.
    const company = await call(h(), application.appID, 'getCompany');
    expect(company.body.company).toMatchObject({ officialName: 'Padaria Pão Quente LTDA', taxID: CNPJ });
    const charge = await call(h(), application.appID, 'createCharge', {
      body: { correlationID: 'afiliada-1', value: 990 },
    });
    expect(charge.status).toBe(200);
    expect(await call(h(), application.appID, 'listCharges')).toEqual({
      status: 403,
      body: { error: 'Application does not have required scope: CHARGE_GET_LIST' },
    });
    expect((await call(h(), partner.appId, 'getCharge', { params: { id: 'afiliada-1' } })).status).toBe(400);

    // The same name, type and scopes again: 200, the same credentials, no second company.
    const again = await call(h(), partner.appId, 'createPartnerApplication', {
      body: { ...body, taxID: { taxID: CNPJ, type: 'BR:CNPJ' } },
    });
    expect(again).toEqual({ status: 200, body: { application } });
    // The same name with other scopes: 400.
    expect(
      await call(h(), partner.appId, 'createPartnerApplication', {
        body: { ...body, application: { ...body.application, scopes: ['CHARGE_POST'] } },
      }),
    ).toEqual({
      status: 400,
      body: { error: 'An application named "Loja" already exists for this company with another type or other scopes' },
    });
    // Another name: a second application of the same company.
    const second = await call(h(), partner.appId, 'createPartnerApplication', {
      body: { ...body, application: { name: 'Totem', type: 'PLUGIN' } },
    });
    expect(second.status).toBe(201);
    expect(second.body.application).not.toHaveProperty('scopes');
    expect(h().engine.tenancy.resolveTenant(second.body.application.appID)!.company.tax_id).toBe(CNPJ);
    expect(h().counts('companies').companies).toBe(before.companies + 1);

    // The pre-registration now names its company and the account's client ID; the affiliate is listed.
    const record = (await call(h(), partner.appId, 'getPartnerPreRegistration', { params: { taxID: CNPJ } })).body
      .preRegistration;
    const companyId = companyIdOf(record.company.id);
    expect(record).toEqual({
      ...ECHO,
      company: { id: record.company.id, name: 'Padaria Pão Quente LTDA', taxID: { taxID: CNPJ, type: 'BR:CNPJ' } },
      account: { clientId: application.clientId },
    });
    const affiliates = (await call(h(), partner.appId, 'listPartnerAffiliates')).body;
    const account = h().engine.tenancy.resolveTenant(application.appID)!.account;
    expect(account.company_id).toBe(companyId);
    expect(affiliates).toEqual({
      affiliates: [
        {
          company: {
            id: record.company.id,
            name: 'Padaria Pão Quente LTDA',
            taxID: { taxID: CNPJ, type: 'BR:CNPJ' },
            createdAt: h().clock.now().toISOString(),
          },
          account: {
            clientId: application.clientId,
            name: 'Padaria Pão Quente LTDA',
            accountId: account.id,
            branch: '0001',
            account: account.account,
          },
        },
      ],
      pageInfo: { skip: 0, limit: 100, totalCount: 1, hasPreviousPage: false, hasNextPage: false },
    });
    // Nobody else lists it.
    expect((await call(h(), rival.appId, 'listPartnerAffiliates')).body.affiliates).toEqual([]);
  });

  it('refuses bad partner application input with 400 and creates no company', async () => {
    await call(h(), partner.appId, 'createPartnerPreRegistration', { body: preRegistrationBody() });
    const before = h().counts('companies', 'applications');
    const taxID = { taxID: CNPJ, type: 'BR:CNPJ' };
    const cases: [object, string][] = [
      [
        { application: { name: 'App', type: 'API', scopes: ['CHARGE_TELEPORT'] }, taxID },
        'Invalid scopes: CHARGE_TELEPORT',
      ],
      [
        { application: { name: 'App', type: 'API', scopes: [] }, taxID },
        'application.scopes must list at least one scope',
      ],
      [{ application: { name: 'App', type: 'MASTER' }, taxID }, 'application.type: must be API, PLUGIN or ORACLE'],
      [{ application: { type: 'API' }, taxID }, 'application.name: is required'],
      [{ taxID }, 'application: is required'],
      [{ application: { name: 'App', type: 'API' } }, 'taxID: is required'],
      [
        { application: { name: 'App', type: 'API' }, taxID: { taxID: CNPJ, type: 'BR:CPF' } },
        'taxID.taxID: Invalid CPF',
      ],
      [
        { application: { name: 'App', type: 'API' }, taxID: { taxID: CNPJ, type: 'CNPJ' } },
        'taxID.type: must be BR:CNPJ or BR:CPF',
      ],
    ];
    for (const [body, error] of cases) {
      expect(await call(h(), partner.appId, 'createPartnerApplication', { body }), JSON.stringify(body)).toEqual({
        status: 400,
        body: { error },
      });
    }
    expect(h().counts('companies', 'applications')).toEqual(before);
    expect(
      (await call(h(), partner.appId, 'getPartnerPreRegistration', { params: { taxID: CNPJ } })).body.preRegistration,
    ).not.toHaveProperty('company');
  });

  it('needs each partner scope: 403 naming it', async () => {
    const accountId = h().engine.tenancy.resolveTenant(partner.appId)!.account.id;
    const reader = await call(h(), partner.appId, 'createApplication', {
      body: { accountId, application: { name: 'Leitura', type: 'API', scopes: ['PARTNER_COMPANY_GET_LIST'] } },
    });
    const appId = reader.body.application.appID;
    expect((await call(h(), appId, 'listPartnerPreRegistrations')).status).toBe(200);
    expect((await call(h(), appId, 'listPartnerAffiliates')).status).toBe(200);
    expect(await call(h(), appId, 'getPartnerPreRegistration', { params: { taxID: CNPJ } })).toEqual({
      status: 403,
      body: { error: 'Application does not have required scope: PARTNER_COMPANY_GET' },
    });
    expect(await call(h(), appId, 'createPartnerPreRegistration', { body: preRegistrationBody() })).toEqual({
      status: 403,
      body: { error: 'Application does not have required scope: PARTNER_COMPANY_POST' },
    });
    expect(await call(h(), appId, 'createPartnerApplication', { body: {} })).toEqual({
      status: 403,
      body: { error: 'Application does not have required scope: PARTNER_APPLICATION_POST' },
    });
  });
});
