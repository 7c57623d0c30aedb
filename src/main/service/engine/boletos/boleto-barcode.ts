// Boleto validation: the barcode (44 digits) or the linha digitável (47 digits for a bank slip,
// a "título" / ficha de compensação; 48 digits for an "arrecadação" slip of a utility, tax or
// convênio, always starting with 8) is checked digit by digit and read into its parts. Pure: no
// database, no network, no clock (the caller passes `now`). POST /api/v1/boleto/validate reads
// what the barcode itself carries from here; the beneficiary (`finalBeneficiary`) is not in it.
//
// Sources:
// * Bank slip: Carta-Circular BCB nº 2.926/2000 (barcode layout, the módulo 10 DVs of fields 1–3
//   of the linha digitável, the módulo 11 general DV where a result of 0, 10 or 11 becomes 1) and
//   the FEBRABAN "Manual Operacional do Fator de Vencimento da Cobrança Bancária" (v01, 2012).
//   Barcode: 1–3 bank (COMPE), 4 currency (9 = real), 5 general DV, 6–9 due factor, 10–19 value
//   in cents, 20–44 free field (the bank's). Linha digitável, 5 fields:
//     field 1 = barcode 1–4 + 20–24, DV     field 2 = barcode 25–34, DV     field 3 = 35–44, DV
//     field 4 = the general DV (barcode 5)  field 5 = barcode 6–19 (factor and value)
// * Arrecadação: FEBRABAN "Layout Padrão de Arrecadação/Recebimento com Utilização do Código de
//   Barras". Barcode: 1 product (8), 2 segment, 3 value identifier, 4 general DV, 5–15 value,
//   16–19 company/agency code (16–23 the CNPJ root for segment 6), the rest free. Identifier 6
//   or 7 → módulo 10 DVs, 8 or 9 → módulo 11 DVs (a remainder of 0 or 1 gives 0, 10 gives 1);
//   6 and 8 carry the value in cents, 7 and 9 a reference quantity (an index, not money). The
//   linha digitável is the barcode in 4 blocks of 11 digits, each followed by its DV, computed
//   with the same modulus as the general DV.
//
// The due factor counts days from 1997-10-07: 1000 was 2000-07-03 and 9999 was 2025-02-21. It has
// four digits, so FEBRABAN restarted it at 1000 on 2025-02-22 (Comunicado FB-009/2023, reproduced
// by the banks' layout manuals: Bradesco, Itaú, Santander, BB); the cycle is 9000 days, so 9999
// comes again on 2049-10-13 and 1000 on 2049-10-14. A factor is therefore ambiguous: 1000 is
// 2000-07-03 or 2025-02-22.
// FEBRABAN's range of use settles it (Comunicado FEBRABAN nº 082/2012 of 2012-06-14, from its
// CENEGESC, as quoted by the BoletoNet library, which refuses to issue outside it: a due date at
// most 3000 days before and 5500 days after the current date): of the dates 9000 days apart that
// a factor can mean, the one within [today − 3000, today + 5500] (today in São Paulo) is the due
// date. That window is 8501 days long, so at most one date falls in it; for the 499 factors that
// have none at a given `now`, the nearest date is taken, which is always the past one (3001–3499
// days ago rather than 5501–5999 ahead). Both cases come to one rule, the one coded: the latest
// date not after today + 5500 days (never before the first cycle, for a `now` older than the
// scheme). It is the rule of @brazilian-utils' getBoletoInfo too (its RANGE_BEFORE/RANGE_AFTER);
// the tests check they agree.
// Factor 0000 means "no due date" (à vista / contra-apresentação). 0001–0999 never denoted a day
// either (the manual: a value field starting with 0 carries no factor), so they also give none.
//
// `expiresDate` is the end of the due day in São Paulo as an ISO instant (due 2026-06-19 →
// "2026-06-20T02:59:59.999Z"), the form of the remote API's example; `dueDate` is the day itself.
// A slip whose value field is zero ("valor a ser informado") has totalValue 0.
//
// Why not @brazilian-utils/brazilian-utils for all of this (it is a dependency, and the tests use
// its isValidBoleto / getBoletoInfo as an oracle for every slip they both read):
// * isValidBoleto answers true/false, and this service has to say which DV is wrong;
// * it does not take the 44-digit barcode of a bank slip (only the 47-digit line), and its
//   parseBoleto silently truncates longer input to 47/48 digits;
// * its sanitising drops every non-digit, so "0019X0000…" or a line with letters still validates;
// * the currency digit is not checked (it documents that leniency);
// * getBoletoInfo builds the due date as a local-time Date (`new Date(1997, 9, 7 + days)`) and
//   reads its referenceDate in the process time zone, so the day shifts with the machine's TZ
//   once turned into an instant; here days are São Paulo calendar days (src/shared).
//
// Arrecadação slips have no issuing bank and no standard due date (the free field is the biller's
// own), so `issuingEntity` and `expiresDate` are null; `segment` and `companyId` say who bills.
// Over 300 lines because FEBRABAN's two slip layouts (título and arrecadação), their check digits
// (módulo 10 and 11) and the field readers are one specification, kept and tested together.

