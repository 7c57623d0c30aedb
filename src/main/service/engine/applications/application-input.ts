import { z } from 'zod';
import { MAX_ALLOWED_ADDRESSES, canonicalAllowedAddress } from '#lib/address-allowlist/address-allowlist';
import { SCOPE_NAME_META } from '../openapi';

// Input rules of the application operations (create, delete, and the partner's create). Messages
// omit the field: the engine prefixes each with its path ("application.name: is required").

const requiredText = (what = 'a string') =>
  z.string({ error: (issue) => (issue.input === undefined ? 'is required' : `must be ${what}`) });

export const applicationName = requiredText()
  .trim()
  .min(1, { error: 'is required' })
  .max(100, { error: 'is too long (max 100 characters)' });

export const scopeList = z
  .array(
    z
      .string({ error: 'must be a scope name' })
      .trim()
      .min(1, { error: 'must be a scope name' })
      .max(100, { error: 'is too long' })
      // grantedScopes refuses a name no operation declares ("Invalid scopes: …"): the document
      // lists the operation table's scopes here (openapi.ts, which this module cannot import).
      .meta(SCOPE_NAME_META),
    { error: 'must be an array of scope names' },
  )
  .max(500, { error: 'lists too many scopes' })
  // grantedScopes refuses an empty list ("must list at least one scope"), in its own words.
  .meta({ minItems: 1 });

/**
 * An extension of ours (the real service configures IP allowlists elsewhere, spec
 * "Authentication" 5): the addresses and CIDR blocks the application may call from, stored in
 * canonical form. Omitted: any address.
 */
/** An IPv4 byte, written as node's isIP takes it (no leading zero). */
const V4_SEG = '(?:25[0-5]|2[0-4][0-9]|1[0-9][0-9]|[1-9][0-9]|[0-9])';
const V4 = `(?:${V4_SEG}\\.){3}${V4_SEG}`;
const V6_SEG = '(?:[0-9a-fA-F]{1,4})';
/** node's own IPv6 expression (lib/internal/net.js), zone id included: what isIP takes. */
const V6 =
  '(?:' +
  `(?:${V6_SEG}:){7}(?:${V6_SEG}|:)|` +
  `(?:${V6_SEG}:){6}(?:${V4}|:${V6_SEG}|:)|` +
  `(?:${V6_SEG}:){5}(?::${V4}|(?::${V6_SEG}){1,2}|:)|` +
  `(?:${V6_SEG}:){4}(?:(?::${V6_SEG}){0,1}:${V4}|(?::${V6_SEG}){1,3}|:)|` +
  `(?:${V6_SEG}:){3}(?:(?::${V6_SEG}){0,2}:${V4}|(?::${V6_SEG}){1,4}|:)|` +
  `(?:${V6_SEG}:){2}(?:(?::${V6_SEG}){0,3}:${V4}|(?::${V6_SEG}){1,5}|:)|` +
  `(?:${V6_SEG}:){1}(?:(?::${V6_SEG}){0,4}:${V4}|(?::${V6_SEG}){1,6}|:)|` +
  `(?::(?:(?::${V6_SEG}){0,5}:${V4}|(?::${V6_SEG}){1,7}|:))` +
  ')(?:%[0-9a-zA-Z-.:]{1,})?';

/**
 * canonicalAllowedAddress's rule as one pattern, for the derived document: spaces around; an IPv4
 * address with an optional prefix of 0 to 32, or an IPv6 one with 0 to 128 (1 to 3 digits).
 */
export const ALLOWED_ADDRESS_PATTERN = `^\\s*(?:${V4}(?:/(?:0{0,2}\\d|0?[12]\\d|0?3[0-2]))?|${V6}(?:/(?:0{0,2}\\d|0?[1-9]\\d|1[01]\\d|12[0-8]))?)\\s*$`;

export const allowedIpList = z
  .array(
    z
      .string({ error: 'must be an IP address or CIDR block' })
      .max(64, { error: 'is too long' })
      // Checked below (the transform names the entry); stated here for the document.
      .meta({
        pattern: ALLOWED_ADDRESS_PATTERN,
        description: 'An IP address or CIDR block (203.0.113.7, 10.0.0.0/8, 2001:db8::/32)',
      }),
    {
      error: 'must be an array of IP addresses or CIDR blocks',
    },
  )
  .min(1, { error: 'must list at least one address (omit it to allow any address)' })
  .max(MAX_ALLOWED_ADDRESSES, { error: `lists more than ${MAX_ALLOWED_ADDRESSES} addresses` })
  .transform((entries, ctx) => {
    const canonical: string[] = [];
    for (const entry of entries) {
      const value = canonicalAllowedAddress(entry);
      if (value === null) {
        ctx.addIssue({
          code: 'custom',
          message: `"${entry}" is not an IP address or CIDR block (e.g. 203.0.113.7, 10.0.0.0/8, 2001:db8::/32)`,
        });
        return z.NEVER;
      }
      if (!canonical.includes(value)) canonical.push(value);
    }
    return canonical;
  });

/** The types the real service lets only a MASTER application create. */
const MASTER_ONLY_TYPES = new Set(['POS', 'PLUGIN', 'CHECKOUT', 'MASTER']);

/** POST /api/v1/application: the body type is `API` (the OpenAPI file's enum). */
export const createApplicationBody = z.object({
  accountId: z
    .string({
      error: (issue) => (issue.input === undefined ? 'Company bank account ID is required' : 'must be a string'),
    })
    .trim()
    .min(1, { error: 'Company bank account ID is required' })
    .max(64, { error: 'is too long' }),
  application: z.object(
    {
      name: applicationName,
      type: requiredText('API')
        .superRefine((type, ctx) => {
          if (type === 'API') return;
          ctx.addIssue({
            code: 'custom',
            message: MASTER_ONLY_TYPES.has(type)
              ? 'Only MASTER application can create other application types'
              : 'must be API',
          });
        })
        // The check above, as the derived document states it (its own messages stay).
        .meta({ enum: ['API'] }),
      scopes: scopeList.optional(),
      allowedIps: allowedIpList.optional(),
    },
    { error: (issue) => (issue.input === undefined ? 'is required' : 'must be an object') },
  ),
});

/** DELETE /api/v1/application: `{clientId}` (the OpenAPI file's ApplicationDeletePayload). */
export const deleteApplicationBody = z
  .object({
    // Checked by the handler, so a missing or blank one answers the real service's own words
    // ("Application client ID is required", unprefixed); stated here for the derived document.
    clientId: z
      .string({ error: 'must be a string' })
      .max(200, { error: 'is too long' })
      .meta({ pattern: '\\S' })
      .optional(),
  })
  .meta({ required: ['clientId'] });
