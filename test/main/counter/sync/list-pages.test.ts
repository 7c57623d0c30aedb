// The pager over a list that changes while it is read: what it calls complete holds every item
// that was in the list the whole time, and a list that changes at every page still gets read.
import { describe, expect, it } from 'vitest';
import { listPages, type Page } from '#counter/sync/pull/list-pages';
import type { ServiceOutcome } from '#counter/sync/remote/service-outcome';
import { SeededRandom } from '#test/support/prng';

/** A list served in pages of at most `cap` (the service caps below what is asked), changed by `churn` before each read. */
function servedList(initial: readonly string[], cap: number, churn: (list: string[], read: number) => void) {
  const list = [...initial];
  let reads = 0;
  const fetchPage = (skip: number, limit: number): Promise<ServiceOutcome<Page<string>>> => {
    churn(list, reads);
    reads += 1;
    const items = list.slice(skip, skip + Math.min(limit, cap));
    return Promise.resolve({ kind: 'ok', body: { items, hasNextPage: skip + items.length < list.length } });
  };
  return { list, fetchPage, reads: () => reads };
}

/** Seeded lists read to the end, of 300: 284 measured (starting over at each change: 266). */
const COMPLETE_FLOOR = 250;

const ids = (count: number, prefix = 'c') => Array.from({ length: count }, (_, i) => `${prefix}${i}`);

describe('listPages over a list that changes while it is read', () => {
  it('reads an unchanging list whole, each page starting at the last one’s last item', async () => {
    const served = servedList(ids(23), 5, () => {});
    const result = await listPages(served.fetchPage, { idOf: (id) => id, limit: 100, maxPages: 50 });
    expect(result).toMatchObject({ kind: 'complete', pages: 6 });
    expect(result.kind === 'complete' && result.items).toEqual(ids(23));
  });

  it('keeps reading when an item before the reading point leaves every few pages (tills renewing their codes, oldest first)', async () => {
    // Oldest first: each renewal deletes an old code near the front and adds one at the end, here
    // once every third page read. Started over at each change, this list of ten pages was never
    // read to its end (incomplete after 200 pages).
    let next = 0;
    const served = servedList(ids(50), 5, (list, read) => {
      if (read % 3 !== 2) return;
      list.splice(Math.min(2, list.length - 1), 1);
      list.push(`new${next++}`);
    });
    const result = await listPages(served.fetchPage, { idOf: (id) => id, limit: 100, maxPages: 200 });
    expect(result.kind).toBe('complete');
    // Thirteen pages unchanged; a change costs a read of the previous page again, or, when it comes
    // during that read too, a start over (35 pages, measured).
    expect(result.pages).toBeLessThan(50);
    const read = new Set(result.kind === 'complete' ? result.items : []);
    // Every code that stayed in the list the whole time was read.
    for (const id of ids(50).slice(3)) if (served.list.includes(id)) expect(read.has(id), id).toBe(true);
  });

  it('starts over when the last item read left the list, and still reads what stayed', async () => {
    let removed = false;
    const served = servedList(ids(20), 5, (list, read) => {
      // After the first page: its last item (the anchor) is deleted.
      if (read === 1 && !removed) {
        list.splice(list.indexOf('c4'), 1);
        removed = true;
      }
    });
    const result = await listPages(served.fetchPage, { idOf: (id) => id, limit: 100, maxPages: 50 });
    expect(result.kind).toBe('complete');
    expect(new Set(result.kind === 'complete' ? result.items : [])).toEqual(new Set(ids(20)));
  });

  it('seeded churn: a list called complete holds every item present throughout the reading', async () => {
    let complete = 0;
    for (let seed = 1; seed <= 300; seed++) {
      const rng = new SeededRandom(seed);
      const rand = () => rng.next();
      const initial = ids(5 + Math.floor(rand() * 60));
      const present = new Set(initial);
      const removedAtSomePoint = new Set<string>();
      let added = 0;
      const cap = 2 + Math.floor(rand() * 8);
      const changeRate = rand();
      const served = servedList(initial, cap, (list) => {
        if (rand() > changeRate) return;
        const changes = 1 + Math.floor(rand() * 3);
        for (let i = 0; i < changes; i++) {
          if (rand() < 0.5 && list.length > 0) {
            const [gone] = list.splice(Math.floor(rand() * list.length), 1);
            removedAtSomePoint.add(gone!);
          } else {
            const id = `s${seed}-n${added++}`;
            list.splice(Math.floor(rand() * (list.length + 1)), 0, id);
            present.add(id);
          }
        }
      });
      const result = await listPages(served.fetchPage, { idOf: (id) => id, limit: 100, maxPages: 400 });
      if (result.kind !== 'complete') continue;
      complete += 1;
      const read = new Set(result.items);
      expect(read.size, `seed ${seed}: each item once`).toBe(result.items.length);
      for (const id of initial)
        if (!removedAtSomePoint.has(id)) expect(read.has(id), `seed ${seed}: ${id} stayed but was not read`).toBe(true);
      for (const id of read) expect(present.has(id), `seed ${seed}: ${id} was never listed`).toBe(true);
    }
    // Most lists get read, however often they change (a change at every read of one in two).
    expect(complete).toBeGreaterThan(COMPLETE_FLOOR);
  });

  it('takes a list served one item a page for incomplete: nothing overlaps to show a move', async () => {
    const served = servedList(ids(4), 1, () => {});
    const result = await listPages(served.fetchPage, { idOf: (id) => id, limit: 100, maxPages: 50 });
    expect(result).toMatchObject({ kind: 'incomplete', pages: 1 });
  });

  it('says incomplete past its bound, never complete', async () => {
    // Every read deletes the item the last page ended on: no page ever finds its anchor.
    const served = servedList(ids(200), 5, (list, read) => {
      if (read > 0) list.splice(Math.min(3, list.length - 1), 1);
    });
    const result = await listPages(served.fetchPage, { idOf: (id) => id, limit: 100, maxPages: 7 });
    expect(result.kind).toBe('incomplete');
    expect(result.pages).toBe(7);
  });
});
