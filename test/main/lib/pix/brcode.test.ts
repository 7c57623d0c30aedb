import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import {
  buildDynamicBrCode,
  buildStaticBrCode,
  decodeBrCode,
  MAX_AMOUNT_CENTS,
  type DecodedBrCode,
} from '#lib/pix/brcode';
import { BrCodeError, hasValidCrc } from '#lib/pix/emv-tlv';
import {
  API_PIX_COBV_REC,
  BCB_COMPOSITE,
  BCB_DYNAMIC,
  BCB_SANDBOX_STATIC_REC,
  BCB_STATIC,
  body,
  PIX_UTILS_PHONE,
  referenceCnpjCheckDigits,
  referenceCpfCheckDigits,
  VALID_DDDS,
  WOOVI_DYNAMIC,
  WOOVI_LEGACY_INVALID,
  WOOVI_OAS_SUBSCRIPTION_EMV,
  WOOVI_SANDBOX,
  WOOVI_STATIC_TEMPLATE,
  withCrc,
} from './fixtures';

/** Hand-rolled TLV for negative tests, independent of the encoder under test. */
const tlv = (id: string, value: string): string => id + String(value.length).padStart(2, '0') + value;
const GUI = tlv('00', 'br.gov.bcb.pix');
const EVP = '123e4567-e12b-12d1-a456-426655440000';
/** A valid static code assembled from parts; override any part to break exactly one rule. */
function staticCode(
  parts: Partial<Record<'01' | '26' | '52' | '53' | '54' | '58' | '59' | '60' | '62' | 'extra', string>> = {},
): string {
  const p = {
    '01': '',
    '26': tlv('26', GUI + tlv('01', EVP)),
    '52': tlv('52', '0000'),
    '53': tlv('53', '986'),
    '54': '',
    '58': tlv('58', 'BR'),
    '59': tlv('59', 'Fulano de Tal'),
    '60': tlv('60', 'BRASILIA'),
    '62': tlv('62', tlv('05', '***')),
    extra: '',
    ...parts,
  };
  return withCrc(
    '000201' + p['01'] + p['26'] + p['52'] + p['53'] + p['54'] + p['58'] + p['59'] + p['60'] + p['62'] + p.extra,
  );
}

