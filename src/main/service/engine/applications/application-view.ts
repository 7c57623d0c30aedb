import { z } from 'zod';
import type { ApplicationRow } from '../tenancy/tenancy-rows';

/**
 * An application as POST /api/v1/application answers it (the OpenAPI file's Application).
 * `scopes` only when the application has chosen scopes (the file: "includes the scopes field
 * when scopes are assigned"); `allowedIps` (ours) only when it has an allowlist.
 */
export const applicationSchema = z.strictObject({
  name: z.string(),
  isActive: z.boolean(),
  type: z.string(),
  clientId: z.string(),
  clientSecret: z.string(),
  appID: z.string(),
  companyBankAccount: z.string(),
  scopes: z.array(z.string()).optional(),
  allowedIps: z.array(z.string()).optional(),
});
export type ApplicationView = z.infer<typeof applicationSchema>;

export function applicationView(row: ApplicationRow): ApplicationView {
  return {
    name: row.name,
    isActive: row.is_active === 1,
    type: row.type,
    clientId: row.client_id,
    clientSecret: row.client_secret,
    appID: row.app_id,
    companyBankAccount: row.account_id,
    ...(row.every_scope === 1 ? {} : { scopes: JSON.parse(row.scopes) as string[] }),
    ...(row.allowed_ips === null ? {} : { allowedIps: JSON.parse(row.allowed_ips) as string[] }),
  };
}
