import { describe, expect, it } from 'vitest';
import { ufOfStateName } from '#service/engine/customers/brazilian-states';

describe('ufOfStateName', () => {
  it('knows the 27 federative units by their full names', () => {
    const names: Record<string, string> = {
      Acre: 'AC',
      Alagoas: 'AL',
      Amapá: 'AP',
      Amazonas: 'AM',
      Bahia: 'BA',
      Ceará: 'CE',
      'Distrito Federal': 'DF',
      'Espírito Santo': 'ES',
      Goiás: 'GO',
      Maranhão: 'MA',
      'Mato Grosso': 'MT',
      'Mato Grosso do Sul': 'MS',
      'Minas Gerais': 'MG',
      Pará: 'PA',
      Paraíba: 'PB',
      Paraná: 'PR',
      Pernambuco: 'PE',
      Piauí: 'PI',
      'Rio de Janeiro': 'RJ',
      'Rio Grande do Norte': 'RN',
      'Rio Grande do Sul': 'RS',
      Rondônia: 'RO',
      Roraima: 'RR',
      'Santa Catarina': 'SC',
      'São Paulo': 'SP',
      Sergipe: 'SE',
      Tocantins: 'TO',
    };
    for (const [name, uf] of Object.entries(names)) expect(ufOfStateName(name), name).toBe(uf);
    expect(new Set(Object.values(names)).size).toBe(27);
  });

  it('reads a name without accents, in any case, with runs of spaces, and in either Unicode form', () => {
    expect(ufOfStateName('sao paulo')).toBe('SP');
    expect(ufOfStateName('SÃO PAULO')).toBe('SP');
    expect(ufOfStateName('Sa\u0303o Paulo')).toBe('SP'); // decomposed ã, as some keyboards and macOS write it
    expect(ufOfStateName(' Mato  Grosso do   Sul ')).toBe('MS');
    expect(ufOfStateName('PARA')).toBe('PA');
  });

  it('knows nothing else: not a UF, not a part of a name, not a city', () => {
    for (const other of [
      'SP',
      'Paulo',
      'Mato',
      'Grosso do Sul',
      'Rio',
      'Brasília',
      'São Paulo - SP',
      '',
      'constructor',
      '__proto__',
    ]) {
      expect(ufOfStateName(other), other).toBeUndefined();
    }
  });
});
