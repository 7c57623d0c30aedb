import { describe, expect, it } from 'vitest';
import fc from 'fast-check';
import { z } from 'zod';
import { readWholeNumber } from '#service/engine/money/whole-number';
import type { AnyOperation } from '#service/engine/operation';
import { operationTable } from '#service/engine/operations';
import {
  MAX_CENTS,
  cents,
  describeIssues,
  isWholeNumberInput,
  positiveCents,
  wholeNumber,
} from '#service/engine/validation';

// The one money parser every operation's money fields go through (issue 25): an integer, a float
// with no fraction, or a string of digits with an optional `.0`/`.00` tail. Everything else is
// refused with a message that names the field.

const parse = (schema: z.ZodType, value: unknown) => {
  const result = z.object({ amount: schema }).safeParse({ amount: value });
  return result.success
    ? { ok: true as const, value: (result.data as { amount: number }).amount }
    : { ok: false as const, error: describeIssues(result.error, 'body') };
};

/** What a client may write for n cents: the number, or its digits (leading zeros and a zero tail allowed). */
const spellingsOf = (n: number): fc.Arbitrary<unknown> =>
  fc.oneof(
    fc.constant(n),
    fc.constant(String(n)),
    fc.constantFrom('.0', '.00').map((tail) => `${n}${tail}`),
    fc.integer({ min: 1, max: 3 }).map((zeros) => `${'0'.repeat(zeros)}${n}`),
  );

describe('the shared money parser (validation.ts cents)', () => {
  it('accepts what real clients send, as the same integer', () => {
    const cases: Array<[unknown, number]> = [
      [10000, 10000],
      [1000.0, 1000], // Magento: PHP's float 1000.0 arrives as the JSON number 1000.0
      ['10000', 10000], // pretix
      ['10000.00', 10000], // pretix 0.2: meant 10000 cents
      ['10000.0', 10000], // Python's str(float)
      ['0010', 10],
      [MAX_CENTS, MAX_CENTS],
      [String(MAX_CENTS), MAX_CENTS],
    ];
    for (const [input, expected] of cases)
      expect(parse(positiveCents('value'), input), JSON.stringify(input)).toEqual({ ok: true, value: expected });
  });

  it('refuses everything else with a 400 message naming the field', () => {
    const refused: unknown[] = [
      '10.5',
      '10.50',
      '10.000',
      '1e3',
      '1E3',
      '',
      ' ',
      ' 10',
      '10 ',
      '10,00',
      '1.000,00',
      '+10',
      '-10',
      '0x10',
      '١٠',
      '10\n',
      'NaN',
      'Infinity',
      '.5',
      '10.',
      10.5,
      0.1,
      NaN,
      Infinity,
      -Infinity,
      true,
      false,
      null,
      undefined,
      {},
      [],
      [10],
      { value: 10 },
      0,
      -1,
      '0',
      '0.00',
      MAX_CENTS + 1,
      String(MAX_CENTS + 1),
      1e300,
      '9'.repeat(400),
      Number.MAX_SAFE_INTEGER + 2,
    ];
    for (const input of refused) {
      const result = parse(positiveCents('splits.value'), input);
      expect(result.ok, `${typeof input} ${String(input)}`).toBe(false);
      if (!result.ok) expect(result.error).toMatch(/^amount: splits\.value (must|is) /);
    }
  });

  it('keeps the messages clients and the counter already read', () => {
    expect(parse(positiveCents(), 'abc')).toEqual({ ok: false, error: 'amount: value must be a number of cents' });
    expect(parse(positiveCents(), '10.5')).toEqual({
      ok: false,
      error: 'amount: value must be an integer number of cents',
    });
    expect(parse(positiveCents(), 1.5)).toEqual({
      ok: false,
      error: 'amount: value must be an integer number of cents',
    });
    expect(parse(positiveCents(), 0)).toEqual({ ok: false, error: 'amount: value must be at least 1 cent' });
    expect(parse(positiveCents(), '99999999999999999999')).toEqual({ ok: false, error: 'amount: value is too large' });
    expect(parse(cents(), -1)).toEqual({ ok: false, error: 'amount: value must not be negative' });
    expect(parse(cents(), '0')).toEqual({ ok: true, value: 0 });
  });

  it('reads every spelling of n cents as n', () => {
    fc.assert(
      fc.property(
        fc.integer({ min: 1, max: MAX_CENTS }).chain((n) => spellingsOf(n).map((spelling) => [n, spelling] as const)),
        ([n, spelling]) => {
          expect(parse(positiveCents(), spelling)).toEqual({ ok: true, value: n });
        },
      ),
      { numRuns: 2_000 },
    );
  });

  it('never throws, and anything it accepts is a safe integer in bounds that some client spelling gives', () => {
    const anyInput = fc.oneof(
      fc.anything(),
      fc.string(),
      fc.stringMatching(/^[\d.,eE+\- ]{0,14}$/),
      fc.double(),
      fc.integer({ min: -10, max: 2 * MAX_CENTS }),
      fc.bigInt().map(String),
    );
    fc.assert(
      fc.property(anyInput, (input) => {
        const result = parse(positiveCents('value'), input);
        if (!result.ok) {
          expect(result.error).toMatch(/^amount: value (must|is) /);
          return;
        }
        expect(Number.isSafeInteger(result.value)).toBe(true);
        expect(result.value).toBeGreaterThanOrEqual(1);
        expect(result.value).toBeLessThanOrEqual(MAX_CENTS);
        if (typeof input === 'number') expect(input).toBe(result.value);
        else expect(input).toMatch(/^\d+(\.00?)?$/);
      }),
      { numRuns: 3_000 },
    );
  });

  it('describes money as an integer in the OpenAPI document, whatever it tolerates', () => {
    const schema = z.toJSONSchema(z.object({ value: positiveCents() }), { io: 'input', unrepresentable: 'any' }) as any;
    expect(schema.properties.value).toEqual({ type: 'integer', minimum: 1, maximum: MAX_CENTS });
  });
});

