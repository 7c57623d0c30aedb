// POST /api/v1/boleto/validate (service-spec "Boleto"; remote-api-notes §2.2). The official Node
// SDK (@woovi/node-sdk) has no boleto method (remote-api-notes §7.2), so there is no SDK call to
// check it against: these tests call the route. The barcode reader itself is unit-tested in
// test/main/service/engine/boleto-barcode.test.ts; the published examples below come from there.
import { describe, expect, it } from 'vitest';
import { isValidCnpj } from '#lib/pix';
import { boletoForPayment, SANDBOX_BENEFICIARY_NAME } from '#service/engine/boletos/boleto-lookup';
import { createSandboxCompany } from '#service/engine/tenancy/sandbox-bootstrap';
import { describeContract } from '#test/support/harness';

/** The remote API's own example (Woovi OpenAPI): Itaú, R$ 3,00, factor 1482 = 2026-06-19. */
const WOOVI_OAS_ITAU = '34195148200000003001095517077320772982609000';
const WOOVI_OAS_ITAU_LINE = '34191095521707732077229826090002514820000000300';
/** Caixa slip, R$ 214,03 due 2022-05-10 (mrmgomes/boleto-utils fixture). */
const CAIXA_BARCODE = '10499898100000214032006561000100040099726390';
const CAIXA_LINE = '10492006506100010004200997263900989810000021403';
/** Bradesco credit-card slip without due factor nor value. */
const BRADESCO_CARD_LINE = '23794150099001980167035000211405700000000000000';
const BRADESCO_CARD_BARCODE = '23797000000000000004150090019801673500021140';
/** FEBRABAN's arrecadação layout example (módulo 10): R$ 24,61. */
const FEBRABAN_LINE = '846100000005246100291102005460339004695895061080';
const FEBRABAN_BARCODE = '84610000000246100291100054603390069589506108';
/** Energy bill (segment 3, módulo 11), R$ 509,60. */
const ENERGY_LINE = '838600000050096000190009000801782309000343062712';
const ENERGY_BARCODE = '83860000005096000190000008017823000034306271';

// --- Slips built for the cases no published example covers (check digits computed here). ---

function luhn(digits: string): number {
  let sum = 0;
  [...digits].reverse().forEach((d, i) => {
    const p = Number(d) * (i % 2 === 0 ? 2 : 1);
    sum += Math.floor(p / 10) + (p % 10);
  });
  return (10 - (sum % 10)) % 10;
}

function weighted11(digits: string): number {
  const weights = [2, 3, 4, 5, 6, 7, 8, 9];
  return [...digits].reverse().reduce((sum, d, i) => sum + Number(d) * weights[i % 8]!, 0) % 11;
}

/** A 44-digit bank-slip barcode. */
function titleBarcode(bank: string, factor: number, value: number, free = '1234567890123456789012345'): string {
  const rest = String(factor).padStart(4, '0') + String(value).padStart(10, '0') + free;
  const dv11 = 11 - weighted11(`${bank}9${rest}`);
  return `${bank}9${dv11 === 0 || dv11 >= 10 ? 1 : dv11}${rest}`;
}

/** A 44-digit arrecadação barcode; `rest` is positions 16–44 (29 digits). */
function arrecadacaoBarcode(segment: number, identifier: number, value: number, rest: string): string {
  const body = `8${segment}${identifier}${String(value).padStart(11, '0')}${rest}`;
  const r = weighted11(body);
  const dv = identifier === 6 || identifier === 7 ? luhn(body) : r === 0 || r === 1 ? 0 : r === 10 ? 1 : 11 - r;
  return body.slice(0, 3) + dv + body.slice(3);
}

const withDigit = (text: string, index: number, digit: string) => text.slice(0, index) + digit + text.slice(index + 1);
const bump = (digit: string) => String((Number(digit) + 1) % 10);