import { addDays, daysBetween, type CalendarDay } from '#shared/lib/calendar-day';
import { saoPauloDate, saoPauloInstant } from '#shared/lib/sao-paulo-time';
import { bankByCompe } from '../psps/psp-directory';

/** A bank slip ("título", ficha de compensação). */
export interface TitleBoleto {
  kind: 'title';
  /** The 44-digit barcode. */
  barcode: string;
  /** The 47-digit linha digitável, digits only. */
  digitable: string;
  /** Value in cents (0 when the slip leaves it to be informed at payment). */
  totalValue: number;
  /** The 4-digit due factor as printed (0 = no due date). */
  dueFactor: number;
  /** The due day (São Paulo calendar), or null when the slip has no due factor. */
  dueDate: CalendarDay | null;
  /** End of the due day in São Paulo as an ISO instant, or null when there is no due date. */
  expiresDate: string | null;
  /** The issuing bank: its COMPE code and name from the PSP directory (null name if unknown). */
  issuingEntity: { code: string; name: string | null };
}

/** An arrecadação slip (utilities, taxes, convênios): 48-digit line starting with 8. */
export interface ArrecadacaoBoleto {
  kind: 'arrecadacao';
  /** The 44-digit barcode. */
  barcode: string;
  /** The 48-digit linha digitável, digits only. */
  digitable: string;
  /** Value in cents when the slip carries one (identifier 6 or 8), else null. */
  totalValue: number | null;
  /** The reference quantity when the slip carries one instead of a value (identifier 7 or 9), else null. */
  referenceValue: number | null;
  /** The value identifier (barcode position 3): 6/7 use módulo 10 DVs, 8/9 módulo 11. */
  valueIdentifier: 6 | 7 | 8 | 9;
  /** Which modulus the check digits use. */
  checkDigitModulus: 10 | 11;
  /** FEBRABAN segment (barcode position 2) and its name. */
  segment: { code: number; name: string };
  /** The biller: its 4-digit FEBRABAN code, or for segment 6 the 8-digit CNPJ root. */
  companyId: string;
  /** Not in the barcode: the free field's layout is the biller's own. */
  dueDate: null;
  expiresDate: null;
  /** No bank issues an arrecadação slip. */
  issuingEntity: null;
}

export type Boleto = TitleBoleto | ArrecadacaoBoleto;

export type BoletoValidation = { ok: true; boleto: Boleto } | { ok: false; error: string };

export interface ValidateBoletoOptions {
  /** The reference instant for reading the due factor (default: the current time). */
  now?: Date;
}

/** FEBRABAN's arrecadação segments (there is no 0 nor 8). */
export const ARRECADACAO_SEGMENTS: Readonly<Record<number, string>> = Object.freeze({
  1: 'Prefeituras',
  2: 'Saneamento',
  3: 'Energia elétrica e gás',
  4: 'Telecomunicações',
  5: 'Órgãos governamentais',
  6: 'Carnês e assemelhados ou demais empresas/órgãos identificados pelo CNPJ',
  7: 'Multas de trânsito',
  9: 'Uso exclusivo do banco',
});

export const DUE_FACTOR_BASE: CalendarDay = '1997-10-07';
/** Days in one cycle of the due factor (1000…9999). */
export const DUE_FACTOR_CYCLE = 9000;
/**
 * FEBRABAN's range of use around the current day (Comunicado 082/2012). Only its end decides
 * which date a factor means (see the file header); the start is the range's other half.
 */
export const DUE_FACTOR_DAYS_BEFORE = 3000;
export const DUE_FACTOR_DAYS_AFTER = 5500;

const SEPARATORS = /[\s.-]/g;
const ONLY_DIGITS = /^\d*$/;

/**
 * Validates a boleto given as a 44-digit barcode, a 47-digit bank-slip line or a 48-digit
 * arrecadação line. Whitespace, dots and hyphens are ignored; any other character, or another
 * number of digits, is an error. Every check digit is verified.
 */
