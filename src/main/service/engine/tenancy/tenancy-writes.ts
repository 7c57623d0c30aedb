// The rows that make a tenant: a company, its bank account, its receiving Pix key and the
// applications that call the API for it. Shared by the sandbox bootstrap, the `npm run serve`
// app command, application creation and partner applications, so a company made any of these
// ways looks the same. Callers run these inside their transaction.
import { randomInt } from 'node:crypto';
import type { Db } from '#lib/store/database';
import { newObjectId, newUuid } from '../ids';
import { newAppId, type AppCredentials } from './app-credentials';

/** The ISPB our sandbox PSP signs end-to-end ids with (the real service's institution). */
export const SANDBOX_ISPB = '54811417';
export const SANDBOX_BANK_NAME = 'BALCAO SANDBOX IP';

export interface NewCompany {
  officialName: string;
  tradeName: string;
  taxID: string;
  taxIDType: 'BR:CNPJ' | 'BR:CPF';
  merchantName: string;
  merchantCity: string;
  features: readonly string[];
  environment: 'SANDBOX' | 'PRODUCTION';
}

export function insertCompany(db: Db, at: string, company: NewCompany): string {
  const id = newObjectId();
  db.prepare(
    `INSERT INTO companies (id, official_name, trade_name, tax_id, tax_id_type, correlation_id, merchant_name,
       merchant_city, features, environment, created_at)
     VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?)`,
  ).run(
    id,
    company.officialName,
    company.tradeName,
    company.taxID,
    company.taxIDType,
    newUuid(),
    company.merchantName,
    company.merchantCity,
    JSON.stringify([...new Set(company.features)]),
    company.environment,
    at,
  );
  return id;
}

/**
 * A 7-digit sandbox account number clear of the numbers that simulate a failed Pix out
 * (remote-api-notes §8.3: all one digit, or starting with 10101), so a new company's own account
 * never fails its payments by accident.
 */
export function newSandboxAccountNumber(): string {
  for (;;) {
    const number = String(randomInt(2_000_000, 9_999_999));
    if (!/^(\d)\1{6}$/.test(number) && !number.startsWith('10101')) return number;
  }
}

/** The company's default bank account at the sandbox PSP; returns its id. */
export function insertDefaultAccount(
  db: Db,
  at: string,
  companyId: string,
  accountName: string,
  number = newSandboxAccountNumber(),
): string {
  const id = newObjectId();
  db.prepare(
    `INSERT INTO bank_accounts (id, company_id, is_default, ispb, bank_name, branch, account, account_name, created_at)
     VALUES (?, ?, 1, ?, ?, '0001', ?, ?, ?)`,
  ).run(id, companyId, SANDBOX_ISPB, SANDBOX_BANK_NAME, number, accountName, at);
  return id;
}

/** A random (EVP) key as the account's default receiving key; returns the key. */
export function insertEvpKey(db: Db, at: string, companyId: string, accountId: string, key = newUuid()): string {
  db.prepare(
    `INSERT INTO pix_keys (key, company_id, account_id, type, is_default, created_at) VALUES (?, ?, ?, 'EVP', 1, ?)`,
  ).run(key, companyId, accountId, at);
  return key;
}

export interface NewApplication {
  companyId: string;
  accountId: string;
  name: string;
  type: string;
  /** The scopes it holds; with `everyScope` the list is informative only (see TenancyRepo). */
  scopes: readonly string[];
  /** Holds every scope the operations declare, those added later included. */
  everyScope: boolean;
  /** Canonical IP addresses and CIDR blocks; null: any address. */
  allowedIps: readonly string[] | null;
  isMaster: boolean;
  partnerCompanyId?: string;
  /** A chosen AppID (the sandbox's `--app-id`); otherwise one made from new credentials. */
  appId?: string;
}

export interface InsertedApplication extends AppCredentials {
  id: string;
}

export function insertApplication(db: Db, at: string, app: NewApplication): InsertedApplication {
  const id = newObjectId();
  const credentials = newAppId();
  const appId = app.appId ?? credentials.appId;
  db.prepare(
    `INSERT INTO applications (id, company_id, account_id, name, type, client_id, client_secret, app_id, scopes,
       every_scope, allowed_ips, is_master, partner_company_id, created_at)
     VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?)`,
  ).run(
    id,
    app.companyId,
    app.accountId,
    app.name,
    app.type,
    credentials.clientId,
    credentials.clientSecret,
    appId,
    JSON.stringify(app.scopes),
    app.everyScope ? 1 : 0,
    app.allowedIps === null ? null : JSON.stringify(app.allowedIps),
    app.isMaster ? 1 : 0,
    app.partnerCompanyId ?? null,
    at,
  );
  return { id, clientId: credentials.clientId, clientSecret: credentials.clientSecret, appId };
}
