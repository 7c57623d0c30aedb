import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { BrCodeError } from '#lib/pix/emv-tlv';
import { sanitizeMerchantCity, sanitizeMerchantName, toBrCodeText } from '#lib/pix/merchant-text';

describe('toBrCodeText', () => {
  it.each([
    ['Padaria São João Ltda.', 'Padaria Sao Joao Ltda.'],
    ['Açougue Coração', 'Acougue Coracao'],
    ['ÁÉÍÓÚ âêô àü ÇÑ', 'AEIOU aeo au CN'],
    ['  Café\t\n  do   Zé  ', 'Cafe do Ze'],
    ['Bar 🍺 do Zé', 'Bar do Ze'],
    ['Rua X, Nº 10', 'Rua X, No 10'],
    ['D’Ávila – Doces', "D'Avila - Doces"],
    ['Loja\u00A0Centro', 'Loja Centro'],
    ['東京', ''],
  ])('%j -> %j', (input, expected) => {
    expect(toBrCodeText(input)).toBe(expected);
  });
});

describe('sanitizeMerchantName / sanitizeMerchantCity', () => {
  it('truncates to 25 and 15 characters without leaving a trailing space', () => {
    expect(sanitizeMerchantName('Supermercado Econômico Ltda ME')).toBe('Supermercado Economico Lt');
    expect(sanitizeMerchantCity('São José dos Campos')).toBe('Sao Jose dos Ca');
    // The 15th character is a space: it must not survive.
    expect(sanitizeMerchantCity('Ribeirão Preto X')).toBe('Ribeirao Preto');
    expect(sanitizeMerchantName('Fulano de Tal')).toBe('Fulano de Tal');
  });

  it('uses the fallback when nothing printable is left, and throws without one', () => {
    expect(sanitizeMerchantName('🍺🍺', 'Loja')).toBe('Loja');
    expect(sanitizeMerchantCity('   ', 'São Paulo')).toBe('Sao Paulo');
    expect(() => sanitizeMerchantName('東京')).toThrow(BrCodeError);
    expect(() => sanitizeMerchantCity('', '🍺')).toThrow(/nor does the fallback/);
  });

  it('always yields 1..max printable ASCII with single inner spaces', () => {
    fc.assert(
      fc.property(fc.string({ unit: 'grapheme', maxLength: 60 }), (raw) => {
        const input = `Loja ${raw}`; // always has something printable
        const name = sanitizeMerchantName(input);
        const city = sanitizeMerchantCity(input);
        for (const [text, max] of [
          [name, 25],
          [city, 15],
        ] as const) {
          expect(text.length).toBeGreaterThan(0);
          expect(text.length).toBeLessThanOrEqual(max);
          expect(text).toMatch(/^[\x21-\x7E](?:[\x20-\x7E]*[\x21-\x7E])?$/);
          expect(text).not.toContain('  ');
        }
      }),
      { numRuns: 300 },
    );
  });
});
