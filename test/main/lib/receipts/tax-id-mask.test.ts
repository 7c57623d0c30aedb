import { describe, expect, it } from 'vitest';
import { formatCnpj, maskCpf, maskPixKey, maskTaxId } from '#lib/receipts/tax-id-mask';

describe('maskCpf', () => {
  it('shows only the middle six digits, as banks print it', () => {
    expect(maskCpf('12345678901')).toBe('***.456.789-**');
    expect(maskCpf('123.456.789-01')).toBe('***.456.789-**');
  });

  it('hides a malformed CPF entirely', () => {
    expect(maskCpf('1234')).toBe('***.***.***-**');
    expect(maskCpf('')).toBe('***.***.***-**');
  });
});

describe('formatCnpj', () => {
  it('formats a CNPJ in full', () => {
    expect(formatCnpj('12345678000190')).toBe('12.345.678/0001-90');
    expect(formatCnpj('12.345.678/0001-90')).toBe('12.345.678/0001-90');
  });

  it('formats the alphanumeric CNPJ', () => {
    expect(formatCnpj('12abc34501de35')).toBe('12.ABC.345/01DE-35');
  });

  it('returns other text as given', () => {
    expect(formatCnpj(' 123 ')).toBe('123');
  });
});

describe('maskTaxId', () => {
  it('masks by type', () => {
    expect(maskTaxId({ taxID: '12345678901', type: 'BR:CPF' })).toBe('***.456.789-**');
    expect(maskTaxId({ taxID: '12345678000190', type: 'BR:CNPJ' })).toBe('12.345.678/0001-90');
  });
});

describe('maskPixKey', () => {
  it('masks CPF keys and formats CNPJ keys', () => {
    expect(maskPixKey('12345678901')).toBe('***.456.789-**');
    expect(maskPixKey('123.456.789-01')).toBe('***.456.789-**');
    expect(maskPixKey('12345678000190')).toBe('12.345.678/0001-90');
  });

  it('leaves phone, e-mail and random keys alone', () => {
    expect(maskPixKey('+5511987654321')).toBe('+5511987654321');
    expect(maskPixKey('caixa@loja.com.br')).toBe('caixa@loja.com.br');
    expect(maskPixKey('123e4567-e89b-12d3-a456-426614174000')).toBe('123e4567-e89b-12d3-a456-426614174000');
  });
});
