// "An index for every list filter": every combination of the charge list's filters is answered
// through an index, never by scanning the table (on the real schema, with all migrations).
import { describe, expect, it } from 'vitest';
import { chargeListSql, type ChargeListFilter } from '#service/engine/charges/charge-repo';
import { openServiceDatabase } from '#service/engine/migrations';

const values = {
  status: 'ACTIVE',
  customerId: 'c',
  subscription: 's',
  start: '2026-11-01T00:00:00.000Z',
  end: '2026-11-30T00:00:00.000Z',
} as const satisfies Required<ChargeListFilter>;

function everyFilterCombination(): ChargeListFilter[] {
  const keys = Object.keys(values) as (keyof ChargeListFilter)[];
  return Array.from({ length: 2 ** keys.length }, (_, mask) =>
    Object.fromEntries(keys.filter((_, bit) => mask & (1 << bit)).map((key) => [key, values[key]])),
  );
}

describe('the charge list', () => {
  const db = openServiceDatabase(':memory:');

  it.each(everyFilterCombination().map((filter) => [Object.keys(filter).join('+') || 'no filter', filter] as const))(
    '%s is searched through an index',
    (_name, filter) => {
      const plan = db
        .prepare(`EXPLAIN QUERY PLAN ${chargeListSql(filter)}`)
        .all({ companyId: 'co', ...filter, take: 11, skip: 0 }) as { detail: string }[];
      const details = plan.map((step) => step.detail);
      expect(
        details.some((detail) => /^SEARCH charges USING (COVERING )?INDEX/.test(detail)),
        details.join('\n'),
      ).toBe(true);
      expect(details.filter((detail) => /^SCAN charges/.test(detail))).toEqual([]);
      // And through an index of the filter itself, not just the company's: the company prefix
      // alone would walk all of that company's charges.
      const search = details.join('\n');
      if (filter.customerId || filter.subscription) expect(search).toMatch(/customer_id=\?|subscription_id=\?/);
      // With a date range too, the planner may narrow by the range instead: either is an index of the filter.
      else if (filter.status)
        expect(search).toMatch(filter.start || filter.end ? /status=\?|created_at[<>]/ : /status=\?/);
    },
  );
});
