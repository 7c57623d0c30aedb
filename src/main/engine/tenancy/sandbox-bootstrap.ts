import { cnpj } from 'cpf-cnpj-validator';
import type { Db } from '../../store/database';
import { ALL_SCOPES } from '../operations';
import { newAppSecret, newObjectId, newUuid } from '../ids';

/** The ISPB our sandbox PSP signs end-to-end ids with (the real service's institution). */
export const SANDBOX_ISPB = '54811417';
export const SANDBOX_BANK_NAME = 'BALCAO SANDBOX IP';

export interface SandboxCompanyOptions {
  appId?: string;
  officialName?: string;
  tradeName?: string;
  merchantName?: string;
  merchantCity?: string;
  taxID?: string;
  pixKey?: string;
  scopes?: readonly string[];
  features?: readonly string[];
}

export interface SandboxCompany {
  companyId: string;
  accountId: string;
  applicationId: string;
  appId: string;
  pixKey: string;
}

/**
 * A numeric CNPJ (root + branch 0001 + check digits) for sandbox companies: still the common
 * form on receipts and bank screens, where an alphanumeric one would puzzle a shop owner.
 */
function sandboxCnpj(): string {
  const root = String(10_000_000 + Math.floor(Math.random() * 89_999_999));
  const base = `${root}0001`;
  const first = cnpj.verifierDigit(base);
  return `${base}${first}${cnpj.verifierDigit(`${base}${first}`)}`;
}

/** Builds an AppID the way the real service does: base64 of `Client_Id_<uuid>:Client_Secret_<secret>`. */
export function newAppId(): { clientId: string; clientSecret: string; appId: string } {
  const clientId = `Client_Id_${newUuid()}`;
  const clientSecret = `Client_Secret_${newAppSecret()}`;
  return { clientId, clientSecret, appId: Buffer.from(`${clientId}:${clientSecret}`).toString('base64') };
}

/**
 * Creates a company with its bank account, an EVP Pix key and an application holding every
 * scope: what a new sandbox user gets. All rows commit together.
 */
export function createSandboxCompany(db: Db, now: Date, options: SandboxCompanyOptions = {}): SandboxCompany {
  const at = now.toISOString();
  const companyId = newObjectId();
  const accountId = newObjectId();
  const applicationId = newObjectId();
  const credentials = newAppId();
  const appId = options.appId ?? credentials.appId;
  const pixKey = options.pixKey ?? newUuid();
  const tradeName = options.tradeName ?? 'Balcão Sandbox';
  db.transaction(() => {
    db.prepare(
      `INSERT INTO companies (id, official_name, trade_name, tax_id, tax_id_type, correlation_id, merchant_name,
         merchant_city, features, environment, created_at)
       VALUES (?, ?, ?, ?, 'BR:CNPJ', ?, ?, ?, ?, 'SANDBOX', ?)`,
    ).run(
      companyId,
      options.officialName ?? 'Balcão Sandbox Comércio LTDA',
      tradeName,
      options.taxID ?? sandboxCnpj(),
      newUuid(),
      options.merchantName ?? tradeName,
      options.merchantCity ?? 'São Paulo',
      JSON.stringify(options.features ?? []),
      at,
    );
    db.prepare(
      `INSERT INTO bank_accounts (id, company_id, is_default, ispb, bank_name, branch, account, account_name, created_at)
       VALUES (?, ?, 1, ?, ?, '0001', ?, ?, ?)`,
    ).run(accountId, companyId, SANDBOX_ISPB, SANDBOX_BANK_NAME, String(1_000_000 + Math.floor(Math.random() * 8_999_999)), tradeName, at);
    db.prepare(
      `INSERT INTO pix_keys (key, company_id, account_id, type, is_default, created_at) VALUES (?, ?, ?, 'EVP', 1, ?)`,
    ).run(pixKey, companyId, accountId, at);
    db.prepare(
      `INSERT INTO applications (id, company_id, account_id, name, type, client_id, client_secret, app_id, scopes, every_scope, created_at)
       VALUES (?, ?, ?, 'Sandbox', 'API', ?, ?, ?, ?, ?, ?)`,
    ).run(
      applicationId,
      companyId,
      accountId,
      credentials.clientId,
      credentials.clientSecret,
      appId,
      JSON.stringify(options.scopes ?? ALL_SCOPES),
      // Without chosen scopes the application keeps every scope, those added later included.
      options.scopes === undefined ? 1 : 0,
      at,
    );
  })();
  return { companyId, accountId, applicationId, appId, pixKey };
}

/** The first active application, so a restarted sandbox keeps its AppID. */
export function findSandboxAppId(db: Db): string | null {
  const row = db.prepare<[], { app_id: string }>('SELECT app_id FROM applications WHERE is_active = 1 ORDER BY created_at, id LIMIT 1').get();
  return row?.app_id ?? null;
}
