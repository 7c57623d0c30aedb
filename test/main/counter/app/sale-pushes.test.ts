// A create answers once (sale-pushes.ts, sync/sale-commands.ts): the window that asked gets its
// sale as the call's answer alone, every other window gets one push of that same answer, and
// everything after it reaches every window; the sale's view is built once per create.
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { pageOrigin, reaches, windowOrigin, type Audience } from '#counter/ports/call-origin';
import type { SaleViews } from '#counter/sync/sales/sale-views';
import { SyncNotices } from '#counter/sync/sync-notices';
import type { CounterEvent, Sale } from '#shared/counter/counter-api';
import { openRuntime, until, type RuntimeFixture } from './runtime-fixture';

/** The correlationID of every sale view main builds (saleView is the one place views are made). */
const viewsBuilt = vi.hoisted(() => [] as string[]);
vi.mock('#counter/sync/sales/sale-view', async (importOriginal) => {
  const real = await importOriginal<typeof import('#counter/sync/sales/sale-view')>();
  return {
    ...real,
    saleView: (...args: Parameters<typeof real.saleView>) => {
      viewsBuilt.push(args[0].correlation_id);
      return real.saleView(...args);
    },
  };
});

const asking = pageOrigin('a'.repeat(32))!;
const otherTab = pageOrigin('b'.repeat(32))!;
const otherWindow = windowOrigin(7);

let fixture: RuntimeFixture;
let pushes: Array<{ sale: Sale; audience: Audience }>;
beforeEach(() => {
  fixture = openRuntime();
  pushes = [];
  fixture.runtime.events.subscribe((event: CounterEvent, audience) => {
    if (event.type === 'sale-updated') pushes.push({ sale: event.sale, audience });
  });
});
afterEach(async () => {
  await fixture.dispose();
});

async function createFrom(origin: ReturnType<typeof pageOrigin>, value: number): Promise<Sale> {
  const result = await fixture.runtime.call('createSale', { value }, origin);
  if (!result.ok) throw new Error(JSON.stringify(result.error));
  return result.value as Sale;
}

const pushesOf = (sale: Sale) => pushes.filter((push) => push.sale.correlationID === sale.correlationID);

describe('a create answers once', () => {
  it('answers the window that asked; every other window gets one push of that answer; a later change reaches every window', async () => {
    const sale = await createFrom(asking, 1234);
    expect(sale.status).toBe('ACTIVE');
    // Not PENDING then ACTIVE as the create went: one push, the answer itself, not for the asker.
    expect(pushesOf(sale)).toHaveLength(1);
    const [answer] = pushesOf(sale);
    expect(answer!.sale).toEqual(sale);
    expect(reaches(answer!.audience, asking)).toBe(false);
    expect(reaches(answer!.audience, otherTab)).toBe(true);
    expect(reaches(answer!.audience, otherWindow)).toBe(true);

    // The payment, asked for from another window, is news for every window, the creator's too.
    expect((await fixture.runtime.call('simulatePayment', { correlationID: sale.correlationID }, otherWindow)).ok).toBe(
      true,
    );
    const paid = await until(() => pushesOf(sale).find((push) => push.sale.status === 'COMPLETED'));
    expect(reaches(paid.audience, asking)).toBe(true);
    expect(reaches(paid.audience, otherWindow)).toBe(true);
    // The answer's push came first and is the only one before the payment's news.
    expect(pushesOf(sale).filter((push) => push.sale.status !== 'COMPLETED')).toEqual([answer]);
    expect(pushesOf(sale)[0]).toBe(answer);
  });

  it('skips, for each of two creates at once, only the window that made it', async () => {
    const [mine, theirs] = await Promise.all([createFrom(asking, 100), createFrom(otherTab, 200)]);
    expect(pushesOf(mine).map((push) => reaches(push.audience, asking))).toEqual([false]);
    expect(pushesOf(mine).map((push) => reaches(push.audience, otherTab))).toEqual([true]);
    expect(pushesOf(theirs).map((push) => reaches(push.audience, otherTab))).toEqual([false]);
    expect(pushesOf(theirs).map((push) => reaches(push.audience, asking))).toEqual([true]);
  });

  it('pushes a create from no window (a test, a tool) to every window', async () => {
    const sale = await fixture.runtime.api.createSale({ value: 300 });
    expect(pushesOf(sale)).toHaveLength(1);
    expect(reaches(pushesOf(sale)[0]!.audience, asking)).toBe(true);
  });

  it('builds the sale’s view once per create, for the answer and its push alike', async () => {
    viewsBuilt.length = 0;
    const first = await createFrom(asking, 1500);
    const second = await fixture.runtime.api.createSale({ value: 1600 });
    expect(viewsBuilt.filter((id) => id === first.correlationID)).toHaveLength(1);
    expect(viewsBuilt.filter((id) => id === second.correlationID)).toHaveLength(1);
    // …and what is answered and pushed is still the sale as the service answered it.
    expect(first).toMatchObject({ status: 'ACTIVE', brCode: expect.stringMatching(/^000201/) });
    expect(pushesOf(first)[0]!.sale).toEqual(first);
  });
});

describe('the store’s hold on a creating sale (sync-notices.ts)', () => {
  function notices() {
    const found: string[] = [];
    const told: string[] = [];
    const views = {
      find: (id: string) => {
        found.push(id);
        return { correlationID: id } as Sale;
      },
    } as unknown as SaleViews;
    const subject = new SyncNotices({ views, onSaleChanged: (sale) => told.push(sale.correlationID) });
    return { subject, found, told };
  }

  it('tells nothing and builds nothing for the held sale, and tells every other sale at once', () => {
    const { subject, found, told } = notices();
    const endHold = subject.hold('new');
    subject.saleChanged('new');
    subject.saleChanged('other');
    expect(found).toEqual(['other']);
    expect(told).toEqual(['other']);
    // Ending the hold says the sale changed meanwhile, once.
    expect(endHold()).toBe(true);
    expect(endHold()).toBe(false);
    subject.saleChanged('new');
    expect(told).toEqual(['other', 'new']);
  });

  it('tells the answer through the caller’s way when it has one, else like any change', () => {
    const { subject, told } = notices();
    const toOthers: string[] = [];
    subject.answered({ correlationID: 'a' } as Sale, (sale) => toOthers.push(sale.correlationID));
    subject.answered({ correlationID: 'b' } as Sale);
    expect(toOthers).toEqual(['a']);
    expect(told).toEqual(['b']);
  });
});