describe('decodeBrCode: golden payloads', () => {
  const cases: Array<[string, string, DecodedBrCode]> = [
    [
      'BCB MPIP static example',
      BCB_STATIC,
      {
        pointOfInitiation: 'STATIC',
        singleUse: false,
        pixKey: EVP,
        merchantName: 'Fulano de Tal',
        merchantCity: 'BRASILIA',
      },
    ],
    [
      'BCB MPIP dynamic example',
      BCB_DYNAMIC,
      {
        pointOfInitiation: 'DYNAMIC',
        singleUse: true,
        locationUrl: 'pix.example.com/8b3da2f39a4140d1a91abd93113bd441',
        merchantName: 'Fulano de Tal',
        merchantCity: 'BRASILIA',
      },
    ],
    [
      'BCB MPIP composite example (tag 80)',
      BCB_COMPOSITE,
      {
        pointOfInitiation: 'STATIC',
        singleUse: false,
        pixKey: EVP,
        amountCents: 10050,
        merchantName: 'Fulano de Tal',
        merchantCity: 'BRASILIA',
        recurrenceUrl: 'pix.example.com/rec/2353c790eefb11eaadc10242ac120002',
      },
    ],
    [
      'API Pix cobv + recurrence example',
      API_PIX_COBV_REC,
      {
        pointOfInitiation: 'DYNAMIC',
        singleUse: true,
        locationUrl: 'pix.example.com/qr/v2/cobv/1e6c54d3ec9449b7a7fc53b6b0f998e7',
        merchantName: 'Fulano de Tal',
        merchantCity: 'BRASILIA',
        recurrenceUrl: 'pix.example.com/qr/v2/rec/3ffa640fa4f14080adccb949fa2dc0d0',
      },
    ],
    [
      'pix-utils phone key with description, amount and txid',
      PIX_UTILS_PHONE,
      {
        pointOfInitiation: 'STATIC',
        singleUse: false,
        pixKey: '+5511987654321',
        description: 'Pedido 123',
        amountCents: 1250,
        txid: 'PDV01VENDA000123',
        merchantName: 'PADARIA SAO JOAO',
        merchantCity: 'SAO PAULO',
      },
    ],
    [
      'Woovi dynamic charge (amount on a dynamic code)',
      WOOVI_DYNAMIC,
      {
        pointOfInitiation: 'DYNAMIC',
        singleUse: true,
        locationUrl: 'qr-h.woovi.digital/qr/v2/cob/9fb5f17d-d687-4337-88cd-2abd98f9d43b',
        amountCents: 350,
        txid: '0514087053ef4559a0c942bd0',
        merchantName: 'Teste_Description',
        merchantCity: 'Sao_Paulo',
      },
    ],
    [
      'Woovi sandbox test-account code',
      WOOVI_SANDBOX,
      {
        pointOfInitiation: 'DYNAMIC',
        singleUse: true,
        locationUrl: 'api.woovi-sandbox.com/api/testaccount/qr/v1/d983a07836cf48ed9a65764d3c184273',
        amountCents: 1,
        txid: 'd983a07836cf48ed9a65764d3',
        merchantName: 'Lucas_Aprigio_Sandbox',
        merchantCity: 'Sao_Paulo',
      },
    ],
    [
      'Woovi OAS Pix Automático subscription emv',
      WOOVI_OAS_SUBSCRIPTION_EMV,
      {
        pointOfInitiation: 'DYNAMIC',
        singleUse: true,
        locationUrl: 'qr-h.woovi.digital/qr/v2/cob/faabf55e-8000-40e2-80d8-9651749a6abb',
        merchantName: 'Pedro Woovi',
        merchantCity: 'VITORIA',
        recurrenceUrl: 'qr-h.woovi.digital/qr/v2/rec/fb59c6eb-fb99-4ff6-8f4c-17e2cd042c34',
      },
    ],
    [
      'BCB sandbox static + recurrence (Woovi OAS)',
      BCB_SANDBOX_STATIC_REC,
      {
        pointOfInitiation: 'STATIC',
        singleUse: false,
        pixKey: 'f4c6089a-bfde-4c00-a2d9-9eaa584b0219',
        description: 'CobrancaEstatica',
        amountCents: 54628,
        txid: '84767c56c2ab4e65b6670de2a',
        merchantName: 'Pix',
        merchantCity: 'BRASILIA',
        recurrenceUrl: 'qr-h.sandbox.pix.bcb.gov.br/rest/api/rec/4b62d4a088fe4f51bcb4c64cf0788691',
      },
    ],
  ];

  it.each(cases)('%s', (_name, payload, expected) => {
    expect(decodeBrCode(payload)).toEqual(expected);
  });

  it('decodes tag 61 (postal code)', () => {
    expect(decodeBrCode(staticCode({ '60': tlv('60', 'Sao Paulo') + tlv('61', '04556300') })).postalCode).toBe(
      '04556300',
    );
  });
});

function rebuild(decoded: DecodedBrCode): string {
  if (decoded.pointOfInitiation === 'DYNAMIC') {
    return buildDynamicBrCode({
      locationUrl: decoded.locationUrl!,
      amountCents: decoded.amountCents,
      merchantName: decoded.merchantName,
      merchantCity: decoded.merchantCity,
    });
  }
  return buildStaticBrCode({
    pixKey: decoded.pixKey!,
    amountCents: decoded.amountCents,
    txid: decoded.txid,
    description: decoded.description,
    merchantName: decoded.merchantName,
    merchantCity: decoded.merchantCity,
  });
}

