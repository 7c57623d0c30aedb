// KYC onboarding and account registers (service-spec.md "Account register", its state table, "KYC
// onboarding", Errors rows "Delete account register", "Get account register", "KYC onboarding",
// Limits "KYC redirect"; remote-api-notes §2 row 2, §2.2, §3.2, §6.8): onboarding idempotent by
// correlationID (201 new, 200 with the original link and redirectUrl), the BAAS and KYC_ONBOARDING
// features, get by path and by query, delete only while PENDING, the page's submission through the
// engine, the sandbox's review on the clock, and the ACCOUNT_REGISTER_* events in the outbox.
// The page itself, over HTTP, at the end; in Chromium in test/e2e/kyc-page.test.ts.
import { expect, it } from 'vitest';
import { ALL_SCOPES } from '#service/engine/operations';
import { KYC_REVIEW_MS, SANDBOX_REJECTED_CPF } from '#service/engine/kyc/kyc-review';
import { registryCompany, registryPersonName } from '#service/engine/kyc/sandbox-company-registry';
import { createSandboxCompany } from '#service/engine/tenancy/sandbox-bootstrap';
import { describeContract, type Harness } from '#test/support/harness';

const CNPJ = '11222333000181';
const CNPJ_MASKED = '11.222.333/0001-81';
/** An alphanumeric CNPJ (pix-domain.md's worked example): the sandbox's registry does not know it. */
const CNPJ_ALPHA = '12ABC34501DE35';
const CPF_A = '52998224725';
const CPF_B = '11144477735';
const REDIRECT = 'https://parceiro.example.com/kyc-concluido?loja=1';
const KYC_FEATURES = ['BAAS', 'KYC_ONBOARDING'];
const WRITTEN = ['account_registers', 'events'] as const;

/** Gives a company the features KYC onboarding needs (the sandbox's companies start without). */
function enableKyc(h: Harness, appId = h.appId): void {
  const { company } = h.engine.tenancy.resolveTenant(appId)!;
  h.engine.db.prepare('UPDATE companies SET features = ? WHERE id = ?').run(JSON.stringify(KYC_FEATURES), company.id);
  h.engine.tenancy.invalidate();
}

function companyId(h: Harness, appId = h.appId): string {
  return h.engine.tenancy.resolveTenant(appId)!.company.id;
}

async function onboard(h: Harness, body: object, appId = h.appId) {
  return (await h.client.request('kycOnboarding', { body }, { appId })) as { status: number; body: any };
}

/** The register as GET /api/v1/account-register/{correlationID} answers it (asserting a 200). */
async function getRegister(h: Harness, correlationID: string, appId = h.appId): Promise<any> {
  const reply = (await h.client.request('getAccountRegister', { params: { correlationID } }, { appId })) as {
    status: number;
    body: any;
  };
  expect(reply.status).toBe(200);
  return reply.body;
}

function tokenOf(link: string): string {
  return link.slice(link.lastIndexOf('/') + 1);
}

function events(h: Harness, appId = h.appId): { name: string; payload: any }[] {
  return h.engine.db
    .prepare<[string], { name: string; payload: string }>(
      "SELECT name, payload FROM events WHERE company_id = ? AND name LIKE 'ACCOUNT_REGISTER_%' ORDER BY seq",
    )
    .all(companyId(h, appId))
    .map((row) => ({ name: row.name, payload: JSON.parse(row.payload) }));
}

function registerRow(h: Harness, correlationID: string, appId = h.appId) {
  return h.engine.db
    .prepare<[string, string], Record<string, any>>(
      'SELECT * FROM account_registers WHERE company_id = ? AND correlation_id = ? AND deleted_at IS NULL',
    )
    .get(companyId(h, appId), correlationID);
}

/** The merchant confirms the page as it is shown (the names the register holds). */
async function submitAsShown(h: Harness, link: string) {
  const view = (await h.engine.kycOnboarding(tokenOf(link)))!;
  return h.engine.submitKycOnboarding(tokenOf(link), {
    officialName: view.officialName,
    tradeName: view.tradeName,
    representativeNames: view.representatives.map((r) => r.name),
  });
}

