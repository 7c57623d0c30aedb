// GET /api/v1/psp (service-spec "PSPs and receipts"; remote-api-notes §2.2, §6.3). The official
// Node SDK (@woovi/node-sdk) has no PSP method (remote-api-notes §7.2): these tests call the route.
// The directory's lookups are unit-tested in test/main/service/engine/psp-directory.test.ts.
import { expect, it } from 'vitest';
import { createSandboxCompany } from '#service/engine/tenancy/sandbox-bootstrap';
import { describeContract } from '#test/support/harness';

const BB = { name: 'BCO DO BRASIL S.A.', ispb: '00000000', code: '00000000', compe: '001' };
const CAIXA = { name: 'CAIXA ECONOMICA FEDERAL', ispb: '00360305', code: '00360305', compe: '104' };

describeContract('psps', (h, transport) => {
  it('finds Banco do Brasil by COMPE 001 and by ISPB 00000000, as the documented example', async () => {
    expect(await h().ok('listPsps', { query: { compe: '001' } })).toEqual({ success: true, psps: [BB] });
    expect(await h().ok('listPsps', { query: { ispb: '00000000' } })).toEqual({ success: true, psps: [BB] });
    // Codes written without their leading zeros are the same codes.
    expect(await h().ok('listPsps', { query: { compe: '1' } })).toEqual({ success: true, psps: [BB] });
    expect(await h().ok('listPsps', { query: { ispb: '360305' } })).toEqual({ success: true, psps: [CAIXA] });
    // The OpenAPI example's query: every filter must hold.
    expect(await h().ok('listPsps', { query: { ispb: '00000000', name: 'brasil', compe: '001' } })).toEqual({
      success: true,
      psps: [BB],
    });
  });

  it("finds Woovi's own institution by its ISPB 54811417", async () => {
    const body = await h().ok('listPsps', { query: { ispb: '54811417' } });
    expect(body).toEqual({
      success: true,
      psps: [{ name: expect.stringMatching(/^WOOVI/), ispb: '54811417', code: '54811417', compe: '694' }],
    });
  });

  it('searches names ignoring case and accents, on the short and the long name', async () => {
    const compes = async (name: string) =>
      ((await h().ok('listPsps', { query: { name } })).psps as { compe: string }[]).map((p) => p.compe);
    const itau = await compes('itau');
    expect(itau).toContain('341');
    expect(await compes('ITAÚ')).toEqual(itau);
    expect(await compes('  Itaú   Unibanco ')).toEqual(expect.arrayContaining(['341']));
    // "Banco do Brasil" is only the long name; the short one is "BCO DO BRASIL S.A.".
    expect(await compes('banco do brasil')).toContain('001');
    expect(await compes('CAIXA ECONÔMICA')).toContain('104');
  });

  it('answers the whole directory without filters (blank filters count as none), sorted by ISPB', async () => {
    const all = await h().ok('listPsps');
    expect(all.success).toBe(true);
    expect(all.psps.length).toBeGreaterThan(400);
    expect(all.psps[0]).toEqual(BB);
    const ispbs = all.psps.map((p: { ispb: string }) => p.ispb);
    expect(ispbs).toEqual([...ispbs].sort());
    expect(new Set(ispbs).size).toBe(ispbs.length);
    for (const psp of all.psps) {
      expect(psp.ispb).toMatch(/^\d{8}$/);
      expect(psp.code).toBe(psp.ispb);
      if (psp.compe !== null) expect(psp.compe).toMatch(/^\d{3}$/);
    }
    expect(await h().ok('listPsps', { query: { name: '', ispb: ' ' } })).toEqual(all);
  });

  it('a well-formed filter matching nothing is an empty list', async () => {
    for (const query of [
      { ispb: '99999999' },
      { compe: '999' },
      { name: 'nenhum banco com este nome' },
      { compe: '001', name: 'caixa' },
    ]) {
      expect(await h().ok('listPsps', { query }), JSON.stringify(query)).toEqual({ success: true, psps: [] });
    }
  });

  it('answers a filter that cannot be a code with 400 (the real one adds success:false)', async () => {
    const cases: [Record<string, string>, string][] = [
      [{ ispb: '123456789' }, 'Invalid query parameters: ispb must have 1 to 8 digits'],
      [{ ispb: 'abc' }, 'Invalid query parameters: ispb must have 1 to 8 digits'],
      [{ ispb: '-1' }, 'Invalid query parameters: ispb must have 1 to 8 digits'],
      [{ compe: '0001' }, 'Invalid query parameters: compe must have 1 to 3 digits'],
      [{ compe: '1.0' }, 'Invalid query parameters: compe must have 1 to 3 digits'],
      [{ compe: 'BB' }, 'Invalid query parameters: compe must have 1 to 3 digits'],
      [{ name: 'x'.repeat(201) }, 'name: name is too long'],
    ];
    for (const [query, error] of cases) {
      expect(await h().client.request('listPsps', { query }), JSON.stringify(query)).toEqual({
        status: 400,
        body: { error },
      });
    }
  });

  it.skipIf(transport !== 'http')('over HTTP, a filter given twice is 400', async () => {
    const response = await fetch(`${h().baseUrl}/api/v1/psp?compe=001&compe=104`, {
      headers: { authorization: h().appId },
    });
    expect(response.status).toBe(400);
    expect(await response.json()).toEqual({ error: 'query parameter compe was given more than once' });
  });

  it('401 without or with an unknown AppID, 403 without PSP_GET_LIST', async () => {
    expect(await h().client.request('listPsps', {}, { appId: null })).toMatchObject({
      status: 401,
      body: { error: expect.any(String) },
    });
    expect(await h().client.request('listPsps', {}, { appId: 'bogus' })).toMatchObject({
      status: 401,
      body: { error: expect.any(String) },
    });
    const limited = createSandboxCompany(h().engine.db, h().clock.now(), {
      scopes: ['CHARGE_GET', 'BOLETO_VALIDATE_POST'],
    });
    expect(await h().client.request('listPsps', { query: { compe: '001' } }, { appId: limited.appId })).toEqual({
      status: 403,
      body: { error: 'Application does not have required scope: PSP_GET_LIST' },
    });
    // Any company with the scope reads the same directory.
    expect(await h().client.request('listPsps', { query: { compe: '001' } }, { appId: h().other.appId })).toEqual({
      status: 200,
      body: { success: true, psps: [BB] },
    });
  });
});
