import { describe, expect, it } from 'vitest';
import { getBanks } from '@brazilian-utils/brazilian-utils';
import {
  allPsps,
  bankByCompe,
  findPsps,
  pixParticipation,
  pspByIspb,
  validatePspFilter,
} from '#service/engine/psps/psp-directory';

describe('PSP directory: data', () => {
  it("has the remote API's example record exactly", () => {
    expect(findPsps({ compe: '001' })).toEqual([
      { name: 'BCO DO BRASIL S.A.', ispb: '00000000', code: '00000000', compe: '001' },
    ]);
  });

  it('knows the big banks and Woovi by COMPE and ISPB', () => {
    const known: [compe: string, ispb: string, name: RegExp][] = [
      ['001', '00000000', /^BCO DO BRASIL/],
      ['237', '60746948', /BRADESCO/],
      ['341', '60701190', /^ITAÚ UNIBANCO/],
      ['104', '00360305', /^CAIXA ECONOMICA FEDERAL$/],
      ['033', '90400888', /SANTANDER/],
      ['260', '18236120', /^NU PAGAMENTOS/],
      ['077', '00416968', /INTER/],
      ['694', '54811417', /^WOOVI/],
    ];
    for (const [compe, ispb, name] of known) {
      const byCompe = bankByCompe(compe);
      expect(byCompe).toEqual({ name: expect.stringMatching(name), ispb, code: ispb, compe });
      expect(pspByIspb(ispb)).toEqual(byCompe);
    }
  });

  it('every record is well-formed and identifiers are unique', () => {
    const psps = allPsps();
    expect(psps.length).toBeGreaterThan(400);
    for (const psp of psps) {
      expect(psp.ispb).toMatch(/^\d{8}$/);
      expect(psp.code).toBe(psp.ispb);
      if (psp.compe !== null) expect(psp.compe).toMatch(/^\d{3}$/);
      expect(psp.name).toBe(psp.name.trim());
      expect(psp.name).not.toBe('');
    }
    expect(new Set(psps.map((p) => p.ispb)).size).toBe(psps.length);
    const compes = psps.flatMap((p) => (p.compe === null ? [] : [p.compe]));
    expect(new Set(compes).size).toBe(compes.length);
    // Sorted by ISPB.
    expect(psps.map((p) => p.ispb)).toEqual(psps.map((p) => p.ispb).sort());
  });

  it('agrees with the bank list of @brazilian-utils (another maintained source) on every bank it has', () => {
    const theirs = getBanks();
    expect(theirs.length).toBeGreaterThan(400);
    for (const bank of theirs) {
      expect(pspByIspb(bank.ispb), `ISPB ${bank.ispb} (${bank.name})`).toMatchObject({
        ispb: bank.ispb,
        compe: bank.code,
      });
    }
  });

  it('tells how an institution takes part in Pix', () => {
    expect(pixParticipation('00000000')).toBe('direct');
    expect(pixParticipation('54811417')).toBe('direct'); // Woovi
    expect(pixParticipation(bankByCompe('804')?.ispb ?? '')).toBe('indirect');
    expect(pixParticipation(bankByCompe('029')?.ispb ?? '')).toBeNull(); // Banco Itaú Consignado
    expect(pixParticipation('99999999')).toBeNull();
  });
});