describeContract('boleto validation', (h) => {
  const beneficiary = { name: SANDBOX_BENEFICIARY_NAME, taxID: expect.stringMatching(/^\d{8}0001\d{2}$/) };

  it("reads the OpenAPI example barcode (44 digits) into the remote API's boleto", async () => {
    const body = await h().ok('validateBoleto', { body: { barcode: WOOVI_OAS_ITAU } });
    expect(body).toEqual({
      boleto: {
        barcode: WOOVI_OAS_ITAU,
        digitable: WOOVI_OAS_ITAU_LINE,
        // End of the due day (2026-06-19) in São Paulo; the example's 2026-06-27 came from the
        // provider's registry, which the barcode does not carry.
        expiresDate: '2026-06-20T02:59:59.999Z',
        totalValue: 300,
        issuingEntity: { code: '341', name: 'ITAÚ UNIBANCO S.A.' },
        finalBeneficiary: beneficiary,
      },
    });
    expect(isValidCnpj(body.boleto.finalBeneficiary.taxID)).toBe(true);
  });

  it('reads a 47-digit line and its barcode alike, masks of spaces, dots and hyphens included', async () => {
    const expected = {
      boleto: {
        barcode: CAIXA_BARCODE,
        digitable: CAIXA_LINE,
        expiresDate: '2022-05-11T02:59:59.999Z',
        totalValue: 21403,
        issuingEntity: { code: '104', name: 'CAIXA ECONOMICA FEDERAL' },
        finalBeneficiary: beneficiary,
      },
    };
    const fromBarcode = await h().ok('validateBoleto', { body: { barcode: CAIXA_BARCODE } });
    expect(fromBarcode).toEqual(expected);
    for (const barcode of [
      CAIXA_LINE,
      // As printed on the slip.
      '10492.00650 61000.100042 00997.263900 9 89810000021403',
      `  ${CAIXA_LINE}\n`,
      '1049-2006-5061-0001-0004-2009-9726-3900-9898-1000-0021-403',
    ]) {
      // The same slip: the same beneficiary too, so a validation and its payment agree.
      expect(await h().ok('validateBoleto', { body: { barcode } }), barcode).toEqual(fromBarcode);
    }
  });

  it('a bank slip without due factor nor value: no expiresDate, totalValue 0', async () => {
    const body = await h().ok('validateBoleto', { body: { barcode: BRADESCO_CARD_LINE } });
    expect(body).toEqual({
      boleto: {
        barcode: BRADESCO_CARD_BARCODE,
        digitable: BRADESCO_CARD_LINE,
        expiresDate: null,
        totalValue: 0,
        issuingEntity: { code: '237', name: 'BCO BRADESCO S.A.' },
        finalBeneficiary: beneficiary,
      },
    });
  });

  it('reads 48-digit arrecadação lines (módulo 10 and 11) and their barcodes: no bank, no due date', async () => {
    for (const [line, barcode, totalValue] of [
      [FEBRABAN_LINE, FEBRABAN_BARCODE, 2461],
      [ENERGY_LINE, ENERGY_BARCODE, 50960],
    ] as const) {
      const expected = {
        boleto: {
          barcode,
          digitable: line,
          expiresDate: null,
          totalValue,
          issuingEntity: null,
          finalBeneficiary: beneficiary,
        },
      };
      const body = await h().ok('validateBoleto', { body: { barcode: line } });
      expect(body).toEqual(expected);
      expect(await h().ok('validateBoleto', { body: { barcode } })).toEqual(body);
      // Printed in four blocks, each with its check digit after a hyphen.
      const masked = [0, 1, 2, 3].map((b) => `${line.slice(b * 12, b * 12 + 11)}-${line[b * 12 + 11]}`).join(' ');
      expect(await h().ok('validateBoleto', { body: { barcode: masked } })).toEqual(body);
    }
  });

  it('an arrecadação slip with a reference quantity has totalValue null; segment 6 names its biller by CNPJ root', async () => {
    const indexed = arrecadacaoBarcode(3, 7, 12345, '00010000000000000000000000000');
    expect((await h().ok('validateBoleto', { body: { barcode: indexed } })).boleto).toMatchObject({
      totalValue: null,
      issuingEntity: null,
    });
    // Segment 6, biller CNPJ root 00000000 (Banco do Brasil's): its head office is 00.000.000/0001-91.
    const carne = arrecadacaoBarcode(6, 8, 15000, '00000000123456789012345678901');
    const body = await h().ok('validateBoleto', { body: { barcode: carne } });
    expect(body.boleto).toMatchObject({
      barcode: carne,
      totalValue: 15000,
      finalBeneficiary: { name: SANDBOX_BENEFICIARY_NAME, taxID: '00000000000191' },
    });
  });

  it('a bank slip of a COMPE code outside the directory is valid, its bank unnamed', async () => {
    const barcode = titleBarcode('999', 1500, 1000);
    const body = await h().ok('validateBoleto', { body: { barcode } });
    expect(body.boleto).toMatchObject({ totalValue: 1000, issuingEntity: { code: '999', name: null } });
  });

  it("reads the due factor around the request's time (ctx.now)", async () => {
    // Factor 1000 is 2025-02-22 today, and 2049-10-14 once that day is within FEBRABAN's 5500 days ahead.
    const barcode = titleBarcode('001', 1000, 500);
    expect((await h().ok('validateBoleto', { body: { barcode } })).boleto.expiresDate).toBe('2025-02-23T02:59:59.999Z');
    h().clock.advance(8 * 365 * 86_400_000);
    expect((await h().ok('validateBoleto', { body: { barcode } })).boleto.expiresDate).toBe('2049-10-15T02:59:59.999Z');
  });

  it("answers an invalid barcode with 400 and the reader's reason, writing nothing", async () => {
    const before = h().counts('charges', 'customers', 'events');
    const cases: [unknown, string][] = [
      [{ barcode: '123' }, 'Barcode must have exactly 44, 47 or 48 digits (got 3)'],
      [{ barcode: '' }, 'Barcode must have exactly 44, 47 or 48 digits (got 0)'],
      [{ barcode: `${WOOVI_OAS_ITAU}0` }, 'Barcode must have exactly 44, 47 or 48 digits (got 45)'],
      [{ barcode: CAIXA_LINE.slice(0, 46) }, 'Barcode must have exactly 44, 47 or 48 digits (got 46)'],
      [
        { barcode: withDigit(WOOVI_OAS_ITAU, 4, bump(WOOVI_OAS_ITAU[4]!)) },
        'Invalid general check digit (barcode position 5)',
      ],
      [{ barcode: withDigit(CAIXA_LINE, 9, bump(CAIXA_LINE[9]!)) }, 'Invalid check digit in field 1'],
      [{ barcode: withDigit(CAIXA_LINE, 20, bump(CAIXA_LINE[20]!)) }, 'Invalid check digit in field 2'],
      [{ barcode: withDigit(CAIXA_LINE, 31, bump(CAIXA_LINE[31]!)) }, 'Invalid check digit in field 3'],
      [{ barcode: withDigit(CAIXA_LINE, 32, bump(CAIXA_LINE[32]!)) }, 'Invalid general check digit (field 4)'],
      [{ barcode: withDigit(FEBRABAN_LINE, 11, bump(FEBRABAN_LINE[11]!)) }, 'Invalid check digit in block 1'],
      [{ barcode: withDigit(ENERGY_LINE, 47, bump(ENERGY_LINE[47]!)) }, 'Invalid check digit in block 4'],
      [
        { barcode: withDigit(ENERGY_BARCODE, 3, bump(ENERGY_BARCODE[3]!)) },
        'Invalid general check digit (barcode position 4)',
      ],
      [{ barcode: `1${FEBRABAN_LINE.slice(1)}` }, 'A 48-digit line must be an arrecadação slip, starting with 8'],
      [{ barcode: withDigit(WOOVI_OAS_ITAU, 3, '0') }, 'Unsupported currency code 0: only 9 (real) is accepted'],
      [
        { barcode: `${WOOVI_OAS_ITAU.slice(0, 10)}X${WOOVI_OAS_ITAU.slice(11)}` },
        'Barcode must contain only digits, spaces, dots or hyphens',
      ],
      [{ barcode: 'abc' }, 'Barcode must contain only digits, spaces, dots or hyphens'],
      [
        { barcode: `${CAIXA_LINE.slice(0, 5)}/${CAIXA_LINE.slice(5)}` },
        'Barcode must contain only digits, spaces, dots or hyphens',
      ],
      [{ barcode: '１'.repeat(44) }, 'Barcode must contain only digits, spaces, dots or hyphens'],
      [{ barcode: '1 '.repeat(200) }, 'barcode: barcode is too long (a boleto has at most 48 digits)'],
      [{}, 'barcode: barcode is required'],
      [undefined, 'barcode: barcode is required'],
      [{ code: WOOVI_OAS_ITAU }, 'barcode: barcode is required'],
      [{ barcode: null }, 'barcode: barcode must be a string'],
      [{ barcode: Number(WOOVI_OAS_ITAU) }, 'barcode: barcode must be a string'],
      [{ barcode: [WOOVI_OAS_ITAU] }, 'barcode: barcode must be a string'],
      [{ barcode: { barcode: WOOVI_OAS_ITAU } }, 'barcode: barcode must be a string'],
      [[WOOVI_OAS_ITAU], 'body: expected a JSON object'],
      [WOOVI_OAS_ITAU, 'body: expected a JSON object'],
      [42, 'body: expected a JSON object'],
    ];
    for (const [body, error] of cases) {
      expect(await h().client.request('validateBoleto', { body }), JSON.stringify(body)).toEqual({
        status: 400,
        body: { error },
      });
    }
    expect(h().counts('charges', 'customers', 'events')).toEqual(before);
  });

  it('answers every company alike: the reading depends on the slip alone', async () => {
    const mine = await h().ok('validateBoleto', { body: { barcode: WOOVI_OAS_ITAU } });
    const theirs = await h().client.request(
      'validateBoleto',
      { body: { barcode: WOOVI_OAS_ITAU_LINE } },
      { appId: h().other.appId },
    );
    expect(theirs).toEqual({ status: 200, body: mine });
  });

  it('401 without or with an unknown AppID, 403 without BOLETO_VALIDATE_POST', async () => {
    const request = { body: { barcode: WOOVI_OAS_ITAU } };
    expect(await h().client.request('validateBoleto', request, { appId: null })).toMatchObject({
      status: 401,
      body: { error: expect.any(String) },
    });
    expect(await h().client.request('validateBoleto', request, { appId: 'bogus' })).toMatchObject({
      status: 401,
      body: { error: expect.any(String) },
    });
    const limited = createSandboxCompany(h().engine.db, h().clock.now(), { scopes: ['CHARGE_GET', 'PSP_GET_LIST'] });
    expect(await h().client.request('validateBoleto', request, { appId: limited.appId })).toEqual({
      status: 403,
      body: { error: 'Application does not have required scope: BOLETO_VALIDATE_POST' },
    });
    // The scope is checked before the body: an invalid one is still a 403.
    expect(
      await h().client.request('validateBoleto', { body: { barcode: '1' } }, { appId: limited.appId }),
    ).toMatchObject({ status: 403 });
  });
});

