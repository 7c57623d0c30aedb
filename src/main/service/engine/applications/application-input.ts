import { z } from 'zod';
import { MAX_ALLOWED_ADDRESSES, canonicalAllowedAddress } from '#lib/address-allowlist/address-allowlist';

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
      .max(100, { error: 'is too long' }),
    { error: 'must be an array of scope names' },
  )
  .max(500, { error: 'lists too many scopes' });

/**
 * An extension of ours (the real service configures IP allowlists elsewhere, spec
 * "Authentication" 5): the addresses and CIDR blocks the application may call from, stored in
 * canonical form. Omitted: any address.
 */
export const allowedIpList = z
  .array(z.string({ error: 'must be an IP address or CIDR block' }).max(64, { error: 'is too long' }), {
    error: 'must be an array of IP addresses or CIDR blocks',
  })
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
export const deleteApplicationBody = z.object({
  // Checked by the handler, so a missing one answers the real service's own words.
  clientId: z.string({ error: 'must be a string' }).max(200, { error: 'is too long' }).optional(),
});
