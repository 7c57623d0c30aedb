// The shop behind a sandbox company, as the counter's settings describe it: the name and city
// its BR Codes carry (tags 59 and 60) and the Pix key its charges are paid to. In production
// these belong to the account at the PSP; in the embedded sandbox the shop owner sets them.
import type { Db } from '#lib/store/database';
import { ServiceError, badRequest } from '../errors';
import { normalizePixKey, sanitizeMerchantCity, sanitizeMerchantName, type PixKeyType } from '#lib/pix';
import type { TenancyRepo } from './tenancy-repo';
import type { Tenant } from './tenancy-rows';

export interface SandboxMerchantInput {
  merchantName: string;
  merchantCity: string;
  /** As typed ("(11) 98765-4321", "529.982.247-25"); stored in canonical DICT form. */
  pixKey?: string;
}

export interface SandboxMerchant {
  merchantName: string;
  merchantCity: string;
  /** The account's receiving key after the change (canonical). */
  pixKey: string;
  /** Set when the change brings a key: its DICT type, for registering it. */
  pixKeyType?: PixKeyType;
}

/**
 * Checks the input and returns what would be stored, without writing: a name or city with no
 * printable ASCII left would make every later BR Code fail, and a key owned by another
 * company would let this shop's customers pay someone else.
 */
export function checkSandboxMerchant(
  tenancy: TenancyRepo,
  tenant: Tenant,
  input: SandboxMerchantInput,
): SandboxMerchant {
  const merchantName = input.merchantName.trim();
  const merchantCity = input.merchantCity.trim();
  try {
    sanitizeMerchantName(merchantName);
    sanitizeMerchantCity(merchantCity);
  } catch {
    throw badRequest(
      'Nome e cidade da loja precisam de letras sem acento ou números: o QR Code Pix só leva esses caracteres',
    );
  }
  if (input.pixKey === undefined) {
    return { merchantName, merchantCity, pixKey: tenancy.defaultPixKey(tenant.account.id)?.key ?? '' };
  }
  const normalized = normalizePixKey(input.pixKey);
  if (!normalized)
    throw badRequest(`Chave Pix inválida: "${input.pixKey}" (use CPF, CNPJ, e-mail, celular +55 ou chave aleatória)`);
  const owner = tenancy.pixKey(normalized.key);
  if (owner && owner.company_id !== tenant.company.id) {
    throw new ServiceError(409, `A chave Pix ${normalized.key} já pertence a outra conta`);
  }
  return { merchantName, merchantCity, pixKey: normalized.key, pixKeyType: normalized.type };
}

/**
 * True when the company already is this shop. The counter applies its settings at every start
 * and every save, and an unchanged shop needs no write (nor a reload of the tenancy cache).
 */
export function isCurrentSandboxMerchant(tenancy: TenancyRepo, tenant: Tenant, merchant: SandboxMerchant): boolean {
  return (
    tenant.company.merchant_name === merchant.merchantName &&
    tenant.company.merchant_city === merchant.merchantCity &&
    // Without a key in the input (no pixKeyType) the account keeps its own.
    (!merchant.pixKeyType || tenancy.defaultPixKey(tenant.account.id)?.key === merchant.pixKey)
  );
}

/**
 * Writes the shop's name, city and receiving key on the company and its account. Must run in a
 * transaction (the engine's writer provides one). Earlier keys stay registered to the account:
 * QR codes already printed or shown with them must still be payable; the new key becomes the
 * default, which is the one new charges use.
 */
export function writeSandboxMerchant(db: Db, tenant: Tenant, merchant: SandboxMerchant, now: Date): void {
  // The sandbox's made-up legal name follows too: receipts name the receiver by it, and a shop
  // owner trying the counter expects to see their shop there, not "Balcão Sandbox Comércio".
  db.prepare(
    'UPDATE companies SET official_name = ?, trade_name = ?, merchant_name = ?, merchant_city = ? WHERE id = ?',
  ).run(merchant.merchantName, merchant.merchantName, merchant.merchantName, merchant.merchantCity, tenant.company.id);
  // Without a new key the account keeps the one it receives with.
  if (!merchant.pixKeyType) return;
  db.prepare(
    `INSERT INTO pix_keys (key, company_id, account_id, type, is_default, created_at) VALUES (?, ?, ?, ?, 0, ?)
     ON CONFLICT(key) DO NOTHING`,
  ).run(merchant.pixKey, tenant.company.id, tenant.account.id, merchant.pixKeyType, now.toISOString());
  db.prepare('UPDATE pix_keys SET is_default = CASE WHEN key = ? THEN 1 ELSE 0 END WHERE account_id = ?').run(
    merchant.pixKey,
    tenant.account.id,
  );
}
