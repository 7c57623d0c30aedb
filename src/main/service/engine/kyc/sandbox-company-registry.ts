import { createHash } from 'node:crypto';

// The sandbox's stand-in for the public registry (Receita Federal) that KYC enrichment reads on
// the real service: officialName, tradeName and representatives[].name "are automatically
// populated via data enrichment when available" (OpenAPI, POST /api/v1/kyc/onboarding). The
// sandbox has no registry to ask, so it answers deterministically from the number itself: the
// same CNPJ or CPF always gets the same made-up name, and tests can predict it.
//
// What it "knows": every numeric CNPJ and every CPF. An alphanumeric CNPJ (issued from July 2026,
// pix-domain.md) is not in it yet, like a company too new for the public data: the names come back
// empty and the merchant types them on the onboarding page.

const KINDS = [
  'Padaria',
  'Mercearia',
  'Papelaria',
  'Farmácia',
  'Quitanda',
  'Armazém',
  'Sorveteria',
  'Livraria',
  'Floricultura',
  'Empório',
];
const PLACES = [
  'Estrela',
  'Boa Vista',
  'Primavera',
  'São Jorge',
  'Bela Vista',
  'Aurora',
  'Horizonte',
  'Ipê Amarelo',
  'Jardim',
  'Sol Nascente',
];
const FIRST_NAMES = [
  'Maria',
  'José',
  'Ana',
  'João',
  'Francisca',
  'Antônio',
  'Adriana',
  'Carlos',
  'Juliana',
  'Paulo',
  'Márcia',
  'Lucas',
];
const SURNAMES = [
  'Silva',
  'Santos',
  'Oliveira',
  'Souza',
  'Rodrigues',
  'Ferreira',
  'Alves',
  'Pereira',
  'Lima',
  'Gomes',
  'Costa',
  'Ribeiro',
];

function pick(list: readonly string[], seed: Buffer, index: number): string {
  return list[seed[index]! % list.length]!;
}

function seedOf(text: string): Buffer {
  return createHash('sha256').update(text).digest();
}

export interface RegistryCompany {
  officialName: string;
  tradeName: string;
}

/** The registry's names for a canonical CNPJ, or null when the sandbox does not know it. */
export function registryCompany(cnpj: string): RegistryCompany | null {
  if (!/^\d{14}$/.test(cnpj)) return null;
  const seed = seedOf(`cnpj:${cnpj}`);
  const tradeName = `${pick(KINDS, seed, 0)} ${pick(PLACES, seed, 1)}`;
  return { officialName: `${tradeName.toLocaleUpperCase('pt-BR')} COMÉRCIO LTDA`, tradeName };
}

/** The registry's name for a canonical CPF. */
export function registryPersonName(cpf: string): string {
  const seed = seedOf(`cpf:${cpf}`);
  return `${pick(FIRST_NAMES, seed, 0)} ${pick(SURNAMES, seed, 1)} ${pick(SURNAMES, seed, 2)}`;
}
