import { describe, expect, it } from 'vitest';
import fc from 'fast-check';
import { getBoletoInfo, isValidBoleto } from '@brazilian-utils/brazilian-utils';
import {
  arrecadacaoBarcodeToDigitable,
  dueDateOfFactor,
  titleBarcodeToDigitable,
  titleDigitableToBarcode,
  validateBoleto,
  type ArrecadacaoBoleto,
  type BoletoValidation,
  type TitleBoleto,
} from '#service/engine/boletos/boleto-barcode';

// --- An independent builder: the check digits are computed here, from the layouts (Carta-Circular
// BCB 2.926/2000 for bank slips, FEBRABAN's arrecadação layout), not with the module's helpers. ---

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

/** A bank slip from its parts: the 44-digit barcode and the 47-digit line. */
function buildTitle(parts: { bank: string; currency?: string; factor: number; value: number; free: string }) {
  const { bank, currency = '9', factor, value, free } = parts;
  const rest = String(factor).padStart(4, '0') + String(value).padStart(10, '0') + free;
  const dv11 = 11 - weighted11(bank + currency + rest);
  const dv = dv11 === 0 || dv11 === 10 || dv11 === 11 ? 1 : dv11;
  const barcode = `${bank}${currency}${dv}${rest}`;
  const f1 = bank + currency + free.slice(0, 5);
  const f2 = free.slice(5, 15);
  const f3 = free.slice(15, 25);
  const line = `${f1}${luhn(f1)}${f2}${luhn(f2)}${f3}${luhn(f3)}${dv}${barcode.slice(5, 19)}`;
  return { barcode, line };
}

/** An arrecadação slip from its parts: the 44-digit barcode and the 48-digit line. */
function buildArrecadacao(parts: { segment: number; identifier: number; value: number; rest: string }) {
  const { segment, identifier, value, rest } = parts; // rest: the 29 digits of positions 16–44
  const dvOf = (digits: string): number => {
    if (identifier === 6 || identifier === 7) return luhn(digits);
    const r = weighted11(digits);
    return r === 0 || r === 1 ? 0 : r === 10 ? 1 : 11 - r;
  };
  const body = `8${segment}${identifier}${String(value).padStart(11, '0')}${rest}`;
  const barcode = body.slice(0, 3) + dvOf(body) + body.slice(3);
  let line = '';
  for (let b = 0; b < 4; b++) line += barcode.slice(b * 11, b * 11 + 11) + dvOf(barcode.slice(b * 11, b * 11 + 11));
  return { barcode, line };
}

function title(result: BoletoValidation): TitleBoleto {
  if (!result.ok) throw new Error(`expected a valid boleto, got: ${result.error}`);
  if (result.boleto.kind !== 'title') throw new Error('expected a bank slip');
  return result.boleto;
}

function arrecadacao(result: BoletoValidation): ArrecadacaoBoleto {
  if (!result.ok) throw new Error(`expected a valid boleto, got: ${result.error}`);
  if (result.boleto.kind !== 'arrecadacao') throw new Error('expected an arrecadação slip');
  return result.boleto;
}

function errorOf(result: BoletoValidation): string {
  if (result.ok) throw new Error('expected an invalid boleto');
  return result.error;
}

/** `text` with the digit at `index` replaced by `digit`. */
function withDigit(text: string, index: number, digit: string): string {
  return text.slice(0, index) + digit + text.slice(index + 1);
}

function otherDigits(digit: string): string[] {
  return '0123456789'.split('').filter((d) => d !== digit);
}

/** Noon in São Paulo (15:00 UTC) of a day: the same calendar day in every usual time zone. */
function at(day: string): Date {
  return new Date(`${day}T15:00:00Z`);
}

// --- Published examples ---

