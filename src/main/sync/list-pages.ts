// Reads a list of the service page by page, as its contract allows and no more: the next page
// starts after what the last one returned (the service may cap the page below what was asked),
// `pageInfo.hasNextPage` says when to stop, and the order of the list is not assumed. An item can
// move while the pages are read (a Pix landing on a newest-first list pushes the rest down): a
// page re-reads the previous page's last item, items are kept once by id, and when that item is
// no longer where it was, something before it left the list and the reading starts over. Bounded:
// past `maxPages` the list is reported incomplete, never taken as whole.
import type { ServiceOutcome } from './service-outcome';

export interface Page<T> {
  items: readonly T[];
  hasNextPage: boolean;
}

export interface ListPagesOptions<T> {
  /** The item's identity (end-to-end id, correlationID…): an item is kept once. */
  idOf: (item: T) => string;
  /** Items asked for per page (the service may answer fewer). */
  limit: number;
  /** Pages read at most, restarts included. */
  maxPages: number;
  /** Stop early once this holds for an item of the page (e.g. older than needed, on a list known to be newest-first). */
  enough?: (page: readonly T[]) => boolean;
}

export type ListResult<T> =
  | { kind: 'complete'; items: T[]; pages: number }
  | { kind: 'incomplete'; items: T[]; pages: number }
  | { kind: 'failed'; outcome: Exclude<ServiceOutcome<unknown>, { kind: 'ok' }>; pages: number };

export async function listPages<T>(
  fetchPage: (skip: number, limit: number) => Promise<ServiceOutcome<Page<T>>>,
  options: ListPagesOptions<T>,
): Promise<ListResult<T>> {
  const seen = new Map<string, T>();
  let skip = 0;
  let pages = 0;
  // The last item of the previous page, which the next page must start with.
  let anchor: string | undefined;
  while (pages < options.maxPages) {
    const answer = await fetchPage(skip, options.limit);
    pages += 1;
    if (answer.kind !== 'ok') return { kind: 'failed', outcome: answer, pages };
    const { items, hasNextPage } = answer.body;
    const ids = items.map(options.idOf);
    if (anchor !== undefined && !ids.includes(anchor)) {
      // Items before the anchor left the list: what slid into the gap was never read. Start over.
      skip = 0;
      anchor = undefined;
      continue;
    }
    for (const [index, item] of items.entries()) if (!seen.has(ids[index]!)) seen.set(ids[index]!, item);
    if (!hasNextPage || items.length === 0 || options.enough?.(items))
      return { kind: 'complete', items: [...seen.values()], pages };
    // The next page starts at this page's last item (re-read as the anchor), or after it when a
    // page holds a single item and there is nothing to overlap.
    const overlap = items.length > 1;
    skip += overlap ? items.length - 1 : items.length;
    anchor = overlap ? ids[ids.length - 1] : undefined;
  }
  return { kind: 'incomplete', items: [...seen.values()], pages };
}
