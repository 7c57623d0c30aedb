// The offline matcher (src/main/counter/sync/offline/offline-matcher.ts) must stay linear: ten times the sales
// and Pix must cost about ten times as much, never a hundred (the O(n·m) of comparing every sale
// with every Pix). The figure is t(large) against 10 × t(small), both measured in the same run.
//
// The worlds are a day of offline selling at a steady pace (a sale every 30 s on average), so the
// large world is longer, not denser: the same number of sales share a window at both sizes, and
// only the algorithm's growth shows. A realistic mix: most payments keep their txid, some banks
// drop it, a few sales go unpaid, get paid twice, short, late or are cancelled, and the window
// also sees the shop's online Pix (their own txids), as many transactions in all as sales.
//
// Alone: `npx tsx bench/offline-reconcile.ts` prints both times and the ratio.

import { resolve } from 'node:path';
import { pathToFileURL } from 'node:url';
import {
  type IncomingPix,
  type MatchOptions,
  type OfflineSale,
  matchOfflinePayments,
} from '#counter/sync/offline/offline-matcher';
import { median } from './measure';
import { type BenchSection, formatTable } from './report';

export interface OfflineReconcileOptions {
  small: number;
  large: number;
}

const T0 = Date.parse('2026-03-10T11:00:00.000Z');
const SEC = 1000;
const MEAN_GAP_MS = 30 * SEC;
const WINDOW_MS = 15 * 60 * SEC + 2 * 60 * SEC; // the code's lifetime + the grace
const PRICES = [350, 500, 650, 800, 990, 1000, 1200, 1500, 1990, 2500, 2990, 3490, 4990, 7990, 9990, 12990];
/** Sales timed per batch at each size: enough work that the clock's resolution does not count. */
const SALES_PER_BATCH = 50_000;
const BATCHES = 21;

interface World {
  sales: OfflineSale[];
  transactions: IncomingPix[];
  options: MatchOptions;
}

