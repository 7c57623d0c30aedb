// Applications (service-spec.md "Application", "Applications", "Authentication", Errors rows
// "Create application | 201, 400, 403, 500" and "Delete application | 200, 400, 404, 500";
// remote-api-notes §2 row 3, §4): create with or without scopes (APPLICATION_SCOPES_REQUIRED),
// unknown scopes, an application never granting more than it holds, the new AppID usable at once
// with exactly its scopes, delete by clientId with the AppID refused from then on, and company
// features enforced as 403.
import Database from 'better-sqlite3';
import { describe, expect, it } from 'vitest';
import { ALL_SCOPES } from '#service/engine/operations';
import { createSandboxCompany, findSandboxAppId } from '#service/engine/tenancy/sandbox-bootstrap';
import { TenancyRepo } from '#service/engine/tenancy/tenancy-repo';
import { migrate } from '#lib/store/migrate';
import { migrations } from '#service/engine/migrations';
import type { OperationName } from '#service/engine/operations';
import type { ServiceRequest } from '#shared/service/service-api';
import { describeContract, type Harness } from '#test/support/harness';

type Reply = { status: number; body: any };

async function call(h: Harness, op: OperationName, request: ServiceRequest = {}, appId = h.appId): Promise<Reply> {
  return (await h.client.request(op, request, { appId })) as Reply;
}

function accountOf(h: Harness, appId = h.appId): string {
  return h.engine.tenancy.resolveTenant(appId)!.account.id;
}

async function createApp(
  h: Harness,
  application: Record<string, unknown>,
  appId = h.appId,
  accountId = accountOf(h, appId),
): Promise<Reply> {
  return call(
    h,
    'createApplication',
    { body: { accountId, application: { name: 'Integração', type: 'API', ...application } } },
    appId,
  );
}

function applicationRow(h: Harness, clientId: string): any {
  return h.engine.db.prepare('SELECT * FROM applications WHERE client_id = ?').get(clientId);
}