describe('re-encoding decoded payloads', () => {
  it.each([
    ['BCB static', BCB_STATIC],
    ['BCB dynamic', BCB_DYNAMIC],
    ['pix-utils phone', PIX_UTILS_PHONE],
  ])('%s gives the identical string', (_name, payload) => {
    expect(rebuild(decodeBrCode(payload))).toBe(payload);
  });

  it.each([
    ['BCB composite', BCB_COMPOSITE],
    ['BCB sandbox static + rec', BCB_SANDBOX_STATIC_REC],
  ])('%s gives the same fields minus tag 80, which we do not emit', (_name, payload) => {
    const withoutTag80 = body(payload).replace(/80\d\d0014br\.gov\.bcb\.pix25\d\d[^]*$/, '');
    expect(withoutTag80.length).toBeLessThan(body(payload).length);
    expect(rebuild(decodeBrCode(payload))).toBe(withCrc(withoutTag80));
  });

  it('builds the Woovi static layout (no tag 01, 25-char identifier) byte for byte', () => {
    // remote-api-notes §9.1 elides the key as "{pix key uuid}"; put a real key in its place.
    const key = 'f4c6089a-bfde-4c00-a2d9-9eaa584b0219';
    const expected = withCrc(body(WOOVI_STATIC_TEMPLATE).replace('{pix key uuid}', key));
    expect(
      buildStaticBrCode({
        pixKey: key,
        amountCents: 100,
        txid: '9134e2866f71427abf0010000',
        merchantName: 'Call_me_Awesome',
        merchantCity: 'Sao_Paulo',
      }),
    ).toBe(expected);
  });

  it('transliterates accented names into the pix-utils golden payload', () => {
    expect(
      buildStaticBrCode({
        pixKey: '+5511987654321',
        description: 'Pedido 123',
        amountCents: 1250,
        txid: 'PDV01VENDA000123',
        merchantName: 'PADARIA SÃO JOÃO',
        merchantCity: 'SÃO PAULO',
      }),
    ).toBe(PIX_UTILS_PHONE);
  });
});