/** Mulberry32: the same worlds on every run and machine. */
function seededRandom(seed: number): () => number {
  let state = seed >>> 0;
  return () => {
    state = (state + 0x6d2b79f5) >>> 0;
    let t = state;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
}

/** What happens to a sale, with how often (out of 100). */
const FATES: [fate: string, weight: number][] = [
  ['txid', 74],
  ['no-txid', 8],
  ['unpaid', 5],
  ['cancelled', 3],
  ['twice', 3],
  ['underpaid', 3],
  ['overpaid', 2],
  ['late', 2],
];

function pickFate(random: () => number): string {
  let roll = random() * 100;
  for (const [fate, weight] of FATES) if ((roll -= weight) < 0) return fate;
  return 'txid';
}

export function offlineWorld(sales: number, seed = 1): World {
  const random = seededRandom(seed);
  const world: World = {
    sales: [],
    transactions: [],
    options: { now: '', clockSkewMs: 30 * SEC, settleDelayMs: 60 * SEC },
  };
  const pay = (sale: OfflineSale, value: number, atMs: number, keepsTxid: boolean) => {
    const id = `pix-${world.transactions.length}`;
    const pix: IncomingPix = { id, endToEndId: `E${id}`, value, time: new Date(atMs).toISOString() };
    if (keepsTxid) pix.txid = sale.txid;
    world.transactions.push(pix);
  };
  let createdMs = T0;
  for (let index = 0; index < sales; index++) {
    createdMs += Math.round(-Math.log(1 - random()) * MEAN_GAP_MS);
    // Most sales are items from the price list; some are amounts typed at the counter.
    const value = random() < 0.7 ? PRICES[Math.floor(random() * PRICES.length)]! : 100 + Math.floor(random() * 20_000);
    const fate = pickFate(random);
    const sale: OfflineSale = {
      correlationID: `sale-${index}`,
      txid: `OFF${index.toString(36).toUpperCase().padStart(8, '0')}`,
      value,
      createdAt: new Date(createdMs).toISOString(),
      windowEnd: new Date(createdMs + WINDOW_MS).toISOString(),
      state: fate === 'cancelled' ? 'CANCELLED' : 'OPEN',
    };
    world.sales.push(sale);
    const inWindow = () => createdMs + Math.floor(random() * WINDOW_MS);
    if (fate === 'txid') pay(sale, value, inWindow(), true);
    else if (fate === 'no-txid') pay(sale, value, inWindow(), false);
    else if (fate === 'twice') {
      pay(sale, value, inWindow(), true);
      pay(sale, value, inWindow(), random() < 0.5);
    } else if (fate === 'underpaid') pay(sale, Math.max(1, value - 100), inWindow(), true);
    else if (fate === 'overpaid') pay(sale, value + 100, inWindow(), true);
    else if (fate === 'late') pay(sale, value, createdMs + WINDOW_MS + 5 * 60 * SEC, true);
  }
  // The shop's online Pix in the same hours, each with its own charge's txid, up to one per sale.
  for (let index = 0; world.transactions.length < sales; index++) {
    const atMs = T0 + Math.floor(random() * (createdMs - T0 + WINDOW_MS));
    const id = `online-${index}`;
    world.transactions.push({
      id,
      endToEndId: `E${id}`,
      value: PRICES[index % PRICES.length]!,
      time: new Date(atMs).toISOString(),
      txid: `CHG${index}`,
    });
  }
  world.options.now = new Date(createdMs + WINDOW_MS + 60 * 60 * SEC).toISOString();
  return world;
}

function reconcile(world: World) {
  return matchOfflinePayments(world.sales, world.transactions, world.options);
}

/** Milliseconds per reconciliation of `world`, one batch. */
function timeBatch(world: World, calls: number): number {
  const start = process.hrtime.bigint();
  for (let i = 0; i < calls; i++) reconcile(world);
  return Number(process.hrtime.bigint() - start) / 1e6 / calls;
}

export async function benchOfflineReconcile(options: OfflineReconcileOptions): Promise<BenchSection> {
  const small = offlineWorld(options.small);
  const large = offlineWorld(options.large);
  const callsFor = (world: World) => Math.max(1, Math.round(SALES_PER_BATCH / world.sales.length));
  // Warm-up: the JIT must not count against whichever size is timed first.
  timeBatch(small, callsFor(small));
  timeBatch(large, callsFor(large));
  // Alternating batches, so the machine's drift lands on both sizes alike.
  const smallBatches: number[] = [];
  const largeBatches: number[] = [];
  for (let batch = 0; batch < BATCHES; batch++) {
    smallBatches.push(timeBatch(small, callsFor(small)));
    largeBatches.push(timeBatch(large, callsFor(large)));
  }
  const smallMs = median(smallBatches);
  const largeMs = median(largeBatches);
  const scale = options.large / options.small;
  const outcome = (world: World) => {
    const result = reconcile(world);
    const byValue = result.matched.filter((match) => match.by === 'value').length;
    return {
      sales: world.sales.length,
      transactions: world.transactions.length,
      matched: result.matched.length,
      byValue,
      review: result.review.length,
      pending: result.pending.length,
    };
  };
  const label = (n: number) => n.toLocaleString('en-US');
  return {
    rows: [
      {
        operation: `reconcile offline sales @${label(options.small)}`,
        measured: smallMs,
        unit: 'ms/op',
        baseline: null,
        baselineLabel: '',
        ratio: null,
        ratioLabel: '',
        aim: null,
        note: `${label(options.small)} sales and as many Pix; the baseline of the next row`,
      },
      {
        operation: `reconcile offline sales @${label(options.large)}`,
        measured: largeMs,
        unit: 'ms/op',
        baseline: scale * smallMs,
        baselineLabel: `${scale} × t(${label(options.small)})`,
        ratio: largeMs / (scale * smallMs),
        ratioLabel: `t(${label(options.large)})/(${scale}·t(${label(options.small)}))`,
        aim: { op: '<=', value: 1.5 },
        note: 'linear would be 1; O(n·m) would be about 10',
      },
    ],
    notes: [],
    raw: { smallBatches, largeBatches, small: outcome(small), large: outcome(large) },
  };
}

async function runAlone(): Promise<void> {
  const section = await benchOfflineReconcile({ small: 500, large: 5_000 });
  const [small, large] = section.rows;
  console.log(formatTable(section.rows));
  console.log(
    `\n500 sales: ${small!.measured.toFixed(3)} ms; 5,000 sales: ${large!.measured.toFixed(3)} ms; ratio ${large!.ratio!.toFixed(2)} (aim ≤ 1.5)`,
  );
  console.log(`outcomes: ${JSON.stringify(section.raw.small)} ${JSON.stringify(section.raw.large)}`);
}

// Run when started directly, not when bench/run.ts imports it.
if (process.argv[1] !== undefined && import.meta.url === pathToFileURL(resolve(process.argv[1])).href) {
  runAlone().catch((error: unknown) => {
    console.error('bench failed:', error);
    process.exitCode = 1;
  });
}
