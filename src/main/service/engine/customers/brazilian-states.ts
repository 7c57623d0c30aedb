/**
 * The 27 federative units of Brazil (26 states and the Federal District), by UF. A customer
 * address's `state` is the UF in every example of the OpenAPI file ("SP", "MG"), but shop plugins
 * fill it from what the shop keeps: Magento 2 (Open-Pix/magento2-openpix) sends the region's full
 * name from getRegion(), "São Paulo". Both name the same state.
 */
const STATE_NAMES: Record<string, string> = {
  AC: 'Acre',
  AL: 'Alagoas',
  AP: 'Amapá',
  AM: 'Amazonas',
  BA: 'Bahia',
  CE: 'Ceará',
  DF: 'Distrito Federal',
  ES: 'Espírito Santo',
  GO: 'Goiás',
  MA: 'Maranhão',
  MT: 'Mato Grosso',
  MS: 'Mato Grosso do Sul',
  MG: 'Minas Gerais',
  PA: 'Pará',
  PB: 'Paraíba',
  PR: 'Paraná',
  PE: 'Pernambuco',
  PI: 'Piauí',
  RJ: 'Rio de Janeiro',
  RN: 'Rio Grande do Norte',
  RS: 'Rio Grande do Sul',
  RO: 'Rondônia',
  RR: 'Roraima',
  SC: 'Santa Catarina',
  SP: 'São Paulo',
  SE: 'Sergipe',
  TO: 'Tocantins',
};

/**
 * A name as people and shops type it: without accents ("Sao Paulo" from an ASCII-only store), in
 * any case, with runs of spaces as one.
 */
function comparable(name: string): string {
  return name.normalize('NFD').replace(/\p{M}/gu, '').toLowerCase().replace(/\s+/g, ' ').trim();
}

const UF_BY_NAME = new Map(Object.entries(STATE_NAMES).map(([uf, name]) => [comparable(name), uf]));

/** The UF a state's full name stands for ("são paulo", "SAO PAULO" → "SP"), or undefined. */
export function ufOfStateName(name: string): string | undefined {
  return UF_BY_NAME.get(comparable(name));
}

/**
 * Each ASCII letter with the accented letters that name it once their marks are stripped
 * (comparable): "a" → "aáàâãäå…" and their capitals, read from Latin-1 and Latin Extended-A.
 */
function letterClass(letter: string): string {
  const spellings = new Set([letter, letter.toUpperCase()]);
  for (let code = 0xc0; code <= 0x17f; code++) {
    const char = String.fromCodePoint(code);
    if (comparable(char) === letter) spellings.add(char);
  }
  return `[${[...spellings].join('')}]`;
}

/**
 * What ufOfStateName takes, and any two letters (addressState), as one pattern for the derived
 * document (flagless, as JSON Schema reads it): empty, two ASCII letters, or a state's name in any
 * case, any letter accented or not (combining marks too), words parted by any run of spaces,
 * spaces around.
 */
export const STATE_PATTERN = ((): string => {
  const names = Object.values(STATE_NAMES).map((name) =>
    comparable(name)
      .split(' ')
      .map((word) => [...word].map((letter) => `${letterClass(letter)}[\\u0300-\\u036f]*`).join(''))
      .join('\\s+'),
  );
  return `^\\s*(?:[A-Za-z]{2}|${names.join('|')})?\\s*$`;
})();