describe('decodeBrCode: rejections', () => {
  const reject = (payload: string, message: RegExp) => {
    expect(() => decodeBrCode(payload)).toThrow(BrCodeError);
    expect(() => decodeBrCode(payload)).toThrow(message);
  };

  it('rejects the deliberately invalid Woovi legacy code, even with a recomputed CRC', () => {
    reject(WOOVI_LEGACY_INVALID, /CRC mismatch/);
    reject(withCrc(body(WOOVI_LEGACY_INVALID)), /tag|template|truncated/);
  });

  it('rejects the Woovi static example whose key was elided', () => {
    reject(WOOVI_STATIC_TEMPLATE, /CRC mismatch/);
  });

  it('rejects wrong CRC, truncation, non-ASCII and surrounding whitespace', () => {
    reject(BCB_DYNAMIC.replace(/64E4$/, '64E5'), /CRC mismatch/);
    reject(BCB_DYNAMIC.slice(0, -1), /6304XXXX|uppercase/);
    reject(BCB_DYNAMIC.slice(0, 100), /6304XXXX/);
    reject(staticCode({ '59': tlv('59', 'Fulano de Tál') }), /printable ASCII/);
    reject(`${BCB_DYNAMIC} `, /6304XXXX/);
  });

  it('checks the Pix merchant account template', () => {
    reject(
      staticCode({ '26': tlv('26', tlv('00', 'br.gov.bcb.piy') + tlv('01', EVP)) }),
      /26\/00 must be "br.gov.bcb.pix"/,
    );
    reject(staticCode({ '26': tlv('26', tlv('01', EVP)) }), /26\/00/);
    reject(staticCode({ '26': '' }), /tag 26 .* missing/);
    reject(staticCode({ '26': tlv('26', GUI + tlv('01', EVP) + tlv('25', 'pix.example.com/x')) }), /both/);
    reject(staticCode({ '26': tlv('26', GUI + tlv('02', 'sem chave')) }), /neither/);
    reject(staticCode({ '26': tlv('26', GUI + tlv('25', 'https://pix.example.com/x')) }), /scheme/);
    // Some generators upper-case the GUI; readers accept it.
    expect(decodeBrCode(staticCode({ '26': tlv('26', tlv('00', 'BR.GOV.BCB.PIX') + tlv('01', EVP)) })).pixKey).toBe(
      EVP,
    );
  });

  it('checks the mandatory fixed fields', () => {
    expect(() => decodeBrCode(staticCode())).not.toThrow();
    reject(staticCode({ '01': tlv('01', '13') }), /tag 01/);
    reject(staticCode({ '52': tlv('52', 'abcd') }), /tag 52/);
    reject(staticCode({ '52': '' }), /tag 52 .* missing/);
    reject(staticCode({ '53': tlv('53', '840') }), /"986"/);
    reject(staticCode({ '58': tlv('58', 'US') }), /"BR"/);
    reject(staticCode({ '59': '' }), /tag 59 .* missing/);
    reject(staticCode({ '59': tlv('59', 'x'.repeat(26)) }), /longer than 25/);
    reject(staticCode({ '60': tlv('60', 'x'.repeat(16)) }), /longer than 15/);
    reject(staticCode({ '60': '' }), /tag 60 .* missing/);
  });

  it('checks the amount', () => {
    expect(decodeBrCode(staticCode({ '54': tlv('54', '0.01') })).amountCents).toBe(1);
    expect(decodeBrCode(staticCode({ '54': tlv('54', '9999999999.99') })).amountCents).toBe(MAX_AMOUNT_CENTS);
    reject(staticCode({ '54': tlv('54', '0.00') }), /tag 54/);
    reject(staticCode({ '54': tlv('54', '1,00') }), /tag 54/);
    reject(staticCode({ '54': tlv('54', '-1.00') }), /tag 54/);
    reject(staticCode({ '54': tlv('54', '1.001') }), /tag 54/);
    reject(staticCode({ '54': tlv('54', '10000000000.00') }), /tag 54/);
  });

  it('checks the txid of static codes', () => {
    expect(decodeBrCode(staticCode({ '62': tlv('62', tlv('05', 'abcXYZ123')) })).txid).toBe('abcXYZ123');
    expect(decodeBrCode(staticCode({ '62': '' })).txid).toBeUndefined();
    reject(staticCode({ '62': tlv('62', tlv('05', 'PDV-01')) }), /62\/05/);
    reject(staticCode({ '62': tlv('62', tlv('05', 'a'.repeat(26))) }), /longer than 25/);
  });

  it('rejects duplicated tags', () => {
    reject(staticCode({ extra: tlv('59', 'Outro') }), /appears twice/);
  });
});

