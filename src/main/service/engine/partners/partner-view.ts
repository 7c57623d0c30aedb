import { z } from 'zod';
import { applicationSchema, applicationView } from '../applications/application-view';
import { toGlobalId } from '../ids';
import type { ApplicationRow, BankAccountRow } from '../tenancy/tenancy-rows';
import type { AffiliateRow, PreRegistrationRow } from './partner-repo';

// The partner records as the OpenAPI file shapes them (service-spec.md "Partner records"). taxIDs
// are `{taxID, type}` objects, as everywhere in responses; company ids are global ids
// (`Company:<id>` in base64), as the file's examples show.

const taxIdSchema = z.strictObject({ taxID: z.string(), type: z.enum(['BR:CNPJ', 'BR:CPF']) });

const preRegistrationSchema = z.strictObject({ name: z.string(), website: z.string().optional(), taxID: taxIdSchema });
const userSchema = z.strictObject({
  firstName: z.string(),
  lastName: z.string(),
  email: z.string(),
  phone: z.string(),
  taxID: taxIdSchema,
});

/** POST /api/v1/partner/company's answer: the stored pre-registration, in the shape it was sent. */
export const preRegistrationEchoSchema = z.strictObject({ preRegistration: preRegistrationSchema, user: userSchema });

/** One pre-registration as GET answers it; `company` and `account` once a partner application made the company. */
export const preRegistrationRecordSchema = z.strictObject({
  preRegistration: preRegistrationSchema,
  user: userSchema,
  company: z.strictObject({ id: z.string(), name: z.string(), taxID: taxIdSchema }).optional(),
  account: z.strictObject({ clientId: z.string() }).optional(),
});

export const affiliateSchema = z.strictObject({
  company: z.strictObject({ id: z.string(), name: z.string(), taxID: taxIdSchema, createdAt: z.string() }),
  account: z
    .strictObject({
      clientId: z.string().optional(),
      name: z.string(),
      accountId: z.string(),
      branch: z.string(),
      account: z.string(),
    })
    .optional(),
});

/**
 * An application a partner created (the OpenAPI file's PartnerApplicationPayload) plus `appID`,
 * ours: the AppID the affiliate calls with, so the partner need not assemble it from the client
 * ID and secret.
 */
/** The partner's view of an application it made: the application's, without the account and allowlist (OpenAPI file). */
export const partnerApplicationSchema = applicationSchema.omit({ companyBankAccount: true, allowedIps: true });

export function preRegistrationEcho(row: PreRegistrationRow): z.output<typeof preRegistrationEchoSchema> {
  return {
    preRegistration: {
      name: row.name,
      ...(row.website === null ? {} : { website: row.website }),
      taxID: { taxID: row.tax_id, type: row.tax_id_type },
    },
    user: {
      firstName: row.user_first_name,
      lastName: row.user_last_name,
      email: row.user_email,
      phone: row.user_phone,
      taxID: { taxID: row.user_tax_id, type: row.user_tax_id_type },
    },
  };
}

export function companyGlobalId(companyId: string): string {
  return toGlobalId('Company', companyId);
}

export function preRegistrationRecord(
  row: PreRegistrationRow,
  company: { name: string; taxID: string; taxIDType: 'BR:CNPJ' | 'BR:CPF' } | undefined,
  application: ApplicationRow | undefined,
): z.output<typeof preRegistrationRecordSchema> {
  return {
    ...preRegistrationEcho(row),
    ...(row.company_id !== null && company
      ? {
          company: {
            id: companyGlobalId(row.company_id),
            name: company.name,
            taxID: { taxID: company.taxID, type: company.taxIDType },
          },
        }
      : {}),
    ...(application ? { account: { clientId: application.client_id } } : {}),
  };
}

export function affiliateView(
  row: AffiliateRow,
  account: BankAccountRow | undefined,
  application: ApplicationRow | undefined,
): z.output<typeof affiliateSchema> {
  return {
    company: {
      id: companyGlobalId(row.company_id),
      name: row.company_name,
      taxID: { taxID: row.company_tax_id, type: row.company_tax_id_type },
      createdAt: row.company_created_at,
    },
    ...(account
      ? {
          account: {
            ...(application ? { clientId: application.client_id } : {}),
            name: account.account_name,
            accountId: account.id,
            branch: account.branch,
            account: account.account,
          },
        }
      : {}),
  };
}

export function partnerApplicationView(row: ApplicationRow): z.output<typeof partnerApplicationSchema> {
  const { companyBankAccount: _account, allowedIps: _allowlist, ...view } = applicationView(row);
  return view;
}
