import type { Db } from '#lib/store/database';
import { perDatabase } from './repo-cache';

/** The lists whose row counts the triggers of migration 016 keep, each by its bucket column. */
export type CountedList = 'charges' | 'transactions';

export interface ListCounts {
  /**
   * Rows of a company's list: in one bucket (a charge status, a transaction type) when given,
   * else in all of them. One indexed read per bucket, whatever the number of rows.
   */
  count(list: CountedList, companyId: string, bucket?: string): number;
}

export const listCounts = perDatabase<ListCounts>((db: Db) => {
  const inBucket = db.prepare<[string, string, string], { n: number }>(
    'SELECT n FROM list_counts WHERE list = ? AND company_id = ? AND bucket = ?',
  );
  const inAll = db.prepare<[string, string], { n: number }>(
    'SELECT COALESCE(SUM(n), 0) AS n FROM list_counts WHERE list = ? AND company_id = ?',
  );
  return {
    count: (list, companyId, bucket) =>
      bucket === undefined ? inAll.get(list, companyId)!.n : (inBucket.get(list, companyId, bucket)?.n ?? 0),
  };
});