describe('buildDynamicBrCode', () => {
  it('rejects a scheme, an over-long or empty URL, and spaces', () => {
    const base = { merchantName: 'Loja', merchantCity: 'Recife' };
    expect(() => buildDynamicBrCode({ ...base, locationUrl: 'https://pix.example.com/qr/1' })).toThrow(/scheme/);
    expect(() => buildDynamicBrCode({ ...base, locationUrl: 'HTTP://pix.example.com/qr/1' })).toThrow(/scheme/);
    expect(() => buildDynamicBrCode({ ...base, locationUrl: `pix.example.com/${'a'.repeat(62)}` })).toThrow(
      /78 characters/,
    );
    expect(() => buildDynamicBrCode({ ...base, locationUrl: '' })).toThrow(/empty/);
    expect(() => buildDynamicBrCode({ ...base, locationUrl: 'pix.example.com/a b' })).toThrow(/spaces/);
  });

  it('accepts host:port locations (the sandbox serves them from localhost)', () => {
    const locationUrl = 'localhost:5001/api/testaccount/qr/v1/d983a07836cf48ed9a65764d3c184273';
    const code = buildDynamicBrCode({ locationUrl, merchantName: 'Balcão Sandbox', merchantCity: 'São Paulo' });
    expect(decodeBrCode(code)).toMatchObject({
      locationUrl,
      merchantName: 'Balcao Sandbox',
      merchantCity: 'Sao Paulo',
    });
  });

  it('carries the amount in tag 54, in the real service’s layout (remote-api-notes §9.1)', () => {
    // Woovi's dynamic example with its 62-05 reference label replaced by the "***" we write there.
    const expected = withCrc(body(WOOVI_DYNAMIC).replace(/62290525[0-9a-f]{25}$/, '62070503***'));
    const code = buildDynamicBrCode({
      locationUrl: 'qr-h.woovi.digital/qr/v2/cob/9fb5f17d-d687-4337-88cd-2abd98f9d43b',
      amountCents: 350,
      merchantName: 'Teste_Description',
      merchantCity: 'Sao_Paulo',
    });
    expect(code).toBe(expected);
    expect(decodeBrCode(code).amountCents).toBe(350);
    const base = { locationUrl: 'pix.example.com/qr/1', merchantName: 'Loja', merchantCity: 'Recife' };
    expect(buildDynamicBrCode({ ...base, amountCents: MAX_AMOUNT_CENTS })).toContain('54139999999999.99');
    // Without an amount (a code shared by charges of different values) there is no tag 54.
    expect(decodeBrCode(buildDynamicBrCode(base)).amountCents).toBeUndefined();
  });

  it('rejects bad amounts', () => {
    const base = { locationUrl: 'pix.example.com/qr/1', merchantName: 'Loja', merchantCity: 'Recife' };
    for (const amountCents of [0, -100, 1.5, MAX_AMOUNT_CENTS + 1, Number.NaN]) {
      expect(() => buildDynamicBrCode({ ...base, amountCents }), String(amountCents)).toThrow(/amount/);
    }
  });

  it('fits a 77-character URL into a 99-character tag 26', () => {
    const locationUrl = `pix.example.com/${'a'.repeat(61)}`;
    const code = buildDynamicBrCode({ locationUrl, merchantName: 'Loja', merchantCity: 'Recife' });
    expect(code).toContain(`2699${'0014br.gov.bcb.pix'}2577${locationUrl}`);
    expect(decodeBrCode(code).locationUrl).toBe(locationUrl);
  });
});

describe('buildStaticBrCode', () => {
  const base = { pixKey: '52998224725', merchantName: 'Loja', merchantCity: 'Recife' };

  it('rejects non-canonical or invalid keys', () => {
    expect(() => buildStaticBrCode({ ...base, pixKey: '529.982.247-25' })).toThrow(/use "52998224725"/);
    expect(() => buildStaticBrCode({ ...base, pixKey: 'nope' })).toThrow(BrCodeError);
  });

  it('writes amounts as reais with two decimals and rejects bad amounts', () => {
    expect(buildStaticBrCode({ ...base, amountCents: 5 })).toContain('54040.05');
    expect(buildStaticBrCode({ ...base, amountCents: 123456 })).toContain('54071234.56');
    expect(buildStaticBrCode({ ...base, amountCents: MAX_AMOUNT_CENTS })).toContain('54139999999999.99');
    expect(buildStaticBrCode(base)).not.toMatch(/5303986540/);
    for (const amountCents of [0, -100, 1.5, MAX_AMOUNT_CENTS + 1, Number.NaN]) {
      expect(() => buildStaticBrCode({ ...base, amountCents }), String(amountCents)).toThrow(/amount/);
    }
  });

  it('validates the txid', () => {
    expect(buildStaticBrCode({ ...base, txid: '***' })).toContain('62070503***');
    expect(buildStaticBrCode({ ...base, txid: 'A'.repeat(25) })).toContain(`62290525${'A'.repeat(25)}`);
    for (const txid of ['', 'A'.repeat(26), 'PDV-01', 'pedido 1', 'ção']) {
      expect(() => buildStaticBrCode({ ...base, txid }), txid).toThrow(/txid/);
    }
  });

  it('fits the description into tag 26 and drops it when there is no room', () => {
    const code = buildStaticBrCode({ ...base, description: 'x'.repeat(100) });
    // 99 − 18 (GUI) − 15 (key) − 4 = 62 characters of description.
    expect(code).toContain(`2699${'0014br.gov.bcb.pix'}011152998224725${'0262'}${'x'.repeat(62)}52`);
    const email = `${'a'.repeat(65)}@example.com`; // 77 characters: tag 26 is full with the key alone
    expect(email).toHaveLength(77);
    const full = buildStaticBrCode({ ...base, pixKey: email, description: 'Pedido 1' });
    expect(decodeBrCode(full).description).toBeUndefined();
    expect(decodeBrCode(buildStaticBrCode({ ...base, description: ' Pão de queijo ' })).description).toBe(
      'Pao de queijo',
    );
    expect(decodeBrCode(buildStaticBrCode({ ...base, description: '🍞' })).description).toBeUndefined();
  });

  it('refuses names that sanitise to nothing', () => {
    expect(() => buildStaticBrCode({ ...base, merchantName: '🍞' })).toThrow(/merchant name/);
    expect(() => buildDynamicBrCode({ locationUrl: 'a.b/c', merchantName: 'Loja', merchantCity: '' })).toThrow(
      /merchant city/,
    );
  });
});

