// The token bucket that meters Pix key consultations, one per company bank account, like the
// DICT's anti-scanning buckets: a consultation needs a token, one of a key that does not exist
// costs more, and an empty bucket answers 429 until time refills it. GET /api/v1/pix-keys/tokens
// shows the caller's bucket and GET /api/v1/pix-keys/tokens/logs its changes.
//
// The stored row holds the count as of its last refill step; the count now follows from the
// clock (ctx.now), in whole steps. So reading the bucket, or refusing a consultation, writes
// nothing: only a consultation that spends tokens stores the bucket again, with a log row for
// the refill steps since the last change (ADD) and one for the spending (REMOVE).
import type { Db } from '#lib/store/database';
import { newObjectId } from '../ids';
import { perDatabase } from '../repo-cache';

/**
 * Sandbox values (the real service's are not published): small enough that a developer can
 * reach the limit in a session, and a refill the ManualClock of a test can step through.
 */
export const TOKEN_BUCKET = {
  /** The bucket's size; a new bucket starts full. */
  maxTokens: 100,
  /** Tokens added at each refill step (`refreshRate` in the API: tokens per minute). */
  refreshRate: 2,
  /** The time between refill steps. */
  refreshIntervalMs: 60_000,
  /** A consultation of a key that exists. */
  foundCost: 1,
  /**
   * A consultation of a key that does not exist: scanning for keys is what the bucket is there
   * to stop, so a miss costs three times a hit. Never more than the bucket holds: the count stops at 0.
   */
  notFoundCost: 3,
} as const;

/** The real service's 429 message (remote-api-notes §4). */
export const EMPTY_BUCKET_MESSAGE = 'You tried to consult many Pix keys that do not exist.';

interface BucketRow {
  account_id: string;
  company_id: string;
  tokens: number;
  refilled_at: string;
  updated_at: string;
}

export interface TokenLogRow {
  id: string;
  company_id: string;
  account_id: string;
  operation: 'ADD' | 'REMOVE';
  reason: string;
  tokens: number;
  tokens_before: number;
  tokens_after: number;
  pix_key: string | null;
  result: 'FOUND' | 'NOT_FOUND' | null;
  end_to_end_id: string | null;
  created_at: string;
}

/** A bucket as of one moment. */
export interface BucketState {
  tokens: number;
  /** The last refill step: the next one is a refreshIntervalMs later. */
  refilledAt: number;
  /** The refill steps since the stored row, to log when the bucket is next written. */
  refill?: { before: number; after: number; at: number };
}

/** The bucket as GET /api/v1/pix-keys/tokens shows it. */
export interface TokenBucketView {
  tokens: number;
  maxTokens: number;
  refreshRate: number;
  nextRefresh: string;
  tokensAfterRefresh: number;
}

/**
 * The bucket at `now`: the stored count plus the whole refill steps since. A full bucket has
 * no refill pending, so its refill clock starts again from `now` (the first token spent from it
 * comes back one step after being spent).
 */
export function bucketAt(row: Pick<BucketRow, 'tokens' | 'refilled_at'> | undefined, now: Date): BucketState {
  const at = now.getTime();
  const { maxTokens, refreshRate, refreshIntervalMs } = TOKEN_BUCKET;
  if (!row || row.tokens >= maxTokens) return { tokens: maxTokens, refilledAt: at };
  const anchor = Date.parse(row.refilled_at);
  const steps = at > anchor ? Math.floor((at - anchor) / refreshIntervalMs) : 0;
  if (steps === 0) return { tokens: row.tokens, refilledAt: anchor };
  const stepsToFull = Math.ceil((maxTokens - row.tokens) / refreshRate);
  if (steps >= stepsToFull) {
    return {
      tokens: maxTokens,
      refilledAt: at,
      refill: { before: row.tokens, after: maxTokens, at: anchor + stepsToFull * refreshIntervalMs },
    };
  }
  const tokens = row.tokens + steps * refreshRate;
  const refilledAt = anchor + steps * refreshIntervalMs;
  return { tokens, refilledAt, refill: { before: row.tokens, after: tokens, at: refilledAt } };
}

export function bucketView(state: BucketState): TokenBucketView {
  const { maxTokens, refreshRate, refreshIntervalMs } = TOKEN_BUCKET;
  return {
    tokens: state.tokens,
    maxTokens,
    refreshRate,
    nextRefresh: new Date(state.refilledAt + refreshIntervalMs).toISOString(),
    tokensAfterRefresh: Math.min(maxTokens, state.tokens + refreshRate),
  };
}

