// The offline matcher against worlds built from a ground truth: sales, and for each sale what
// really happened to it (unpaid, paid with or without txid, twice, wrong amount, split in two,
// late), plus money that is none of theirs. The matcher never sees the truth; every match it
// makes must agree with it.
//
// The worlds keep the model's one assumption (offline-matcher.ts, rule 2): a Pix whose txid was
// dropped is an exact payment made inside its own sale's window, and other txid-less money lies
// outside every window of its value. Without it no matcher could tell the money apart, since the
// bank statement would be the same.
import { describe, expect, it } from 'vitest';
import fc from 'fast-check';
import {
  matchOfflinePayments,
  type IncomingPix,
  type MatchOptions,
  type OfflineReconciliation,
  type OfflineSale,
} from '#counter/sync/offline/offline-matcher';
import { windowComponents, type TimeWindow } from '#counter/sync/offline/window-components';

const T0 = Date.parse('2026-03-10T12:00:00.000Z');
const SEC = 1000;
const MIN = 60 * SEC;
const iso = (ms: number) => new Date(ms).toISOString();
const RUNS = 400;

/** Few values, so sales of one value crowd each other; noise without txid uses values no sale has. */
const SALE_VALUES = [500, 1000, 1250, 4990];
const FATES = ['unpaid', 'txid', 'no-txid', 'twice', 'underpaid', 'overpaid', 'split', 'late'] as const;
type Fate = (typeof FATES)[number];

interface World {
  sales: OfflineSale[];
  transactions: IncomingPix[];
  options: MatchOptions;
  /** Transaction id → the sale it really pays (absent: not an offline sale's money). */
  owner: Map<string, string>;
  fate: Map<string, Fate>;
}

const saleArb = fc.record({
  value: fc.constantFrom(...SALE_VALUES),
  // An hour of sales with windows up to half an hour: same-value windows overlap often.
  startSec: fc.integer({ min: 0, max: 3600 }),
  lifetimeSec: fc.integer({ min: 5 * 60, max: 30 * 60 }),
  cancelled: fc.integer({ min: 0, max: 9 }).map((n) => n === 9), // one sale in ten
  fate: fc.constantFrom(...FATES),
  // Where in (or after) the window each payment falls, and whether each keeps its txid.
  spots: fc.tuple(fc.double({ min: 0, max: 1, noNaN: true }), fc.double({ min: 0, max: 1, noNaN: true })),
  keepsTxid: fc.tuple(fc.boolean(), fc.boolean()),
});

const noiseArb = fc.record({
  kind: fc.constantFrom('unknown-txid', 'odd-value', 'outside-windows'),
  value: fc.oneof(fc.constantFrom(...SALE_VALUES), fc.integer({ min: 1, max: 20_000 })),
  atSec: fc.integer({ min: -1800, max: 3 * 3600 }),
});

type SaleSpec = typeof saleArb extends fc.Arbitrary<infer T> ? T : never;
type NoiseSpec = typeof noiseArb extends fc.Arbitrary<infer T> ? T : never;

const worldArb: fc.Arbitrary<World> = fc
  .record({
    sales: fc.array(saleArb, { minLength: 1, maxLength: 30, size: 'medium' }),
    noise: fc.array(noiseArb, { maxLength: 15, size: 'medium' }),
    skewSec: fc.constantFrom(0, 30, 120),
    settleSec: fc.constantFrom(0, 60),
    // null: long after every window; else somewhere in the middle, with sales still open.
    nowSec: fc.option(fc.integer({ min: 0, max: 2 * 3600 }), { nil: null }),
  })
  .map(buildWorld);

