import type { Db } from '#lib/store/database';

/**
 * The invariants subaccount-ledger.ts keeps, checked from the stored rows (the seeded ledger and
 * marketplace trials run it after every step). Each violation is one line; none is the promise:
 * - each subaccount's balance is the sum of its entries, and no balance is negative;
 * - each entry's balance_after is the running sum of its subaccount's entries up to it;
 * - every move has its entries, of its value and direction: a split or credit puts its value into
 *   a subaccount and takes it from a company account (a SUBACCOUNT entry naming the move), a debit
 *   the reverse, a transfer moves it between two subaccounts, a withdrawal takes it out;
 * - so, per company, the money between the accounts and the subaccounts sums to zero.
 */
export function auditSubaccounts(db: Db): string[] {
  const problems: string[] = [];
  const balances = db
    .prepare(
      `SELECT s.id, s.balance, COALESCE(SUM(e.amount), 0) AS summed
       FROM subaccounts s LEFT JOIN subaccount_entries e ON e.subaccount_id = s.id GROUP BY s.id`,
    )
    .all() as { id: string; balance: number; summed: number }[];
  for (const row of balances) {
    if (row.balance !== row.summed)
      problems.push(`subaccount ${row.id}: balance ${row.balance}, entries ${row.summed}`);
    if (row.balance < 0) problems.push(`subaccount ${row.id}: negative balance ${row.balance}`);
  }
  const running = db
    .prepare(
      `SELECT id, balance_after, SUM(amount) OVER (PARTITION BY subaccount_id ORDER BY seq) AS summed
       FROM subaccount_entries`,
    )
    .all() as { id: string; balance_after: number; summed: number }[];
  for (const row of running) {
    if (row.balance_after !== row.summed || row.balance_after < 0)
      problems.push(`entry ${row.id}: balance_after ${row.balance_after}, running sum ${row.summed}`);
  }
  const moves = db
    .prepare(
      `SELECT m.id, m.kind, m.value,
              (SELECT COALESCE(SUM(amount), 0) FROM subaccount_entries WHERE move_id = m.id) AS sub_sum,
              (SELECT COUNT(*) FROM subaccount_entries WHERE move_id = m.id) AS sub_count,
              (SELECT COALESCE(SUM(amount), 0) FROM ledger_entries
                 WHERE kind = 'SUBACCOUNT' AND cause_id = m.id AND company_id = m.company_id AND bucket = 'total') AS main_sum
       FROM subaccount_moves m`,
    )
    .all() as { id: string; kind: string; value: number; sub_sum: number; sub_count: number; main_sum: number }[];
  const expected: Record<string, { sub: number; main: number; count: number }> = {
    SPLIT: { sub: 1, main: -1, count: 1 },
    CREDIT: { sub: 1, main: -1, count: 1 },
    DEBIT: { sub: -1, main: 1, count: 1 },
    TRANSFER: { sub: 0, main: 0, count: 2 },
    WITHDRAWAL: { sub: -1, main: 0, count: 1 },
  };
  for (const move of moves) {
    const want = expected[move.kind];
    if (
      !want ||
      move.sub_sum !== want.sub * move.value ||
      move.main_sum !== want.main * move.value ||
      move.sub_count !== want.count
    )
      problems.push(
        `move ${move.id} (${move.kind} ${move.value}): subaccounts ${move.sub_sum} in ${move.sub_count} entries, accounts ${move.main_sum}`,
      );
  }
  // A main-account entry of kind SUBACCOUNT always names a move of its own company.
  const orphans = db
    .prepare(
      `SELECT COUNT(*) AS n FROM ledger_entries e
       WHERE e.kind = 'SUBACCOUNT'
         AND NOT EXISTS (SELECT 1 FROM subaccount_moves m WHERE m.id = e.cause_id AND m.company_id = e.company_id)`,
    )
    .get() as { n: number };
  if (orphans.n > 0) problems.push(`${orphans.n} SUBACCOUNT ledger entries name no move of their company`);
  const zeroSum = db
    .prepare(
      `SELECT company_id, SUM(amount) AS total FROM (
         SELECT company_id, amount FROM ledger_entries WHERE kind = 'SUBACCOUNT' AND bucket = 'total'
         UNION ALL
         SELECT company_id, amount FROM subaccount_entries WHERE operation_type IN ('CREDIT', 'DEBIT')
       ) GROUP BY company_id HAVING total <> 0`,
    )
    .all() as { company_id: string; total: number }[];
  for (const row of zeroSum)
    problems.push(`company ${row.company_id}: money between accounts and subaccounts sums to ${row.total}`);
  return problems;
}