describeContract('applications', (h, transport) => {
  it('creates an application with chosen scopes: 201, its credentials, and an AppID that holds exactly those scopes at once', async () => {
    const created = await createApp(h(), {
      name: 'Loja online',
      scopes: ['CHARGE_GET', 'CHARGE_GET_LIST', 'CHARGE_GET'],
    });
    expect(created.status).toBe(201);
    const application = created.body.application;
    expect(application).toEqual({
      name: 'Loja online',
      isActive: true,
      type: 'API',
      clientId: expect.stringMatching(/^Client_Id_[0-9a-f-]{36}$/),
      clientSecret: expect.stringMatching(/^Client_Secret_/),
      appID: expect.any(String),
      companyBankAccount: accountOf(h()),
      scopes: ['CHARGE_GET', 'CHARGE_GET_LIST'],
    });
    // The AppID is the real service's: base64 of "<clientId>:<clientSecret>".
    expect(Buffer.from(application.appID, 'base64').toString()).toBe(
      `${application.clientId}:${application.clientSecret}`,
    );

    // Same company: it reads the charges the sandbox's application created.
    await h().ok('createCharge', { body: { correlationID: 'pedido-1', value: 1500 } });
    const read = await call(h(), 'getCharge', { params: { id: 'pedido-1' } }, application.appID);
    expect(read.status).toBe(200);
    expect(read.body.charge.value).toBe(1500);
    expect((await call(h(), 'listCharges', {}, application.appID)).status).toBe(200);

    // Outside its scopes: 403 with the scope named, and nothing written.
    const before = h().counts('charges');
    const refused = await call(
      h(),
      'createCharge',
      { body: { correlationID: 'pedido-2', value: 100 } },
      application.appID,
    );
    expect(refused).toEqual({ status: 403, body: { error: 'Application does not have required scope: CHARGE_POST' } });
    expect(h().counts('charges')).toEqual(before);
    expect((await call(h(), 'createApplication', { body: {} }, application.appID)).body).toEqual({
      error: 'Application does not have required scope: APPLICATION_POST',
    });
  });

  it('without scopes (feature off) makes a legacy application: no scopes field, and it holds every scope', async () => {
    const created = await createApp(h(), { name: 'Legado' });
    expect(created.status).toBe(201);
    expect(created.body.application).not.toHaveProperty('scopes');
    const appId = created.body.application.appID;
    expect(applicationRow(h(), created.body.application.clientId).every_scope).toBe(1);
    expect(h().engine.tenancy.resolveTenant(appId)!.scopes).toEqual(new Set(ALL_SCOPES));
    // It can do what any scope allows, creating applications included.
    expect((await call(h(), 'createCharge', { body: { correlationID: 'legado-1', value: 700 } }, appId)).status).toBe(
      200,
    );
    expect((await createApp(h(), { name: 'Filha', scopes: ['CHARGE_GET'] }, appId)).status).toBe(201);
  });

  it('requires scopes under APPLICATION_SCOPES_REQUIRED: 400 "Scopes are required" without them or with none', async () => {
    const strict = createSandboxCompany(h().engine.db, h().clock.now(), {
      tradeName: 'Exigente',
      features: ['APPLICATION_SCOPES_REQUIRED'],
    });
    const before = h().counts('applications');
    for (const application of [{}, { scopes: [] }]) {
      const refused = await createApp(h(), application, strict.appId);
      expect(refused).toEqual({ status: 400, body: { error: 'Scopes are required' } });
    }
    expect(h().counts('applications')).toEqual(before);
    const created = await createApp(h(), { scopes: ['PIX_QRCODE_POST'] }, strict.appId);
    expect(created.status).toBe(201);
    expect(created.body.application.scopes).toEqual(['PIX_QRCODE_POST']);
  });

  it('refuses unknown scopes by name, and an empty scope list, writing nothing', async () => {
    const before = h().counts('applications');
    expect(await createApp(h(), { scopes: ['CHARGE_GET', 'CHARGE_FLY', 'INVALID_SCOPE'] })).toEqual({
      status: 400,
      body: { error: 'Invalid scopes: CHARGE_FLY, INVALID_SCOPE' },
    });
    expect(await createApp(h(), { scopes: [] })).toEqual({
      status: 400,
      body: { error: 'application.scopes must list at least one scope' },
    });
    expect(h().counts('applications')).toEqual(before);
  });

  it('answers 400 for bad input and writes nothing', async () => {
    const accountId = accountOf(h());
    const before = h().counts('applications');
    const cases: [unknown, string][] = [
      [{ application: { name: 'x', type: 'API' } }, 'accountId: Company bank account ID is required'],
      [{ accountId: '  ', application: { name: 'x', type: 'API' } }, 'accountId: Company bank account ID is required'],
      [{ accountId: 42, application: { name: 'x', type: 'API' } }, 'accountId: must be a string'],
      [{ accountId }, 'application: is required'],
      [{ accountId, application: 'x' }, 'application: must be an object'],
      [{ accountId, application: { type: 'API' } }, 'application.name: is required'],
      [{ accountId, application: { name: '   ', type: 'API' } }, 'application.name: is required'],
      [
        { accountId, application: { name: 'x'.repeat(101), type: 'API' } },
        'application.name: is too long (max 100 characters)',
      ],
      [{ accountId, application: { name: 'x' } }, 'application.type: is required'],
      [
        { accountId, application: { name: 'x', type: 'POS' } },
        'application.type: Only MASTER application can create other application types',
      ],
      [{ accountId, application: { name: 'x', type: 'WEB' } }, 'application.type: must be API'],
      [
        { accountId, application: { name: 'x', type: 'API', scopes: 'CHARGE_GET' } },
        'application.scopes: must be an array of scope names',
      ],
      [
        { accountId, application: { name: 'x', type: 'API', scopes: [7] } },
        'application.scopes.0: must be a scope name',
      ],
    ];
    for (const [body, error] of cases) {
      const reply = await call(h(), 'createApplication', { body });
      expect(reply, JSON.stringify(body)).toEqual({ status: 400, body: { error } });
    }
    expect(await call(h(), 'createApplication', { body: [1] })).toEqual({
      status: 400,
      body: { error: 'body: expected a JSON object' },
    });
    expect(h().counts('applications')).toEqual(before);
  });

  it("refuses another company's account and a closed account as 400 Account not found", async () => {
    const other = h().engine.tenancy.resolveTenant(h().other.appId)!;
    expect(await createApp(h(), {}, h().appId, other.account.id)).toEqual({
      status: 400,
      body: { error: 'Account not found' },
    });
    expect(await createApp(h(), {}, h().appId, '0123456789abcdef01234567')).toEqual({
      status: 400,
      body: { error: 'Account not found' },
    });

    const branch = createSandboxCompany(h().engine.db, h().clock.now(), {
      tradeName: 'Filial',
      features: ['BANK_ACCOUNT'],
    });
    const second = (await call(h(), 'duplicateAccount', {}, branch.appId)).body.account.accountId;
    // An application on the company's second account works on that account.
    const onSecond = await createApp(h(), { scopes: ['ACCOUNT_GET'] }, branch.appId, second);
    expect(onSecond.status).toBe(201);
    expect(onSecond.body.application.companyBankAccount).toBe(second);
    expect(h().engine.tenancy.resolveTenant(onSecond.body.application.appID)!.account.id).toBe(second);

    expect((await call(h(), 'closeAccount', { params: { accountId: second } }, branch.appId)).status).toBe(200);
    expect(await createApp(h(), {}, branch.appId, second)).toEqual({
      status: 400,
      body: { error: 'Account not found' },
    });
  });

  it('never lets an application grant scopes it does not hold (403), nor a legacy application unless it holds every scope', async () => {
    const limited = await createApp(h(), { scopes: ['APPLICATION_POST', 'CHARGE_GET'] });
    const appId = limited.body.application.appID;
    const before = h().counts('applications');
    expect(await createApp(h(), { scopes: ['CHARGE_GET', 'CHARGE_POST', 'REFUND_POST'] }, appId)).toEqual({
      status: 403,
      body: { error: 'Application cannot grant scopes it does not hold: CHARGE_POST, REFUND_POST' },
    });
    expect(await createApp(h(), {}, appId)).toEqual({
      status: 403,
      body: {
        error:
          'An application without scopes holds every scope; only an application holding every scope can create one',
      },
    });
    expect(h().counts('applications')).toEqual(before);
    expect((await createApp(h(), { scopes: ['CHARGE_GET'] }, appId)).status).toBe(201);
  });

  it('deletes an application by clientId: isActive false, removedAt recorded, its AppID refused with 401 from then on', async () => {
    const created = (await createApp(h(), { name: 'Temporária', scopes: ['CHARGE_GET_LIST', 'CHARGE_POST'] })).body
      .application;
    expect((await call(h(), 'listCharges', {}, created.appID)).status).toBe(200);

    h().clock.advance(60_000);
    const deleted = await call(h(), 'deleteApplication', { body: { clientId: created.clientId } });
    expect(deleted).toEqual({ status: 200, body: { success: true } });
    const row = applicationRow(h(), created.clientId);
    expect(row.is_active).toBe(0);
    expect(row.removed_at).toBe(h().clock.now().toISOString());

    expect(await call(h(), 'listCharges', {}, created.appID)).toEqual({
      status: 401,
      body: { error: 'Invalid appID' },
    });
    const before = h().counts('charges');
    expect(
      (await call(h(), 'createCharge', { body: { correlationID: 'apagada', value: 100 } }, created.appID)).status,
    ).toBe(401);
    expect(h().counts('charges')).toEqual(before);
    // Deleting it again: it no longer exists as an active application.
    expect(await call(h(), 'deleteApplication', { body: { clientId: created.clientId } })).toEqual({
      status: 404,
      body: { error: 'Application not found' },
    });
  });

  it.skipIf(transport !== 'engine')(
    'refuses the deleted AppID in the writes queued behind the delete in the same batch',
    async () => {
      const created = (await createApp(h(), { scopes: ['CHARGE_POST'] })).body.application;
      const before = h().counts('charges');
      // Both submitted in one turn: the delete takes the writer first, the charge comes right after it.
      const [deleted, charge] = await Promise.all([
        h().engine.handle(h().appId, 'deleteApplication', { body: { clientId: created.clientId } }),
        h().engine.handle(created.appID, 'createCharge', { body: { correlationID: 'na-fila', value: 100 } }),
      ]);
      expect(deleted.status).toBe(200);
      expect(charge).toEqual({ status: 401, body: { error: 'Invalid appID' } });
      expect(h().counts('charges')).toEqual(before);
    },
  );

  it('delete: 400 without a client ID, 404 for unknown or another company’s, 400 for itself and for the master application', async () => {
    const before = h().counts('applications');
    for (const body of [{}, { clientId: '' }, { clientId: '   ' }, undefined]) {
      expect(await call(h(), 'deleteApplication', { body })).toEqual({
        status: 400,
        body: { error: 'Application client ID is required' },
      });
    }
    expect(await call(h(), 'deleteApplication', { body: { clientId: 7 } })).toEqual({
      status: 400,
      body: { error: 'clientId: must be a string' },
    });
    expect(await call(h(), 'deleteApplication', { body: { clientId: 'Client_Id_nenhum' } })).toEqual({
      status: 404,
      body: { error: 'Application not found' },
    });

    // Another company's application: not found, and it keeps working.
    const foreign = (await createApp(h(), { scopes: ['CHARGE_GET_LIST'] }, h().other.appId)).body.application;
    expect(await call(h(), 'deleteApplication', { body: { clientId: foreign.clientId } })).toEqual({
      status: 404,
      body: { error: 'Application not found' },
    });
    expect((await call(h(), 'listCharges', {}, foreign.appID)).status).toBe(200);

    // Itself: refused, so an integrator cannot lock itself out mid-request.
    const self = (await createApp(h(), { scopes: ['APPLICATION_DELETE', 'CHARGE_GET_LIST'] })).body.application;
    expect(await call(h(), 'deleteApplication', { body: { clientId: self.clientId } }, self.appID)).toEqual({
      status: 400,
      body: { error: 'An application cannot delete itself: delete it with another application of the company' },
    });
    expect((await call(h(), 'listCharges', {}, self.appID)).status).toBe(200);

    // The sandbox's own application is the company's master: it stays.
    const master = h().engine.tenancy.resolveTenant(h().appId)!.application;
    expect(await call(h(), 'deleteApplication', { body: { clientId: master.client_id } }, self.appID)).toEqual({
      status: 400,
      body: { error: 'You cannot delete a master application' },
    });
    expect((await call(h(), 'listCharges')).status).toBe(200);
    expect(h().counts('applications').applications).toBe(before.applications + 2);
    expect(h().engine.db.prepare('SELECT COUNT(*) AS n FROM applications WHERE is_active = 0').get()).toEqual({ n: 0 });

    // Scope: an application without APPLICATION_DELETE is refused before anything is looked up.
    const reader = (await createApp(h(), { scopes: ['CHARGE_GET_LIST'] })).body.application;
    expect(await call(h(), 'deleteApplication', { body: { clientId: self.clientId } }, reader.appID)).toEqual({
      status: 403,
      body: { error: 'Application does not have required scope: APPLICATION_DELETE' },
    });
  });

  it('keeps the sandbox application holding every scope, the ones of this issue included', async () => {
    const tenant = h().engine.tenancy.resolveTenant(h().appId)!;
    expect(tenant.application.every_scope).toBe(1);
    expect(tenant.application.is_master).toBe(1);
    for (const scope of [
      'APPLICATION_POST',
      'APPLICATION_DELETE',
      'PARTNER_COMPANY_POST',
      'PARTNER_APPLICATION_POST',
    ]) {
      expect(tenant.scopes.has(scope), scope).toBe(true);
    }
  });

  it('enforces company features: 403 with the feature named without it, served with it', async () => {
    const before = h().counts('bank_accounts');
    expect(await call(h(), 'duplicateAccount')).toEqual({
      status: 403,
      body: { error: 'You need feature BANK_ACCOUNT to access this endpoint' },
    });
    expect(h().counts('bank_accounts')).toEqual(before);
    const featured = createSandboxCompany(h().engine.db, h().clock.now(), {
      tradeName: 'Com conta',
      features: ['BANK_ACCOUNT'],
    });
    expect((await call(h(), 'duplicateAccount', {}, featured.appId)).status).toBe(200);
    // An application created by the featured company inherits the company's features.
    const child = (await createApp(h(), { scopes: ['ACCOUNT_POST'] }, featured.appId)).body.application;
    expect((await call(h(), 'duplicateAccount', {}, child.appID)).status).toBe(200);
    // The feature is checked before the scope's owner reads any input: a partner operation for a non-partner.
    expect(await call(h(), 'createPartnerPreRegistration', { body: { nonsense: true } })).toEqual({
      status: 403,
      body: { error: 'You need feature PARTNER to access this endpoint' },
    });
  });
});