function buildWorld(input: {
  sales: SaleSpec[];
  noise: NoiseSpec[];
  skewSec: number;
  settleSec: number;
  nowSec: number | null;
}): World {
  const skew = input.skewSec * SEC;
  const sales: OfflineSale[] = [];
  const transactions: IncomingPix[] = [];
  const owner = new Map<string, string>();
  const fate = new Map<string, Fate>();
  let nextPix = 0;
  const pay = (sale: OfflineSale, value: number, atMs: number, keepsTxid: boolean) => {
    const id = `p${nextPix++}`;
    const pix: IncomingPix = { id, endToEndId: `E${id}`, value, time: iso(atMs) };
    if (keepsTxid) pix.txid = sale.txid;
    transactions.push(pix);
    owner.set(id, sale.correlationID);
  };
  input.sales.forEach((spec, index) => {
    const created = T0 + spec.startSec * SEC;
    const end = created + spec.lifetimeSec * SEC;
    const sale: OfflineSale = {
      correlationID: `s${index}`,
      txid: `tx${index}`,
      value: spec.value,
      createdAt: iso(created),
      windowEnd: iso(end),
      state: spec.cancelled ? 'CANCELLED' : 'OPEN',
    };
    sales.push(sale);
    fate.set(sale.correlationID, spec.fate);
    const inWindow = (spot: number) => Math.round(created + spot * (end - created));
    const [first, second] = spec.spots;
    const [firstKeeps, secondKeeps] = spec.keepsTxid;
    switch (spec.fate) {
      case 'unpaid':
        break;
      case 'txid':
        pay(sale, sale.value, inWindow(first), true);
        break;
      case 'no-txid':
        pay(sale, sale.value, inWindow(first), false);
        break;
      case 'twice':
        pay(sale, sale.value, inWindow(first), firstKeeps);
        pay(sale, sale.value, inWindow(second), secondKeeps);
        break;
      // A wrong amount or a late payment can only be told apart by its txid (see the header).
      case 'underpaid':
        pay(sale, sale.value - 1 - Math.floor(first * (sale.value - 2)), inWindow(second), true);
        break;
      case 'overpaid':
        pay(sale, sale.value + 1 + Math.floor(first * 1000), inWindow(second), true);
        break;
      case 'split': {
        const part = 1 + Math.floor(first * (sale.value - 2));
        pay(sale, part, inWindow(first), true);
        pay(sale, sale.value - part, inWindow(second), true);
        break;
      }
      case 'late':
        pay(sale, sale.value, end + skew + SEC + Math.round(first * 60 * MIN), true);
        break;
    }
  });
  input.noise.forEach((spec, index) => {
    const id = `n${index}`;
    const atMs = T0 + spec.atSec * SEC;
    const pix: IncomingPix = { id, endToEndId: `E${id}`, value: spec.value, time: iso(atMs) };
    if (spec.kind === 'unknown-txid') pix.txid = `online${index}`;
    else if (spec.kind === 'odd-value')
      pix.value = 1 + (spec.value % 99); // no sale is under R$ 1
    else if (sales.some((sale) => sale.value === spec.value && insideWindow(sale, atMs, skew))) return;
    transactions.push(pix);
  });
  const lastEnd = Math.max(T0, ...sales.map((sale) => Date.parse(sale.windowEnd)));
  const now = input.nowSec === null ? lastEnd + 24 * 3600 * SEC : T0 + input.nowSec * SEC;
  return {
    sales,
    transactions,
    owner,
    fate,
    options: { now: iso(now), clockSkewMs: skew, settleDelayMs: input.settleSec * SEC },
  };
}

function insideWindow(sale: OfflineSale, atMs: number, skew: number): boolean {
  return Date.parse(sale.createdAt) - skew <= atMs && atMs <= Date.parse(sale.windowEnd) + skew;
}

function isClosed(sale: OfflineSale, options: MatchOptions): boolean {
  return Date.parse(options.now) >= Date.parse(sale.windowEnd) + 2 * options.clockSkewMs + options.settleDelayMs;
}

function hasTxid(pix: IncomingPix): boolean {
  return pix.txid !== undefined && pix.txid !== '' && pix.txid !== '***';
}

const run = (world: World) => matchOfflinePayments(world.sales, world.transactions, world.options);

/** Every sale some review item names (as its subject or as a possible owner). */
function namedByReview(result: OfflineReconciliation): Set<string> {
  const named = new Set<string>();
  for (const item of result.review) {
    if (item.correlationID) named.add(item.correlationID);
    for (const id of item.possibleSales ?? []) named.add(id);
  }
  return named;
}

