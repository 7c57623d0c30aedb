// The offline matcher's rules, one example each (the contract is at the top of
// src/main/counter/sync/offline/offline-matcher.ts). Times are minutes after T0 to keep the windows readable.
import { describe, expect, it } from 'vitest';
import {
  matchOfflinePayments,
  type IncomingPix,
  type MatchOptions,
  type OfflineSale,
} from '#counter/sync/offline/offline-matcher';
import { windowComponents } from '#counter/sync/offline/window-components';

const T0 = Date.parse('2026-03-10T12:00:00.000Z');
const MIN = 60_000;
const at = (minutes: number) => new Date(T0 + minutes * MIN).toISOString();

/** An OPEN sale whose window runs from minute `from` to minute `to`. */
function sale(id: string, value: number, from: number, to: number, extra: Partial<OfflineSale> = {}): OfflineSale {
  return { correlationID: id, txid: `tx${id}`, value, createdAt: at(from), windowEnd: at(to), state: 'OPEN', ...extra };
}

/** A Pix in at minute `minute`; `txid` undefined = dropped by the payer's bank. */
function pix(id: string, value: number, minute: number, txid?: string): IncomingPix {
  const transaction: IncomingPix = { id, endToEndId: `E${id}`, value, time: at(minute) };
  if (txid !== undefined) transaction.txid = txid;
  return transaction;
}

/** Long after every window: everything can be decided. */
const LATER: MatchOptions = { now: at(10_000), clockSkewMs: 0, settleDelayMs: 0 };
const nowAt = (minute: number, extra: Partial<MatchOptions> = {}): MatchOptions => ({
  ...LATER,
  now: at(minute),
  ...extra,
});