/** The remote API's own example (Woovi OpenAPI, POST /api/v1/boleto/validate): an Itaú barcode. */
const WOOVI_OAS_ITAU = '34195148200000003001095517077320772982609000';
/** Caixa slip with its line, value R$ 214,03 due 2022-05-10 (test fixture of mrmgomes/boleto-utils). */
const CAIXA_BARCODE = '10499898100000214032006561000100040099726390';
const CAIXA_LINE = '10492006506100010004200997263900989810000021403';
/** Bradesco credit-card slip without due factor nor value (same fixture set). */
const BRADESCO_CARD_BARCODE = '23797000000000000004150090019801673500021140';
const BRADESCO_CARD_LINE = '23794150099001980167035000211405700000000000000';
/** Banco do Brasil line of the @brazilian-utils docs: R$ 1.026,56 due 2018-07-15. */
const BB_LINE = '00190000090114971860168524522114675860000102656';
/** FEBRABAN "Layout Padrão de Arrecadação" §11 example (módulo 10), as cited by @brazilian-utils. */
const FEBRABAN_LINE = '846100000005246100291102005460339004695895061080';
const FEBRABAN_BARCODE = '84610000000246100291100054603390069589506108';
/** Energy bill (segment 3, módulo 11), R$ 509,60 (mrmgomes/boleto-utils fixture). */
const ENERGY_LINE = '838600000050096000190009000801782309000343062712';
const ENERGY_BARCODE = '83860000005096000190000008017823000034306271';
/** More módulo 11 lines (identifier 8) from the @brazilian-utils test suite. */
const MOD11_LINES = [
  '858900004609524601791605607593050865831483000010',
  '848900000002404201622015806051904292586034111220',
  '858000000070438403281922630720192528304729600523',
  '858200000007572503282030560708202107539591904460',
];

const NOW = at('2026-11-24');

describe('validateBoleto: published bank slips', () => {
  it("reads the remote API's example barcode (Itaú, R$ 3,00, factor 1482 = 2026-06-19)", () => {
    const boleto = title(validateBoleto(WOOVI_OAS_ITAU, { now: NOW }));
    expect(boleto).toEqual({
      kind: 'title',
      barcode: WOOVI_OAS_ITAU,
      digitable: '34191095521707732077229826090002514820000000300',
      totalValue: 300,
      dueFactor: 1482,
      dueDate: '2026-06-19',
      // End of the due day in São Paulo, the form of the API's example. (The example itself says
      // 2026-06-27: a date from the provider's registry, which the barcode does not carry.)
      expiresDate: '2026-06-20T02:59:59.999Z',
      issuingEntity: { code: '341', name: 'ITAÚ UNIBANCO S.A.' },
    });
    // The line it gives back validates to the same slip.
    expect(validateBoleto(boleto.digitable, { now: NOW })).toEqual({ ok: true, boleto });
  });

  it('reads a Caixa slip from its barcode and from its line alike', () => {
    for (const input of [CAIXA_BARCODE, CAIXA_LINE]) {
      const boleto = title(validateBoleto(input, { now: at('2022-05-01') }));
      expect(boleto.barcode).toBe(CAIXA_BARCODE);
      expect(boleto.digitable).toBe(CAIXA_LINE);
      expect(boleto.totalValue).toBe(21403);
      expect(boleto.dueDate).toBe('2022-05-10');
      expect(boleto.issuingEntity).toEqual({ code: '104', name: 'CAIXA ECONOMICA FEDERAL' });
    }
    // A pre-rollover date still reads as such years later (2022 is within 3000 days of 2026).
    expect(title(validateBoleto(CAIXA_LINE, { now: NOW })).dueDate).toBe('2022-05-10');
  });

  it('a slip with factor 0000 and value zero has no due date and totalValue 0', () => {
    for (const input of [BRADESCO_CARD_BARCODE, BRADESCO_CARD_LINE]) {
      const boleto = title(validateBoleto(input, { now: NOW }));
      expect(boleto).toMatchObject({
        barcode: BRADESCO_CARD_BARCODE,
        digitable: BRADESCO_CARD_LINE,
        totalValue: 0,
        dueFactor: 0,
        dueDate: null,
        expiresDate: null,
        issuingEntity: { code: '237', name: 'BCO BRADESCO S.A.' },
      });
    }
  });

  it('reads the Banco do Brasil line, plain or printed with its separators', () => {
    const now = at('2025-06-15');
    const plain = title(validateBoleto(BB_LINE, { now }));
    expect(plain).toMatchObject({
      totalValue: 102656,
      dueDate: '2018-07-15',
      issuingEntity: { code: '001', name: 'BCO DO BRASIL S.A.' },
    });
    for (const printed of [
      '00190.00009 01149.718601 68524.522114 6 75860000102656',
      '0019000009 01149.718601 68524.522114 6 75860000102656',
      ` ${BB_LINE}\n`,
      '00190-00009\t01149-718601\u00a068524.522114 6 7586 0000102656',
    ]) {
      expect(validateBoleto(printed, { now })).toEqual({ ok: true, boleto: plain });
    }
  });

  it('agrees with @brazilian-utils on the published lines it reads (it takes no 44-digit bank barcode)', () => {
    for (const [line, now] of [
      [CAIXA_LINE, at('2022-05-01')],
      [BB_LINE, at('2025-06-15')],
      [BRADESCO_CARD_LINE, NOW],
    ] as const) {
      expect(isValidBoleto(line)).toBe(true);
      const theirs = getBoletoInfo(line, { referenceDate: now });
      const ours = title(validateBoleto(line, { now }));
      expect(ours.totalValue).toBe(theirs?.amount);
      expect(ours.dueDate).toBe(theirs?.expirationDate ? localDay(theirs.expirationDate) : null);
    }
    // What the library misses: the bank-slip barcode.
    expect(isValidBoleto(WOOVI_OAS_ITAU)).toBe(false);
    expect(validateBoleto(WOOVI_OAS_ITAU, { now: NOW }).ok).toBe(true);
  });
});