/** A seeded Fisher–Yates, so a failing shuffle replays with its seed. */
function shuffled<T>(items: readonly T[], seed: number): T[] {
  const copy = [...items];
  let state = seed >>> 0;
  const random = () => {
    state = (state + 0x6d2b79f5) >>> 0;
    let t = state;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
  for (let i = copy.length - 1; i > 0; i--) {
    const j = Math.floor(random() * (i + 1));
    [copy[i], copy[j]] = [copy[j]!, copy[i]!];
  }
  return copy;
}

describe('offline matcher against a ground truth', () => {
  it('builds worlds that reach every outcome (so the properties below are not empty)', () => {
    const outcomes = new Set<string>();
    for (const world of fc.sample(worldArb, { numRuns: 300, seed: 10 })) {
      const result = run(world);
      for (const match of result.matched) outcomes.add(`matched by ${match.by}`);
      for (const item of result.review) outcomes.add(item.saleMatched ? `${item.reason} (sale paid)` : item.reason);
      if (result.pending.length > 0) outcomes.add('pending');
    }
    expect([...outcomes].sort()).toEqual(
      [
        'matched by txid',
        'matched by value',
        'pending',
        'AMBIGUOUS',
        'CANCELLED_PAID',
        'DOUBLE_PAID',
        'DOUBLE_PAID (sale paid)',
        'LATE',
        'NO_PAYMENT',
        'OVERPAID',
        'UNDERPAID',
      ].sort(),
    );
  });

  it('never makes a false match', () => {
    fc.assert(
      fc.property(worldArb, (world) => {
        const transactionById = new Map(world.transactions.map((pix) => [pix.id, pix]));
        const saleById = new Map(world.sales.map((sale) => [sale.correlationID, sale]));
        for (const match of run(world).matched) {
          expect(world.owner.get(match.transactionId)).toBe(match.correlationID);
          const pix = transactionById.get(match.transactionId)!;
          const sale = saleById.get(match.correlationID)!;
          expect(sale.state).toBe('OPEN');
          expect(pix.value).toBe(sale.value);
          if (match.by === 'value') {
            expect(hasTxid(pix)).toBe(false);
            expect(insideWindow(sale, Date.parse(pix.time), world.options.clockSkewMs)).toBe(true);
          } else {
            expect(pix.txid).toBe(sale.txid);
          }
        }
      }),
      { numRuns: RUNS },
    );
  });

  it('gives the same result whatever the order of the inputs', () => {
    fc.assert(
      fc.property(worldArb, fc.integer(), (world, seed) => {
        const shuffledResult = matchOfflinePayments(
          shuffled(world.sales, seed),
          shuffled(world.transactions, seed + 1),
          world.options,
        );
        expect(shuffledResult).toEqual(run(world));
      }),
      { numRuns: RUNS },
    );
  });

  it('puts every open sale in exactly one of matched, pending or review; a cancelled one in neither of the first two', () => {
    fc.assert(
      fc.property(worldArb, (world) => {
        const result = run(world);
        const matched = result.matched.map((match) => match.correlationID);
        const matchedSet = new Set(matched);
        const pendingSet = new Set(result.pending);
        const named = namedByReview(result);
        expect(matchedSet.size).toBe(matched.length);
        expect(pendingSet.size).toBe(result.pending.length);
        for (const sale of world.sales) {
          const id = sale.correlationID;
          if (sale.state === 'CANCELLED') {
            expect(matchedSet.has(id) || pendingSet.has(id)).toBe(false);
            continue;
          }
          const places = [matchedSet.has(id), pendingSet.has(id), named.has(id) && !matchedSet.has(id)].filter(Boolean);
          expect(places).toHaveLength(1);
          // A waiting sale is named by no item: nothing about it is in doubt yet.
          if (pendingSet.has(id)) expect(named.has(id)).toBe(false);
        }
        for (const item of result.review) {
          // saleMatched says exactly whether the item's own sale is paid.
          if (item.correlationID) expect(item.saleMatched).toBe(matchedSet.has(item.correlationID));
          else expect(item.saleMatched).toBe(false);
        }
      }),
      { numRuns: RUNS },
    );
  });

  it('matches a transaction at most once, and never also puts it under review', () => {
    fc.assert(
      fc.property(worldArb, (world) => {
        const result = run(world);
        const matchedIds = result.matched.map((match) => match.transactionId);
        expect(new Set(matchedIds).size).toBe(matchedIds.length);
        const reviewed = new Set(result.review.flatMap((item) => item.transactionIds));
        for (const id of matchedIds) expect(reviewed.has(id)).toBe(false);
      }),
      { numRuns: RUNS },
    );
  });

  it('never drops money that carries an offline sale’s txid', () => {
    fc.assert(
      fc.property(worldArb, (world) => {
        const result = run(world);
        const txids = new Set(world.sales.map((sale) => sale.txid));
        const seen = new Set([
          ...result.matched.map((match) => match.transactionId),
          ...result.review.flatMap((item) => item.transactionIds),
        ]);
        for (const pix of world.transactions) if (pix.txid && txids.has(pix.txid)) expect(seen.has(pix.id)).toBe(true);
      }),
      { numRuns: RUNS },
    );
  });

  it('always matches a sale paid once with its txid and the exact value, and says why a wrong one is not', () => {
    fc.assert(
      fc.property(worldArb, (world) => {
        const result = run(world);
        const matchOf = new Map(result.matched.map((match) => [match.correlationID, match]));
        const reasonsOf = (id: string) =>
          result.review.filter((item) => item.correlationID === id).map((item) => item.reason);
        for (const sale of world.sales) {
          if (sale.state !== 'OPEN') continue;
          const own = world.transactions
            .filter((pix) => pix.txid === sale.txid)
            .sort((a, b) => Date.parse(a.time) - Date.parse(b.time) || (a.id < b.id ? -1 : 1));
          const fate = world.fate.get(sale.correlationID);
          if (fate === 'txid' || (fate === 'twice' && own.length > 0)) {
            expect(matchOf.get(sale.correlationID)).toEqual({
              correlationID: sale.correlationID,
              transactionId: own[0]!.id,
              by: 'txid',
            });
          }
          if (fate === 'underpaid') expect(reasonsOf(sale.correlationID)).toContain('UNDERPAID');
          if (fate === 'overpaid') expect(reasonsOf(sale.correlationID)).toContain('OVERPAID');
          if (fate === 'split') expect(reasonsOf(sale.correlationID)).toContain('DOUBLE_PAID');
          if (fate === 'late') expect(reasonsOf(sale.correlationID)).toContain('LATE');
        }
      }),
      { numRuns: RUNS },
    );
  });

  it('matches by value every closed sale whose one txid-less Pix fits it and nothing else', () => {
    fc.assert(
      fc.property(worldArb, (world) => {
        const { clockSkewMs: skew } = world.options;
        const result = run(world);
        const matchOf = new Map(result.matched.map((match) => [match.correlationID, match]));
        const txidLess = world.transactions.filter((pix) => !hasTxid(pix));
        const fits = (sale: OfflineSale, pix: IncomingPix) =>
          pix.value === sale.value && insideWindow(sale, Date.parse(pix.time), skew);
        for (const sale of world.sales) {
          const hasTxidMoney = world.transactions.some((pix) => pix.txid === sale.txid);
          if (sale.state !== 'OPEN' || hasTxidMoney || !isClosed(sale, world.options)) continue;
          const candidates = txidLess.filter((pix) => fits(sale, pix));
          if (candidates.length === 0) {
            expect(result.review).toContainEqual({
              reason: 'NO_PAYMENT',
              correlationID: sale.correlationID,
              transactionIds: [],
              saleMatched: false,
            });
            continue;
          }
          const alone =
            candidates.length === 1 && world.sales.filter((other) => fits(other, candidates[0]!)).length === 1;
          if (alone)
            expect(matchOf.get(sale.correlationID)).toEqual({
              correlationID: sale.correlationID,
              transactionId: candidates[0]!.id,
              by: 'value',
            });
        }
      }),
      { numRuns: RUNS },
    );
  });
});

describe('windowComponents against a brute-force union-find', () => {
  const windowArb: fc.Arbitrary<TimeWindow> = fc
    .tuple(fc.integer({ min: 0, max: 100 }), fc.integer({ min: 0, max: 30 }))
    .map(([start, length]) => ({ start, end: start + length }));

  /** The same grouping the slow way: every window against every instant. */
  function bruteForce(windows: readonly TimeWindow[], instants: readonly number[]) {
    const parent = [...Array(windows.length + instants.length).keys()];
    const find = (x: number): number => (parent[x] === x ? x : (parent[x] = find(parent[x]!)));
    windows.forEach((window, w) =>
      instants.forEach((at, i) => {
        if (window.start <= at && at <= window.end) parent[find(w)] = find(windows.length + i);
      }),
    );
    const linked = (node: number) =>
      node < windows.length
        ? instants.some((at) => windows[node]!.start <= at && at <= windows[node]!.end)
        : windows.some(
            (window) =>
              window.start <= instants[node - windows.length]! && instants[node - windows.length]! <= window.end,
          );
    return { find, linked };
  }

  it('finds the same groups', () => {
    fc.assert(
      fc.property(
        fc.array(windowArb, { maxLength: 20 }),
        fc.array(fc.integer({ min: -10, max: 140 }), { maxLength: 20 }),
        (windows, instants) => {
          const { groupOfInstant, groupOfWindow, groupCount } = windowComponents(windows, instants);
          const slow = bruteForce(windows, instants);
          const groupOf = (node: number) =>
            node < windows.length ? groupOfWindow[node]! : groupOfInstant[node - windows.length]!;
          const nodes = windows.length + instants.length;
          const used = new Set<number>();
          for (let a = 0; a < nodes; a++) {
            expect(groupOf(a) >= 0).toBe(slow.linked(a));
            if (groupOf(a) >= 0) used.add(groupOf(a));
            for (let b = a + 1; b < nodes; b++) {
              if (groupOf(a) < 0 || groupOf(b) < 0) continue;
              expect(groupOf(a) === groupOf(b)).toBe(slow.find(a) === slow.find(b));
            }
          }
          expect(used.size).toBe(groupCount);
        },
      ),
      { numRuns: RUNS },
    );
  });
});
