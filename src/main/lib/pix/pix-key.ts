// Pix keys (chaves DICT): type detection, validation of the canonical form, and
// normalisation of what a person types at the counter.
//
// Why two levels: DICT and the BR Code (tag 26-01) only know the canonical form
// ("52998224725", "+5511987654321", lowercase e-mail, lowercase UUID), so validatePixKey is
// strict; normalizePixKey is the forgiving front door that turns "529.982.247-25" or
// "(11) 98765-4321" into that form. Type names follow the Woovi API (EVP = chave aleatória).

import { parseTaxId } from '#shared/lib/tax-id';

export type PixKeyType = 'CPF' | 'CNPJ' | 'EMAIL' | 'PHONE' | 'EVP';
/** Woovi's docs also call the random key 'RANDOM'; accepted on input, reported as 'EVP'. */
export type PixKeyTypeInput = PixKeyType | 'RANDOM';

export const PIX_KEY_TYPES: readonly PixKeyType[] = ['CPF', 'CNPJ', 'EMAIL', 'PHONE', 'EVP'];

/** API Pix `chave` maxLength; also what fits in BR Code tag 26-01. */
export const PIX_KEY_MAX_LENGTH = 77;

export interface NormalizedPixKey {
  type: PixKeyType;
  key: string;
}

export type PixKeyValidation = { valid: true; type: PixKeyType; key: string } | { valid: false; reason: string };

