// What the service says about a boleto, for POST /api/v1/boleto/validate and for BOLETO payments
// alike (the payments code calls boletoForPayment, so a slip is read, and refused, the same way on
// both paths). The barcode itself is read by boleto-barcode.ts; this module turns its reading into
// the remote API's `boleto` object (remote-api-notes §2.2: `{barcode, digitable, expiresDate,
// totalValue, issuingEntity{code,name}, finalBeneficiary{name,taxID}}`) and fills in what the
// barcode does not carry.
//
// The beneficiary. A barcode names the issuing bank (bank slips) or the biller's FEBRABAN code
// (arrecadação), never the beneficiary's name or tax id: the real service gets those from its
// boleto provider, which queries the banks' registry (CIP's Nova Plataforma de Cobrança). The
// sandbox has no registry, so `finalBeneficiary` is a test beneficiary, as the sandbox's payer of
// simulated Pix is a test payer (sandbox-payer.ts):
// * name: always "Beneficiário de Testes", so nobody takes it for a real lookup;
// * taxID: a valid numeric CNPJ (branch 0001), the same for the same slip on every call, whether
//   given as barcode or line, so a validation and the payment that follows it agree. Its root is
//   the one the slip carries when it carries one (an arrecadação slip of segment 6 identifies its
//   biller by the CNPJ root, barcode positions 16–23), else 8 digits derived from the barcode.
// The issuing bank was the other candidate (its name, and its head-office CNPJ from the ISPB); it
// was left because the bank is almost never the beneficiary: a POS showing "pay to Itaú" for a
// utility bill paid through Itaú would be wrong in a way a tester cannot see, while a test
// beneficiary says plainly what it is.
//
// Fields the slip does not have are null, never left out, so clients meet one shape (the OpenAPI
// file marks them "when available" and requires only barcode and totalValue):
// * `expiresDate`: null for a bank slip with due factor 0000 (no due date) and for every
//   arrecadação slip (its due date, if any, lies in the biller's free field);
// * `totalValue`: null for an arrecadação slip with value identifier 7 or 9, whose value field is
//   a reference quantity (an index), not money; 0 for a bank slip whose value is "to be informed";
// * `issuingEntity`: null for arrecadação slips (no bank issues them; the biller is known only by
//   its code); `issuingEntity.name` is null for a bank slip whose COMPE code is not in the PSP
//   directory.

import { createHash } from 'node:crypto';
import { cnpj } from 'cpf-cnpj-validator';
import { z } from 'zod';
import { badRequest } from '../errors';
import { validateBoleto, type Boleto } from './boleto-barcode';

/** The `boleto` of POST /api/v1/boleto/validate's answer. */
export const validatedBoletoSchema = z.strictObject({
  /** The 44-digit barcode, whatever form was given. */
  barcode: z.string(),
  /** The linha digitável, digits only (47 for a bank slip, 48 for arrecadação). */
  digitable: z.string(),
  /** End of the due day in São Paulo (ISO instant), or null when the slip carries no due date. */
  expiresDate: z.string().nullable(),
  /** Cents; null when the slip carries a reference quantity instead of a value. */
  totalValue: z.number().int().nonnegative().nullable(),
  issuingEntity: z.strictObject({ code: z.string(), name: z.string().nullable() }).nullable(),
  finalBeneficiary: z.strictObject({ name: z.string(), taxID: z.string() }),
});

export type ValidatedBoleto = z.output<typeof validatedBoletoSchema>;

/** A boleto the API can pay: a value to debit is known. */
export type PayableBoleto = ValidatedBoleto & { totalValue: number };

export const SANDBOX_BENEFICIARY_NAME = 'Beneficiário de Testes';

/**
 * Reads a boleto given as a 44-digit barcode or a 47/48-digit line (spaces, dots and hyphens
 * ignored), with `now` as the reference day for the due factor. Throws a 400 with the barcode
 * reader's reason when it is not a valid slip.
 */
export function readBoleto(barcode: unknown, now: Date): ValidatedBoleto {
  const result = validateBoleto(barcode, { now });
  if (!result.ok) throw badRequest(result.error);
  return serializeBoleto(result.boleto);
}

/**
 * The boleto a BOLETO payment (POST /api/v1/payment with `boletoBarcode`) pays: the same reading
 * as the validation, refusing with a 400 what the API cannot pay. The payment carries no value
 * (service-spec: "not sent for BOLETO"; the amount comes from the boleto), so a slip must state
 * one:
 * * a bank slip with value 0 ("valor a ser informado": the payer types the amount at the bank's
 *   counter) leaves nothing to debit;
 * * an arrecadação slip with a reference quantity (value identifier 7 or 9) needs the biller's
 *   conversion to money, which the sandbox cannot do, and one with value 0 is like the bank slip;
 * * a bank slip of a COMPE code no institution in the directory holds cannot be routed to a bank.
 * A slip past its due date is still payable at its face value: banks accept late payment until
 * their own limit date, and the fines and interest they add are in their registry, not in the
 * barcode.
 */
export function boletoForPayment(barcode: string, now: Date): PayableBoleto {
  const boleto = readBoleto(barcode, now);
  if (boleto.totalValue === null) {
    throw badRequest(
      'This boleto carries a reference quantity, not a value in reais, and cannot be paid through the API',
    );
  }
  if (boleto.totalValue === 0) {
    throw badRequest(
      'This boleto has no value (the amount is to be informed at payment) and cannot be paid through the API',
    );
  }
  if (boleto.issuingEntity !== null && boleto.issuingEntity.name === null) {
    throw badRequest(`Unknown issuing bank ${boleto.issuingEntity.code}: this boleto cannot be paid`);
  }
  return { ...boleto, totalValue: boleto.totalValue };
}

function serializeBoleto(boleto: Boleto): ValidatedBoleto {
  return {
    barcode: boleto.barcode,
    digitable: boleto.digitable,
    expiresDate: boleto.expiresDate,
    totalValue: boleto.totalValue,
    issuingEntity: boleto.issuingEntity === null ? null : { ...boleto.issuingEntity },
    finalBeneficiary: sandboxBeneficiary(boleto),
  };
}

/** The test beneficiary of a slip (see the file header). */
export function sandboxBeneficiary(boleto: Boleto): { name: string; taxID: string } {
  const root =
    boleto.kind === 'arrecadacao' && boleto.segment.code === 6
      ? boleto.companyId
      : // 8 decimal digits from the barcode's hash; never starting with 0, like sandbox companies' CNPJs.
        String(10_000_000 + (createHash('sha256').update(boleto.barcode).digest().readUInt32BE(0) % 90_000_000));
  const base = `${root}0001`;
  const first = cnpj.verifierDigit(base);
  return { name: SANDBOX_BENEFICIARY_NAME, taxID: `${base}${first}${cnpj.verifierDigit(`${base}${first}`)}` };
}
