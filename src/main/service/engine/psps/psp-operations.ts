import { z } from 'zod';
import { badRequest } from '../errors';
import { operation } from '../operation';
import { findPsps, validatePspFilter } from './psp-directory';

const filter = (name: string) =>
  z
    .string({ error: `${name} must be a string` })
    .max(200, { error: `${name} is too long` })
    .optional();

/**
 * A code filter: 1 to `digits` digits, spaces around them ignored, or blank (no filter). The
 * handler's check (validatePspFilter, which answers the real service's "Invalid query
 * parameters" text) is stated here for the derived document, as the pattern it enforces.
 */
const codeFilter = (name: string, digits: number) =>
  filter(name).meta({
    pattern: `^\\s*(?:\\d{1,${digits}})?\\s*$`,
    description: `1 to ${digits} digits, left-padded with zeros to ${digits} (blank: no filter)`,
  });

const pspQuery = z.object({ ispb: codeFilter('ispb', 8), name: filter('name'), compe: codeFilter('compe', 3) });

/** One record of GET /api/v1/psp (remote-api-notes §6.3; the OpenAPI file's `compe` is nullable). */
const pspSchema = z.strictObject({
  name: z.string(),
  ispb: z.string(),
  code: z.string(),
  compe: z.string().nullable(),
});

// The official Node SDK (@woovi/node-sdk) has no PSP method (remote-api-notes §7.2): clients call
// this route directly.
export const pspOperations = {
  /**
   * GET /api/v1/psp?ispb&name&compe → {success: true, psps}: the payment institutions of the
   * directory (psp-directory.ts: exact ISPB and COMPE, left-padded; name ignoring case and
   * accents; filters combined), sorted by ISPB. Without filters the whole directory is the answer
   * (about 500 records of four short strings): neither the spec nor the OpenAPI file gives the
   * route pagination, and a client choosing a bank wants the full list. A filter matching nothing
   * is an empty list, not an error.
   * A filter that cannot be an ISPB or a COMPE code is 400. The real service answers it
   * `{success: false, error: "Invalid query parameters"}`; the engine answers every error as
   * `{error}`, so here it is `{error: "Invalid query parameters: <why>"}`, the same status and text.
   */
  listPsps: operation({
    method: 'GET',
    paths: ['/api/v1/psp'],
    scope: 'PSP_GET_LIST',
    access: 'read',
    status: 200,
    summary: 'The payment institutions (PSPs), by ISPB, COMPE code or name',
    request: { query: pspQuery },
    response: z.strictObject({ success: z.literal(true), psps: z.array(pspSchema) }),
    handler(_ctx, { query }) {
      const invalid = validatePspFilter(query);
      if (invalid !== null) throw badRequest(`Invalid query parameters: ${invalid}`);
      return { success: true as const, psps: findPsps(query) };
    },
  }),
};
