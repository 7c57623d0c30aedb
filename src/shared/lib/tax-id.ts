// CPF / CNPJ parsing for taxID fields and for CPF/CNPJ Pix keys. Shared: the engine, the Pix
// library (src/main/lib/pix re-exports it) and the counter's customer form all read them the same way.
//
// Why cpf-cnpj-validator: it already implements the alphanumeric CNPJ of RFB IN 2.229/2024
// (letters in the first 12 positions, value = charCode − 48, numeric check digits), which
// @brazilian-utils only does behind an option. We still do our own input cleaning, because the
// library's "loose" mode deletes *any* junk ("abc529.982.247-25xyz" would pass), and for CPF we
// call its check-digit function directly: its isValid() also blacklists 123.456.789-09, whose
// check digits are correct and which the Woovi API examples use as a taxID.

import { cnpj as cnpjLib, cpf as cpfLib } from 'cpf-cnpj-validator';

export type TaxIdType = 'BR:CPF' | 'BR:CNPJ';

/** The shape Woovi returns for taxID objects: canonical digits (uppercase for CNPJ), no mask. */
export interface TaxId {
  taxID: string;
  type: TaxIdType;
}

// Users paste CPFs/CNPJs with or without the mask, sometimes with spaces. We remove exactly
// those separators and nothing else, so stray letters or symbols still make the input invalid.
const SEPARATORS = /[.\-/\s]/g;

const CPF_SHAPE = /^\d{11}$/;
// 12 alphanumeric (root + order) then 2 numeric check digits.
const CNPJ_SHAPE = /^[0-9A-Z]{12}\d{2}$/;

function clean(input: string): string {
  return input.replace(SEPARATORS, '').toUpperCase();
}

/** True for a canonical 11-digit CPF with correct check digits and not all the same digit. */
function isCanonicalCpf(digits: string): boolean {
  if (!CPF_SHAPE.test(digits)) return false;
  // 000.000.000-00, 111.111.111-11, … pass the modulo-11 check but are not real CPFs.
  if (/^(\d)\1{10}$/.test(digits)) return false;
  const base = digits.slice(0, 9);
  const dv1 = cpfLib.verifierDigit(base);
  const dv2 = cpfLib.verifierDigit(base + String(dv1));
  return digits.slice(9) === `${dv1}${dv2}`;
}

/** True for a canonical 14-char CNPJ (numeric or alphanumeric) with correct check digits. */
function isCanonicalCnpj(value: string): boolean {
  // Strict mode: exactly 14 [0-9A-Z] with numeric DVs; the library also rejects all-same digits.
  return CNPJ_SHAPE.test(value) && cnpjLib.isValid(value, true);
}

/**
 * Parses a CPF or CNPJ typed with or without its mask ("529.982.247-25", "12.ABC.345/01DE-35",
 * "12abc34501de35"). Returns the canonical form, or null when the shape or check digits are
 * wrong. Length decides the type: 11 → CPF, 14 → CNPJ.
 */
export function parseTaxId(input: string): TaxId | null {
  if (typeof input !== 'string') return null;
  const value = clean(input);
  if (value.length === 11 && isCanonicalCpf(value)) return { taxID: value, type: 'BR:CPF' };
  if (value.length === 14 && isCanonicalCnpj(value)) return { taxID: value, type: 'BR:CNPJ' };
  return null;
}

/** CPF with or without mask. */
export function isValidCpf(input: string): boolean {
  return parseTaxId(input)?.type === 'BR:CPF';
}

/** CNPJ (numeric or alphanumeric, any letter case) with or without mask. */
export function isValidCnpj(input: string): boolean {
  return parseTaxId(input)?.type === 'BR:CNPJ';
}