describe('migration 011: applications made before it', () => {
  const at = '2026-11-20T10:00:00.000Z';
  const later = '2026-11-21T10:00:00.000Z';

  it("marks each company's first application as its master, and leaves every application callable from any address", () => {
    const db = new Database(':memory:');
    for (const migration of migrations.filter((m) => m.version < 11)) db.exec(migration.sql);
    db.pragma('user_version = 10');
    for (const company of ['sandbox', 'outra']) {
      db.prepare(
        `INSERT INTO companies (id, official_name, trade_name, tax_id, tax_id_type, correlation_id, merchant_name, merchant_city, created_at)
         VALUES (?, 'Loja', 'Loja', '11222333000181', 'BR:CNPJ', ?, 'Loja', 'Recife', ?)`,
      ).run(company, company, at);
      db.prepare(
        `INSERT INTO bank_accounts (id, company_id, ispb, bank_name, branch, account, account_name, created_at)
         VALUES (?, ?, '54811417', 'Banco', '0001', ?, 'Loja', ?)`,
      ).run(`acc-${company}`, company, company === 'sandbox' ? '2000001' : '2000002', at);
    }
    const insertApp = db.prepare(
      `INSERT INTO applications (id, company_id, account_id, name, type, client_id, client_secret, app_id, scopes, every_scope, created_at)
       VALUES (?, ?, ?, 'App', 'API', ?, 's', ?, '[]', 1, ?)`,
    );
    // Inserted in this order; "z-first" sorts last by id, so only insertion order makes it the first.
    insertApp.run('z-first', 'sandbox', 'acc-sandbox', 'c1', 'app-1', at);
    insertApp.run('a-second', 'sandbox', 'acc-sandbox', 'c2', 'app-2', at);
    insertApp.run('m-other', 'outra', 'acc-outra', 'c3', 'app-3', later);

    migrate(db, migrations);
    const rows = db
      .prepare('SELECT id, is_master, allowed_ips, partner_company_id FROM applications ORDER BY rowid')
      .all();
    expect(rows).toEqual([
      { id: 'z-first', is_master: 1, allowed_ips: null, partner_company_id: null },
      { id: 'a-second', is_master: 0, allowed_ips: null, partner_company_id: null },
      { id: 'm-other', is_master: 1, allowed_ips: null, partner_company_id: null },
    ]);
    expect(findSandboxAppId(db)).toBe('app-1');
    const tenant = new TenancyRepo(db, ALL_SCOPES).resolveTenant('app-2')!;
    expect(tenant.allowedAddresses).toBeUndefined();
    expect(tenant.scopes).toEqual(new Set(ALL_SCOPES));
  });
});
