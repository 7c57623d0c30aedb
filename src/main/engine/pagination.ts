import { z } from 'zod';
import type { PageInfo } from '../../shared/resources';
import { parseInput } from './validation';

export const DEFAULT_PAGE_LIMIT = 100;
export const MAX_PAGE_LIMIT = 100;

const integerText = (name: string, min: number, max: number) =>
  z
    .string()
    .regex(/^\d+$/, { error: `${name} must be a non-negative integer` })
    .transform(Number)
    .pipe(z.number().min(min, { error: `${name} must be at least ${min}` }).max(max, { error: `${name} must be at most ${max}` }));

/** `skip` and `limit` of every list, with their defaults; lists with filters extend it. */
export const pageQuery = z.object({
  skip: integerText('skip', 0, 1_000_000).optional().transform((skip) => skip ?? 0),
  limit: integerText('limit', 1, MAX_PAGE_LIMIT).optional().transform((limit) => limit ?? DEFAULT_PAGE_LIMIT),
});

export interface Page {
  skip: number;
  limit: number;
}

export function parsePage(query: Record<string, string | undefined> | undefined): Page {
  return parseInput(pageQuery, { skip: query?.skip, limit: query?.limit }, 'query');
}

/**
 * Lists fetch `limit + 1` rows: the extra row only tells whether a next page exists, which is
 * far cheaper than counting every matching row on each request.
 */
export function pageOf<T>(rows: T[], page: Page): { items: T[]; pageInfo: PageInfo } {
  const hasNextPage = rows.length > page.limit;
  return {
    items: hasNextPage ? rows.slice(0, page.limit) : rows,
    pageInfo: { skip: page.skip, limit: page.limit, hasPreviousPage: page.skip > 0, hasNextPage },
  };
}
