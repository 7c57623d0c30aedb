import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { isValidCnpj, isValidCpf, parseTaxId } from '#shared/lib/tax-id';
import { referenceCnpjCheckDigits, referenceCpfCheckDigits } from './fixtures';

describe('parseTaxId', () => {
  it('parses masked and unmasked CPFs', () => {
    expect(parseTaxId('529.982.247-25')).toEqual({ taxID: '52998224725', type: 'BR:CPF' });
    expect(parseTaxId('52998224725')).toEqual({ taxID: '52998224725', type: 'BR:CPF' });
    expect(parseTaxId(' 529 982 247 25 ')).toEqual({ taxID: '52998224725', type: 'BR:CPF' });
    // Correct check digits; cpf-cnpj-validator's isValid() blacklists it, we do not.
    expect(parseTaxId('123.456.789-09')).toEqual({ taxID: '12345678909', type: 'BR:CPF' });
  });

  it('parses numeric and alphanumeric CNPJs, any case, masked or not', () => {
    expect(parseTaxId('11.222.333/0001-81')).toEqual({ taxID: '11222333000181', type: 'BR:CNPJ' });
    expect(parseTaxId('12.ABC.345/01DE-35')).toEqual({ taxID: '12ABC34501DE35', type: 'BR:CNPJ' });
    expect(parseTaxId('12abc34501de35')).toEqual({ taxID: '12ABC34501DE35', type: 'BR:CNPJ' });
  });

  it('rejects wrong check digits, repeated digits, junk and wrong lengths', () => {
    expect(parseTaxId('529.982.247-26')).toBeNull();
    expect(parseTaxId('12ABC34501DE36')).toBeNull();
    expect(parseTaxId('12ABC34501DE3A')).toBeNull(); // check digits are always numeric
    expect(parseTaxId('abc529.982.247-25')).toBeNull();
    expect(parseTaxId('529.982.247-25!')).toBeNull();
    expect(parseTaxId('5299822472')).toBeNull();
    expect(parseTaxId('')).toBeNull();
    for (let d = 0; d <= 9; d++) {
      expect(parseTaxId(String(d).repeat(11))).toBeNull();
      expect(parseTaxId(String(d).repeat(14))).toBeNull();
    }
  });
});

describe('isValidCpf / isValidCnpj', () => {
  it.each(['12ABC34501DE35', 'AA345678000114', 'AA345678000A29', '12345678000A08', '12.ABC.345/01DE-35'])(
    'alphanumeric CNPJ %s is valid',
    (cnpj) => {
      expect(isValidCnpj(cnpj)).toBe(true);
      expect(isValidCpf(cnpj)).toBe(false);
    },
  );

  it('keeps the two types apart', () => {
    expect(isValidCpf('529.982.247-25')).toBe(true);
    expect(isValidCnpj('529.982.247-25')).toBe(false);
    expect(isValidCnpj('11222333000181')).toBe(true);
    expect(isValidCpf('11222333000181')).toBe(false);
  });

  it('agrees with the documented CPF algorithm on random bases', () => {
    fc.assert(
      fc.property(fc.stringMatching(/^\d{9}$/), fc.stringMatching(/^\d{2}$/), (base, dv) => {
        fc.pre(!/^(\d)\1{8}$/.test(base));
        const expected = dv === referenceCpfCheckDigits(base);
        expect(isValidCpf(base + dv)).toBe(expected);
        expect(isValidCpf(base + referenceCpfCheckDigits(base))).toBe(true);
      }),
      { numRuns: 500 },
    );
  });

  it('agrees with the documented alphanumeric CNPJ algorithm on random roots', () => {
    fc.assert(
      fc.property(fc.stringMatching(/^[0-9A-Z]{12}$/), fc.stringMatching(/^\d{2}$/), (root, dv) => {
        fc.pre(!/^(\d)\1{11}$/.test(root));
        const good = root + referenceCnpjCheckDigits(root);
        expect(isValidCnpj(good)).toBe(true);
        expect(isValidCnpj(good.toLowerCase())).toBe(true);
        expect(isValidCnpj(root + dv)).toBe(dv === referenceCnpjCheckDigits(root));
      }),
      { numRuns: 500 },
    );
  });
});
