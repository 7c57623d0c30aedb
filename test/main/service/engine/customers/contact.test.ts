import { describe, expect, it } from 'vitest';
import { normalizeEmail, normalizePhone } from '#service/engine/customers/contact';

const phone = (input: string) => {
  const result = normalizePhone(input);
  return result.ok ? result.phone : null;
};

describe('normalizePhone', () => {
  it('reads national Brazilian numbers with or without mask as +55', () => {
    expect(phone('11 98765-4321')).toBe('+5511987654321');
    expect(phone('(11) 98765-4321')).toBe('+5511987654321');
    expect(phone('11.98765.4321')).toBe('+5511987654321');
    expect(phone('1132654321')).toBe('+551132654321'); // landline, 8 digits
    expect(phone('011 98765 4321')).toBe('+5511987654321'); // trunk prefix 0
  });

  it('accepts the country code with or without +, as the API examples write it', () => {
    expect(phone('5511999999999')).toBe('+5511999999999');
    expect(phone('+55 11 99999-9999')).toBe('+5511999999999');
    expect(phone('551132654321')).toBe('+551132654321');
  });

  it('keeps foreign numbers given with + untouched (E.164)', () => {
    expect(phone('+1 415 555 2671')).toBe('+14155552671');
    expect(phone('+351 912 345 678')).toBe('+351912345678');
  });

  it('refuses junk, wrong lengths, bad area codes and 9-digit numbers not starting with 9', () => {
    for (const bad of [
      '',
      '12',
      'abc',
      '11 9876-543x',
      '+',
      '+0 11 98765 4321',
      '+12345',
      '1234567890123456',
      '+5511876543210',
      '00 98765-4321',
      '10 98765-4321',
      '11 88765-4321',
      '119876543',
      '+55 11 9876',
      '11 98765-4321 ext 2',
      '++5511987654321',
    ]) {
      expect(phone(bad), bad).toBeNull();
    }
  });

  it('explains why a number was refused', () => {
    expect(normalizePhone('11 88765-4321')).toEqual({ ok: false, reason: expect.stringContaining('start with 9') });
    expect(normalizePhone('00 98765-4321')).toMatchObject({ ok: false });
  });
});

describe('normalizeEmail', () => {
  it('trims and lower-cases', () => {
    expect(normalizeEmail('  Maria.Silva+loja@Example.COM.br ')).toBe('maria.silva+loja@example.com.br');
    expect(normalizeEmail('a@b.co')).toBe('a@b.co');
  });

  it('refuses what cannot be an address', () => {
    for (const bad of [
      '',
      'maria',
      'maria@',
      '@example.com',
      'a@b',
      'a@@b.co',
      'a@b@c.co',
      'a b@c.co',
      'a@b c.co',
      '.a@b.co',
      'a.@b.co',
      'a..b@c.co',
      'a@-b.co',
      'a@b-.co',
      'a@b..co',
      'a@b.c',
      'a@b.c0',
      'a<b@c.co',
      `${'x'.repeat(65)}@b.co`,
      `a@${'b'.repeat(250)}.co`,
    ]) {
      expect(normalizeEmail(bad), bad).toBeNull();
    }
  });
});
