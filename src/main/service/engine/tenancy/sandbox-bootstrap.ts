import { cnpj } from 'cpf-cnpj-validator';
import { SANDBOX_SHOP_NAME } from '#shared/lib/sandbox-shop-name';
import type { Db } from '#lib/store/database';
import { ALL_SCOPES } from '../operations';
import { newUuid } from '../ids';
import { insertApplication, insertCompany, insertDefaultAccount, insertEvpKey } from './tenancy-writes';

export { SANDBOX_BANK_NAME, SANDBOX_ISPB } from './tenancy-writes';
export { newAppId } from './app-credentials';

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
  /** The application's IP allowlist (canonical addresses and CIDR blocks); absent: any address. */
  allowedIps?: readonly string[];
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
export function sandboxCnpj(): string {
  const root = String(10_000_000 + Math.floor(Math.random() * 89_999_999));
  const base = `${root}0001`;
  const first = cnpj.verifierDigit(base);
  return `${base}${first}${cnpj.verifierDigit(`${base}${first}`)}`;
}

/**
 * Creates a company with its bank account, an EVP Pix key and its master application: what a
 * new sandbox user gets. Without chosen scopes the application holds every scope. All rows
 * commit together.
 */
export function createSandboxCompany(db: Db, now: Date, options: SandboxCompanyOptions = {}): SandboxCompany {
  const at = now.toISOString();
  const tradeName = options.tradeName ?? SANDBOX_SHOP_NAME;
  return db.transaction(() => {
    const companyId = insertCompany(db, at, {
      officialName: options.officialName ?? `${SANDBOX_SHOP_NAME} Comércio LTDA`,
      tradeName,
      taxID: options.taxID ?? sandboxCnpj(),
      taxIDType: 'BR:CNPJ',
      merchantName: options.merchantName ?? tradeName,
      merchantCity: options.merchantCity ?? 'São Paulo',
      features: options.features ?? [],
      environment: 'SANDBOX',
    });
    const accountId = insertDefaultAccount(db, at, companyId, tradeName);
    const pixKey = insertEvpKey(db, at, companyId, accountId, options.pixKey ?? newUuid());
    const application = insertApplication(db, at, {
      companyId,
      accountId,
      name: 'Sandbox',
      type: 'API',
      scopes: options.scopes ?? ALL_SCOPES,
      // Without chosen scopes the application keeps every scope, those added later included.
      everyScope: options.scopes === undefined,
      allowedIps: options.allowedIps ?? null,
      isMaster: true,
      appId: options.appId,
    });
    return { companyId, accountId, applicationId: application.id, appId: application.appId, pixKey };
  })();
}

/**
 * The first master application made, so a restarted sandbox keeps its AppID. By insertion order
 * (rowid), not by time: `npm run serve -- app create` makes the sandbox's company and its own in
 * the same instant, and applications made through the API are never masters.
 */
export function findSandboxAppId(db: Db): string | null {
  const row = db
    .prepare<[], { app_id: string }>(
      'SELECT app_id FROM applications WHERE is_active = 1 ORDER BY is_master DESC, rowid LIMIT 1',
    )
    .get();
  return row?.app_id ?? null;
}
