import { describe, expect, it } from 'vitest';
import { isEndToEndId, newEndToEndId, newReturnId, parseEndToEndId, randomIdSuffix } from '#lib/pix/end-to-end-id';

describe('newEndToEndId / newReturnId', () => {
  it('reproduces the documented examples from their parts', () => {
    expect(newEndToEndId('18236120', new Date(Date.UTC(2025, 8, 23, 18, 10, 59)), () => 's56149dd987')).toBe(
      'E18236120202509231810s56149dd987',
    );
    expect(newReturnId('23114447', new Date(Date.UTC(2022, 8, 16, 14, 15)), () => 'HPf0GiKMeR4')).toBe(
      'D23114447202209161415HPf0GiKMeR4',
    );
  });

  it('stamps UTC, not local time', () => {
    // Run in a non-UTC zone, so a local-time implementation would give 202512312230.
    const savedTz = process.env.TZ;
    process.env.TZ = 'America/Sao_Paulo';
    try {
      const at = new Date('2025-12-31T22:30:00-03:00'); // 01:30 UTC on 1 January
      expect(at.getHours()).toBe(22);
      expect(newEndToEndId('00000000', at, () => 'AAAAAAAAAAA').slice(9, 21)).toBe('202601010130');
      expect(parseEndToEndId('E00000000202601010130AAAAAAAAAAA')?.at.getTime()).toBe(at.getTime());
    } finally {
      if (savedTz === undefined) delete process.env.TZ;
      else process.env.TZ = savedTz;
    }
  });

  it('uses 11 crypto-random [A-Za-z0-9] characters by default', () => {
    const at = new Date(Date.UTC(2026, 0, 2, 3, 4));
    const ids = Array.from({ length: 2000 }, () => newEndToEndId('12345678', at));
    expect(new Set(ids).size).toBe(ids.length);
    for (const id of ids) {
      expect(id).toHaveLength(32);
      expect(id).toMatch(/^E12345678202601020304[A-Za-z0-9]{11}$/);
    }
    // Every one of the 62 characters should show up in 22,000 draws.
    expect(new Set(ids.map((id) => id.slice(21)).join('')).size).toBe(62);
    expect(randomIdSuffix()).toMatch(/^[A-Za-z0-9]{11}$/);
  });

  it('rejects a bad ISPB, suffix or date', () => {
    const at = new Date();
    expect(() => newEndToEndId('1234567', at)).toThrow(/ISPB/);
    expect(() => newEndToEndId('1234567-', at)).toThrow(/ISPB/);
    expect(() => newEndToEndId('12345678', at, () => 'short')).toThrow(/suffix/);
    expect(() => newEndToEndId('12345678', at, () => 'abcdefghij_')).toThrow(/suffix/);
    expect(() => newReturnId('12345678', new Date(Number.NaN))).toThrow(/valid Date/);
  });
});

describe('isEndToEndId / parseEndToEndId', () => {
  it('accepts E and D ids of the documented shape', () => {
    for (const id of [
      'E18236120202509231810s56149dd987',
      'D12345678202009091000abcde123456',
      'D09089356202108032000a543e325902',
      'D23114447202209161415HPf0GiKMeR4',
    ]) {
      expect(isEndToEndId(id)).toBe(true);
    }
  });

  it('rejects other shapes', () => {
    expect(isEndToEndId('E18236120202509231810s56149dd98')).toBe(false); // 31 chars
    expect(isEndToEndId('E18236120202509231810s56149dd9877')).toBe(false); // 33 chars
    expect(isEndToEndId('X18236120202509231810s56149dd987')).toBe(false);
    expect(isEndToEndId('e18236120202509231810s56149dd987')).toBe(false);
    expect(isEndToEndId('E1823612020250923181As56149dd987')).toBe(false); // letter in the timestamp
    expect(isEndToEndId('E18236120202509231810s56149dd-87')).toBe(false);
  });

  it('parses the parts and refuses impossible timestamps', () => {
    expect(parseEndToEndId('E18236120202509231810s56149dd987')).toEqual({
      kind: 'E',
      ispb: '18236120',
      at: new Date(Date.UTC(2025, 8, 23, 18, 10)),
      suffix: 's56149dd987',
    });
    expect(parseEndToEndId('E18236120202513231810s56149dd987')).toBeNull(); // month 13
    expect(parseEndToEndId('E18236120202502301810s56149dd987')).toBeNull(); // 30 February
    expect(parseEndToEndId('E18236120202509232410s56149dd987')).toBeNull(); // 24:10
    expect(parseEndToEndId('nope')).toBeNull();
  });

  it('round-trips generated ids', () => {
    const at = new Date(Date.UTC(2030, 5, 15, 23, 59));
    const id = newReturnId('ABCD1234', at);
    expect(parseEndToEndId(id)).toMatchObject({ kind: 'D', ispb: 'ABCD1234', at });
  });
});