describe('whole numbers whose unit another field decides (OVERDUE terms: basis points or cents)', () => {
  it('takes integers, integral floats and digit strings, but not a decimal tail: "2.00" may mean 2 %', () => {
    expect(parse(wholeNumber('value'), 200)).toEqual({ ok: true, value: 200 });
    expect(parse(wholeNumber('value'), '200')).toEqual({ ok: true, value: 200 });
    expect(parse(wholeNumber('value'), '2.00')).toEqual({ ok: false, error: 'amount: value must be a whole number' });
    expect(parse(wholeNumber('value'), 2.5)).toEqual({ ok: false, error: 'amount: value must be a whole number' });
    expect(parse(wholeNumber('value'), -1)).toEqual({ ok: false, error: 'amount: value must not be negative' });
    expect(parse(wholeNumber('value', { min: 1 }), '0')).toEqual({
      ok: false,
      error: 'amount: value must be at least 1',
    });
  });
});

describe('readWholeNumber', () => {
  it('tells a fraction from text that is no number, and -0 from nothing', () => {
    const money = { zeroDecimals: true };
    expect(readWholeNumber('12.34', money)).toEqual({ kind: 'fraction' });
    expect(readWholeNumber('12,34', money)).toEqual({ kind: 'not-a-number' });
    expect(readWholeNumber(-0, money)).toEqual({ kind: 'whole', value: 0 });
    expect(Object.is((readWholeNumber(-0, money) as { value: number }).value, 0)).toBe(true);
    expect(readWholeNumber(2 ** 53, money)).toEqual({ kind: 'too-large' });
    expect(readWholeNumber(`${'0'.repeat(30)}7`, money)).toEqual({ kind: 'whole', value: 7 });
  });
});

describe('every money field of every operation', () => {
  /** Request fields that carry an amount (cents, or basis points by a sibling field). */
  const MONEY_KEYS = new Set(['value', 'minimumValue']);
  /** Fields named like money that are not: additionalInfo's value is text a client labels. */
  const NOT_MONEY = new Set(['additionalInfo.value']);
  const WRAPPERS = new Set(['optional', 'nullable', 'default', 'prefault', 'readonly', 'catch', 'nonoptional']);

  const unwrap = (schema: z.ZodType): z.ZodType => {
    let current = schema as any;
    while (WRAPPERS.has(current._zod.def.type)) current = current._zod.def.innerType;
    return current;
  };

  /** Every property named like money in a request schema: its path, and whether the shared parser reads it. */
  function moneyFields(
    schema: z.ZodType,
    path: string[],
    found: Array<{ path: string; shared: boolean }>,
    seen = new Set<unknown>(),
  ) {
    if (seen.has(schema)) return;
    seen.add(schema);
    const def = (schema as any)._zod.def;
    if (WRAPPERS.has(def.type)) return moneyFields(def.innerType, path, found, seen);
    switch (def.type) {
      case 'object':
        for (const [key, child] of Object.entries(def.shape as Record<string, z.ZodType>)) {
          const where = [...path, key];
          const dotted = where.join('.');
          if (MONEY_KEYS.has(key) && ![...NOT_MONEY].some((name) => dotted.endsWith(name))) {
            found.push({ path: dotted, shared: isWholeNumberInput(unwrap(child)) });
          } else {
            moneyFields(child, where, found, seen);
          }
        }
        return;
      case 'array':
        return moneyFields(def.element, path, found, seen);
      case 'pipe':
        moneyFields(def.in, path, found, seen);
        return moneyFields(def.out, path, found, seen);
      case 'union':
        for (const option of def.options) moneyFields(option, path, found, seen);
        return;
      case 'intersection':
        moneyFields(def.left, path, found, seen);
        return moneyFields(def.right, path, found, seen);
      case 'record':
        return moneyFields(def.valueType, path, found, seen);
    }
  }

  it('reads each through the shared parser, none with a parser of its own', () => {
    const found: Array<{ path: string; shared: boolean }> = [];
    for (const [name, declaration] of Object.entries(operationTable as Record<string, AnyOperation>)) {
      for (const part of ['body', 'query'] as const) {
        const schema = declaration.request[part];
        if (schema) moneyFields(schema, [`${name}.${part}`], found);
      }
    }
    expect(found.filter((field) => !field.shared).map((field) => field.path)).toEqual([]);
    // The walk does reach the fields issue 25 names (so an empty list above means something).
    expect(found.map((field) => field.path)).toEqual(
      expect.arrayContaining([
        'createCharge.body.value',
        'createCharge.body.splits.value',
        'createCharge.body.interests.value',
        'createCharge.body.fines.value',
        'createCharge.body.discount.value',
        'createCharge.body.discount.discountFixedDate.value',
        'createChargeRefund.body.value',
        'createRefund.body.value',
        'createPixQrCode.body.value',
        'createSubscription.body.value',
        'sandboxPay.query.value',
      ]),
    );
  });
});
