// The official @woovi/node-sdk 1.3.3 against the served sandbox, for its account register methods
// (remote-api-notes §7.2): accountRegister.get({taxID}) calls GET /api/v1/account-register/{taxID},
// which finds the onboarding created without a correlationID (its correlationID is the CNPJ).
// accountRegister.create and update call POST and PATCH /api/v1/account-register, removed from
// the API in 2026 and not in the spec: they reject with the service's {error}. The SDK has no KYC
// onboarding method, so the onboarding is started with fetch, as an integrator would.
import { describe, expect, it } from 'vitest';
import { registryCompany } from '#service/engine/kyc/sandbox-company-registry';
import { as, sdkRejection, useSdkSandbox, type SdkSandbox } from './sdk-sandbox';

const CNPJ = '11222333000181';

function enableKyc(s: SdkSandbox, appId = s.appId): void {
  const { company } = s.service.engine.tenancy.resolveTenant(appId)!;
  s.service.engine.db
    .prepare('UPDATE companies SET features = ? WHERE id = ?')
    .run(JSON.stringify(['BAAS', 'KYC_ONBOARDING']), company.id);
  s.service.engine.tenancy.invalidate();
}

async function onboard(s: SdkSandbox, body: object, appId = s.appId): Promise<{ status: number; body: any }> {
  const response = await fetch(`${s.baseUrl}/api/v1/kyc/onboarding`, {
    method: 'POST',
    headers: { authorization: appId, 'content-type': 'application/json' },
    body: JSON.stringify(body),
  });
  return { status: response.status, body: await response.json() };
}

describe('SDK accountRegister.* against the sandbox', () => {
  const s = useSdkSandbox();

  it('accountRegister.get({taxID}): GET /api/v1/account-register/{taxID} returns the register onboarded by that CNPJ', async () => {
    enableKyc(s());
    expect((await onboard(s(), { taxID: '11.222.333/0001-81' })).status).toBe(201);
    const got = await s().woovi.accountRegister.get({ taxID: CNPJ });
    expect(s().requests.at(-1)).toEqual({ method: 'GET', url: `/api/v1/account-register/${CNPJ}`, status: 200 });
    expect(got).toEqual({
      officialName: registryCompany(CNPJ)!.officialName,
      tradeName: registryCompany(CNPJ)!.tradeName,
      type: 'BAAS',
      taxID: { taxID: CNPJ, type: 'BR:CNPJ' },
      status: 'PENDING',
      correlationID: CNPJ,
    });
  });

  it('accountRegister.get: another company’s register and an unknown one reject with {error} (404)', async () => {
    enableKyc(s());
    await onboard(s(), { taxID: CNPJ });
    expect(await sdkRejection(s().other.woovi.accountRegister.get({ taxID: CNPJ }))).toEqual({
      error: 'Account register not found',
    });
    expect(s().lastStatus()).toBe(404);
    expect(await sdkRejection(s().woovi.accountRegister.get({ taxID: '99888777000166' }))).toEqual({
      error: 'Account register not found',
    });
    expect(s().lastStatus()).toBe(404);
  });

  it('accountRegister.create and update (removed from the API) reject with {error}, writing nothing', async () => {
    // Both paths are served, for reads and deletes only (GET /account-register, GET and DELETE
    // /account-register/{taxID}): 405 naming the methods they take.
    const before = s().count('account_registers');
    const data = as<Parameters<SdkSandbox['woovi']['accountRegister']['create']>[0]>({
      officialName: 'X',
      tradeName: 'X',
      taxID: CNPJ,
    });
    expect(await sdkRejection(s().woovi.accountRegister.create(data))).toEqual({
      error: 'Method POST not allowed on /api/v1/account-register; allowed: GET, HEAD',
    });
    expect(s().lastStatus()).toBe(405);
    expect(await sdkRejection(s().woovi.accountRegister.update(data, CNPJ))).toEqual({
      error: expect.stringMatching(
        new RegExp(`^Method PATCH not allowed on /api/v1/account-register/${CNPJ}; allowed: `),
      ),
    });
    expect(s().lastStatus()).toBe(405);
    expect(s().count('account_registers')).toBe(before);
  });
});
