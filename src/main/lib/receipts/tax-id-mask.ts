// How tax ids and Pix keys appear on a receipt, following what Brazilian banks print
// (Banco Central's guidance under the LGPD): a person's CPF shows only its middle six
// digits, a company's CNPJ is public and is shown in full.

import type { ReceiptTaxId } from './receipt-data';

const MASKED_CPF = '***.***.***-**';

/** "12345678901" -> "***.456.789-**". Anything that is not 11 digits is hidden entirely. */
export function maskCpf(cpf: string): string {
  const digits = cpf.replace(/\D/g, '');
  if (digits.length !== 11) return MASKED_CPF;
  return `***.${digits.slice(3, 6)}.${digits.slice(6, 9)}-**`;
}

/**
 * "12345678000190" -> "12.345.678/0001-90". Also accepts the alphanumeric CNPJ
 * (letters in the first 12 positions, from 2026). Text that is not a CNPJ comes back
 * trimmed, as given: a company's registration is public, there is nothing to hide.
 */
export function formatCnpj(cnpj: string): string {
  const chars = cnpj.replace(/[^0-9A-Za-z]/g, '').toUpperCase();
  if (!/^[0-9A-Z]{12}[0-9]{2}$/.test(chars)) return cnpj.trim();
  return `${chars.slice(0, 2)}.${chars.slice(2, 5)}.${chars.slice(5, 8)}/${chars.slice(8, 12)}-${chars.slice(12)}`;
}

export function maskTaxId(taxId: ReceiptTaxId): string {
  return taxId.type === 'BR:CNPJ' ? formatCnpj(taxId.taxID) : maskCpf(taxId.taxID);
}

/**
 * Pix keys: a CPF key (11 digits, formatted or not) is masked like a CPF; a CNPJ key is
 * formatted; phone, e-mail and random (EVP) keys are printed as they are.
 */
export function maskPixKey(key: string): string {
  const trimmed = key.trim();
  if (/^\d{3}\.?\d{3}\.?\d{3}-?\d{2}$/.test(trimmed)) return maskCpf(trimmed);
  if (/^\d{2}\.?\d{3}\.?\d{3}\/?\d{4}-?\d{2}$/.test(trimmed)) return formatCnpj(trimmed);
  return trimmed;
}
