// The offline sale's BR Code and txid: the same checks as the engine's own codes, a txid the Pix
// rules allow (25 letters and digits at most), never the same twice.
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { decodeBrCode, hasValidCrc } from '#lib/pix';
import { buildOfflineBrCode, newOfflineTxid, OFFLINE_TXID_LENGTH } from '#counter/sync/offline/offline-code';

describe('newOfflineTxid', () => {
  it('is 25 letters and digits, unique over many draws', () => {
    const seen = new Set<string>();
    for (let i = 0; i < 20_000; i++) {
      const txid = newOfflineTxid();
      expect(txid).toMatch(/^[A-Za-z0-9]{25}$/);
      seen.add(txid);
    }
    expect(seen.size).toBe(20_000);
  });

  it('drops the bytes that would bias the alphabet (≥ 248) instead of folding them', () => {
    // Every byte 248..255 would map to 'A'..'H' again under a plain modulo.
    const bytes = [...Array(32).fill(255), ...Array.from({ length: 32 }, (_, i) => i)];
    let offset = 0;
    const txid = newOfflineTxid((size) => {
      const chunk = Buffer.from(bytes.slice(offset, offset + size));
      offset += size;
      return chunk;
    });
    expect(txid).toHaveLength(OFFLINE_TXID_LENGTH);
    expect(txid).toBe('BO' + 'ABCDEFGHIJKLMNOPQRSTUVW');
  });
});

describe('buildOfflineBrCode', () => {
  it('reads back as a static code with the key, the amount, the merchant and the txid, with a valid CRC', () => {
    const txid = newOfflineTxid();
    const brCode = buildOfflineBrCode({
      pixKey: 'loja@example.com',
      value: 1234,
      txid,
      merchantName: 'Padaria São João',
      merchantCity: 'Belém',
    });
    expect(hasValidCrc(brCode)).toBe(true);
    expect(decodeBrCode(brCode)).toMatchObject({
      pointOfInitiation: 'STATIC',
      pixKey: 'loja@example.com',
      amountCents: 1234,
      txid,
      merchantName: 'Padaria Sao Joao',
      merchantCity: 'Belem',
    });
  });

  it('holds for any amount and any merchant text (property)', () => {
    fc.assert(
      fc.property(fc.integer({ min: 1, max: 99_999_999_999 }), fc.string(), fc.string(), (value, name, city) => {
        const txid = newOfflineTxid();
        // Any text: one ASCII cannot spell (" ", "東京") gives a plain word, never a refusal.
        const brCode = buildOfflineBrCode({
          pixKey: '+5511987654321',
          value,
          txid,
          merchantName: name,
          merchantCity: city,
        });
        const decoded = decodeBrCode(brCode);
        return decoded.amountCents === value && decoded.txid === txid && decoded.pixKey === '+5511987654321';
      }),
      { numRuns: 300 },
    );
  });

  it('stands a plain word in for a name or city ASCII cannot spell', () => {
    const brCode = buildOfflineBrCode({
      pixKey: 'loja@example.com',
      value: 100,
      txid: newOfflineTxid(),
      merchantName: '東京',
      merchantCity: '★',
    });
    expect(decodeBrCode(brCode)).toMatchObject({ merchantName: 'LOJA', merchantCity: 'BRASIL' });
  });

  it('refuses what no payer could pay: no key, a bad txid, no amount', () => {
    const base = {
      pixKey: 'loja@example.com',
      value: 100,
      txid: newOfflineTxid(),
      merchantName: 'Loja',
      merchantCity: 'Recife',
    };
    expect(() => buildOfflineBrCode({ ...base, pixKey: 'not a key' })).toThrow();
    expect(() => buildOfflineBrCode({ ...base, txid: 'x'.repeat(26) })).toThrow();
    expect(() => buildOfflineBrCode({ ...base, txid: 'has-dash' })).toThrow();
    expect(() => buildOfflineBrCode({ ...base, value: 0 })).toThrow();
    expect(() => buildOfflineBrCode({ ...base, value: 1.5 })).toThrow();
  });
});