describe('validateBoleto: published arrecadação slips', () => {
  it("reads FEBRABAN's módulo 10 example from its line, its barcode, and its printed form", () => {
    const expected: ArrecadacaoBoleto = {
      kind: 'arrecadacao',
      barcode: FEBRABAN_BARCODE,
      digitable: FEBRABAN_LINE,
      totalValue: 2461,
      referenceValue: null,
      valueIdentifier: 6,
      checkDigitModulus: 10,
      segment: { code: 4, name: 'Telecomunicações' },
      companyId: '0029',
      dueDate: null,
      expiresDate: null,
      issuingEntity: null,
    };
    for (const input of [FEBRABAN_LINE, FEBRABAN_BARCODE, '84610000000-5 24610029110-2 00546033900-4 69589506108-0']) {
      expect(validateBoleto(input, { now: NOW })).toEqual({ ok: true, boleto: expected });
    }
  });

  it('reads a módulo 11 energy bill from its line and its barcode', () => {
    for (const input of [ENERGY_LINE, ENERGY_BARCODE]) {
      expect(arrecadacao(validateBoleto(input, { now: NOW }))).toMatchObject({
        barcode: ENERGY_BARCODE,
        digitable: ENERGY_LINE,
        totalValue: 50960,
        valueIdentifier: 8,
        checkDigitModulus: 11,
        segment: { code: 3, name: 'Energia elétrica e gás' },
        companyId: '0019',
      });
    }
  });

  it('accepts the other published módulo 11 lines, as @brazilian-utils does', () => {
    for (const line of MOD11_LINES) {
      const boleto = arrecadacao(validateBoleto(line, { now: NOW }));
      expect(boleto.checkDigitModulus).toBe(11);
      expect(boleto.digitable).toBe(line);
      expect(isValidBoleto(line)).toBe(true);
      expect(getBoletoInfo(line)?.amount).toBe(boleto.totalValue);
      // The barcode converts back to the same line.
      expect(arrecadacaoBarcodeToDigitable(boleto.barcode)).toBe(line);
    }
  });
});