export function validateBoleto(input: unknown, options: ValidateBoletoOptions = {}): BoletoValidation {
  if (typeof input !== 'string') return fail('Barcode must be a string');
  const digits = input.replace(SEPARATORS, '');
  if (!ONLY_DIGITS.test(digits)) return fail('Barcode must contain only digits, spaces, dots or hyphens');
  const now = options.now ?? new Date();
  switch (digits.length) {
    case 44:
      // Product 8 with a value identifier 6–9 is arrecadação; a bank slip starts with its COMPE
      // code, and the only one starting with 8 today (804) has no such third digit.
      return digits[0] === '8' && isValueIdentifier(digits[2]) ? readArrecadacao(digits) : readTitle(digits, now);
    case 47:
      return titleFromDigitable(digits, now);
    case 48:
      if (digits[0] !== '8') return fail('A 48-digit line must be an arrecadação slip, starting with 8');
      return arrecadacaoFromDigitable(digits);
    default:
      return fail(`Barcode must have exactly 44, 47 or 48 digits (got ${digits.length})`);
  }
}

/**
 * The due day a 4-digit due factor denotes, read around `now` by FEBRABAN's range of use (see the
 * file header); null for factors below 1000 (0000 = no due date).
 */
export function dueDateOfFactor(factor: number, now: Date): CalendarDay | null {
  if (!Number.isInteger(factor) || factor < 0 || factor > 9999) throw new RangeError(`not a due factor: ${factor}`);
  if (factor < 1000) return null;
  const today = daysBetween(DUE_FACTOR_BASE, saoPauloDate(now));
  // The latest cycle whose date is not after the window's end: inside the window when one is,
  // else the nearest (see the file header). Never before the first cycle.
  const cycle = Math.max(0, Math.floor((today + DUE_FACTOR_DAYS_AFTER - factor) / DUE_FACTOR_CYCLE));
  return addDays(DUE_FACTOR_BASE, factor + cycle * DUE_FACTOR_CYCLE);
}

/**
 * The due factor that prints `day`: its days since the base, restarted at 1000 every 9000 days
 * (FEBRABAN's 2025 restart, see the file header). The reader takes it back to `day` when read
 * within FEBRABAN's range of use around it (`dueDateOfFactor`); the issuer checks that range.
 * Throws for a day before 2000-07-03, which no factor denotes.
 */
export function dueFactorOf(day: CalendarDay): number {
  const days = daysBetween(DUE_FACTOR_BASE, day);
  if (days < 1000) throw new RangeError(`no due factor denotes ${day}`);
  return ((days - 1000) % DUE_FACTOR_CYCLE) + 1000;
}

/** The 47-digit line of a valid 44-digit bank-slip barcode (no checks). */
export function titleBarcodeToDigitable(barcode: string): string {
  const field1 = barcode.slice(0, 4) + barcode.slice(19, 24);
  const field2 = barcode.slice(24, 34);
  const field3 = barcode.slice(34, 44);
  return `${field1}${mod10(field1)}${field2}${mod10(field2)}${field3}${mod10(field3)}${barcode[4]}${barcode.slice(5, 19)}`;
}

/** The 44-digit barcode of a 47-digit bank-slip line (no checks). */
export function titleDigitableToBarcode(line: string): string {
  return line.slice(0, 4) + line[32] + line.slice(33, 47) + line.slice(4, 9) + line.slice(10, 20) + line.slice(21, 31);
}

/** The 48-digit line of a valid 44-digit arrecadação barcode (no checks). */
export function arrecadacaoBarcodeToDigitable(barcode: string): string {
  const dv = barcode[2] === '6' || barcode[2] === '7' ? mod10 : mod11Arrecadacao;
  let line = '';
  for (let block = 0; block < 4; block++) {
    const digits = barcode.slice(block * 11, block * 11 + 11);
    line += digits + dv(digits);
  }
  return line;
}

// --- bank slips ---

function titleFromDigitable(line: string, now: Date): BoletoValidation {
  const fields: [start: number, end: number][] = [
    [0, 9],
    [10, 20],
    [21, 31],
  ];
  for (const [index, [start, end]] of fields.entries()) {
    if (mod10(line.slice(start, end)) !== Number(line[end])) return fail(`Invalid check digit in field ${index + 1}`);
  }
  return readTitle(titleDigitableToBarcode(line), now, 'Invalid general check digit (field 4)');
}

function readTitle(
  barcode: string,
  now: Date,
  dvError = 'Invalid general check digit (barcode position 5)',
): BoletoValidation {
  if (barcode[3] !== '9') return fail(`Unsupported currency code ${barcode[3]}: only 9 (real) is accepted`);
  if (mod11Title(barcode.slice(0, 4) + barcode.slice(5)) !== Number(barcode[4])) return fail(dvError);
  const dueFactor = Number(barcode.slice(5, 9));
  const dueDate = dueDateOfFactor(dueFactor, now);
  const code = barcode.slice(0, 3);
  return {
    ok: true,
    boleto: {
      kind: 'title',
      barcode,
      digitable: titleBarcodeToDigitable(barcode),
      totalValue: Number(barcode.slice(9, 19)),
      dueFactor,
      dueDate,
      expiresDate: dueDate === null ? null : endOfSaoPauloDay(dueDate),
      issuingEntity: { code, name: bankByCompe(code)?.name ?? null },
    },
  };
}

