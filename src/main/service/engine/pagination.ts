import { z } from 'zod';
import type { PageInfo } from '#shared/service/resources';
import { parseInput } from './validation';

export const DEFAULT_PAGE_LIMIT = 100;
export const MAX_PAGE_LIMIT = 100;

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
    );

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