export interface TokenSpending {
  companyId: string;
  accountId: string;
  state: BucketState;
  cost: number;
  pixKey: string;
  result: 'FOUND' | 'NOT_FOUND';
  endToEndId?: string;
  now: Date;
}

export interface TokenRepo {
  bucket(companyId: string, accountId: string): BucketRow | undefined;
  /**
   * Spends `cost` tokens (at most what the bucket holds) and logs it, with the refill steps before
   * it. The caller owns the transaction. Returns the tokens spent and the count left.
   */
  spend(spending: TokenSpending): { spent: number; after: number };
  /** Logs newest first; `accountId` narrows them to one account of the company. */
  logs(companyId: string, accountId: string | undefined, skip: number, take: number): TokenLogRow[];
  /** Every log the same filter matches (the list's totalCount). */
  countLogs(companyId: string, accountId: string | undefined): number;
}

export const tokenRepo = perDatabase<TokenRepo>((db: Db) => {
  const bucketStmt = db.prepare<[string, string], BucketRow>(
    'SELECT * FROM pix_key_token_buckets WHERE company_id = ? AND account_id = ?',
  );
  const upsertStmt = db.prepare<BucketRow>(
    `INSERT INTO pix_key_token_buckets (account_id, company_id, tokens, refilled_at, updated_at)
     VALUES (@account_id, @company_id, @tokens, @refilled_at, @updated_at)
     ON CONFLICT(account_id) DO UPDATE SET tokens = excluded.tokens, refilled_at = excluded.refilled_at, updated_at = excluded.updated_at`,
  );
  const logStmt = db.prepare<TokenLogRow>(
    `INSERT INTO pix_key_token_logs (id, company_id, account_id, operation, reason, tokens, tokens_before, tokens_after, pix_key, result, end_to_end_id, created_at)
     VALUES (@id, @company_id, @account_id, @operation, @reason, @tokens, @tokens_before, @tokens_after, @pix_key, @result, @end_to_end_id, @created_at)`,
  );
  const logsStmt = db.prepare<[string, number, number], TokenLogRow>(
    'SELECT * FROM pix_key_token_logs WHERE company_id = ? ORDER BY created_at DESC, rowid DESC LIMIT ? OFFSET ?',
  );
  const accountLogsStmt = db.prepare<[string, string, number, number], TokenLogRow>(
    'SELECT * FROM pix_key_token_logs WHERE company_id = ? AND account_id = ? ORDER BY created_at DESC, rowid DESC LIMIT ? OFFSET ?',
  );
  const countLogsStmt = db.prepare<[string], { n: number }>(
    'SELECT COUNT(*) AS n FROM pix_key_token_logs WHERE company_id = ?',
  );
  const countAccountLogsStmt = db.prepare<[string, string], { n: number }>(
    'SELECT COUNT(*) AS n FROM pix_key_token_logs WHERE company_id = ? AND account_id = ?',
  );
  return {
    bucket: (companyId, accountId) => bucketStmt.get(companyId, accountId),
    spend({ companyId, accountId, state, cost, pixKey, result, endToEndId, now }) {
      const at = now.toISOString();
      const base = { company_id: companyId, account_id: accountId, pix_key: null, result: null, end_to_end_id: null };
      if (state.refill) {
        logStmt.run({
          ...base,
          id: newObjectId(),
          operation: 'ADD',
          reason: 'refill',
          tokens: state.refill.after - state.refill.before,
          tokens_before: state.refill.before,
          tokens_after: state.refill.after,
          created_at: new Date(state.refill.at).toISOString(),
        });
      }
      const after = Math.max(0, state.tokens - cost);
      const spent = state.tokens - after;
      logStmt.run({
        ...base,
        id: newObjectId(),
        operation: 'REMOVE',
        reason: 'pixKeyCheck',
        tokens: spent,
        tokens_before: state.tokens,
        tokens_after: after,
        pix_key: pixKey,
        result,
        end_to_end_id: endToEndId ?? null,
        created_at: at,
      });
      upsertStmt.run({
        account_id: accountId,
        company_id: companyId,
        tokens: after,
        refilled_at: new Date(state.refilledAt).toISOString(),
        updated_at: at,
      });
      return { spent, after };
    },
    logs: (companyId, accountId, skip, take) =>
      accountId === undefined
        ? logsStmt.all(companyId, take, skip)
        : accountLogsStmt.all(companyId, accountId, take, skip),
    countLogs: (companyId, accountId) =>
      (accountId === undefined ? countLogsStmt.get(companyId) : countAccountLogsStmt.get(companyId, accountId))!.n,
  };
});
