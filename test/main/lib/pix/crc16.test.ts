import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { crc16CcittFalse, crc16Hex } from '#lib/pix/crc16';
import { BCB_DYNAMIC, BCB_STATIC, PIX_UTILS_PHONE, referenceCrc } from './fixtures';

describe('crc16 (CRC-16/CCITT-FALSE)', () => {
  it('has the catalogue check value 0x29B1 for "123456789"', () => {
    expect(crc16CcittFalse('123456789')).toBe(0x29b1);
    expect(crc16Hex('123456789')).toBe('29B1');
  });

  it('starts from 0xFFFF and is not the XMODEM/KERMIT variant', () => {
    expect(crc16Hex('')).toBe('FFFF');
    expect(crc16Hex('A')).toBe('B915');
    // XMODEM (init 0) gives 31C3 and KERMIT (reflected) 2189 for the check string.
    expect(crc16Hex('123456789')).not.toBe('31C3');
    expect(crc16Hex('123456789')).not.toBe('2189');
  });

  it('accepts bytes as well as strings', () => {
    expect(crc16Hex(new TextEncoder().encode('123456789'))).toBe('29B1');
  });

  it('pads to 4 uppercase hex digits', () => {
    fc.assert(
      fc.property(fc.string({ unit: 'binary-ascii', maxLength: 64 }), (s) => {
        expect(crc16Hex(s)).toMatch(/^[0-9A-F]{4}$/);
      }),
    );
  });

  it('reproduces the CRCs of the BCB and pix-utils payloads', () => {
    for (const payload of [BCB_STATIC, BCB_DYNAMIC, PIX_UTILS_PHONE]) {
      expect(crc16Hex(payload.slice(0, -4))).toBe(payload.slice(-4));
    }
  });

  it('agrees with an independent bitwise implementation on random ASCII', () => {
    fc.assert(
      fc.property(fc.string({ unit: 'binary-ascii', maxLength: 300 }), (s) => {
        expect(crc16Hex(s)).toBe(referenceCrc(s));
      }),
      { numRuns: 500 },
    );
  });
});