describe('boletoForPayment: what a BOLETO payment pays', () => {
  const now = new Date('2026-11-22T15:00:00.000Z');

  it("gives the validation's reading of a payable slip, in any of its forms", () => {
    const paid = boletoForPayment('10492.00650 61000.100042 00997.263900 9 89810000021403', now);
    expect(paid).toEqual({
      barcode: CAIXA_BARCODE,
      digitable: CAIXA_LINE,
      // Past due, still payable at its face value (the barcode carries no fines nor interest).
      expiresDate: '2022-05-11T02:59:59.999Z',
      totalValue: 21403,
      issuingEntity: { code: '104', name: 'CAIXA ECONOMICA FEDERAL' },
      finalBeneficiary: { name: SANDBOX_BENEFICIARY_NAME, taxID: expect.stringMatching(/^\d{14}$/) },
    });
    expect(boletoForPayment(CAIXA_BARCODE, now)).toEqual(paid);
    expect(boletoForPayment(ENERGY_LINE, now)).toMatchObject({
      barcode: ENERGY_BARCODE,
      totalValue: 50960,
      issuingEntity: null,
      expiresDate: null,
    });
  });

  it('refuses with 400 what the validation refuses, with the same message', () => {
    expect(() => boletoForPayment('123', now)).toThrow(
      expect.objectContaining({ status: 400, message: 'Barcode must have exactly 44, 47 or 48 digits (got 3)' }),
    );
    expect(() => boletoForPayment(withDigit(CAIXA_LINE, 9, bump(CAIXA_LINE[9]!)), now)).toThrow(
      expect.objectContaining({ status: 400, message: 'Invalid check digit in field 1' }),
    );
  });

  it('refuses with 400 the slips that state no amount, and those of an unknown bank', () => {
    const cases: [string, RegExp][] = [
      [BRADESCO_CARD_LINE, /has no value/],
      [titleBarcode('001', 1500, 0), /has no value/],
      [arrecadacaoBarcode(2, 6, 0, '00010000000000000000000000000'), /has no value/],
      [arrecadacaoBarcode(3, 7, 12345, '00010000000000000000000000000'), /reference quantity/],
      [arrecadacaoBarcode(3, 9, 12345, '00010000000000000000000000000'), /reference quantity/],
      [titleBarcode('999', 1500, 1000), /Unknown issuing bank 999/],
    ];
    for (const [barcode, message] of cases) {
      expect(() => boletoForPayment(barcode, now), barcode).toThrow(
        expect.objectContaining({ status: 400, message: expect.stringMatching(message) }),
      );
    }
  });
});