describe('PSP directory: lookups', () => {
  it('COMPE codes are matched exactly, with or without their leading zeros', () => {
    for (const compe of ['001', '01', '1', 1, ' 001 ']) {
      expect(findPsps({ compe }).map((p) => p.ispb)).toEqual(['00000000']);
    }
    expect(bankByCompe(1)?.compe).toBe('001');
    expect(bankByCompe('33')?.name).toMatch(/SANTANDER/);
    // No prefix search: "34" is COMPE 034, not every code starting with 34.
    const compe034 = bankByCompe('034');
    expect(findPsps({ compe: '34' })).toEqual(compe034 ? [compe034] : []);
    expect(bankByCompe('999')).toBeNull();
    expect(bankByCompe('0001')).toBeNull();
    expect(findPsps({ compe: '0001' })).toEqual([]);
    expect(findPsps({ compe: 'abc' })).toEqual([]);
  });

  it('ISPBs are matched exactly, with or without their leading zeros', () => {
    expect(findPsps({ ispb: '00360305' })).toEqual([
      { name: 'CAIXA ECONOMICA FEDERAL', ispb: '00360305', code: '00360305', compe: '104' },
    ]);
    expect(findPsps({ ispb: 360305 })).toEqual(findPsps({ ispb: '00360305' }));
    expect(pspByIspb(0)?.compe).toBe('001');
    expect(findPsps({ ispb: '0036' })).toEqual([]); // not a prefix search
    expect(findPsps({ ispb: '123456789' })).toEqual([]);
    expect(findPsps({ ispb: '0036-0305' })).toEqual([]);
    expect(pspByIspb('99999999')).toBeNull();
  });

  it('names are searched ignoring case, accents and spacing, in the short and the long name', () => {
    const compesOf = (name: string) => findPsps({ name }).map((p) => p.compe);
    expect(compesOf('banco do brasil')).toContain('001'); // long name "Banco do Brasil S.A."
    expect(compesOf('BCO DO BRASIL')).toContain('001'); // short name
    for (const name of ['itau', 'ITAÚ', 'Itaú Unibanco', '  itaú   unibanco ']) expect(compesOf(name)).toContain('341');
    expect(compesOf('itau')).toEqual(expect.arrayContaining(['029', '184', '341']));
    expect(compesOf('nu pagamentos')).toContain('260');
    expect(compesOf('mentore')).toEqual(['804']); // "MÊNTORE IP S.A."
    expect(compesOf('woovi')).toEqual(['694']);
    expect(compesOf('no such institution')).toEqual([]);
  });

  it('filters combine with AND; absent or blank filters do not filter', () => {
    expect(findPsps({ compe: '341', name: 'itau' }).map((p) => p.compe)).toEqual(['341']);
    expect(findPsps({ compe: '341', name: 'bradesco' })).toEqual([]);
    expect(findPsps({ ispb: '60701190', compe: '237' })).toEqual([]);
    expect(findPsps({ ispb: '60701190', compe: '341', name: 'unibanco' })).toHaveLength(1);
    const all = allPsps();
    expect(findPsps()).toEqual(all);
    expect(findPsps({ name: '', ispb: '  ', compe: null })).toEqual(all);
  });

  it('answers fresh objects: changing a result changes nothing else', () => {
    const first = findPsps({ compe: '001' })[0]!;
    first.name = 'changed';
    const byCompe = bankByCompe('001');
    if (byCompe) byCompe.ispb = 'changed';
    expect(findPsps({ compe: '001' })[0]).toEqual({
      name: 'BCO DO BRASIL S.A.',
      ispb: '00000000',
      code: '00000000',
      compe: '001',
    });
    expect(pspByIspb('00000000')?.ispb).toBe('00000000');
  });

  it('validatePspFilter says which filter is malformed', () => {
    expect(validatePspFilter({})).toBeNull();
    expect(validatePspFilter({ ispb: '1', compe: '1', name: 'x' })).toBeNull();
    expect(validatePspFilter({ ispb: '123456789' })).toBe('ispb must have 1 to 8 digits');
    expect(validatePspFilter({ ispb: 'abc' })).toBe('ispb must have 1 to 8 digits');
    expect(validatePspFilter({ compe: '0001' })).toBe('compe must have 1 to 3 digits');
    expect(validatePspFilter({ compe: '1a' })).toBe('compe must have 1 to 3 digits');
    expect(validatePspFilter({ ispb: '', compe: ' ' })).toBeNull();
  });
});
