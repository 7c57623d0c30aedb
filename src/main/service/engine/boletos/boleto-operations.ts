import { z } from 'zod';
import { operation } from '../operation';
import { readBoleto, validatedBoletoSchema } from './boleto-lookup';

// The payments code reads BOLETO payments' slips with the validation's own reading.
export { boletoForPayment, type PayableBoleto, type ValidatedBoleto } from './boleto-lookup';

const validateBody = z.object({
  // Only the type is checked here: the digits, their count and every check digit are the barcode
  // reader's (boleto-barcode.ts), whose reason is the 400's message as it stands.
  barcode: z
    .string({ error: (issue) => (issue.input === undefined ? 'barcode is required' : 'barcode must be a string') })
    // A 48-digit line masked with a separator between every digit is under 100 characters.
    .max(256, { error: 'barcode is too long (a boleto has at most 48 digits)' })
    // The reader's shape (validateBoleto), as the derived document states it: 44 digits (a
    // barcode), 47 (a bank slip's line) or 48 starting with 8 (an arrecadação line), spaces, dots
    // and hyphens anywhere. The check digits no pattern can say: described, and named by x-format.
    .meta({
      pattern: '^[\\s.-]*(?:(?:\\d[\\s.-]*){44}|(?:\\d[\\s.-]*){47}|8[\\s.-]*(?:\\d[\\s.-]*){47})$',
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