describeContract('KYC onboarding and account registers', (h, transport) => {
  // ---------------------------------------------------------------- onboarding

  it('creates a PENDING register: 201 with the link, the enriched names, the representatives and a PENDING event', async () => {
    enableKyc(h());
    const before = h().counts(...WRITTEN);
    const reply = await onboard(h(), {
      taxID: CNPJ_MASKED,
      correlationID: 'loja-1',
      redirectUrl: REDIRECT,
      representatives: [{ taxID: '529.982.247-25' }, { taxID: CPF_B, name: 'Fulana de Tal' }],
    });
    expect(reply.status).toBe(201);
    const known = registryCompany(CNPJ)!;
    expect(known.officialName).not.toBe('');
    expect(reply.body).toEqual({
      linkOnboarding: expect.stringMatching(new RegExp(`^${h().baseUrl}/kyc/onboarding/[A-Za-z0-9_-]{43}$`)),
      redirectUrl: REDIRECT,
      accountRegister: {
        status: 'PENDING',
        officialName: known.officialName,
        tradeName: known.tradeName,
        taxID: { taxID: CNPJ, type: 'BR:CNPJ' },
        correlationID: 'loja-1',
        representatives: [
          // Enriched from the sandbox's registry when not sent; kept as sent otherwise.
          { name: registryPersonName(CPF_A), taxID: { taxID: CPF_A, type: 'BR:CPF' } },
          { name: 'Fulana de Tal', taxID: { taxID: CPF_B, type: 'BR:CPF' } },
        ],
      },
    });
    expect(h().counts(...WRITTEN)).toEqual({
      account_registers: before.account_registers + 1,
      events: before.events + 1,
    });
    const row = registerRow(h(), 'loja-1')!;
    // The token is random: nothing of the company's or the register's ids in it.
    const token = tokenOf(reply.body.linkOnboarding);
    for (const id of [row.id, row.company_id, row.account_id, 'loja-1', CNPJ]) expect(token).not.toContain(id);
    expect(events(h())).toEqual([
      {
        name: 'ACCOUNT_REGISTER_PENDING',
        payload: {
          accountRegister: {
            officialName: known.officialName,
            taxID: { taxID: CNPJ, type: 'BR:CNPJ' },
            status: 'PENDING',
            correlationID: 'loja-1',
          },
          account: { status: 'PENDING', accountId: row.account_id, account: row.account_number, branch: '0001' },
        },
      },
    ]);
    expect(row.account_id).toMatch(/^[0-9a-f]{24}$/);
    expect(row.account_number).toMatch(/^\d{7}$/);
  });

  it('is idempotent by correlationID: 200 with the original link and redirectUrl, whatever else the repeat sends', async () => {
    enableKyc(h());
    // Without correlationID the CNPJ is the key, masked or not.
    const first = await onboard(h(), { taxID: CNPJ, redirectUrl: REDIRECT, representatives: [{ taxID: CPF_A }] });
    expect(first.status).toBe(201);
    expect(first.body.accountRegister.correlationID).toBe(CNPJ);
    const before = h().counts(...WRITTEN);
    h().clock.advance(60_000);
    const again = await onboard(h(), {
      taxID: CNPJ_MASKED,
      redirectUrl: 'https://outro.example.com/fim',
      representatives: [{ taxID: CPF_B, name: 'Outro Sócio' }],
    });
    expect(again).toEqual({ status: 200, body: first.body });
    const explicit = await onboard(h(), { taxID: CNPJ, correlationID: CNPJ });
    expect(explicit).toEqual({ status: 200, body: first.body });
    expect(h().counts(...WRITTEN)).toEqual(before);
    // Without a redirectUrl the answer says so with null, and so does its repeat.
    const bare = await onboard(h(), { taxID: CNPJ, correlationID: 'sem-redirect' });
    expect(bare.status).toBe(201);
    expect(bare.body.redirectUrl).toBeNull();
    expect(await onboard(h(), { taxID: CNPJ, correlationID: 'sem-redirect', redirectUrl: REDIRECT })).toEqual({
      status: 200,
      body: bare.body,
    });
    // A second correlationID for the same CNPJ is a second onboarding.
    expect(bare.body.linkOnboarding).not.toBe(first.body.linkOnboarding);
  });

  it('refuses a repeated correlationID with another CNPJ: 400, nothing written', async () => {
    enableKyc(h());
    expect((await onboard(h(), { taxID: CNPJ, correlationID: 'loja-1' })).status).toBe(201);
    const before = h().counts(...WRITTEN);
    expect(await onboard(h(), { taxID: CNPJ_ALPHA, correlationID: 'loja-1' })).toEqual({
      status: 400,
      body: { error: 'correlationID loja-1 already belongs to the onboarding of another CNPJ' },
    });
    expect(h().counts(...WRITTEN)).toEqual(before);
  });

  it('takes an alphanumeric CNPJ, which the sandbox registry does not know: empty names, sent names kept', async () => {
    enableKyc(h());
    const reply = await onboard(h(), {
      taxID: '12.abc.345/01de-35',
      representatives: [{ taxID: CPF_A }, { taxID: CPF_B, name: '  Ana Sócia ' }],
    });
    expect(reply.status).toBe(201);
    expect(reply.body.accountRegister).toEqual({
      status: 'PENDING',
      officialName: '',
      tradeName: '',
      taxID: { taxID: CNPJ_ALPHA, type: 'BR:CNPJ' },
      correlationID: CNPJ_ALPHA,
      representatives: [
        { name: '', taxID: { taxID: CPF_A, type: 'BR:CPF' } },
        { name: 'Ana Sócia', taxID: { taxID: CPF_B, type: 'BR:CPF' } },
      ],
    });
  });

  it('answers bad input with 400 {error} and writes nothing', async () => {
    enableKyc(h());
    const before = h().counts(...WRITTEN);
    const cases: [unknown, string | RegExp][] = [
      [{}, 'taxID: Required'],
      [{ taxID: 123 }, /^taxID: /],
      [{ taxID: '11.222.333/0001-82' }, 'taxID: Invalid CNPJ'],
      [{ taxID: CPF_A }, 'taxID: Invalid CNPJ'],
      [{ taxID: '11222333000181x' }, 'taxID: Invalid CNPJ'],
      [{ taxID: CNPJ, correlationID: '   ' }, /^correlationID: /],
      [{ taxID: CNPJ, correlationID: 'x'.repeat(256) }, /^correlationID: /],
      [{ taxID: CNPJ, redirectUrl: 'javascript:alert(1)' }, 'redirectUrl: redirectUrl must be an http(s) URL'],
      [{ taxID: CNPJ, redirectUrl: 'ftp://example.com/x' }, 'redirectUrl: redirectUrl must be an http(s) URL'],
      [{ taxID: CNPJ, redirectUrl: 'not a url' }, 'redirectUrl: redirectUrl must be an http(s) URL'],
      [
        { taxID: CNPJ, redirectUrl: `https://example.com/${'a'.repeat(2048)}` },
        /^redirectUrl: redirectUrl is too long/,
      ],
      [{ taxID: CNPJ, representatives: {} }, /^representatives: /],
      [{ taxID: CNPJ, representatives: [{}] }, 'representatives.0.taxID: Required'],
      [{ taxID: CNPJ, representatives: [{ taxID: '529.982.247-24' }] }, 'representatives.0.taxID: Invalid CPF'],
      [{ taxID: CNPJ, representatives: [{ taxID: CNPJ }] }, 'representatives.0.taxID: Invalid CPF'],
      [
        { taxID: CNPJ, representatives: [{ taxID: CPF_A }, { taxID: '529.982.247-25' }] },
        'representatives: a representative CPF appears twice',
      ],
      [
        { taxID: CNPJ, representatives: [{ taxID: CPF_A, name: 'n'.repeat(256) }] },
        /^representatives.0.name: name is too long/,
      ],
      [{ taxID: CNPJ, representatives: [{ taxID: CPF_A, name: 'a\u0000b' }] }, /control characters/],
      [
        { taxID: CNPJ, representatives: Array.from({ length: 21 }, () => ({ taxID: CPF_A })) },
        /at most 20 representatives/,
      ],
      [[CNPJ], 'body: expected a JSON object'],
    ];
    for (const [body, error] of cases) {
      const reply = await h().client.request('kycOnboarding', { body });
      expect(reply, JSON.stringify(body).slice(0, 80)).toEqual({ status: 400, body: { error: expect.any(String) } });
      const message = (reply as { body: { error: string } }).body.error;
      if (typeof error === 'string') expect(message).toBe(error);
      else expect(message).toMatch(error);
    }
    expect(h().counts(...WRITTEN)).toEqual(before);
  });

  it('needs both the BAAS and KYC_ONBOARDING features (403) and a valid AppID (401), before reading the body', async () => {
    const before = h().counts(...WRITTEN);
    // The sandbox's company has neither feature yet.
    expect(await onboard(h(), { taxID: CNPJ })).toEqual({
      status: 403,
      body: { error: 'You need feature BAAS to access this endpoint' },
    });
    const baasOnly = createSandboxCompany(h().engine.db, h().clock.now(), { features: ['BAAS'] });
    expect(await onboard(h(), { taxID: CNPJ }, baasOnly.appId)).toEqual({
      status: 403,
      body: { error: 'You need feature KYC_ONBOARDING to access this endpoint' },
    });
    const kycOnly = createSandboxCompany(h().engine.db, h().clock.now(), { features: ['KYC_ONBOARDING'] });
    expect(await onboard(h(), { taxID: CNPJ }, kycOnly.appId)).toEqual({
      status: 403,
      body: { error: 'You need feature BAAS to access this endpoint' },
    });
    // A refusal for the caller comes before the input's: a bad body is still 403.
    expect((await onboard(h(), { taxID: 'nope' }, kycOnly.appId)).status).toBe(403);
    for (const appId of [null, 'bogus']) {
      const reply = await h().client.request('kycOnboarding', { body: { taxID: CNPJ } }, { appId });
      expect(reply).toMatchObject({ status: 401, body: { error: expect.any(String) } });
    }
    expect(h().counts('account_registers')).toEqual({ account_registers: before.account_registers });
    // With both, any application of the company may call it: the operation names no scope.
    const both = createSandboxCompany(h().engine.db, h().clock.now(), { features: KYC_FEATURES, scopes: [] });
    expect((await onboard(h(), { taxID: CNPJ }, both.appId)).status).toBe(201);
  });

  // ---------------------------------------------------------------- get

  it('gets a register by the correlationID in the path and in the query', async () => {
    enableKyc(h());
    await onboard(h(), { taxID: CNPJ, correlationID: 'loja/1 ç' });
    const expected = {
      officialName: registryCompany(CNPJ)!.officialName,
      tradeName: registryCompany(CNPJ)!.tradeName,
      type: 'BAAS',
      taxID: { taxID: CNPJ, type: 'BR:CNPJ' },
      status: 'PENDING',
      correlationID: 'loja/1 ç',
    };
    expect(await h().client.request('getAccountRegister', { params: { correlationID: 'loja/1 ç' } })).toEqual({
      status: 200,
      body: expected,
    });
    expect(await h().client.request('findAccountRegister', { query: { correlationID: 'loja/1 ç' } })).toEqual({
      status: 200,
      body: expected,
    });
  });

  it('get: 404 for an unknown correlationID and for another company’s, 400 for a malformed one', async () => {
    enableKyc(h());
    enableKyc(h(), h().other.appId);
    await onboard(h(), { taxID: CNPJ, correlationID: 'loja-1' });
    const notFound = { status: 404, body: { error: 'Account register not found' } };
    expect(await h().client.request('getAccountRegister', { params: { correlationID: 'loja-2' } })).toEqual(notFound);
    // Another company sees nothing of it, and may use the same correlationID for its own.
    const other = { appId: h().other.appId };
    expect(await h().client.request('getAccountRegister', { params: { correlationID: 'loja-1' } }, other)).toEqual(
      notFound,
    );
    expect(await h().client.request('findAccountRegister', { query: { correlationID: 'loja-1' } }, other)).toEqual(
      notFound,
    );
    expect(await h().client.request('deleteAccountRegister', { params: { correlationID: 'loja-1' } }, other)).toEqual(
      notFound,
    );
    const theirs = await onboard(h(), { taxID: CNPJ_ALPHA, correlationID: 'loja-1' }, other.appId);
    expect(theirs.status).toBe(201);
    expect(await getRegister(h(), 'loja-1')).toMatchObject({ taxID: { taxID: CNPJ } });
    expect(await getRegister(h(), 'loja-1', other.appId)).toMatchObject({ taxID: { taxID: CNPJ_ALPHA } });
    // Malformed.
    for (const request of [
      { query: {} },
      { query: { correlationID: '  ' } },
      { query: { correlationID: 'x'.repeat(256) } },
    ]) {
      expect(await h().client.request('findAccountRegister', request)).toMatchObject({
        status: 400,
        body: { error: expect.stringMatching(/^correlationID: /) },
      });
    }
    for (const correlationID of [' ', 'x'.repeat(256)]) {
      expect(await h().client.request('getAccountRegister', { params: { correlationID } })).toMatchObject({
        status: 400,
        body: { error: expect.any(String) },
      });
      expect(await h().client.request('deleteAccountRegister', { params: { correlationID } })).toMatchObject({
        status: 400,
        body: { error: expect.any(String) },
      });
    }
  });

  it('get and delete need their scopes (403) and a valid AppID (401)', async () => {
    enableKyc(h());
    await onboard(h(), { taxID: CNPJ, correlationID: 'loja-1' });
    const cases = [
      ['getAccountRegister', 'ACCOUNT_REGISTER_GET', { params: { correlationID: 'loja-1' } }],
      ['findAccountRegister', 'ACCOUNT_REGISTER_GET', { query: { correlationID: 'loja-1' } }],
      ['deleteAccountRegister', 'ACCOUNT_REGISTER_DELETE', { params: { correlationID: 'loja-1' } }],
    ] as const;
    for (const [op, scope, request] of cases) {
      expect(ALL_SCOPES).toContain(scope);
      const limited = createSandboxCompany(h().engine.db, h().clock.now(), {
        scopes: ALL_SCOPES.filter((s) => s !== scope),
      });
      expect(await h().client.request(op, request, { appId: limited.appId }), op).toEqual({
        status: 403,
        body: { error: `Application does not have required scope: ${scope}` },
      });
      for (const appId of [null, 'bogus']) {
        expect(await h().client.request(op, request, { appId }), op).toMatchObject({
          status: 401,
          body: { error: expect.any(String) },
        });
      }
    }
    expect(registerRow(h(), 'loja-1')).toMatchObject({ status: 'PENDING' });
  });

  // ---------------------------------------------------------------- delete

  it('deletes a PENDING register: its link stops working and the correlationID starts a new onboarding', async () => {
    enableKyc(h());
    const first = await onboard(h(), { taxID: CNPJ, correlationID: 'loja-1', redirectUrl: REDIRECT });
    const row = registerRow(h(), 'loja-1')!;
    const before = h().counts('events');
    expect(await h().client.request('deleteAccountRegister', { params: { correlationID: 'loja-1' } })).toEqual({
      status: 200,
      body: { message: 'Account register successfully deleted', accountRegisterId: row.id },
    });
    expect(h().counts('events')).toEqual(before);
    expect(await h().client.request('getAccountRegister', { params: { correlationID: 'loja-1' } })).toEqual({
      status: 404,
      body: { error: 'Account register not found' },
    });
    expect(await h().client.request('deleteAccountRegister', { params: { correlationID: 'loja-1' } })).toEqual({
      status: 404,
      body: { error: 'Account register not found' },
    });
    expect(await h().engine.kycOnboarding(tokenOf(first.body.linkOnboarding))).toBeNull();
    expect(
      await h().engine.submitKycOnboarding(tokenOf(first.body.linkOnboarding), {
        officialName: 'X',
        tradeName: '',
        representativeNames: [],
      }),
    ).toEqual({ outcome: 'not-found' });
    const again = await onboard(h(), { taxID: CNPJ, correlationID: 'loja-1' });
    expect(again.status).toBe(201);
    expect(again.body.linkOnboarding).not.toBe(first.body.linkOnboarding);
    expect(again.body.redirectUrl).toBeNull();
  });

  it('refuses to delete a register past PENDING: 400 with the reason, nothing changed', async () => {
    enableKyc(h());
    const created = await onboard(h(), { taxID: CNPJ, correlationID: 'loja-1', representatives: [{ taxID: CPF_A }] });
    expect((await submitAsShown(h(), created.body.linkOnboarding)).outcome).toBe('submitted');
    const refused = {
      status: 400,
      body: { error: 'Only account registers in PENDING status can be deleted (this one is SUBMITTED)' },
    };
    expect(await h().client.request('deleteAccountRegister', { params: { correlationID: 'loja-1' } })).toEqual(refused);
    h().clock.advance(KYC_REVIEW_MS);
    expect(await h().client.request('deleteAccountRegister', { params: { correlationID: 'loja-1' } })).toEqual({
      status: 400,
      body: { error: 'Only account registers in PENDING status can be deleted (this one is APPROVED)' },
    });
    expect(registerRow(h(), 'loja-1')).toMatchObject({ status: 'APPROVED', deleted_at: null });
  });

  // ---------------------------------------------------------------- the page's submission and the review

  it('submitting moves PENDING to SUBMITTED with the merchant’s corrections, then the review approves on the clock', async () => {
    enableKyc(h());
    const created = await onboard(h(), {
      taxID: CNPJ,
      correlationID: 'loja-1',
      redirectUrl: REDIRECT,
      representatives: [{ taxID: CPF_A }],
    });
    const token = tokenOf(created.body.linkOnboarding);
    expect(await h().engine.kycOnboarding(token)).toEqual({
      status: 'PENDING',
      officialName: registryCompany(CNPJ)!.officialName,
      tradeName: registryCompany(CNPJ)!.tradeName,
      taxID: CNPJ,
      representatives: [{ name: registryPersonName(CPF_A), taxID: CPF_A }],
      redirectUrl: REDIRECT,
    });
    const submitted = await h().engine.submitKycOnboarding(token, {
      officialName: '  Padaria Corrigida LTDA ',
      tradeName: '',
      representativeNames: ['Maria Corrigida'],
    });
    expect(submitted).toEqual({
      outcome: 'submitted',
      view: {
        status: 'SUBMITTED',
        officialName: 'Padaria Corrigida LTDA',
        tradeName: '',
        taxID: CNPJ,
        representatives: [{ name: 'Maria Corrigida', taxID: CPF_A }],
        redirectUrl: REDIRECT,
      },
    });
    expect(await getRegister(h(), 'loja-1')).toMatchObject({
      status: 'SUBMITTED',
      officialName: 'Padaria Corrigida LTDA',
      tradeName: '',
    });
    // The repeat of the onboarding shows where it stands, with the original link.
    const repeat = await onboard(h(), { taxID: CNPJ, correlationID: 'loja-1' });
    expect(repeat.status).toBe(200);
    expect(repeat.body.linkOnboarding).toBe(created.body.linkOnboarding);
    expect(repeat.body.accountRegister).toMatchObject({
      status: 'SUBMITTED',
      representatives: [{ name: 'Maria Corrigida' }],
    });
    // A second submission (double click, another tab) changes nothing.
    const eventsBefore = h().counts('events');
    expect(
      await h().engine.submitKycOnboarding(token, {
        officialName: 'Outra',
        tradeName: 'Outra',
        representativeNames: ['Outro'],
      }),
    ).toMatchObject({
      outcome: 'already-sent',
      view: { status: 'SUBMITTED', officialName: 'Padaria Corrigida LTDA' },
    });
    expect(h().counts('events')).toEqual(eventsBefore);
    // The review: not before its time, then APPROVED with its event.
    h().clock.advance(KYC_REVIEW_MS - 1);
    expect(await getRegister(h(), 'loja-1')).toMatchObject({ status: 'SUBMITTED' });
    h().clock.advance(1);
    expect(await getRegister(h(), 'loja-1')).toMatchObject({ status: 'APPROVED' });
    const row = registerRow(h(), 'loja-1')!;
    expect(events(h()).map((e) => e.name)).toEqual(['ACCOUNT_REGISTER_PENDING', 'ACCOUNT_REGISTER_APPROVED']);
    expect(events(h())[1]!.payload).toEqual({
      accountRegister: {
        officialName: 'Padaria Corrigida LTDA',
        taxID: { taxID: CNPJ, type: 'BR:CNPJ' },
        status: 'APPROVED',
        correlationID: 'loja-1',
      },
      account: { status: 'ACTIVE', accountId: row.account_id, account: row.account_number, branch: '0001' },
    });
    expect(await h().engine.kycOnboarding(token)).toMatchObject({ status: 'APPROVED' });
    // Still idempotent after the decision.
    expect(
      await h().engine.submitKycOnboarding(token, { officialName: 'X', tradeName: '', representativeNames: ['Y'] }),
    ).toMatchObject({ outcome: 'already-sent' });
    expect(events(h())).toHaveLength(2);
  });

  it('rejects a register whose representative has the sandbox-rejected CPF, with ACCOUNT_REGISTER_REJECTED', async () => {
    enableKyc(h());
    const created = await onboard(h(), {
      taxID: CNPJ,
      representatives: [{ taxID: CPF_A }, { taxID: '000.000.001-91' }],
    });
    expect(created.body.accountRegister.representatives[1].taxID.taxID).toBe(SANDBOX_REJECTED_CPF);
    expect((await submitAsShown(h(), created.body.linkOnboarding)).outcome).toBe('submitted');
    h().clock.advance(KYC_REVIEW_MS);
    expect(await getRegister(h(), CNPJ)).toMatchObject({ status: 'REJECTED' });
    const row = registerRow(h(), CNPJ)!;
    expect(events(h()).map((e) => e.name)).toEqual(['ACCOUNT_REGISTER_PENDING', 'ACCOUNT_REGISTER_REJECTED']);
    expect(events(h())[1]!.payload.account).toEqual({
      status: 'REJECTED',
      accountId: row.account_id,
      account: row.account_number,
      branch: '0001',
    });
  });

  it('refuses an incomplete or foreign submission field by field, writing nothing', async () => {
    enableKyc(h());
    // Unknown to the registry: the merchant must type the names.
    const created = await onboard(h(), { taxID: CNPJ_ALPHA, representatives: [{ taxID: CPF_A }, { taxID: CPF_B }] });
    const token = tokenOf(created.body.linkOnboarding);
    const before = h().counts(...WRITTEN);
    const invalid = await h().engine.submitKycOnboarding(token, {
      officialName: '  ',
      tradeName: 'n'.repeat(256),
      representativeNames: ['Ana', ''],
    });
    expect(invalid).toMatchObject({
      outcome: 'invalid',
      errors: {
        officialName: 'Informe a razão social.',
        tradeName: 'Use no máximo 255 caracteres.',
        representatives: [undefined, 'Informe o nome do representante.'],
      },
      values: {
        officialName: '',
        representatives: [
          { name: 'Ana', taxID: CPF_A },
          { name: '', taxID: CPF_B },
        ],
      },
    });
    // A form with another count of representatives is not this register's.
    expect(
      await h().engine.submitKycOnboarding(token, {
        officialName: 'Empresa',
        tradeName: '',
        representativeNames: ['Ana', 'Bia', 'Cai'],
      }),
    ).toMatchObject({
      outcome: 'invalid',
      errors: { form: expect.stringContaining('não corresponde') },
    });
    expect(
      await h().engine.submitKycOnboarding(token, {
        officialName: null,
        tradeName: 7,
        representativeNames: [{}, 'Bia'],
      }),
    ).toMatchObject({
      outcome: 'invalid',
      errors: {
        officialName: 'Campo inválido.',
        tradeName: 'Campo inválido.',
        representatives: ['Campo inválido.', undefined],
      },
    });
    for (const bad of [
      '',
      'x',
      token.slice(1),
      `${token}x`,
      '../../etc',
      token.replace(/./, (c) => (c === 'A' ? 'B' : 'A')),
    ]) {
      expect(await h().engine.kycOnboarding(bad)).toBeNull();
      expect(
        await h().engine.submitKycOnboarding(bad, {
          officialName: 'Empresa',
          tradeName: '',
          representativeNames: ['Ana', 'Bia'],
        }),
      ).toEqual({ outcome: 'not-found' });
    }
    expect(h().counts(...WRITTEN)).toEqual(before);
    expect(registerRow(h(), CNPJ_ALPHA)).toMatchObject({ status: 'PENDING', official_name: '' });
  });

  // ---------------------------------------------------------------- the page over HTTP

  it.skipIf(transport !== 'http')(
    'serves the pt-BR page at the link, takes the form and shows the terminal state',
    async () => {
      enableKyc(h());
      const created = await onboard(h(), {
        taxID: CNPJ,
        redirectUrl: "https://parceiro.example.com/fim?a=1&b='x'",
        representatives: [{ taxID: CPF_A, name: '<script>alert(1)</script>' }],
      });
      const link: string = created.body.linkOnboarding;
      const page = await fetch(link);
      expect(page.status).toBe(200);
      expect(page.headers.get('content-type')).toBe('text/html; charset=utf-8');
      expect(page.headers.get('content-security-policy')).toMatch(/default-src 'none'.*form-action 'self'/);
      expect(page.headers.get('referrer-policy')).toBe('no-referrer');
      const html = await page.text();
      expect(html).toContain('<html lang="pt-BR">');
      expect(html).toContain('Abertura de conta');
      expect(html).toContain('11.222.333/0001-81');
      expect(html).toContain(`value="${registryCompany(CNPJ)!.officialName}"`);
      expect(html).toContain('CPF ***.982.247-**');
      expect(html).not.toContain('<script>alert(1)</script>');
      expect(html).toContain('&#60;script&#62;alert(1)&#60;/script&#62;');
      expect(html).toContain('>Enviar</button>');
      // The form posts to the same link and carries no id.
      expect(html).toContain(`action="/kyc/onboarding/${tokenOf(link)}"`);
      expect(html).not.toMatch(/type="hidden"/);

      const post = (body: string) =>
        fetch(link, {
          method: 'POST',
          headers: { 'content-type': 'application/x-www-form-urlencoded' },
          body,
          redirect: 'manual',
        });
      const refused = await post('officialName=&tradeName=&representativeName=Maria');
      expect(refused.status).toBe(400);
      expect(await refused.text()).toContain('Informe a razão social.');
      expect(registerRow(h(), CNPJ)).toMatchObject({ status: 'PENDING' });

      const sent = await post('officialName=Empresa+%C3%81gil+LTDA&tradeName=%C3%81gil&representativeName=Maria+Silva');
      expect(sent.status).toBe(303);
      expect(sent.headers.get('location')).toBe(`/kyc/onboarding/${tokenOf(link)}`);
      expect(registerRow(h(), CNPJ)).toMatchObject({
        status: 'SUBMITTED',
        official_name: 'Empresa Ágil LTDA',
        trade_name: 'Ágil',
      });
      // Posting again is harmless.
      expect((await post('officialName=Outra&representativeName=Outro')).status).toBe(303);
      expect(registerRow(h(), CNPJ)).toMatchObject({ official_name: 'Empresa Ágil LTDA' });

      const result = await (await fetch(link)).text();
      expect(result).toContain('Cadastro enviado');
      expect(result).toContain('Você será redirecionado em <span id="contagem">5 segundos</span>');
      // Without script, a refresh does it; its address cannot be cut short by a quote.
      expect(result).toContain(
        '<noscript><meta http-equiv="refresh" content="5;url=https://parceiro.example.com/fim?a=1&#38;b=%27x%27"></noscript>',
      );
      expect(result).toMatch(/<script>[^]*location\.assign\(link\.href\)[^]*<\/script>/);
      // The link (which the script follows) keeps the address as given, escaped.
      expect(result).toContain(
        'id="continuar" class="primary" href="https://parceiro.example.com/fim?a=1&#38;b=&#39;x&#39;"',
      );
      h().clock.advance(KYC_REVIEW_MS);
      expect(await (await fetch(link)).text()).toContain('Cadastro aprovado');
    },
  );

  it.skipIf(transport !== 'http')('answers an unknown or deleted link with a pt-BR 404 page', async () => {
    enableKyc(h());
    const created = await onboard(h(), { taxID: CNPJ, correlationID: 'loja-1' });
    expect((await h().client.request('deleteAccountRegister', { params: { correlationID: 'loja-1' } })).status).toBe(
      200,
    );
    for (const url of [created.body.linkOnboarding, `${h().baseUrl}/kyc/onboarding/nao-existe`]) {
      const reply = await fetch(url);
      expect(reply.status).toBe(404);
      expect(reply.headers.get('content-type')).toBe('text/html; charset=utf-8');
      expect(await reply.text()).toContain('Link não encontrado');
      const posted = await fetch(url, {
        method: 'POST',
        headers: { 'content-type': 'application/x-www-form-urlencoded' },
        body: 'officialName=X',
      });
      expect(posted.status).toBe(404);
    }
  });
});