describe('validateBoleto: check digits of a bank slip', () => {
  // Built from the remote API's example: same bank and free field, another factor and value.
  const FREE = WOOVI_OAS_ITAU.slice(19);
  const built = buildTitle({ bank: '341', factor: 1234, value: 123456, free: FREE });

  it('the builder agrees with the published slip it starts from', () => {
    expect(buildTitle({ bank: '341', factor: 1482, value: 300, free: FREE }).barcode).toBe(WOOVI_OAS_ITAU);
    expect(buildTitle({ bank: '104', factor: 8981, value: 21403, free: CAIXA_BARCODE.slice(19) }).line).toBe(
      CAIXA_LINE,
    );
    expect(title(validateBoleto(built.line, { now: NOW }))).toMatchObject({
      barcode: built.barcode,
      totalValue: 123456,
      dueFactor: 1234,
    });
    expect(isValidBoleto(built.line)).toBe(true);
  });

  it('names the line field whose check digit is wrong (positions 10, 21 and 32)', () => {
    for (const [index, field] of [
      [9, 1],
      [20, 2],
      [31, 3],
    ] as const) {
      for (const digit of otherDigits(built.line[index]!)) {
        expect(errorOf(validateBoleto(withDigit(built.line, index, digit), { now: NOW }))).toBe(
          `Invalid check digit in field ${field}`,
        );
      }
    }
  });

  it('a wrong general check digit (line field 4, barcode position 5) is reported as such', () => {
    for (const digit of otherDigits(built.line[32]!)) {
      expect(errorOf(validateBoleto(withDigit(built.line, 32, digit), { now: NOW }))).toBe(
        'Invalid general check digit (field 4)',
      );
      expect(errorOf(validateBoleto(withDigit(built.barcode, 4, digit), { now: NOW }))).toBe(
        'Invalid general check digit (barcode position 5)',
      );
    }
  });

  it('a changed digit inside a field fails that field; in field 5 (factor and value) the general digit', () => {
    expect(errorOf(validateBoleto(withDigit(built.line, 12, built.line[12] === '0' ? '1' : '0'), { now: NOW }))).toBe(
      'Invalid check digit in field 2',
    );
    expect(errorOf(validateBoleto(withDigit(built.line, 40, built.line[40] === '0' ? '1' : '0'), { now: NOW }))).toBe(
      'Invalid general check digit (field 4)',
    );
    expect(
      errorOf(validateBoleto(withDigit(built.barcode, 30, built.barcode[30] === '0' ? '1' : '0'), { now: NOW })),
    ).toBe('Invalid general check digit (barcode position 5)');
  });

  it('only currency 9 (real) is accepted, even with every check digit right', () => {
    const dollars = buildTitle({ bank: '341', currency: '0', factor: 1234, value: 100, free: FREE });
    expect(errorOf(validateBoleto(dollars.line, { now: NOW }))).toBe(
      'Unsupported currency code 0: only 9 (real) is accepted',
    );
    expect(errorOf(validateBoleto(dollars.barcode, { now: NOW }))).toBe(
      'Unsupported currency code 0: only 9 (real) is accepted',
    );
    // The library documents that it does not check it.
    expect(isValidBoleto(dollars.line)).toBe(true);
  });

  it('the general check digit maps 0, 10 and 11 to 1', () => {
    // Search values until the raw result is 10 or 11 (remainders 1 and 0): the digit printed is 1.
    const rawDv = (value: number) =>
      11 - weighted11(`3419${String(1234).padStart(4, '0')}${String(value).padStart(10, '0')}${FREE}`);
    for (const raw of [10, 11]) {
      let value = 0;
      while (rawDv(value) !== raw) value++;
      const slip = buildTitle({ bank: '341', factor: 1234, value, free: FREE });
      expect(slip.barcode[4]).toBe('1');
      expect(title(validateBoleto(slip.barcode, { now: NOW })).totalValue).toBe(value);
    }
  });

  it('an unknown bank code still validates, with no bank name', () => {
    const slip = buildTitle({ bank: '999', factor: 1234, value: 100, free: FREE });
    expect(title(validateBoleto(slip.line, { now: NOW })).issuingEntity).toEqual({ code: '999', name: null });
  });

  it('a bank whose code starts with 8 (804) is read as a bank slip from its 44-digit barcode', () => {
    const slip = buildTitle({ bank: '804', factor: 1234, value: 100, free: FREE });
    expect(title(validateBoleto(slip.barcode, { now: NOW }))).toMatchObject({
      digitable: slip.line,
      issuingEntity: { code: '804' },
    });
  });

  it('barcode and line convert into each other', () => {
    expect(titleBarcodeToDigitable(built.barcode)).toBe(built.line);
    expect(titleDigitableToBarcode(built.line)).toBe(built.barcode);
  });
});