describe('rule 1: by txid', () => {
  it('a Pix with the sale’s txid and exact value pays it, even before its window ends', () => {
    const result = matchOfflinePayments([sale('a', 1000, 0, 15)], [pix('p1', 1000, 3, 'txa')], nowAt(5));
    expect(result).toEqual({
      matched: [{ correlationID: 'a', transactionId: 'p1', by: 'txid' }],
      review: [],
      pending: [],
    });
  });

  it('the txid decides, whatever the value rule would say: a same-value sale next to it is not touched', () => {
    const result = matchOfflinePayments(
      [sale('a', 1000, 0, 15), sale('b', 1000, 0, 15)],
      [pix('p1', 1000, 3, 'txb')],
      LATER,
    );
    expect(result.matched).toEqual([{ correlationID: 'b', transactionId: 'p1', by: 'txid' }]);
    expect(result.review).toEqual([
      { reason: 'NO_PAYMENT', correlationID: 'a', transactionIds: [], saleMatched: false },
    ]);
  });

  it('less than the value is UNDERPAID, more is OVERPAID: never a confirmation', () => {
    const result = matchOfflinePayments(
      [sale('a', 1000, 0, 15), sale('b', 1000, 0, 15)],
      [pix('p1', 999, 3, 'txa'), pix('p2', 1001, 4, 'txb')],
      LATER,
    );
    expect(result.matched).toEqual([]);
    expect(result.review).toEqual([
      { reason: 'UNDERPAID', correlationID: 'a', transactionIds: ['p1'], saleMatched: false },
      { reason: 'OVERPAID', correlationID: 'b', transactionIds: ['p2'], saleMatched: false },
    ]);
  });

  it('paid twice: the earliest exact payment pays the sale, the other is DOUBLE_PAID money for the owner', () => {
    const result = matchOfflinePayments(
      [sale('a', 1000, 0, 15)],
      [pix('p2', 1000, 9, 'txa'), pix('p1', 1000, 4, 'txa')],
      LATER,
    );
    expect(result.matched).toEqual([{ correlationID: 'a', transactionId: 'p1', by: 'txid' }]);
    expect(result.review).toEqual([
      { reason: 'DOUBLE_PAID', correlationID: 'a', transactionIds: ['p2'], saleMatched: true },
    ]);
  });

  it('an underpayment then the exact value: the exact one pays, the first is flagged', () => {
    const result = matchOfflinePayments(
      [sale('a', 1000, 0, 15)],
      [pix('p1', 100, 2, 'txa'), pix('p2', 1000, 4, 'txa')],
      LATER,
    );
    expect(result.matched).toEqual([{ correlationID: 'a', transactionId: 'p2', by: 'txid' }]);
    expect(result.review).toEqual([
      { reason: 'DOUBLE_PAID', correlationID: 'a', transactionIds: ['p1'], saleMatched: true },
    ]);
  });

  it('several Pix with the txid and none of them exact (a split payment): DOUBLE_PAID, not paid', () => {
    const result = matchOfflinePayments(
      [sale('a', 1000, 0, 15)],
      [pix('p1', 400, 2, 'txa'), pix('p2', 600, 4, 'txa')],
      LATER,
    );
    expect(result.matched).toEqual([]);
    expect(result.review).toEqual([
      { reason: 'DOUBLE_PAID', correlationID: 'a', transactionIds: ['p1', 'p2'], saleMatched: false },
    ]);
  });

  it('the exact value after the window is LATE: the sale’s money, kept for a person, never dropped', () => {
    const result = matchOfflinePayments([sale('a', 1000, 0, 15)], [pix('p1', 1000, 16, 'txa')], LATER);
    expect(result.matched).toEqual([]);
    expect(result.review).toEqual([{ reason: 'LATE', correlationID: 'a', transactionIds: ['p1'], saleMatched: false }]);
  });

  it('a payment past windowEnd but within the clock skew is on time', () => {
    const options = { ...LATER, clockSkewMs: 2 * MIN };
    const result = matchOfflinePayments([sale('a', 1000, 0, 15)], [pix('p1', 1000, 16, 'txa')], options);
    expect(result.matched).toEqual([{ correlationID: 'a', transactionId: 'p1', by: 'txid' }]);
    expect(
      matchOfflinePayments([sale('a', 1000, 0, 15)], [pix('p1', 1000, 18, 'txa')], options).review[0]?.reason,
    ).toBe('LATE');
  });

  it('a time before the sale existed is a clock matter: the txid still pays it', () => {
    const result = matchOfflinePayments([sale('a', 1000, 10, 25)], [pix('p1', 1000, 9, 'txa')], LATER);
    expect(result.matched).toEqual([{ correlationID: 'a', transactionId: 'p1', by: 'txid' }]);
  });

  it('a late exact payment after a paying one is extra money', () => {
    const result = matchOfflinePayments(
      [sale('a', 1000, 0, 15)],
      [pix('p1', 1000, 5, 'txa'), pix('p2', 1000, 40, 'txa')],
      LATER,
    );
    expect(result.matched).toEqual([{ correlationID: 'a', transactionId: 'p1', by: 'txid' }]);
    expect(result.review).toEqual([
      { reason: 'DOUBLE_PAID', correlationID: 'a', transactionIds: ['p2'], saleMatched: true },
    ]);
  });

  it('a cancelled sale is never paid: its txid money is CANCELLED_PAID', () => {
    const cancelled = sale('a', 1000, 0, 15, { state: 'CANCELLED' });
    const result = matchOfflinePayments([cancelled], [pix('p1', 1000, 3, 'txa')], LATER);
    expect(result).toEqual({
      matched: [],
      review: [{ reason: 'CANCELLED_PAID', correlationID: 'a', transactionIds: ['p1'], saleMatched: false }],
      pending: [],
    });
    // With no money it is simply done: nothing to say.
    expect(matchOfflinePayments([cancelled], [], LATER)).toEqual({ matched: [], review: [], pending: [] });
  });
});

