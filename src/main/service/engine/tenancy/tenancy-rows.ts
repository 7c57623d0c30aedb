import type { AddressAllowlist } from '#lib/address-allowlist/address-allowlist';

export interface CompanyRow {
  id: string;
  official_name: string;
  trade_name: string;
  tax_id: string;
  tax_id_type: string;
  correlation_id: string;
  merchant_name: string;
  merchant_city: string;
  features: string;
  environment: 'SANDBOX' | 'PRODUCTION';
  created_at: string;
}

export interface BankAccountRow {
  id: string;
  company_id: string;
  is_default: number;
  ispb: string;
  bank_name: string;
  branch: string;
  account: string;
  account_name: string;
  /** The ledger's projection (src/main/service/engine/ledger): written by the ledger module only. */
  balance_total: number;
  /** Reserved for transfers in flight (refunds, Pix out between approval and settlement). */
  balance_blocked: number;
  balance_blocked_security: number;
  balance_blocked_withdraw_safety: number;
  /** Account limits as JSON; null: the defaults (src/main/service/engine/accounts/account-limits.ts). */
  limits: string | null;
  closed_at: string | null;
  created_at: string;
}

export interface ApplicationRow {
  id: string;
  company_id: string;
  account_id: string;
  name: string;
  type: string;
  client_id: string;
  client_secret: string;
  app_id: string;
  scopes: string;
  is_active: number;
  removed_at: string | null;
  /** 1: holds every scope the operations declare, whatever `scopes` lists (migration 008). */
  every_scope: number;
  /** JSON array of canonical IP addresses and CIDR blocks it may call from; null: any (migration 011). */
  allowed_ips: string | null;
  /** 1: the application the sandbox made with its company; the API cannot delete it (migration 011). */
  is_master: number;
  /** The partner company that created it for a company the partner pre-registered (migration 011). */
  partner_company_id: string | null;
  created_at: string;
}

export interface PixKeyRow {
  key: string;
  company_id: string;
  account_id: string;
  type: string;
  is_default: number;
  created_at: string;
}

/** Who is calling: resolved once per request from the AppID. */
export interface Tenant {
  company: CompanyRow;
  account: BankAccountRow;
  application: ApplicationRow;
  /** The application's scopes, as stored (the operations' scopes; see ALL_SCOPES). */
  scopes: ReadonlySet<string>;
  features: ReadonlySet<string>;
  /**
   * The addresses the application may call from; absent: any. Compiled once per resolved tenant
   * (see TenancyRepo), not per request.
   */
  allowedAddresses?: AddressAllowlist;
}