describe('validateBoleto: check digits of an arrecadação slip', () => {
  // FEBRABAN's example with the other value identifiers: 6/7 módulo 10, 8/9 módulo 11.
  const REST = FEBRABAN_BARCODE.slice(15);

  it('the builder reproduces the published slips', () => {
    expect(buildArrecadacao({ segment: 4, identifier: 6, value: 2461, rest: REST })).toEqual({
      barcode: FEBRABAN_BARCODE,
      line: FEBRABAN_LINE,
    });
    expect(buildArrecadacao({ segment: 3, identifier: 8, value: 50960, rest: ENERGY_BARCODE.slice(15) })).toEqual({
      barcode: ENERGY_BARCODE,
      line: ENERGY_LINE,
    });
  });

  it('identifiers 6 and 8 carry a value in cents; 7 and 9 a reference quantity', () => {
    for (const [identifier, modulus, effective] of [
      [6, 10, true],
      [7, 10, false],
      [8, 11, true],
      [9, 11, false],
    ] as const) {
      const slip = buildArrecadacao({ segment: 2, identifier, value: 98765, rest: REST });
      for (const input of [slip.line, slip.barcode]) {
        const boleto = arrecadacao(validateBoleto(input, { now: NOW }));
        expect(boleto).toMatchObject({
          barcode: slip.barcode,
          digitable: slip.line,
          valueIdentifier: identifier,
          checkDigitModulus: modulus,
          totalValue: effective ? 98765 : null,
          referenceValue: effective ? null : 98765,
          segment: { code: 2, name: 'Saneamento' },
        });
      }
      expect(isValidBoleto(slip.line)).toBe(true);
      expect(getBoletoInfo(slip.line)?.hasEffectiveValue).toBe(effective);
    }
  });

  it('a module-11 remainder of 0 or 1 gives check digit 0, and 10 gives 1', () => {
    const remainderOf = (value: number) => weighted11(`829${String(value).padStart(11, '0')}${REST}`);
    for (const [remainder, digit] of [
      [0, '0'],
      [1, '0'],
      [10, '1'],
    ] as const) {
      let value = 0;
      while (remainderOf(value) !== remainder) value++;
      const slip = buildArrecadacao({ segment: 2, identifier: 9, value, rest: REST });
      expect(slip.barcode[3]).toBe(digit);
      expect(arrecadacao(validateBoleto(slip.line, { now: NOW })).referenceValue).toBe(value);
    }
  });

  it('names the block whose check digit is wrong (positions 12, 24, 36 and 48), módulo 10 and 11', () => {
    for (const line of [FEBRABAN_LINE, ENERGY_LINE]) {
      for (const block of [1, 2, 3, 4]) {
        const index = block * 12 - 1;
        for (const digit of otherDigits(line[index]!)) {
          expect(errorOf(validateBoleto(withDigit(line, index, digit), { now: NOW }))).toBe(
            `Invalid check digit in block ${block}`,
          );
        }
      }
    }
  });

  it('a wrong general check digit (position 4) is reported as such', () => {
    for (const slip of [
      { line: FEBRABAN_LINE, barcode: FEBRABAN_BARCODE },
      { line: ENERGY_LINE, barcode: ENERGY_BARCODE },
    ]) {
      for (const digit of otherDigits(slip.barcode[3]!)) {
        // On the line, the block's own digit is fixed up so that only the general one is wrong.
        const block = withDigit(slip.line.slice(0, 11), 3, digit);
        const blockDv = slip.barcode[2] === '6' || slip.barcode[2] === '7' ? luhn(block) : arrecadacaoMod11(block);
        const line = block + blockDv + slip.line.slice(12);
        expect(errorOf(validateBoleto(line, { now: NOW }))).toBe('Invalid general check digit (position 4)');
        expect(errorOf(validateBoleto(withDigit(slip.barcode, 3, digit), { now: NOW }))).toBe(
          'Invalid general check digit (barcode position 4)',
        );
      }
    }
  });

  it('rejects a value identifier other than 6–9, and segments 0 and 8', () => {
    expect(errorOf(validateBoleto(withDigit(FEBRABAN_LINE, 2, '5'), { now: NOW }))).toBe(
      'Invalid arrecadação value identifier 5: the third digit must be 6, 7, 8 or 9',
    );
    for (const segment of [0, 8]) {
      const slip = buildArrecadacao({ segment, identifier: 6, value: 100, rest: REST });
      expect(errorOf(validateBoleto(slip.line, { now: NOW }))).toBe(
        `Invalid arrecadação segment ${segment}: must be 1 to 7 or 9`,
      );
      expect(errorOf(validateBoleto(slip.barcode, { now: NOW }))).toBe(
        `Invalid arrecadação segment ${segment}: must be 1 to 7 or 9`,
      );
    }
  });

  it('segment 6 names its biller by the 8-digit CNPJ root; the others by a 4-digit code', () => {
    const cnpj = buildArrecadacao({ segment: 6, identifier: 8, value: 100, rest: `44720743${'0'.repeat(21)}` });
    expect(arrecadacao(validateBoleto(cnpj.line, { now: NOW }))).toMatchObject({
      companyId: '44720743',
      segment: { code: 6 },
    });
    const bank = buildArrecadacao({ segment: 9, identifier: 6, value: 100, rest: REST });
    expect(arrecadacao(validateBoleto(bank.line, { now: NOW }))).toMatchObject({
      companyId: '0029',
      segment: { code: 9, name: 'Uso exclusivo do banco' },
    });
  });

  it('a 48-digit line must start with 8', () => {
    expect(errorOf(validateBoleto(`1${FEBRABAN_LINE.slice(1)}`, { now: NOW }))).toBe(
      'A 48-digit line must be an arrecadação slip, starting with 8',
    );
  });
});