// ---------- property tests ----------

const ACCENTED: ReadonlyArray<readonly [string, string]> = [
  ['á', 'a'],
  ['à', 'a'],
  ['â', 'a'],
  ['ã', 'a'],
  ['é', 'e'],
  ['ê', 'e'],
  ['í', 'i'],
  ['ó', 'o'],
  ['ô', 'o'],
  ['õ', 'o'],
  ['ú', 'u'],
  ['ü', 'u'],
  ['ç', 'c'],
  ['Á', 'A'],
  ['Ã', 'A'],
  ['É', 'E'],
  ['Ç', 'C'],
  ['Õ', 'O'],
  ['Ú', 'U'],
  ['\u00A0', ' '],
  ['🍞', ''],
];
/** Random text with accents, paired with its expected ASCII transliteration (computed independently). */
const textWithAccents = (maxLength: number) =>
  fc
    .array(
      fc.oneof(
        fc.constantFrom(...ACCENTED),
        fc.stringMatching(/^[A-Za-z0-9 .&'-]$/).map((c) => [c, c] as const),
      ),
      { maxLength },
    )
    .map((pairs) => ({ raw: pairs.map((p) => p[0]).join(''), plain: pairs.map((p) => p[1]).join('') }));

const collapse = (s: string) => s.replace(/ +/g, ' ').trim();
const fit = (s: string, max: number) => (s.length <= max ? s : s.slice(0, max).trimEnd());

const cpfKey = fc
  .stringMatching(/^\d{9}$/)
  .filter((b) => !/^(\d)\1+$/.test(b))
  .map((b) => b + referenceCpfCheckDigits(b));
const cnpjKey = fc
  .stringMatching(/^[0-9A-Z]{12}$/)
  .filter((b) => !/^(\d)\1+$/.test(b))
  .map((b) => b + referenceCnpjCheckDigits(b));
const emailKey = fc
  .tuple(
    fc.stringMatching(/^[a-z0-9._+-]{1,30}$/),
    fc.stringMatching(/^[a-z0-9]{1,20}$/),
    fc.constantFrom('com', 'com.br', 'net'),
  )
  .map(([local, domain, tld]) => `${local}@${domain}.${tld}`);
const phoneKey = fc
  .tuple(fc.constantFrom(...VALID_DDDS), fc.stringMatching(/^\d{8}$/))
  .map(([ddd, rest]) => `+55${ddd}9${rest}`);
const evpKey = fc.uuid().map((u) => u.toLowerCase());
const anyKey = fc.oneof(cpfKey, cnpjKey, emailKey, phoneKey, evpKey);
const txidArb = fc.option(fc.oneof(fc.constant('***'), fc.stringMatching(/^[A-Za-z0-9]{1,25}$/)), { nil: undefined });
const amountArb = fc.option(fc.integer({ min: 1, max: MAX_AMOUNT_CENTS }), { nil: undefined });

describe('properties', () => {
  it('static: build → decode returns what went in (names transliterated and cut)', () => {
    fc.assert(
      fc.property(
        anyKey,
        amountArb,
        txidArb,
        fc.option(textWithAccents(90), { nil: undefined }),
        textWithAccents(40),
        textWithAccents(30),
        (pixKey, amountCents, txid, description, name, city) => {
          const merchantName = `L${name.raw}`;
          const merchantCity = `C${city.raw}`;
          const code = buildStaticBrCode({
            pixKey,
            amountCents,
            txid,
            description: description?.raw,
            merchantName,
            merchantCity,
          });

          expect(code.length).toBeLessThanOrEqual(512);
          expect(code).toMatch(/^[\x20-\x7E]+$/);
          expect(hasValidCrc(code)).toBe(true);

          const room = 99 - 18 - (4 + pixKey.length) - 4;
          const expectedDescription =
            description === undefined ? '' : fit(collapse(description.plain), Math.max(room, 0));
          const decoded = decodeBrCode(code);
          const expected: DecodedBrCode = {
            pointOfInitiation: 'STATIC',
            singleUse: false,
            pixKey,
            merchantName: fit(collapse(`L${name.plain}`), 25),
            merchantCity: fit(collapse(`C${city.plain}`), 15),
          };
          if (expectedDescription !== '') expected.description = expectedDescription;
          if (amountCents !== undefined) expected.amountCents = amountCents;
          if (txid !== undefined && txid !== '***') expected.txid = txid;
          expect(decoded).toEqual(expected);
        },
      ),
      { numRuns: 400 },
    );
  });

  it('dynamic: build → decode returns the location, the amount if any, and names', () => {
    const host = fc.stringMatching(/^[a-z0-9-]{1,20}(\.[a-z0-9-]{1,10}){1,2}$/);
    const path = fc.stringMatching(/^(\/[A-Za-z0-9._~-]{1,30}){1,3}$/);
    fc.assert(
      fc.property(host, path, amountArb, textWithAccents(40), textWithAccents(30), (h, p, amountCents, name, city) => {
        const locationUrl = (h + p).slice(0, 77);
        const code = buildDynamicBrCode({
          locationUrl,
          amountCents,
          merchantName: `L${name.raw}`,
          merchantCity: `C${city.raw}`,
        });
        expect(decodeBrCode(code)).toEqual({
          pointOfInitiation: 'DYNAMIC',
          singleUse: true,
          locationUrl,
          ...(amountCents === undefined ? {} : { amountCents }),
          merchantName: fit(collapse(`L${name.plain}`), 25),
          merchantCity: fit(collapse(`C${city.plain}`), 15),
        });
      }),
      { numRuns: 300 },
    );
  });

  it('any single-character corruption is rejected', () => {
    const printable = fc.integer({ min: 0x20, max: 0x7e }).map((c) => String.fromCharCode(c));
    fc.assert(
      fc.property(
        anyKey,
        amountArb,
        txidArb,
        fc.nat(),
        printable,
        (pixKey, amountCents, txid, position, replacement) => {
          const code = buildStaticBrCode({ pixKey, amountCents, txid, merchantName: 'Loja', merchantCity: 'Recife' });
          const i = position % code.length;
          fc.pre(code[i] !== replacement);
          const corrupted = code.slice(0, i) + replacement + code.slice(i + 1);
          expect(() => decodeBrCode(corrupted)).toThrow(BrCodeError);
        },
      ),
      { numRuns: 1000 },
    );
  });

  it('single-character corruption of every golden payload is rejected', () => {
    for (const payload of [BCB_STATIC, BCB_DYNAMIC, BCB_COMPOSITE, API_PIX_COBV_REC, PIX_UTILS_PHONE, WOOVI_DYNAMIC]) {
      for (let i = 0; i < payload.length; i++) {
        const replacement = payload[i] === 'Z' ? 'Y' : 'Z';
        const corrupted = payload.slice(0, i) + replacement + payload.slice(i + 1);
        expect(() => decodeBrCode(corrupted), `${payload} @${i}`).toThrow(BrCodeError);
      }
    }
  });
});