// --- arrecadação ---

function arrecadacaoFromDigitable(line: string): BoletoValidation {
  if (!isValueIdentifier(line[2])) return fail(invalidIdentifier(line[2]));
  const dv = line[2] === '6' || line[2] === '7' ? mod10 : mod11Arrecadacao;
  let barcode = '';
  for (let block = 0; block < 4; block++) {
    const digits = line.slice(block * 12, block * 12 + 11);
    if (dv(digits) !== Number(line[block * 12 + 11])) return fail(`Invalid check digit in block ${block + 1}`);
    barcode += digits;
  }
  return readArrecadacao(barcode, 'Invalid general check digit (position 4)');
}

function readArrecadacao(
  barcode: string,
  dvError = 'Invalid general check digit (barcode position 4)',
): BoletoValidation {
  if (barcode[0] !== '8') return fail('An arrecadação barcode must start with 8');
  const identifier = barcode[2];
  if (!isValueIdentifier(identifier)) return fail(invalidIdentifier(identifier));
  const segmentCode = Number(barcode[1]);
  const segmentName = ARRECADACAO_SEGMENTS[segmentCode];
  if (segmentName === undefined) return fail(`Invalid arrecadação segment ${barcode[1]}: must be 1 to 7 or 9`);
  const modulus = identifier === '6' || identifier === '7' ? 10 : 11;
  const body = barcode.slice(0, 3) + barcode.slice(4);
  if ((modulus === 10 ? mod10(body) : mod11Arrecadacao(body)) !== Number(barcode[3])) return fail(dvError);
  const value = Number(barcode.slice(4, 15));
  const effective = identifier === '6' || identifier === '8';
  return {
    ok: true,
    boleto: {
      kind: 'arrecadacao',
      barcode,
      digitable: arrecadacaoBarcodeToDigitable(barcode),
      totalValue: effective ? value : null,
      referenceValue: effective ? null : value,
      valueIdentifier: Number(identifier) as 6 | 7 | 8 | 9,
      checkDigitModulus: modulus,
      segment: { code: segmentCode, name: segmentName },
      companyId: segmentCode === 6 ? barcode.slice(15, 23) : barcode.slice(15, 19),
      dueDate: null,
      expiresDate: null,
      issuingEntity: null,
    },
  };
}

function isValueIdentifier(digit: string | undefined): boolean {
  return digit === '6' || digit === '7' || digit === '8' || digit === '9';
}

function invalidIdentifier(digit: string | undefined): string {
  return `Invalid arrecadação value identifier ${digit}: the third digit must be 6, 7, 8 or 9`;
}

// --- check digits ---

/** Módulo 10, weights 2,1,2,1… from the right, a product's digits summed; (10 − sum mod 10) mod 10. */
export function mod10(digits: string): number {
  let sum = 0;
  for (let i = digits.length - 1, weight = 2; i >= 0; i--, weight = 3 - weight) {
    const product = Number(digits[i]) * weight;
    sum += product > 9 ? product - 9 : product;
  }
  return (10 - (sum % 10)) % 10;
}

/** Weights 2…9 from the right, restarting at 2; the sum mod 11. */
function mod11Remainder(digits: string): number {
  let sum = 0;
  for (let i = digits.length - 1, weight = 2; i >= 0; i--, weight = weight === 9 ? 2 : weight + 1) {
    sum += Number(digits[i]) * weight;
  }
  return sum % 11;
}

/** The bank slip's general DV: 11 − remainder, where 0, 10 and 11 become 1. */
export function mod11Title(digits: string): number {
  const dv = 11 - mod11Remainder(digits);
  return dv === 0 || dv >= 10 ? 1 : dv;
}

/** The arrecadação módulo 11 DV: a remainder of 0 or 1 gives 0, 10 gives 1, else 11 − remainder. */
export function mod11Arrecadacao(digits: string): number {
  const remainder = mod11Remainder(digits);
  if (remainder === 0 || remainder === 1) return 0;
  if (remainder === 10) return 1;
  return 11 - remainder;
}

function endOfSaoPauloDay(day: CalendarDay): string {
  return new Date(saoPauloInstant(addDays(day, 1)).getTime() - 1).toISOString();
}

function fail(error: string): BoletoValidation {
  return { ok: false, error };
}