describe('validateBoleto: input', () => {
  it('rejects any other number of digits', () => {
    for (const length of [0, 1, 43, 45, 46, 49, 60]) {
      expect(errorOf(validateBoleto('1'.repeat(length), { now: NOW }))).toBe(
        `Barcode must have exactly 44, 47 or 48 digits (got ${length})`,
      );
    }
    // A valid line with a digit more or less is not silently cut (the library's parseBoleto is).
    expect(errorOf(validateBoleto(`${BB_LINE}99`, { now: NOW }))).toBe(
      'Barcode must have exactly 44, 47 or 48 digits (got 49)',
    );
    // 48 digits not starting with 8 are no arrecadação line (nor a bank line with one digit more).
    expect(errorOf(validateBoleto(`${BB_LINE}9`, { now: NOW }))).toBe(
      'A 48-digit line must be an arrecadação slip, starting with 8',
    );
    expect(errorOf(validateBoleto(BB_LINE.slice(1), { now: NOW }))).toBe(
      'Barcode must have exactly 44, 47 or 48 digits (got 46)',
    );
  });

  it('rejects letters and any character other than digits, whitespace, dots and hyphens', () => {
    const letterO = `${BB_LINE.slice(0, 10)}O${BB_LINE.slice(11)}`; // a letter O for a zero
    for (const bad of [
      letterO,
      `${BB_LINE}x`,
      'A'.repeat(47),
      '00190/00009 01149.718601 68524.522114 6 75860000102656',
      '00190,00009',
      '00190_00009',
      '１'.repeat(47),
    ]) {
      expect(errorOf(validateBoleto(bad, { now: NOW }))).toBe(
        'Barcode must contain only digits, spaces, dots or hyphens',
      );
    }
    // Where the library only keeps the digits and accepts the line.
    expect(isValidBoleto(`${BB_LINE.slice(0, 10)}x${BB_LINE.slice(10)}`)).toBe(true);
  });

  it('rejects what is not a string', () => {
    for (const bad of [undefined, null, 12345, ['0'], { barcode: BB_LINE }]) {
      expect(validateBoleto(bad, { now: NOW })).toEqual({ ok: false, error: 'Barcode must be a string' });
    }
  });
});

