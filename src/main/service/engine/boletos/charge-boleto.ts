// The boleto of a BOLETO charge (POST /api/v1/charge with `type: "BOLETO"`): the 44-digit barcode
// and the 47-digit linha digitável a shop shows its buyer (WooCommerce's boleto gateway reads
// `charge.paymentMethods.boleto.{boletoBarcode, boletoDigitable, barcodeImage}`).
//
// A bank slip ("título", the layout boleto-barcode.ts reads) issued by the sandbox's own
// institution, the one whose ISPB signs its end-to-end ids (COMPE 694), in reais, due on the
// charge's due day, for the charge's value: POST /api/v1/boleto/validate reads it back to exactly
// that value and day. The 25-digit free field (the bank's own: agency, "nosso número"…) is a
// digest of the charge's id, so the same charge always has the same barcode and two charges never
// share one in practice; nothing is stored, since the value and due date it encodes never change.
//
// The face value is the charge's `value`: fines and interest after the due date are the
// registry's business in a real bank and are not in a barcode (boleto-lookup.ts says the same of
// slips paid late).

import { createHash } from 'node:crypto';
import { daysBetween } from '#shared/lib/calendar-day';
import { saoPauloDate } from '#shared/lib/sao-paulo-time';
import { pspByIspb } from '../psps/psp-directory';
import { SANDBOX_ISPB } from '../tenancy/tenancy-writes';
import { DUE_FACTOR_DAYS_AFTER, dueFactorOf, mod11Title, titleBarcodeToDigitable } from './boleto-barcode';

/** The barcode's value field has 10 digits: R$ 99.999.999,99 at most. */
export const BOLETO_MAX_CENTS = 9_999_999_999;

const ISSUER_COMPE = (() => {
  const compe = pspByIspb(SANDBOX_ISPB)?.compe;
  // The directory is a package's data: loud at startup rather than barcodes of no bank.
  if (!compe) throw new Error(`the PSP directory has no COMPE code for the sandbox's ISPB ${SANDBOX_ISPB}`);
  return compe;
})();

export interface ChargeBoleto {
  /** 44 digits. */
  barcode: string;
  /** 47 digits, no separators. */
  digitable: string;
}

/**
 * Why a BOLETO charge of this value and due date cannot have a barcode, or null when it can:
 * the value must fit the 10-digit value field, and the due day must lie within FEBRABAN's range
 * of use (at most 5,500 days ahead), the range in which a due factor reads back to one day.
 */
export function boletoIssueProblem(value: number, dueDate: Date, now: Date): string | null {
  if (value > BOLETO_MAX_CENTS) {
    return `value of a BOLETO charge must be at most ${BOLETO_MAX_CENTS} cents (the barcode holds 10 digits of value)`;
  }
  if (daysBetween(saoPauloDate(now), saoPauloDate(dueDate)) > DUE_FACTOR_DAYS_AFTER) {
    return `dueDate of a BOLETO charge must be at most ${DUE_FACTOR_DAYS_AFTER} days ahead (FEBRABAN's range for a due factor)`;
  }
  return null;
}

/** The charge's barcode and line. `due_date` is the due day's instant as stored; null prints factor 0000 (no due date). */
export function chargeBoleto(charge: { id: string; value: number; due_date: string | null }): ChargeBoleto {
  const factor = charge.due_date === null ? 0 : dueFactorOf(saoPauloDate(new Date(charge.due_date)));
  // Bank, currency 9 (real), then the general check digit's place, factor, value, free field.
  const head = `${ISSUER_COMPE}9`;
  const tail = `${String(factor).padStart(4, '0')}${String(charge.value).padStart(10, '0')}${freeField(charge.id)}`;
  const barcode = `${head}${mod11Title(head + tail)}${tail}`;
  return { barcode, digitable: titleBarcodeToDigitable(barcode) };
}

/** 25 decimal digits from the charge's id. */
function freeField(chargeId: string): string {
  const digest = createHash('sha256').update(`boleto:${chargeId}`).digest('hex');
  return (BigInt(`0x${digest}`) % 10n ** 25n).toString().padStart(25, '0');
}