describe('rule 2: by value, where the payer’s bank dropped the txid', () => {
  it('absent, empty and "***" all mean no txid', () => {
    for (const txid of [undefined, '', '***']) {
      const result = matchOfflinePayments([sale('a', 1000, 0, 15)], [pix('p1', 1000, 3, txid)], LATER);
      expect(result.matched).toEqual([{ correlationID: 'a', transactionId: 'p1', by: 'value' }]);
    }
  });

  it('one sale and one Pix fitting only each other: matched, but only once the window is closed', () => {
    const sales = [sale('a', 1000, 0, 15)];
    const money = [pix('p1', 1000, 3)];
    expect(matchOfflinePayments(sales, money, nowAt(10))).toEqual({ matched: [], review: [], pending: ['a'] });
    expect(matchOfflinePayments(sales, money, nowAt(15)).matched).toEqual([
      { correlationID: 'a', transactionId: 'p1', by: 'value' },
    ]);
  });

  it('closing waits 2·skew + settle after windowEnd: the last Pix may still be on its way', () => {
    const options = { clockSkewMs: 1 * MIN, settleDelayMs: 3 * MIN };
    const sales = [sale('a', 1000, 0, 15)];
    const money = [pix('p1', 1000, 3)];
    expect(matchOfflinePayments(sales, money, nowAt(19.99, options)).pending).toEqual(['a']);
    expect(matchOfflinePayments(sales, money, nowAt(20, options)).matched).toHaveLength(1);
  });

  it('a Pix that fits two sales matches neither: AMBIGUOUS, naming both', () => {
    const result = matchOfflinePayments([sale('a', 1000, 0, 15), sale('b', 1000, 5, 20)], [pix('p1', 1000, 10)], LATER);
    expect(result).toEqual({
      matched: [],
      review: [{ reason: 'AMBIGUOUS', possibleSales: ['a', 'b'], transactionIds: ['p1'], saleMatched: false }],
      pending: [],
    });
  });

  it('two txid-less Pix of the value for one sale: AMBIGUOUS (a double payment, or someone else’s)', () => {
    const result = matchOfflinePayments([sale('a', 1000, 0, 15)], [pix('p2', 1000, 9), pix('p1', 1000, 4)], LATER);
    expect(result).toEqual({
      matched: [],
      review: [
        {
          reason: 'AMBIGUOUS',
          correlationID: 'a',
          possibleSales: ['a'],
          transactionIds: ['p1', 'p2'],
          saleMatched: false,
        },
      ],
      pending: [],
    });
  });

  it('the same value at different times: windows that do not overlap are matched each to its own', () => {
    const sales = [sale('a', 1000, 0, 15), sale('b', 1000, 20, 35), sale('c', 1000, 40, 55)];
    const money = [pix('p3', 1000, 50), pix('p1', 1000, 5), pix('p2', 1000, 30)];
    expect(matchOfflinePayments(sales, money, LATER).matched).toEqual([
      { correlationID: 'a', transactionId: 'p1', by: 'value' },
      { correlationID: 'b', transactionId: 'p2', by: 'value' },
      { correlationID: 'c', transactionId: 'p3', by: 'value' },
    ]);
  });

  it('overlapping windows with each Pix outside the overlap: still a bijection each', () => {
    const sales = [sale('a', 1000, 0, 15), sale('b', 1000, 10, 25)];
    const result = matchOfflinePayments(sales, [pix('p1', 1000, 5), pix('p2', 1000, 20)], LATER);
    expect(result.matched).toEqual([
      { correlationID: 'a', transactionId: 'p1', by: 'value' },
      { correlationID: 'b', transactionId: 'p2', by: 'value' },
    ]);
    // One more Pix in the overlap ties them together: now nobody can say which is which.
    const tied = matchOfflinePayments(sales, [pix('p1', 1000, 5), pix('p2', 1000, 20), pix('p3', 1000, 12)], LATER);
    expect(tied.matched).toEqual([]);
    expect(tied.review).toEqual([
      { reason: 'AMBIGUOUS', possibleSales: ['a', 'b'], transactionIds: ['p1', 'p3', 'p2'], saleMatched: false },
    ]);
  });

  it('ties: two sales of one value made at the same instant share every Pix', () => {
    const result = matchOfflinePayments(
      [sale('b', 500, 0, 15), sale('a', 500, 0, 15)],
      [pix('p1', 500, 7), pix('p2', 500, 7)],
      LATER,
    );
    expect(result.review).toEqual([
      { reason: 'AMBIGUOUS', possibleSales: ['a', 'b'], transactionIds: ['p1', 'p2'], saleMatched: false },
    ]);
  });

  it('a sale paid by txid still counts: a txid-less Pix it could have paid twice is not handed to its neighbour', () => {
    const sales = [sale('a', 1000, 0, 15), sale('b', 1000, 5, 20)];
    const result = matchOfflinePayments(sales, [pix('p1', 1000, 3, 'txa'), pix('p2', 1000, 10)], LATER);
    expect(result.matched).toEqual([{ correlationID: 'a', transactionId: 'p1', by: 'txid' }]);
    expect(result.review).toEqual([
      { reason: 'AMBIGUOUS', possibleSales: ['a', 'b'], transactionIds: ['p2'], saleMatched: false },
    ]);
  });

  it('a txid-less Pix that only a txid-paid sale could own: DOUBLE_PAID for it', () => {
    const result = matchOfflinePayments(
      [sale('a', 1000, 0, 15)],
      [pix('p1', 1000, 3, 'txa'), pix('p2', 1000, 10)],
      LATER,
    );
    expect(result.review).toEqual([
      { reason: 'DOUBLE_PAID', correlationID: 'a', transactionIds: ['p2'], saleMatched: true },
    ]);
  });

  it('a cancelled sale counts too: it blocks a match, and money fitting only it is CANCELLED_PAID', () => {
    const cancelled = sale('c', 1000, 0, 15, { state: 'CANCELLED' });
    const blocked = matchOfflinePayments([cancelled, sale('b', 1000, 5, 20)], [pix('p1', 1000, 10)], LATER);
    expect(blocked.matched).toEqual([]);
    expect(blocked.review).toEqual([
      { reason: 'AMBIGUOUS', possibleSales: ['b', 'c'], transactionIds: ['p1'], saleMatched: false },
    ]);
    const alone = matchOfflinePayments([cancelled], [pix('p1', 1000, 10)], LATER);
    expect(alone.review).toEqual([
      { reason: 'CANCELLED_PAID', correlationID: 'c', transactionIds: ['p1'], saleMatched: false },
    ]);
  });

  it('a group waits until every sale in it is closed, even one whose own window has ended', () => {
    const sales = [sale('a', 1000, 0, 15), sale('b', 1000, 10, 40)];
    const result = matchOfflinePayments(sales, [pix('p1', 1000, 12)], nowAt(30));
    expect(result).toEqual({ matched: [], review: [], pending: ['a', 'b'] });
  });

  it('an ambiguity later Pix cannot undo: the group only grows', () => {
    const sales = [sale('a', 1000, 0, 15), sale('b', 1000, 10, 25)];
    const soon = matchOfflinePayments(sales, [pix('p1', 1000, 12)], LATER);
    const after = matchOfflinePayments(sales, [pix('p1', 1000, 12), pix('p2', 1000, 20)], LATER);
    expect(soon.review[0]?.reason).toBe('AMBIGUOUS');
    expect(after.review[0]?.reason).toBe('AMBIGUOUS');
  });
});

