// The integrations a manager made in Configurações ("Integrações"), each a piece of the shop's
// software (its PDV, its ERP) with a token of its own. The token is shown once, when it is made,
// like an API key: only its SHA-256 is kept, so counter.db read by someone else gives no token.
// 32 random bytes make a guess hopeless; comparing digests (not the tokens) in SQL leaks nothing
// about how much of a guess was right.
import { createHash, randomBytes, randomUUID } from 'node:crypto';
import type { Db } from '#lib/store/database';

export interface Integration {
  id: string;
  name: string;
  canRefund: boolean;
  createdAt: string;
  createdBy?: string;
  revokedAt?: string;
  lastUsedAt?: string;
}

interface IntegrationRow {
  id: string;
  name: string;
  can_refund: 0 | 1;
  created_at: string;
  created_by: string | null;
  revoked_at: string | null;
  last_used_at: string | null;
}

/** The token's prefix says what it is, wherever it turns up (a config file, a log): "balcao_pdv_". */
export const TOKEN_PREFIX = 'balcao_pdv_';

function digest(token: string): string {
  return createHash('sha256').update(token, 'utf8').digest('hex');
}

function integrationOf(row: IntegrationRow): Integration {
  return {
    id: row.id,
    name: row.name,
    canRefund: row.can_refund === 1,
    createdAt: row.created_at,
    ...(row.created_by ? { createdBy: row.created_by } : {}),
    ...(row.revoked_at ? { revokedAt: row.revoked_at } : {}),
    ...(row.last_used_at ? { lastUsedAt: row.last_used_at } : {}),
  };
}

export class IntegrationTokens {
  private readonly statements;

  constructor(
    db: Db,
    private readonly now: () => Date,
  ) {
    this.statements = {
      insert: db.prepare(
        `INSERT INTO integrations (id, name, token_sha256, can_refund, created_at, created_by)
         VALUES (@id, @name, @token_sha256, @can_refund, @created_at, @created_by)`,
      ),
      list: db.prepare<[], IntegrationRow>('SELECT * FROM integrations ORDER BY created_at, id'),
      insertSystem: db.prepare(
        `INSERT INTO integrations (id, name, token_sha256, can_refund, created_at)
         VALUES (@id, @name, @token_sha256, 0, @created_at) ON CONFLICT (id) DO NOTHING`,
      ),
      byId: db.prepare<[string], IntegrationRow>('SELECT * FROM integrations WHERE id = ?'),
      byDigest: db.prepare<[string], IntegrationRow>(
        'SELECT * FROM integrations WHERE token_sha256 = ? AND revoked_at IS NULL',
      ),
      revoke: db.prepare<[string, string]>(
        'UPDATE integrations SET revoked_at = ? WHERE id = ? AND revoked_at IS NULL',
      ),
      used: db.prepare<[string, string]>('UPDATE integrations SET last_used_at = ? WHERE id = ?'),
    };
  }

  /** A new integration and its token, which is never shown again. */
  create(input: { name: string; canRefund: boolean; createdBy?: string }): { integration: Integration; token: string } {
    const token = `${TOKEN_PREFIX}${randomBytes(32).toString('base64url')}`;
    const id = randomUUID();
    this.statements.insert.run({
      id,
      name: input.name,
      token_sha256: digest(token),
      can_refund: input.canRefund ? 1 : 0,
      created_at: this.now().toISOString(),
      created_by: input.createdBy ?? null,
    });
    return { integration: integrationOf(this.statements.byId.get(id)!), token };
  }

  /**
   * The counter's own integration named `id` (the PDV file exchange: integration/tef-dial), made
   * on first use. It has no token: its digest column holds a value no SHA-256 is ("none:…"), so
   * `verify` never finds it; it is listed, and revocable, like the others.
   */
  system(id: string, name: string): Integration {
    this.statements.insertSystem.run({ id, name, token_sha256: `none:${id}`, created_at: this.now().toISOString() });
    return integrationOf(this.statements.byId.get(id)!);
  }

  list(): Integration[] {
    return this.statements.list.all().map(integrationOf);
  }

  /** Revokes it for good: its token is refused from now on. False when there is none, or it was revoked already. */
  revoke(id: string): boolean {
    return this.statements.revoke.run(this.now().toISOString(), id).changes === 1;
  }

  /** The live integration this token belongs to, or null (unknown, revoked, not a token). */
  verify(token: string): Integration | null {
    if (!token.startsWith(TOKEN_PREFIX) || token.length > 200) return null;
    const row = this.statements.byDigest.get(digest(token));
    if (!row) return null;
    this.statements.used.run(this.now().toISOString(), row.id);
    return integrationOf(row);
  }
}
