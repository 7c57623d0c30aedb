// The past-sessions list of the "Caixa" screen: each closed session with the totals its manager
// confirmed at closing (kept as JSON on the row), not recomputed: a sale that settles later does
// not change a report already signed off.
import type { PastSession, SessionSummary } from '#shared/counter/counter-api';
import { sessionView, type SessionRow } from './sessions-repo';

/** A closed session's row as the list shows it; undefined for a row that is not closed. */
export function pastSessionOf(row: SessionRow): PastSession | undefined {
  if (!row.closed_at || !row.closing_summary_json) return undefined;
  const summary = JSON.parse(row.closing_summary_json) as SessionSummary;
  return {
    ...sessionView(row),
    closedAt: row.closed_at,
    salesCount: summary.salesCount,
    paidCount: summary.paidCount,
    refundsCount: summary.refundsCount,
    net: summary.net,
  };
}