// DICT e-mail regex as reproduced by integrators (pix-domain.md §2): lowercase only.
const EMAIL_PATTERN =
  /^[a-z0-9.!#$&'*+/=?^_`{|}~-]+@[a-z0-9](?:[a-z0-9-]{0,61}[a-z0-9])?(?:\.[a-z0-9](?:[a-z0-9-]{0,61}[a-z0-9])?)*$/;

// Any RFC-4122-shaped UUID. We deliberately do not require version 4: the BCB's own example
// EVP 123e4567-e12b-12d1-a456-426655440000 has version nibble 1.
const EVP_PATTERN = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/;

// Anatel area codes (DDD) in use. A phone key is a *mobile* number (DICT accepts only
// celulares), i.e. +55, DDD, then 9 and eight digits.
const AREA_CODES = new Set(
  (
    '11 12 13 14 15 16 17 18 19 21 22 24 27 28 31 32 33 34 35 37 38 41 42 43 44 45 46 47 48 49 ' +
    '51 53 54 55 61 62 63 64 65 66 67 68 69 71 73 74 75 77 79 81 82 83 84 85 86 87 88 89 ' +
    '91 92 93 94 95 96 97 98 99'
  ).split(' '),
);
const PHONE_PATTERN = /^\+55(\d{2})9\d{8}$/;

// When no type is given, an 11-digit string is either a CPF or a phone without +55. Only
// treat it as a CPF when it is written like one (3-3-3-2 groups), as @brazilian-utils does.
const CPF_LIKE = /^\d{3}[ .]?\d{3}[ .]?\d{3}[ -]?\d{2}$/;

/** Resolves the 'RANDOM' alias. */
export function toPixKeyType(type: PixKeyTypeInput): PixKeyType {
  return type === 'RANDOM' ? 'EVP' : type;
}

export function isPixKeyType(value: unknown): value is PixKeyTypeInput {
  return value === 'RANDOM' || PIX_KEY_TYPES.includes(value as PixKeyType);
}

const isCanonical: Record<PixKeyType, (key: string) => boolean> = {
  CPF: (key) => {
    const parsed = parseTaxId(key);
    return parsed?.type === 'BR:CPF' && parsed.taxID === key;
  },
  CNPJ: (key) => {
    const parsed = parseTaxId(key);
    return parsed?.type === 'BR:CNPJ' && parsed.taxID === key;
  },
  EMAIL: (key) => key.length <= PIX_KEY_MAX_LENGTH && EMAIL_PATTERN.test(key),
  PHONE: (key) => {
    const match = PHONE_PATTERN.exec(key);
    return match !== null && AREA_CODES.has(match[1]!);
  },
  EVP: (key) => EVP_PATTERN.test(key),
};

function normalizePhone(input: string): string | null {
  const compact = input.trim().replace(/[\s().-]/g, '');
  let candidate: string;
  if (/^\+\d+$/.test(compact)) candidate = compact;
  else if (/^55\d{11}$/.test(compact)) candidate = `+${compact}`;
  else if (/^\d{11}$/.test(compact)) candidate = `+55${compact}`;
  else return null;
  return isCanonical.PHONE(candidate) ? candidate : null;
}

const normalizers: Record<PixKeyType, (input: string) => string | null> = {
  CPF: (input) => {
    const parsed = parseTaxId(input);
    return parsed?.type === 'BR:CPF' ? parsed.taxID : null;
  },
  CNPJ: (input) => {
    const parsed = parseTaxId(input);
    return parsed?.type === 'BR:CNPJ' ? parsed.taxID : null;
  },
  // DICT stores e-mail keys in lowercase ("caixa baixa").
  EMAIL: (input) => {
    const key = input.trim().toLowerCase();
    return isCanonical.EMAIL(key) ? key : null;
  },
  PHONE: normalizePhone,
  EVP: (input) => {
    const key = input.trim().toLowerCase();
    return isCanonical.EVP(key) ? key : null;
  },
};

/**
 * Turns user input into a canonical key. With `type`, only that type is tried. Without it,
 * the order is EVP → e-mail → CNPJ → CPF (only when written as a CPF) → mobile phone, so an
 * ambiguous bare 11-digit string with valid CPF check digits is read as a CPF; pass the type
 * when the user has chosen one.
 */
export function normalizePixKey(input: string, type?: PixKeyTypeInput): NormalizedPixKey | null {
  if (typeof input !== 'string') return null;
  if (type !== undefined) {
    const resolved = toPixKeyType(type);
    const normalizer = normalizers[resolved];
    if (!normalizer) return null;
    const key = normalizer(input);
    return key === null ? null : { type: resolved, key };
  }
  const trimmed = input.trim();
  const order: PixKeyType[] = trimmed.includes('@') ? ['EMAIL'] : ['EVP', 'CNPJ'];
  for (const candidate of order) {
    const key = normalizers[candidate](trimmed);
    if (key !== null) return { type: candidate, key };
  }
  if (CPF_LIKE.test(trimmed)) {
    const key = normalizers.CPF(trimmed);
    if (key !== null) return { type: 'CPF', key };
  }
  const phone = normalizers.PHONE(trimmed);
  return phone === null ? null : { type: 'PHONE', key: phone };
}

/** The type of a key as typed by a user (canonical or not); null when it is no valid key. */
export function detectPixKeyType(key: string): PixKeyType | null {
  return normalizePixKey(key)?.type ?? null;
}

/**
 * Checks that `key` is already in canonical DICT form (what may go into a BR Code or an API
 * request), optionally of a given type. Canonical forms of different types never overlap,
 * so no type is needed to decide. The reason says how to fix a non-canonical key.
 */
export function validatePixKey(key: string, type?: PixKeyTypeInput): PixKeyValidation {
  if (typeof key !== 'string' || key.length === 0) return { valid: false, reason: 'Pix key is empty' };
  if (type !== undefined && !isPixKeyType(type)) {
    return { valid: false, reason: `unknown Pix key type "${String(type)}"` };
  }
  const expected = type === undefined ? undefined : toPixKeyType(type);
  if (key.length > PIX_KEY_MAX_LENGTH) {
    return { valid: false, reason: `Pix key is ${key.length} characters; the maximum is ${PIX_KEY_MAX_LENGTH}` };
  }
  const candidates = expected === undefined ? PIX_KEY_TYPES : [expected];
  const match = candidates.find((t) => isCanonical[t](key));
  if (match) return { valid: true, type: match, key };

  const normalized = normalizePixKey(key, expected);
  if (normalized) {
    return {
      valid: false,
      reason: `Pix key is a ${normalized.type} key but not in canonical form; use "${normalized.key}"`,
    };
  }
  if (expected !== undefined) {
    const actual = validatePixKey(key);
    if (actual.valid) return { valid: false, reason: `Pix key is a ${actual.type} key, not ${expected}` };
    return { valid: false, reason: `not a valid ${expected} Pix key` };
  }
  return { valid: false, reason: 'not a valid Pix key (CPF, CNPJ, e-mail, +55 mobile phone or EVP)' };
}
