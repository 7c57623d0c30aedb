import type { Engine } from '#service/engine/engine';

/** The Pix key the second account holds, unless a test names another. */
export const SECOND_ACCOUNT_KEY = 'segunda-conta@example.com';

/**
 * A second open account of the AppID's company, holding `pixKey` as its default key, written
 * straight to the database: POST /api/v1/account opens one, but no operation puts a Pix key on an
 * account other than the application's own. Returns the account's id.
 */
export function addSecondAccount(
  engine: Engine,
  appId: string,
  at: string,
  { id = 'second-account', pixKey = SECOND_ACCOUNT_KEY }: { id?: string; pixKey?: string } = {},
): string {
  const { company, account } = engine.tenancy.resolveTenant(appId)!;
  engine.db
    .prepare(
      `INSERT INTO bank_accounts (id, company_id, is_default, ispb, bank_name, branch, account, account_name, created_at)
       VALUES (?, ?, 0, ?, ?, '0001', '2345678', 'Segunda', ?)`,
    )
    .run(id, company.id, account.ispb, account.bank_name, at);
  engine.db
    .prepare(
      `INSERT INTO pix_keys (key, company_id, account_id, type, is_default, created_at) VALUES (?, ?, ?, 'EMAIL', 1, ?)`,
    )
    .run(pixKey, company.id, id, at);
  engine.tenancy.invalidate();
  return id;
}