describe('due factor: the 2025 rollover', () => {
  const FREE = WOOVI_OAS_ITAU.slice(19);

  it('factor 1000 is 2025-02-22 and 9999 is 2025-02-21 around the rollover', () => {
    for (const day of ['2025-02-21', '2025-02-22', '2025-03-01', '2026-11-24']) {
      expect(dueDateOfFactor(1000, at(day))).toBe('2025-02-22');
      expect(dueDateOfFactor(1001, at(day))).toBe('2025-02-23');
      expect(dueDateOfFactor(9999, at(day))).toBe('2025-02-21');
      expect(dueDateOfFactor(9998, at(day))).toBe('2025-02-20');
    }
  });

  it('on slips: factor 1000 expires at the end of 2025-02-22 in São Paulo, 9999 of 2025-02-21', () => {
    const first = title(
      validateBoleto(buildTitle({ bank: '001', factor: 1000, value: 5000, free: FREE }).line, {
        now: at('2025-02-10'),
      }),
    );
    expect(first).toMatchObject({ dueFactor: 1000, dueDate: '2025-02-22', expiresDate: '2025-02-23T02:59:59.999Z' });
    const last = title(
      validateBoleto(buildTitle({ bank: '001', factor: 9999, value: 5000, free: FREE }).barcode, {
        now: at('2025-02-10'),
      }),
    );
    expect(last).toMatchObject({ dueFactor: 9999, dueDate: '2025-02-21', expiresDate: '2025-02-22T02:59:59.999Z' });
  });

  it('an old `now` reads the first cycle: 1000 = 2000-07-03 (FEBRABAN manual), 5316 = 2012-04-27', () => {
    expect(dueDateOfFactor(1000, at('2000-07-01'))).toBe('2000-07-03');
    expect(dueDateOfFactor(1001, at('2000-07-01'))).toBe('2000-07-04');
    expect(dueDateOfFactor(5316, at('2012-04-20'))).toBe('2012-04-27');
    expect(dueDateOfFactor(9999, at('2012-04-20'))).toBe('2025-02-21');
    // Before the scheme itself, the first cycle still.
    expect(dueDateOfFactor(1000, at('1990-01-01'))).toBe('2000-07-03');
    // The same factor, read today: its date in the second cycle.
    expect(dueDateOfFactor(5316, NOW)).toBe('2036-12-17');
    const slip = buildTitle({ bank: '237', factor: 5316, value: 1, free: FREE });
    expect(title(validateBoleto(slip.line, { now: at('2012-04-20') })).dueDate).toBe('2012-04-27');
    expect(title(validateBoleto(slip.line, { now: NOW })).dueDate).toBe('2036-12-17');
  });

  it('the next wrap: 9999 = 2049-10-13 and 1000 = 2049-10-14', () => {
    expect(dueDateOfFactor(9999, at('2049-10-01'))).toBe('2049-10-13');
    expect(dueDateOfFactor(1000, at('2049-10-01'))).toBe('2049-10-14');
  });

  it('FEBRABAN range: a date up to 5500 days ahead wins; one day further, the date 9000 days earlier', () => {
    const today = '2030-01-01';
    // 2025-02-22 + (f − 1000) = today + 5500  →  f
    const daysTo = (from: string, to: string) => (Date.parse(to) - Date.parse(from)) / 86_400_000;
    const edge = 1000 + daysTo('2025-02-22', today) + 5500;
    expect(dueDateOfFactor(edge, at(today))).toBe(addDaysUtc(today, 5500));
    expect(dueDateOfFactor(edge + 1, at(today))).toBe(addDaysUtc(today, 5501 - 9000));
    // And a date 3000 days back is still the past one (the window's other end).
    const back = 1000 + daysTo('2025-02-22', today) - 3000 + 9000;
    expect(dueDateOfFactor(back, at(today))).toBe(addDaysUtc(today, -3000));
  });

  it('factors below 1000 carry no due date', () => {
    expect(dueDateOfFactor(0, NOW)).toBeNull();
    expect(dueDateOfFactor(999, NOW)).toBeNull();
    expect(() => dueDateOfFactor(10000, NOW)).toThrow(RangeError);
    expect(() => dueDateOfFactor(1.5, NOW)).toThrow(RangeError);
  });

  it('today is the São Paulo day of `now`', () => {
    // The factor of 2029-12-31 + 5501 days: one day past the range on 2029-12-31, just inside it on
    // 2030-01-01. At 2030-01-01T02:00Z it is still 2029-12-31 in São Paulo (UTC−3).
    const factor = 1000 + (Date.parse('2029-12-31') - Date.parse('2025-02-22')) / 86_400_000 + 5501;
    expect(dueDateOfFactor(factor, new Date('2030-01-01T02:00:00Z'))).toBe(addDaysUtc('2029-12-31', 5501 - 9000));
    expect(dueDateOfFactor(factor, new Date('2030-01-01T04:00:00Z'))).toBe(addDaysUtc('2029-12-31', 5501));
  });

  it('agrees with @brazilian-utils getBoletoInfo for any factor and reference day', () => {
    fc.assert(
      fc.property(fc.integer({ min: 1000, max: 9999 }), fc.integer({ min: 0, max: 40 * 365 }), (factor, offset) => {
        const day = addDaysUtc('2000-01-01', offset);
        const slip = buildTitle({ bank: '001', factor, value: 1, free: FREE });
        const theirs = getBoletoInfo(slip.line, { referenceDate: localNoon(day) })?.expirationDate;
        expect(theirs).toBeInstanceOf(Date);
        expect(dueDateOfFactor(factor, at(day))).toBe(localDay(theirs as Date));
      }),
      { numRuns: 500 },
    );
  });
});

