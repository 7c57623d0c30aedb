// The sandbox's DICT: who holds a Pix key, as a consultation answers it. There is no central
// directory behind the sandbox, so the answer follows these rules, in this order:
//
// 1. The sandbox's documented test keys (remote-api-notes §8.3): `pix-key-not-found@woovi.com`
//    is not registered (404) and `bank-error@woovi.com` stands for a destination bank that is down
//    (503, see BANK_DOWN_MESSAGE).
// 2. A key registered in this service, by any company, belongs to that company: its legal name
//    and tax ID, and the PSP, branch and account of the bank account holding the key. A key of a
//    closed account is no longer registered.
// 3. Any other key is one held at another bank, as DICT would know it, except random keys:
//    - EVP: not registered. A random key exists only where a PSP created it, and every key this
//      sandbox created is under rule 2; this is the key a test uses to get a 404.
//    - CPF / CNPJ: registered to a person / company with that tax ID.
//    - EMAIL / PHONE: registered to a person with a CPF of its own.
//    The holder's name, CPF (for e-mail and phone), PSP (one of six large ones), branch and account
//    are derived from a hash of the key, so the same key always answers the same holder.
import { createHash } from 'node:crypto';
import { cpf as cpfLib } from 'cpf-cnpj-validator';
import type { Db } from '#lib/store/database';
import { parseTaxId, type PixKeyType } from '#lib/pix';
import type { TenancyRepo } from '../tenancy/tenancy-repo';
import { pixKeyRepo } from './pix-key-repo';

export const SANDBOX_TEST_KEYS = {
  notFound: 'pix-key-not-found@woovi.com',
  bankError: 'bank-error@woovi.com',
} as const;

export const BANK_DOWN_MESSAGE = 'The Pix key holder’s bank is unavailable; try again later';

export interface DictOwner {
  name: string;
  taxID: string;
  taxIDType: 'BR:CPF' | 'BR:CNPJ';
  ispb: string;
  branch: string;
  account: string;
  /** The bank account of this service holding the key; null for a holder at another bank. */
  accountId: string | null;
}

export type DictAnswer =
  | { kind: 'found'; key: string; type: PixKeyType; owner: DictOwner }
  | { kind: 'not-found'; key: string; type: PixKeyType }
  | { kind: 'bank-down'; key: string; type: PixKeyType };

/** A key to consult: its canonical form and type, and every canonical form it could stand for. */
export interface KeyToConsult {
  key: string;
  type: PixKeyType;
  /** The key first, then its readings as other types (an 11-digit text is a CPF or a phone). */
  candidates: readonly string[];
}

/** PSPs of the holders at other banks: large participants a payer's app would show. */
const OTHER_PSPS = ['00000000', '00360305', '60701190', '60746948', '90400888', '18236120'] as const;

const FIRST_NAMES = [
  'Ana',
  'Maria',
  'Juliana',
  'Fernanda',
  'Camila',
  'Beatriz',
  'Larissa',
  'Patrícia',
  'Aline',
  'Luciana',
  'João',
  'José',
  'Carlos',
  'Paulo',
  'Lucas',
  'Rafael',
  'Marcos',
  'Pedro',
  'Gabriel',
  'Thiago',
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
  'Martins',
  'Carvalho',
  'Almeida',
  'Lopes',
  'Soares',
  'Fernandes',
  'Vieira',
  'Barbosa',
];
const TRADES = ['Comércio', 'Serviços', 'Distribuidora', 'Alimentos', 'Materiais de Construção', 'Tecnologia'];

/** Who holds `requested`, by the rules above. Reads only. */
export function lookUpPixKey(db: Db, tenancy: TenancyRepo, requested: KeyToConsult): DictAnswer {
  const { key, type } = requested;
  if (key === SANDBOX_TEST_KEYS.notFound) return { kind: 'not-found', key, type };
  if (key === SANDBOX_TEST_KEYS.bankError) return { kind: 'bank-down', key, type };

  const keys = pixKeyRepo(db);
  for (const candidate of requested.candidates) {
    const row = keys.findAnywhere(candidate);
    if (!row) continue;
    const account = tenancy.account(row.account_id);
    const company = tenancy.company(row.company_id);
    const registeredType = row.type as PixKeyType;
    if (!account || !company || account.closed_at !== null)
      return { kind: 'not-found', key: row.key, type: registeredType };
    const taxId = parseTaxId(company.tax_id);
    return {
      kind: 'found',
      key: row.key,
      type: registeredType,
      owner: {
        name: company.official_name,
        taxID: taxId?.taxID ?? company.tax_id,
        taxIDType: taxId?.type ?? (company.tax_id_type === 'BR:CPF' ? 'BR:CPF' : 'BR:CNPJ'),
        ispb: account.ispb,
        branch: account.branch,
        account: account.account,
        accountId: account.id,
      },
    };
  }

  if (type === 'EVP') return { kind: 'not-found', key, type };
  const hash = createHash('sha256').update(`sandbox-dict:${key}`).digest();
  const pick = <T>(list: readonly T[], byte: number): T => list[hash[byte]! % list.length]!;
  const surname = pick(SURNAMES, 2);
  const person = `${pick(FIRST_NAMES, 1)} ${surname} ${pick(SURNAMES, 3)}`;
  const holder =
    type === 'CNPJ'
      ? { name: `${surname} ${pick(TRADES, 4)} LTDA`, taxID: key, taxIDType: 'BR:CNPJ' as const }
      : { name: person, taxID: type === 'CPF' ? key : derivedCpf(hash), taxIDType: 'BR:CPF' as const };
  return {
    kind: 'found',
    key,
    type,
    owner: {
      ...holder,
      ispb: pick(OTHER_PSPS, 5),
      branch: String(1 + (hash.readUInt16BE(6) % 9999)).padStart(4, '0'),
      account: String(hash.readUInt32BE(8) % 100_000_000).padStart(8, '0'),
      accountId: null,
    },
  };
}

/** A valid CPF from the hash's bytes (12 to 20): nine digits and their check digits. */
function derivedCpf(hash: Buffer): string {
  let base = '';
  for (let i = 12; i < 21; i++) base += String(hash[i]! % 10);
  // 000000000-00 and the like pass the check digits but are no CPF.
  if (/^(\d)\1{8}$/.test(base)) base = `${(Number(base[0]) + 1) % 10}${base.slice(1)}`;
  const first = cpfLib.verifierDigit(base);
  return `${base}${first}${cpfLib.verifierDigit(`${base}${first}`)}`;
}
