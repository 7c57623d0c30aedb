import { expect, it } from 'vitest';
import { buildDynamicBrCode, buildStaticBrCode, crc16Hex } from '#lib/pix';
import { createSandboxCompany } from '#service/engine/tenancy/sandbox-bootstrap';
import { describeContract } from '#test/support/harness';

/** The request example of POST /api/v1/decode/emv in the OpenAPI document (static key + REC in tag 80). */
const OAS_EMV =
  '00020126780014br.gov.bcb.pix0136f4c6089a-bfde-4c00-a2d9-9eaa584b02190216CobrancaEstatica5204000053039865406546.285802BR5903Pix6008BRASILIA6229052584767c56c2ab4e65b6670de2a80950014br.gov.bcb.pix2573qr-h.sandbox.pix.bcb.gov.br/rest/api/rec/4b62d4a088fe4f51bcb4c64cf078869163044486';

/** Recomputes the CRC after an edit, so a test reaches the rule it targets rather than the CRC check. */
const withCrc = (payloadWithoutCrc: string) => `${payloadWithoutCrc}6304${crc16Hex(`${payloadWithoutCrc}6304`)}`;

describeContract('company', (h) => {
  it('returns the company behind the AppID, each company its own', async () => {
    const company = h().engine.db.prepare('SELECT * FROM companies ORDER BY created_at, rowid LIMIT 1').get() as any;
    const body = await h().ok('getCompany');
    expect(body).toEqual({
      company: {
        officialName: 'Balcão Sandbox Comércio LTDA',
        tradeName: company.trade_name,
        taxID: company.tax_id,
        correlationID: company.correlation_id,
      },
    });
    expect(body.company.taxID).toMatch(/^[0-9A-Z]{12}\d{2}$/);
    const other = await h().client.request('getCompany', {}, { appId: h().other.appId });
    expect(other).toMatchObject({ status: 200, body: { company: { tradeName: 'Outra Loja' } } });
    expect((other as any).body.company.correlationID).not.toBe(body.company.correlationID);
  });

  it('company: 401 without or with an unknown AppID, 403 without COMPANY_GET', async () => {
    expect(await h().client.request('getCompany', {}, { appId: null })).toMatchObject({
      status: 401,
      body: { error: expect.any(String) },
    });
    expect(await h().client.request('getCompany', {}, { appId: 'bogus' })).toMatchObject({
      status: 401,
      body: { error: expect.any(String) },
    });
    const limited = createSandboxCompany(h().engine.db, h().clock.now(), { scopes: ['CHARGE_GET'] });
    expect(await h().client.request('getCompany', {}, { appId: limited.appId })).toEqual({
      status: 403,
      body: { error: 'Application does not have required scope: COMPANY_GET' },
    });
  });

  it('decodes the OpenAPI example exactly as the documented response', async () => {
    const body = await h().ok('decodeEmv', { body: { emv: OAS_EMV } });
    expect(body).toEqual({
      emv: {
        payloadFormatIndicator: '01',
        merchantAccountInformationPix: {
          gui: 'br.gov.bcb.pix',
          pixKey: 'f4c6089a-bfde-4c00-a2d9-9eaa584b0219',
          additionalInformation: 'CobrancaEstatica',
        },
        merchantCategoryCode: '0000',
        transactionCurrency: '986',
        transactionAmount: '546.28',
        countryCode: 'BR',
        merchantName: 'Pix',
        merchantCity: 'BRASILIA',
        additionalDataFieldTemplate: { referenceLabel: '84767c56c2ab4e65b6670de2a' },
        unreservedTemplates: {
          gui: 'br.gov.bcb.pix',
          url: 'qr-h.sandbox.pix.bcb.gov.br/rest/api/rec/4b62d4a088fe4f51bcb4c64cf0788691',
        },
        crc: '4486',
      },
      cobLocation: null,
      recLocation: {
        isValid: false,
        locationErrors: [expect.stringContaining('REC')],
        url: 'qr-h.sandbox.pix.bcb.gov.br/rest/api/rec/4b62d4a088fe4f51bcb4c64cf0788691',
      },
    });
  });

  it('decodes a charge BR Code and resolves its location from the store, until it expires', async () => {
    const { charge } = await h().ok('createCharge', {
      body: {
        correlationID: 'p1',
        value: 12058,
        comment: 'Pedido 1',
        expiresIn: 600,
        customer: { name: 'Fulano de Tal', taxID: '529.982.247-25' },
        additionalInfo: [{ key: 'Entrega', value: 'Residencial' }],
      },
    });
    // A copied code often arrives with a trailing newline.
    const body = await h().ok('decodeEmv', { body: { emv: `${charge.brCode}\n` } });
    const url = body.emv.merchantAccountInformationPix.url;
    expect(url).toMatch(/\/qr\/v2\/cob\/[0-9a-f]{32}$/);
    expect(body.emv).toMatchObject({
      payloadFormatIndicator: '01',
      pointOfInitiationMethod: '12',
      merchantName: 'Balcao Sandbox',
      crc: charge.brCode.slice(-4),
    });
    // The dynamic code shows the charge's value in tag 54, as the real service's do.
    expect(body.emv.transactionAmount).toBe('120.58');
    expect(body.recLocation).toBeNull();
    expect(body.cobLocation).toEqual({
      isValid: true,
      locationErrors: [],
      url,
      payload: {
        calendar: { creation: '2026-11-22T15:00:00.000Z', presentation: '2026-11-22T15:00:00.000Z', expiration: 600 },
        key: h().pixKey,
        debtor: { name: 'Fulano de Tal', cpf: '52998224725' },
        additionalInfo: [{ name: 'Entrega', value: 'Residencial' }],
        revision: 0,
        status: 'ATIVA',
        txid: charge.transactionID,
        value: { original: '120.58' },
        payerRequest: 'Pedido 1',
      },
    });
    // Any company may decode it, as any payer's bank may read a location.
    const other = await h().client.request('decodeEmv', { body: { emv: charge.brCode } }, { appId: h().other.appId });
    expect(other).toMatchObject({ status: 200, body: { cobLocation: { isValid: true } } });

    h().clock.advance(600_000);
    const expired = await h().ok('decodeEmv', { body: { emv: charge.brCode } });
    expect(expired.cobLocation).toEqual({
      isValid: false,
      locationErrors: [expect.stringContaining('not found')],
      url,
    });
  });

  it('reports a location of another PSP as not resolvable, and decodes static codes with amount', async () => {
    const foreign = buildDynamicBrCode({
      locationUrl: 'qr-h.woovi.digital/qr/v2/cob/fb274322-221c-43d4-b58b-fab36d87c75c',
      merchantName: 'sibeliusip',
      merchantCity: 'Sao Paulo',
    });
    const dyn = await h().ok('decodeEmv', { body: { emv: foreign } });
    expect(dyn.cobLocation).toEqual({
      isValid: false,
      locationErrors: [expect.stringContaining('qr-h.woovi.digital')],
      url: 'qr-h.woovi.digital/qr/v2/cob/fb274322-221c-43d4-b58b-fab36d87c75c',
    });
    const stat = buildStaticBrCode({
      pixKey: h().pixKey,
      amountCents: 1050,
      txid: 'PEDIDO42',
      merchantName: 'Padaria',
      merchantCity: 'Recife',
    });
    const body = await h().ok('decodeEmv', { body: { emv: stat } });
    expect(body.emv).toMatchObject({
      merchantAccountInformationPix: { gui: 'br.gov.bcb.pix', pixKey: h().pixKey },
      transactionAmount: '10.50',
      merchantName: 'Padaria',
      additionalDataFieldTemplate: { referenceLabel: 'PEDIDO42' },
    });
    expect(body.emv).not.toHaveProperty('pointOfInitiationMethod');
    expect(body.cobLocation).toBeNull();
    expect(body.recLocation).toBeNull();
  });

  it("answers invalid EMV with 400 and the decoder's reason, never a 500, writing nothing", async () => {
    const before = h().counts('charges', 'customers', 'events');
    const flipped = `${OAS_EMV.slice(0, 60)}X${OAS_EMV.slice(61)}`;
    const cases: [unknown, RegExp][] = [
      [undefined, /emv is required/],
      [{}, /emv is required/],
      [[], /body/],
      ['000201', /body/],
      [{ emv: '' }, /emv is required/],
      [{ emv: '   ' }, /emv is required/],
      [{ emv: 123 }, /emv must be a string/],
      [{ emv: null }, /emv must be a string/],
      [{ emv: ['000201'] }, /emv must be a string/],
      [{ emv: 'x'.repeat(3000) }, /too long/],
      [{ emv: 'hello world' }, /^Invalid EMV payload: /],
      [{ emv: flipped }, /^Invalid EMV payload: CRC mismatch/],
      [{ emv: OAS_EMV.slice(0, -8) }, /^Invalid EMV payload: .*CRC/],
      [{ emv: 'é'.repeat(20) }, /^Invalid EMV payload: /],
      [{ emv: '0'.repeat(600) }, /^Invalid EMV payload: /],
      // Valid CRC, wrong content: not Pix (GUI), wrong currency, missing merchant name.
      [
        { emv: withCrc('00020126260014br.gov.bcb.xyz0104abcd5204000053039865802BR5903Pix6008BRASILIA') },
        /^Invalid EMV payload: .*26\/00/,
      ],
      [
        { emv: withCrc('00020126260014br.gov.bcb.pix0104abcd5204000053038405802BR5903Pix6008BRASILIA') },
        /^Invalid EMV payload: .*986/,
      ],
      [
        { emv: withCrc('00020126260014br.gov.bcb.pix0104abcd52040000530398658026008BRASILIA') },
        /^Invalid EMV payload: /,
      ],
    ];
    for (const [body, message] of cases) {
      const reply = await h().client.request('decodeEmv', { body });
      expect(reply.status, JSON.stringify(body)).toBe(400);
      expect((reply as any).body.error, JSON.stringify(body)).toMatch(message);
    }
    // Random printable junk with a correct CRC still never reaches a 500.
    let seed = 7;
    const rand = () => ((seed = (seed * 1103515245 + 12345) % 2 ** 31), seed / 2 ** 31);
    for (let i = 0; i < 40; i += 1) {
      const cut = Math.floor(rand() * (OAS_EMV.length - 8));
      const junk = withCrc(
        `${OAS_EMV.slice(0, cut)}${String.fromCharCode(32 + Math.floor(rand() * 95))}${OAS_EMV.slice(cut + 1, -8)}`,
      );
      const reply = await h().client.request('decodeEmv', { body: { emv: junk } });
      expect([200, 400], junk).toContain(reply.status);
    }
    expect(h().counts('charges', 'customers', 'events')).toEqual(before);
  });

  it('decode: 401 without or with an unknown AppID, 403 without DECODE_EMV_POST', async () => {
    const request = { body: { emv: OAS_EMV } };
    expect(await h().client.request('decodeEmv', request, { appId: null })).toMatchObject({ status: 401 });
    expect(await h().client.request('decodeEmv', request, { appId: 'bogus' })).toMatchObject({ status: 401 });
    const limited = createSandboxCompany(h().engine.db, h().clock.now(), { scopes: ['COMPANY_GET'] });
    expect(await h().client.request('decodeEmv', request, { appId: limited.appId })).toEqual({
      status: 403,
      body: { error: 'Application does not have required scope: DECODE_EMV_POST' },
    });
  });
});
