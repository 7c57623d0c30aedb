import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { detectPixKeyType, normalizePixKey, validatePixKey, type PixKeyType } from '#lib/pix/pix-key';

describe('detectPixKeyType', () => {
  it.each<[string, PixKeyType | null]>([
    ['52998224725', 'CPF'],
    ['529.982.247-25', 'CPF'],
    ['12ABC34501DE35', 'CNPJ'],
    ['11.222.333/0001-81', 'CNPJ'],
    ['fulano@example.com', 'EMAIL'],
    ['Fulano@Example.COM', 'EMAIL'],
    ['+5511987654321', 'PHONE'],
    ['+55 (11) 98765-4321', 'PHONE'],
    ['11987654321', 'PHONE'], // 11 digits, CPF check digits wrong → phone
    ['123e4567-e12b-12d1-a456-426655440000', 'EVP'], // BCB example, version 1
    ['123E4567-E12B-12D1-A456-426655440000', 'EVP'],
    ['529.982.247-26', null],
    ['+551133334444', null], // landline
    ['+5520987654321', null], // DDD 20 does not exist
    ['+14155550123', null], // not Brazilian
    ['not a key', null],
    ['', null],
  ])('%j -> %s', (input, type) => {
    expect(detectPixKeyType(input)).toBe(type);
  });
});

describe('normalizePixKey', () => {
  it('produces the canonical DICT form', () => {
    expect(normalizePixKey(' 529.982.247-25 ')).toEqual({ type: 'CPF', key: '52998224725' });
    expect(normalizePixKey('12.abc.345/01de-35')).toEqual({ type: 'CNPJ', key: '12ABC34501DE35' });
    expect(normalizePixKey(' Fulano.Tal@Example.com ')).toEqual({ type: 'EMAIL', key: 'fulano.tal@example.com' });
    expect(normalizePixKey('(11) 98765-4321')).toEqual({ type: 'PHONE', key: '+5511987654321' });
    expect(normalizePixKey('55 11 98765 4321')).toEqual({ type: 'PHONE', key: '+5511987654321' });
    expect(normalizePixKey('123E4567-E12B-12D1-A456-426655440000')).toEqual({
      type: 'EVP',
      key: '123e4567-e12b-12d1-a456-426655440000',
    });
  });

  it('lets an explicit type settle the CPF-or-phone ambiguity', () => {
    // DDD 21 + 9 + eight digits is a mobile number, and its last two digits are also valid CPF check digits.
    const ambiguous = '21987654382';
    expect(normalizePixKey(ambiguous, 'CPF')).toEqual({ type: 'CPF', key: ambiguous });
    expect(normalizePixKey(ambiguous, 'PHONE')).toEqual({ type: 'PHONE', key: '+5521987654382' });
    expect(normalizePixKey(ambiguous)).toEqual({ type: 'CPF', key: ambiguous });
    // Written like a phone, it is not taken for a CPF.
    expect(normalizePixKey('(21) 98765-4382')).toEqual({ type: 'PHONE', key: '+5521987654382' });
    expect(normalizePixKey('21 98765-4382')).toEqual({ type: 'PHONE', key: '+5521987654382' });
    expect(normalizePixKey('219.876.543-82')).toEqual({ type: 'CPF', key: ambiguous });
  });

  it('accepts RANDOM as an alias of EVP and reports EVP', () => {
    expect(normalizePixKey('123e4567-e12b-12d1-a456-426655440000', 'RANDOM')?.type).toBe('EVP');
  });

  it('returns null when the input does not fit the requested type', () => {
    expect(normalizePixKey('fulano@example.com', 'CPF')).toBeNull();
    expect(normalizePixKey('52998224725', 'EMAIL')).toBeNull();
    expect(normalizePixKey('123e4567e12b12d1a456426655440000', 'EVP')).toBeNull();
  });
});

describe('validatePixKey', () => {
  it('accepts canonical keys and reports their type', () => {
    expect(validatePixKey('52998224725')).toEqual({ valid: true, type: 'CPF', key: '52998224725' });
    expect(validatePixKey('12ABC34501DE35', 'CNPJ')).toMatchObject({ valid: true, type: 'CNPJ' });
    expect(validatePixKey('+5511987654321', 'PHONE')).toMatchObject({ valid: true });
    expect(validatePixKey('fulano@example.com', 'EMAIL')).toMatchObject({ valid: true });
    expect(validatePixKey('123e4567-e12b-12d1-a456-426655440000', 'RANDOM')).toMatchObject({
      valid: true,
      type: 'EVP',
    });
  });

  it('rejects non-canonical keys and says what the canonical form is', () => {
    expect(validatePixKey('529.982.247-25')).toEqual({
      valid: false,
      reason: 'Pix key is a CPF key but not in canonical form; use "52998224725"',
    });
    expect(validatePixKey('Fulano@example.com')).toMatchObject({ valid: false, reason: /use "fulano@example.com"/ });
    expect(validatePixKey('123E4567-E12B-12D1-A456-426655440000')).toMatchObject({ valid: false });
    expect(validatePixKey('5511987654321', 'PHONE')).toMatchObject({ valid: false, reason: /"\+5511987654321"/ });
  });

  it('rejects a key of another type than the one asked for', () => {
    expect(validatePixKey('52998224725', 'EVP')).toEqual({ valid: false, reason: 'Pix key is a CPF key, not EVP' });
    expect(validatePixKey('+5511987654321', 'CPF')).toMatchObject({ valid: false });
    expect(validatePixKey('x', 'BANANA' as never)).toMatchObject({ valid: false, reason: /unknown Pix key type/ });
  });

  it('enforces the 77-character limit and the DICT e-mail grammar', () => {
    const local = 'a'.repeat(64);
    const ok = `${local}@exampl.com`; // 64 + 11 = 75
    expect(validatePixKey(ok)).toMatchObject({ valid: true, type: 'EMAIL' });
    expect(validatePixKey(`${local}@example.com.b`)).toMatchObject({ valid: false }); // 78
    expect(validatePixKey('fulano@-example.com')).toMatchObject({ valid: false });
    expect(validatePixKey('fulano example@x.com')).toMatchObject({ valid: false });
    expect(validatePixKey('@example.com')).toMatchObject({ valid: false });
    expect(validatePixKey('')).toEqual({ valid: false, reason: 'Pix key is empty' });
  });

  it('accepts UUIDs of any version but not other shapes', () => {
    fc.assert(
      fc.property(fc.uuid({ version: [1, 2, 3, 4, 5, 7, 8] }), (uuid) => {
        expect(validatePixKey(uuid.toLowerCase(), 'EVP')).toMatchObject({ valid: true });
        expect(validatePixKey(uuid.toLowerCase().replaceAll('-', ''), 'EVP')).toMatchObject({ valid: false });
      }),
      { numRuns: 200 },
    );
  });
});