describe('rules 3 and 4: nothing, and what is not ours', () => {
  it('no payment: pending inside the window, NO_PAYMENT once closed', () => {
    expect(matchOfflinePayments([sale('a', 1000, 0, 15)], [], nowAt(14))).toEqual({
      matched: [],
      review: [],
      pending: ['a'],
    });
    expect(matchOfflinePayments([sale('a', 1000, 0, 15)], [], nowAt(15)).review).toEqual([
      { reason: 'NO_PAYMENT', correlationID: 'a', transactionIds: [], saleMatched: false },
    ]);
  });

  it('a txid that names no offline sale is not ours: ignored, even with the value inside the window', () => {
    const result = matchOfflinePayments([sale('a', 1000, 0, 15)], [pix('p1', 1000, 3, 'onlineCharge123')], LATER);
    expect(result.matched).toEqual([]);
    expect(result.review).toEqual([
      { reason: 'NO_PAYMENT', correlationID: 'a', transactionIds: [], saleMatched: false },
    ]);
  });

  it('txid-less Pix outside every window of their value are ignored, never assigned', () => {
    const money = [pix('before', 1000, -1), pix('after', 1000, 16), pix('other-value', 999, 5)];
    const result = matchOfflinePayments([sale('a', 1000, 0, 15)], money, LATER);
    expect(result).toEqual({
      matched: [],
      review: [{ reason: 'NO_PAYMENT', correlationID: 'a', transactionIds: [], saleMatched: false }],
      pending: [],
    });
  });
});

