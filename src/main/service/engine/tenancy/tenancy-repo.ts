import type { Db } from '#lib/store/database';
import { compileAllowlist } from '#lib/address-allowlist/address-allowlist';
import type { ApplicationRow, BankAccountRow, CompanyRow, PixKeyRow, Tenant } from './tenancy-rows';

/** Reads the tenancy tables. Statements are prepared once per database. */
export class TenancyRepo {
  private readonly appByAppId;
  private readonly companyById;
  private readonly accountById;
  private readonly defaultKeyByAccount;
  private readonly keyByValue;
  private readonly keysByCompany;

  /**
   * Resolved tenants by AppID: every request resolves one, and the rows behind it (application,
   * company, account identity, scopes) change only through tenancy writes, which must call
   * `invalidate()` (so must anything that changes Pix keys). Balances are never read from here:
   * money code reads the account fresh.
   */
  private readonly tenants = new Map<string, Tenant>();
  /** Receiving key per account: read by every charge and static QR code created. */
  private readonly defaultKeys = new Map<string, PixKeyRow | undefined>();
  private static readonly MAX_CACHED_TENANTS = 1_000;

  /**
   * @param everyScope the scopes of an application flagged every_scope (the sandbox's first):
   *   all the operations declare, so it keeps every scope as operations are added.
   */
  constructor(
    private readonly db: Db,
    private readonly everyScope: readonly string[] = [],
  ) {
    this.appByAppId = db.prepare<[string], ApplicationRow>(
      'SELECT * FROM applications WHERE app_id = ? AND is_active = 1',
    );
    this.companyById = db.prepare<[string], CompanyRow>('SELECT * FROM companies WHERE id = ?');
    this.accountById = db.prepare<[string], BankAccountRow>('SELECT * FROM bank_accounts WHERE id = ?');
    this.defaultKeyByAccount = db.prepare<[string], PixKeyRow>(
      'SELECT * FROM pix_keys WHERE account_id = ? ORDER BY is_default DESC, created_at LIMIT 1',
    );
    this.keyByValue = db.prepare<[string], PixKeyRow>('SELECT * FROM pix_keys WHERE key = ?');
    this.keysByCompany = db.prepare<[string], PixKeyRow>(
      'SELECT * FROM pix_keys WHERE company_id = ? ORDER BY created_at',
    );
  }

  resolveTenant(appId: string): Tenant | null {
    const cached = this.tenants.get(appId);
    if (cached) return cached;
    const tenant = this.loadTenant(appId);
    if (tenant) {
      if (this.tenants.size >= TenancyRepo.MAX_CACHED_TENANTS) this.tenants.clear();
      this.tenants.set(appId, tenant);
    }
    return tenant;
  }

  /** Forgets resolved tenants; call after changing applications, companies or bank accounts. */
  invalidate(): void {
    this.tenants.clear();
    this.defaultKeys.clear();
  }

  private loadTenant(appId: string): Tenant | null {
    const application = this.appByAppId.get(appId);
    if (!application) return null;
    const company = this.companyById.get(application.company_id);
    const account = this.accountById.get(application.account_id);
    if (!company || !account) return null;
    return {
      company,
      account,
      application,
      scopes: new Set(application.every_scope === 1 ? this.everyScope : (JSON.parse(application.scopes) as string[])),
      features: new Set(JSON.parse(company.features) as string[]),
      ...(application.allowed_ips === null
        ? {}
        : { allowedAddresses: compileAllowlist(JSON.parse(application.allowed_ips) as string[]) }),
    };
  }

  /** Every scope an application can hold: the ones the operations declare. */
  get allScopes(): readonly string[] {
    return this.everyScope;
  }

  /**
   * A company as the receiver of money booked by the service itself (a Pix out delivered inside
   * it), on one of its open accounts; no application's scopes apply to it.
   */
  receivingTenant(companyId: string, accountId: string): Tenant | null {
    const company = this.companyById.get(companyId);
    const account = this.accountById.get(accountId);
    const application = this.db
      .prepare<[string], ApplicationRow>(
        'SELECT * FROM applications WHERE company_id = ? ORDER BY created_at, id LIMIT 1',
      )
      .get(companyId);
    if (!company || !account || account.company_id !== companyId || account.closed_at !== null || !application)
      return null;
    return {
      company,
      account,
      application,
      scopes: new Set(),
      features: new Set(JSON.parse(company.features) as string[]),
    };
  }

  account(id: string): BankAccountRow | undefined {
    return this.accountById.get(id);
  }

  company(id: string): CompanyRow | undefined {
    return this.companyById.get(id);
  }

  /** Cached like tenants: keys change only through tenancy writes, which call `invalidate()`. */
  defaultPixKey(accountId: string): PixKeyRow | undefined {
    if (this.defaultKeys.has(accountId)) return this.defaultKeys.get(accountId);
    const key = this.defaultKeyByAccount.get(accountId);
    if (this.defaultKeys.size >= TenancyRepo.MAX_CACHED_TENANTS) this.defaultKeys.clear();
    this.defaultKeys.set(accountId, key);
    return key;
  }

  pixKey(key: string): PixKeyRow | undefined {
    return this.keyByValue.get(key);
  }

  companyPixKeys(companyId: string): PixKeyRow[] {
    return this.keysByCompany.all(companyId);
  }
}
