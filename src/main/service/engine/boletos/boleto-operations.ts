import { z } from 'zod';
import { operation } from '../operation';
import { readBoleto, validatedBoletoSchema } from './boleto-lookup';

// The payments code reads BOLETO payments' slips with the validation's own reading.
export { boletoForPayment, type PayableBoleto, type ValidatedBoleto } from './boleto-lookup';

/** A separator the reader ignores (spaces, dots, hyphens), any number of them; and a digit with them after. */
const SEP = '[\\s.-]*';
const DIGIT = `\\d${SEP}`;
/** An arrecadação's first three digits: product 8, segment 1 to 7 or 9, value identifier 6 to 9. */
const ARRECADACAO_HEAD = `8${SEP}[1-79]${SEP}[6-9]${SEP}`;

/**
 * Every rule of validateBoleto (boleto-barcode.ts) but the check digits, as one pattern: 44
 * digits, an arrecadação barcode (ARRECADACAO_HEAD) or else a bank slip's barcode with currency
 * code 9 in position 4; 47 digits, a bank slip's line with currency code 9 in position 4; 48
 * digits, an arrecadação line (ARRECADACAO_HEAD).
 */
const BOLETO_PATTERN =
  `^${SEP}(?:${ARRECADACAO_HEAD}(?:${DIGIT}){41}|(?!8${SEP}\\d${SEP}[6-9])(?:${DIGIT}){3}9${SEP}(?:${DIGIT}){40}` +
  `|(?:${DIGIT}){3}9${SEP}(?:${DIGIT}){43}|${ARRECADACAO_HEAD}(?:${DIGIT}){45})$`;

const validateBody = z.object({
  // Only the type is checked here: the digits, their count and every check digit are the barcode
  // reader's (boleto-barcode.ts), whose reason is the 400's message as it stands.
  barcode: z
    .string({ error: (issue) => (issue.input === undefined ? 'barcode is required' : 'barcode must be a string') })
    // A 48-digit line masked with a separator between every digit is under 100 characters.
    .max(256, { error: 'barcode is too long (a boleto has at most 48 digits)' })
    // The reader's shape (validateBoleto), as the derived document states it (BOLETO_PATTERN).
    // The check digits no pattern can say: described, and named by x-format.
    .meta({
      pattern: BOLETO_PATTERN,
      description: 'A boleto: its 44-digit barcode, or its 47- or 48-digit line; every check digit must be right',
      'x-format': 'br-boleto',
    }),
});

// The official Node SDK (@woovi/node-sdk) has no boleto method (remote-api-notes §7.2): clients
// call this route directly.
export const boletoOperations = {
  /**
   * POST /api/v1/boleto/validate {barcode} → {boleto}: step 1 of paying a boleto. The barcode (44
   * digits) or the line (47 or 48 digits, masks of spaces, dots and hyphens allowed) is checked
   * digit by digit and read at the request's time (the due factor's cycle is chosen around it);
   * what the answer holds, and the sandbox's test beneficiary, are described in boleto-lookup.ts.
   * An invalid slip is 400 `{error}`. The real service also answers 400 `{error, errorCode:
   * "BOLETO_PROVIDER_ID_UNKNOWN"}` when no boleto provider serves the account; the sandbox has no
   * providers, so never.
   */
  validateBoleto: operation({
    method: 'POST',
    paths: ['/api/v1/boleto/validate'],
    scope: 'BOLETO_VALIDATE_POST',
    // Writes nothing: a validation is a reading of its input.
    access: 'read',
    status: 200,
    summary: 'Validate a boleto by its barcode or line before paying it',
    request: { body: validateBody },
    response: z.strictObject({ boleto: validatedBoletoSchema }),
    handler(ctx, { body: { barcode } }) {
      return { boleto: readBoleto(barcode, ctx.now) };
    },
  }),
};
