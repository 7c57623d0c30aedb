import { z } from 'zod';
import type { PageInfo } from '#shared/service/resources';
import { parseInput } from './validation';

export const DEFAULT_PAGE_LIMIT = 100;
export const MAX_PAGE_LIMIT = 100;

/**
 * A regular expression source (anchored) matching exactly the decimal texts of the integers
 * `min`..`max`, leading zeros allowed ("007" is 7), as `Number` reads a text of digits. The derived
 * document states a query's range with it: a query parameter is a string, so JSON Schema's
 * `minimum`/`maximum` cannot say it, and a pattern is what a generated client checks.
 */
export function integerRangePattern(min: number, max: number): string {
  if (!(Number.isSafeInteger(min) && Number.isSafeInteger(max) && 0 <= min && min <= max))
    throw new Error(`bad integer range ${min}..${max}`);
  const alternatives: string[] = [];
  for (let digits = String(min).length; digits <= String(max).length; digits++) {
    const low = Math.max(min, digits === 1 ? 0 : 10 ** (digits - 1));
    const high = Math.min(max, 10 ** digits - 1);
    if (low <= high) alternatives.push(...sameLengthRange(String(low), String(high)));
  }
  return `^0*(?:${alternatives.join('|')})$`;
}

/** Alternatives matching the numbers from `low` to `high`, two digit strings of one length. */
function sameLengthRange(low: string, high: string): string[] {
  if (low === high) return [low];
  const rest = low.length - 1;
  if (low[0] === high[0]) return sameLengthRange(low.slice(1), high.slice(1)).map((tail) => low[0] + tail);
  const out: string[] = [];
  let first = Number(low[0]);
  let last = Number(high[0]);
  if (!/^0*$/.test(low.slice(1))) {
    out.push(...sameLengthRange(low.slice(1), '9'.repeat(rest)).map((tail) => low[0] + tail));
    first++;
  }
  const highTail = /^9*$/.test(high.slice(1)) ? null : high.slice(1);
  if (highTail !== null) last--;
  if (first <= last) out.push((first === last ? `${first}` : `[${first}-${last}]`) + (rest > 0 ? `\\d{${rest}}` : ''));
  if (highTail !== null) out.push(...sameLengthRange('0'.repeat(rest), highTail).map((tail) => high[0] + tail));
  return out;
}

/**
 * A query integer as text within min..max. The checks keep their own messages (not a digit,
 * below, above); the document states the whole range as one pattern (integerRangePattern).
 */
const integerText = (name: string, min: number, max: number) =>
  z
    .string()
    .regex(/^\d+$/, { error: `${name} must be a non-negative integer` })
    .transform(Number)
    .pipe(
      z
        .number()
        .min(min, { error: `${name} must be at least ${min}` })
        .max(max, { error: `${name} must be at most ${max}` }),
    )
    .meta({ pattern: integerRangePattern(min, max), description: `An integer from ${min} to ${max}` });

/** `skip` and `limit` of every list, with their defaults; lists with filters extend it. */
export const pageQuery = z.object({
  skip: integerText('skip', 0, 1_000_000)
    .optional()
    .transform((skip) => skip ?? 0),
  limit: integerText('limit', 1, MAX_PAGE_LIMIT)
    .optional()
    .transform((limit) => limit ?? DEFAULT_PAGE_LIMIT),
});

export interface Page {
  skip: number;
  limit: number;
}

export function parsePage(query: Record<string, string | undefined> | undefined): Page {
  return parseInput(pageQuery, { skip: query?.skip, limit: query?.limit }, 'query');
}

/**
 * One page of a list and its pageInfo. Lists fetch `limit + 1` rows: the extra row tells whether
 * a next page exists without counting.
 *
 * `totalCount` (what the PHP, Java and Ruby SDKs page with) is every row the list's filters
 * match. A page with no next page already tells it, `skip` plus its own rows, except a page past
 * the end (no rows at skip > 0), which cannot tell how far past. Only then, or when there is a
 * next page, is `countAll` asked: a list counts with COUNT(*) over its own index, or from the
 * counts migration 016 keeps (list-counts.ts) where a COUNT(*) would cost more than the page.
 */
export function pageOf<T>(rows: T[], page: Page, countAll: () => number): { items: T[]; pageInfo: PageInfo } {
  const hasNextPage = rows.length > page.limit;
  const totalCount = !hasNextPage && (rows.length > 0 || page.skip === 0) ? page.skip + rows.length : countAll();
  return {
    items: hasNextPage ? rows.slice(0, page.limit) : rows,
    pageInfo: { skip: page.skip, limit: page.limit, totalCount, hasPreviousPage: page.skip > 0, hasNextPage },
  };
}

/** The pageInfo of a list that matches nothing whatever the page (a filter naming no record). */
export function emptyPage(page: Page): { items: never[]; pageInfo: PageInfo } {
  return pageOf([], page, () => 0);
}