describe('validateBoleto: properties', () => {
  const digitsOf = (length: number) =>
    fc.string({ unit: fc.constantFrom(...'0123456789'), minLength: length, maxLength: length });
  const titles = fc.record({
    bank: fc.constantFrom('001', '033', '104', '237', '341', '260', '756'),
    factor: fc.oneof(fc.constant(0), fc.integer({ min: 1000, max: 9999 })),
    value: fc.integer({ min: 0, max: 9_999_999_999 }),
    free: digitsOf(25),
  });
  const arrecadacoes = fc.record({
    segment: fc.constantFrom(1, 2, 3, 4, 5, 6, 7, 9),
    identifier: fc.constantFrom(6, 7, 8, 9),
    value: fc.integer({ min: 0, max: 99_999_999_999 }),
    rest: digitsOf(29),
  });

  it('every built bank slip validates, from its line and its barcode, as @brazilian-utils reads it', () => {
    fc.assert(
      fc.property(titles, (parts) => {
        const slip = buildTitle(parts);
        const fromLine = title(validateBoleto(slip.line, { now: NOW }));
        expect(validateBoleto(slip.barcode, { now: NOW })).toEqual({ ok: true, boleto: fromLine });
        expect(fromLine).toMatchObject({
          barcode: slip.barcode,
          digitable: slip.line,
          totalValue: parts.value,
          dueFactor: parts.factor,
        });
        expect(isValidBoleto(slip.line)).toBe(true);
        const theirs = getBoletoInfo(slip.line, { referenceDate: localNoon('2026-11-24') });
        expect(fromLine.totalValue).toBe(theirs?.amount);
        expect(fromLine.dueDate).toBe(theirs?.expirationDate ? localDay(theirs.expirationDate) : null);
      }),
      { numRuns: 300 },
    );
  });

  it('every built arrecadação slip validates, from its line and its barcode', () => {
    fc.assert(
      fc.property(arrecadacoes, (parts) => {
        const slip = buildArrecadacao(parts);
        const fromLine = arrecadacao(validateBoleto(slip.line, { now: NOW }));
        expect(validateBoleto(slip.barcode, { now: NOW })).toEqual({ ok: true, boleto: fromLine });
        expect(fromLine.checkDigitModulus).toBe(parts.identifier <= 7 ? 10 : 11);
        expect(fromLine.totalValue ?? fromLine.referenceValue).toBe(parts.value);
        expect(isValidBoleto(slip.line)).toBe(true);
        expect(getBoletoInfo(slip.line)?.amount).toBe(parts.value);
      }),
      { numRuns: 300 },
    );
  });

  it('a one-digit change is accepted or refused exactly as @brazilian-utils does', () => {
    fc.assert(
      fc.property(
        fc.oneof(
          titles.map((p) => buildTitle(p).line),
          arrecadacoes.map((p) => buildArrecadacao(p).line),
        ),
        fc.nat(),
        fc.integer({ min: 1, max: 9 }),
        (line, where, delta) => {
          const index = where % line.length;
          const changed = withDigit(line, index, String((Number(line[index]) + delta) % 10));
          expect(validateBoleto(changed, { now: NOW }).ok).toBe(isValidBoleto(changed));
        },
      ),
      { numRuns: 1000 },
    );
  });

  it('any input answers with a result, never an exception', () => {
    fc.assert(
      fc.property(
        fc.oneof(fc.string(), fc.string({ unit: fc.constantFrom(...'0123456789 .-8') }), fc.anything()),
        (input) => {
          const result = validateBoleto(input, { now: NOW });
          expect(typeof result.ok).toBe('boolean');
        },
      ),
      { numRuns: 500 },
    );
  });
});

// --- helpers for comparing with @brazilian-utils, whose dates are local-time Dates ---

function localDay(date: Date): string {
  return `${String(date.getFullYear()).padStart(4, '0')}-${String(date.getMonth() + 1).padStart(2, '0')}-${String(date.getDate()).padStart(2, '0')}`;
}

function localNoon(day: string): Date {
  const [y, m, d] = day.split('-').map(Number) as [number, number, number];
  return new Date(y, m - 1, d, 12);
}

function addDaysUtc(day: string, n: number): string {
  return new Date(Date.parse(day) + n * 86_400_000).toISOString().slice(0, 10);
}

function arrecadacaoMod11(digits: string): number {
  const r = weighted11(digits);
  return r === 0 || r === 1 ? 0 : r === 10 ? 1 : 11 - r;
}
