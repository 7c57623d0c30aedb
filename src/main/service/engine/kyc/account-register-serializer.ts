import { z } from 'zod';
import type { EngineConfig } from '../context';
import { representativesOf, type AccountRegisterRow, type AccountRegisterStatus } from './account-register-repo';

// The public shapes of an account register: the KYC onboarding answer (OpenAPI
// KycOnboardingAccountRegister, remote-api-notes §6.8), the GET answer (officialName, tradeName,
// type, taxID, status, correlationID) and the ACCOUNT_REGISTER_* event payload (§3.2).

export const ACCOUNT_REGISTER_EVENTS = {
  pending: 'ACCOUNT_REGISTER_PENDING',
  approved: 'ACCOUNT_REGISTER_APPROVED',
  rejected: 'ACCOUNT_REGISTER_REJECTED',
} as const;

const statusSchema = z.enum(['PENDING', 'SUBMITTED', 'APPROVED', 'REJECTED']);
const companyTaxIdSchema = z.strictObject({ taxID: z.string(), type: z.literal('BR:CNPJ') });

export const kycAccountRegisterSchema = z.strictObject({
  status: statusSchema,
  officialName: z.string(),
  tradeName: z.string(),
  taxID: companyTaxIdSchema,
  correlationID: z.string(),
  representatives: z.array(
    z.strictObject({ name: z.string(), taxID: z.strictObject({ taxID: z.string(), type: z.literal('BR:CPF') }) }),
  ),
});

export const kycOnboardingSchema = z.strictObject({
  linkOnboarding: z.string(),
  redirectUrl: z.string().nullable(),
  accountRegister: kycAccountRegisterSchema,
});

export const accountRegisterSchema = z.strictObject({
  officialName: z.string(),
  tradeName: z.string(),
  type: z.literal('BAAS'),
  taxID: companyTaxIdSchema,
  status: statusSchema,
  correlationID: z.string(),
});

/** The page's address: the service's public base and the register's random token, nothing else. */
export function linkOnboarding(config: EngineConfig, row: AccountRegisterRow): string {
  return `${config.publicBaseUrl}/kyc/onboarding/${row.link_token}`;
}

export function serializeKycOnboarding(
  config: EngineConfig,
  row: AccountRegisterRow,
): z.input<typeof kycOnboardingSchema> {
  return {
    linkOnboarding: linkOnboarding(config, row),
    redirectUrl: row.redirect_url,
    accountRegister: {
      status: row.status,
      officialName: row.official_name,
      tradeName: row.trade_name,
      taxID: { taxID: row.tax_id, type: row.tax_id_type },
      correlationID: row.correlation_id,
      representatives: representativesOf(row).map((r) => ({
        name: r.name,
        taxID: { taxID: r.taxID, type: 'BR:CPF' as const },
      })),
    },
  };
}

export function serializeAccountRegister(row: AccountRegisterRow): z.input<typeof accountRegisterSchema> {
  return {
    officialName: row.official_name,
    tradeName: row.trade_name,
    type: 'BAAS',
    taxID: { taxID: row.tax_id, type: row.tax_id_type },
    status: row.status,
    correlationID: row.correlation_id,
  };
}

/**
 * The merchant's account as the events describe it: reserved when the register is created,
 * ACTIVE once approved, REJECTED with the register, PENDING until then (the sandbox's names; the
 * files name no account statuses).
 */
function accountStatus(status: AccountRegisterStatus): 'PENDING' | 'ACTIVE' | 'REJECTED' {
  if (status === 'APPROVED') return 'ACTIVE';
  if (status === 'REJECTED') return 'REJECTED';
  return 'PENDING';
}

/**
 * The ACCOUNT_REGISTER_* payload of remote-api-notes §3.2 (the delivery adds `event`), plus the
 * register's correlationID, as Woovi's newer onboarding webhook docs carry it: without it a
 * partner could match an event to its onboarding only by CNPJ.
 */
export function accountRegisterEventPayload(row: AccountRegisterRow) {
  return {
    accountRegister: {
      officialName: row.official_name,
      taxID: { taxID: row.tax_id, type: row.tax_id_type },
      status: row.status,
      correlationID: row.correlation_id,
    },
    account: {
      status: accountStatus(row.status),
      accountId: row.account_id,
      account: row.account_number,
      branch: row.account_branch,
    },
  };
}