describe('determinism and inputs', () => {
  const sales = [
    sale('a', 1000, 0, 15),
    sale('b', 1000, 5, 20),
    sale('c', 2500, 0, 15),
    sale('d', 700, 30, 45),
    sale('e', 700, 50, 65, { state: 'CANCELLED' }),
    sale('f', 300, 9000, 9020),
  ];
  const money = [
    pix('p1', 1000, 10),
    pix('p2', 2500, 3, 'txc'),
    pix('p3', 2500, 8, 'txc'),
    pix('p4', 700, 31),
    pix('p5', 700, 55),
    pix('p6', 150, 3, 'txd'),
    pix('p7', 999, 8, 'somebodyElse'),
  ];

  it('the result does not depend on the order of the inputs', () => {
    const forward = matchOfflinePayments(sales, money, nowAt(9010));
    const backward = matchOfflinePayments([...sales].reverse(), [...money].reverse(), nowAt(9010));
    expect(backward).toEqual(forward);
    expect(forward.pending).toEqual(['f']);
  });

  it('refuses inputs that would make a match meaningless', () => {
    expect(() =>
      matchOfflinePayments([sale('a', 1000, 0, 15), sale('b', 1000, 0, 15, { txid: 'txa' })], [], LATER),
    ).toThrow(/share the txid/);
    expect(() => matchOfflinePayments([], [pix('p1', 1, 0), pix('p1', 2, 0)], LATER)).toThrow(/listed twice/);
    expect(() =>
      matchOfflinePayments([sale('a', 1000, 0, 15), sale('a', 1000, 0, 15, { txid: 'other' })], [], LATER),
    ).toThrow(/listed twice/);
    expect(() => matchOfflinePayments([sale('a', 1000, 0, 15, { txid: '***' })], [], LATER)).toThrow(/txid/);
    expect(() => matchOfflinePayments([sale('a', 1000, 0, 15, { txid: 'x'.repeat(26) })], [], LATER)).toThrow(/txid/);
    expect(() => matchOfflinePayments([sale('a', 10.5, 0, 15)], [], LATER)).toThrow(/cents/);
    expect(() => matchOfflinePayments([], [{ ...pix('p1', 1, 0), time: 'yesterday' }], LATER)).toThrow(/ISO time/);
    expect(() => matchOfflinePayments([], [], { ...LATER, clockSkewMs: -1 })).toThrow(/clockSkewMs/);
  });
});

describe('windowComponents', () => {
  it('links instants through the windows that hold them', () => {
    const windows = [
      { start: 0, end: 10 },
      { start: 8, end: 20 },
      { start: 30, end: 40 },
      { start: 50, end: 60 },
    ];
    // 9 is in the first two windows, so 5 and 15 join through it; 35 is alone; 45 is nowhere.
    const result = windowComponents(windows, [15, 45, 5, 9, 35]);
    expect(Array.from(result.groupOfInstant)).toEqual([0, -1, 0, 0, 1]);
    expect(Array.from(result.groupOfWindow)).toEqual([0, 0, 1, -1]);
    expect(result.groupCount).toBe(2);
  });

  it('overlapping windows are not one group unless an instant sits in the overlap', () => {
    const result = windowComponents(
      [
        { start: 0, end: 10 },
        { start: 5, end: 15 },
      ],
      [2, 12],
    );
    expect(Array.from(result.groupOfInstant)).toEqual([0, 1]);
    expect(Array.from(result.groupOfWindow)).toEqual([0, 1]);
  });
});
