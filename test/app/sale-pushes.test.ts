// A create answers once (sale-pushes.ts): the news a create causes about its own sale is its
// answer alone; nothing else is lost, delayed past the create, or reordered.
import { describe, expect, it } from 'vitest';
import { SalePushes } from '../../src/main/app/sale-pushes';
import type { Sale } from '../../src/shared/pos-api';

function sale(correlationID: string, status: Sale['status'], queued = 0): Sale {
  return {
    correlationID,
    value: 100,
    status,
    sync: { queued },
    expiresDate: '2026-01-01T00:15:00.000Z',
    createdAt: '2026-01-01T00:00:00.000Z',
    refunds: [],
    refundable: 0,
  };
}

function setUp() {
  const pushed: Sale[] = [];
  const pushes = new SalePushes((next) => pushed.push(next));
  /** The store: what `current` reads. */
  const store = new Map<string, Sale>();
  const change = (next: Sale) => {
    store.set(next.correlationID, next);
    pushes.changed(next);
  };
  return { pushed, pushes, store, change };
}

describe('a create answers once', () => {
  it('replaces the pushes of its own sale by one push of its answer after the others (for the other windows), and pushes what comes after', async () => {
    const { pushed, pushes, store, change } = setUp();
    const answer = await pushes.answerOnce(
      async () => {
        change(sale('new', 'PENDING', 1));
        change(sale('other', 'COMPLETED'));
        change(sale('new', 'ACTIVE'));
        change(sale('other', 'EXPIRED'));
        // Nothing goes out while the create runs.
        expect(pushed).toEqual([]);
        return sale('new', 'ACTIVE');
      },
      (id) => store.get(id)!,
    );
    expect(answer).toEqual(sale('new', 'ACTIVE'));
    expect(pushed.map((next) => `${next.correlationID} ${next.status}`)).toEqual([
      'other COMPLETED',
      'other EXPIRED',
      'new ACTIVE',
    ]);
    change(sale('new', 'COMPLETED'));
    expect(pushed.at(-1)).toEqual(sale('new', 'COMPLETED'));
  });

  it('answers the sale as it stands when the create is done, so news that lands right after its return is not lost', async () => {
    const { pushed, pushes, store, change } = setUp();
    const answer = await pushes.answerOnce(
      async () => {
        change(sale('new', 'PENDING', 1));
        // The service's answer lands between the create's return and its caller's next step.
        queueMicrotask(() => change(sale('new', 'ACTIVE')));
        return sale('new', 'PENDING', 1);
      },
      (id) => store.get(id)!,
    );
    expect(answer.status).toBe('ACTIVE');
    expect(pushed).toEqual([answer]);
  });

  it('lets every push go when the create fails (the refused sale is news for the history)', async () => {
    const { pushed, pushes, change } = setUp();
    const failing = pushes.answerOnce(
      async () => {
        change(sale('refused', 'REJECTED'));
        throw new Error('refused');
      },
      () => {
        throw new Error('not read');
      },
    );
    await expect(failing).rejects.toThrow('refused');
    expect(pushed).toEqual([sale('refused', 'REJECTED')]);
  });

  it('holds the pushes until the last of two overlapping creates is done, each dropping only its own', async () => {
    const { pushed, pushes, store, change } = setUp();
    let finishFirst!: () => void;
    const first = pushes.answerOnce(
      () =>
        new Promise<Sale>((resolve) => {
          change(sale('a', 'ACTIVE'));
          finishFirst = () => resolve(sale('a', 'ACTIVE'));
        }),
      (id) => store.get(id)!,
    );
    const second = pushes.answerOnce(
      async () => {
        change(sale('b', 'ACTIVE'));
        await first;
        return sale('b', 'ACTIVE');
      },
      (id) => store.get(id)!,
    );
    finishFirst();
    await first;
    // The first is answered; news of it after its answer waits for the second, in order.
    change(sale('a', 'COMPLETED'));
    expect(pushed).toEqual([]);
    await second;
    expect(pushed).toEqual([sale('a', 'ACTIVE'), sale('a', 'COMPLETED'), sale('b', 'ACTIVE')]);
  });
});
