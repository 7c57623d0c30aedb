// Reads a list of the service page by page, as its contract allows and no more: the next page
// starts after what the last one returned (the service may cap the page below what was asked),
// `pageInfo.hasNextPage` says when to stop, and the order of the list is not assumed. An item can
// move while the pages are read (a Pix landing on a newest-first list pushes the rest down): a
// page re-reads the previous page's last item, and items are kept once by id. When that item is
// no longer where it was, something before it left the list, and what slid up past the reading
// point would be missed: the previous page is read again, where the item now is, and the reading
// goes on from there. Only when it is not there either (it left, or moved by more than a page) does
// the reading start over. A list that changes while it is read (the account's codes, renewed by
// every till) is thus read in about one page more per change, where starting over at each change
// never finished on a slow link (the seeded trials under load: a reconciliation pass spent its
// 200 pages restarting). Bounded: past `maxPages` the list is reported incomplete, never whole.
import type { ServiceOutcome } from '../remote/service-outcome';

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
  // Where the previous page started: the anchor is looked for there when it moved up.
  let previousSkip = 0;
  let steppedBack = false;
  while (pages < options.maxPages) {
    const answer = await fetchPage(skip, options.limit);
    pages += 1;
    if (answer.kind !== 'ok') return { kind: 'failed', outcome: answer, pages };
    const { items, hasNextPage } = answer.body;
    const ids = items.map(options.idOf);
    if (anchor !== undefined && !ids.includes(anchor)) {
      if (!steppedBack && skip > previousSkip) {
        // Items before the anchor left the list, and it moved up by fewer places than a page
        // holds: it is in the previous page's range now, with what slid up after it.
        skip = previousSkip;
        steppedBack = true;
      } else {
        // It left the list, or moved further than a page: start over.
        skip = 0;
        anchor = undefined;
        steppedBack = false;
      }
      continue;
    }
    steppedBack = false;
    for (const [index, item] of items.entries()) if (!seen.has(ids[index]!)) seen.set(ids[index]!, item);
    if (!hasNextPage || items.length === 0 || options.enough?.(items))
      return { kind: 'complete', items: [...seen.values()], pages };
    // A service that pages one item at a time leaves nothing to overlap: a move in the list would
    // go unseen, so such a list is never taken as whole.
    if (items.length === 1) return { kind: 'incomplete', items: [...seen.values()], pages };
    // The next page starts at this page's last item, re-read as the anchor.
    previousSkip = skip;
    skip += items.length - 1;
    anchor = ids[ids.length - 1];
  }
  return { kind: 'incomplete', items: [...seen.values()], pages };
}
