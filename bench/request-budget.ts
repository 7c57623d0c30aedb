// Rate and budget (issue 24): the requests one counter sends to its Pix service, counted at the
// network. Real processes, real time: the served remote (`npm run serve`), the counter's main
// process (the browser host, driven through its bridge as the cashier's page would) and the fault
// proxy between them, whose log lists every request the counter sent. Nothing is estimated from
// the code: a loop that costs requests shows up in the proxy's log, by route.
//
//   1. idle (no sale), over a window long enough for the health check's period;
//   2. one sale waiting for payment on screen;
//   3. ten sales open, unpaid, the last one on screen;
//   4. an offline day reconciled: the counter sells offline (the proxy cut), its customers pay the
//      static codes at the remote, the network comes back and every request is counted until every
//      offline sale is confirmed and every registration sent; on an account holding a day of other
//      Pix, with one earlier day of history and again with ten (the count must not grow with the
//      account's total history). Then the same counter, idle again, while it watches the
//      confirmed sales for late money.
//
// Scenarios 1–3 run with the production timing (no BALCAO_OFFLINE_TIMING); scenario 4 shortens
// only the offline windows and margins, never the reconciliation's interval, so the passes after
// the confirmation come as often as in a shop.
import { execFileSync } from 'node:child_process';
import { join } from 'node:path';
import { startCounter, type CounterProcess } from '../test/support/counter-process';
import { startFaultProxy, type FaultProxy, type ProxyLogEntry } from '../test/support/fault-proxy';
import { payBrCode } from '../test/support/remote-api';
import { startRemote, type RemoteProcess } from '../test/support/remote-process';
import { POOL_SIZE } from '#counter/sync/offline/offline-pool';
import type { CounterStatus } from '#shared/counter/counter-api';
import type { BenchRow, BenchSection } from './report';
import { timedSeed, type HistoryLayout, type SeededAccount } from './request-budget-seed';

export interface RequestBudgetOptions {
  /** Scenario 1's window (ms). */
  idleMs: number;
  /** Scenarios 2 and 3's windows (ms). */
  saleMs: number;
  /** Scenario 4: Pix of the other tills on the day of the offline sales, and on each earlier day. */
  dayPix: number;
  /** Scenario 4: the earlier days of the small history, and of the large one (10× by default). */
  earlierDays: [number, number];
  offlineSales: number;
  /** Scenario 4: the window after the confirmation (ms). */
  afterMs: number;
}

/** The aims of issue 24. */
const IDLE_BUDGET_PER_10S = 1;
const WAITING_BUDGET_PER_S = 1.2;
/** The large history's count over the small one's: 1 is no growth; the margin is for the timers' phase. */
const HISTORY_GROWTH_AIM = 1.1;

/** The offline windows and margins of scenario 4 (ms); the reconciliation's interval stays the production one. */
const OFFLINE_TIMING = { windowMs: 4_000, graceMs: 400, clockSkewMs: 300, settleDelayMs: 300 } as const;
const SPAN_MS = 12 * 60 * 60 * 1000;

interface Window {
  ms: number;
  requests: number;
  perSecond: number;
  routes: Record<string, number>;
  pixIn: PixInListings;
}

/** Reads of the account's Pix in over a time window (GET /api/v1/transaction with start): how many, and their pages. */
interface PixInListings {
  /** First pages (no skip, or skip=0): one per listing. */
  listings: number;
  pages: number;
}

// ---------------------------------------------------------------------------------------------
// Counting

const PATH_WORDS = new Set([
  'api',
  'v1',
  'refund',
  'refunds',
  'default',
  'check',
  'tokens',
  'logs',
  'cancel',
  'approve',
  'withdraw',
  'image',
  'qrcode',
  'base64',
]);
/** Query values worth keeping in the route: they tell the loops apart (status=COMPLETED, type=PAYMENT). */
const KEPT_VALUES = new Set(['status', 'type']);

/**
 * A request's route: the method, the path with its ids as `:id`, and the query's names (with the
 * values of status and type), e.g. `GET /api/v1/charge?end&limit&skip&start&status=EXPIRED`.
 */
export function routeOf(entry: Pick<ProxyLogEntry, 'method' | 'path'>): string {
  const url = new URL(entry.path, 'http://counter.invalid');
  const segments = url.pathname
    .split('/')
    .map((segment, i) => (i <= 3 || PATH_WORDS.has(segment) || segment === '' ? segment : ':id'));
  const names = [...new Set(url.searchParams.keys())]
    .sort()
    .map((name) => (KEPT_VALUES.has(name) ? `${name}=${url.searchParams.get(name)}` : name));
  return `${entry.method} ${segments.join('/')}${names.length ? `?${names.join('&')}` : ''}`;
}

function byRoute(entries: readonly ProxyLogEntry[]): Record<string, number> {
  const routes: Record<string, number> = {};
  for (const entry of entries) routes[routeOf(entry)] = (routes[routeOf(entry)] ?? 0) + 1;
  return Object.fromEntries(Object.entries(routes).sort((a, b) => b[1] - a[1] || a[0].localeCompare(b[0])));
}

function pixInListings(entries: readonly ProxyLogEntry[]): PixInListings {
  let listings = 0;
  let pages = 0;
  for (const entry of entries) {
    const url = new URL(entry.path, 'http://counter.invalid');
    if (entry.method !== 'GET' || url.pathname !== '/api/v1/transaction' || !url.searchParams.has('start')) continue;
    pages++;
    if (Number(url.searchParams.get('skip') ?? 0) === 0) listings++;
  }
  return { listings, pages };
}

function listingNote({ listings, pages }: PixInListings): string {
  return listings === 0
    ? 'no listing of the Pix in'
    : `${listings} listing${listings === 1 ? '' : 's'} of the Pix in, ${pages} pages (${(pages / listings).toFixed(1)} each)`;
}

/** Every request the proxy read in [from, to] (epoch ms). */
function between(proxy: FaultProxy, from: number, to: number): ProxyLogEntry[] {
  return proxy.log().filter((entry) => entry.startedAt >= from && entry.startedAt <= to);
}

/** Counts the requests over a window of `ms` from now. */
async function countWindow(proxy: FaultProxy, ms: number): Promise<Window> {
  const from = Date.now();
  await sleep(ms);
  const to = Date.now();
  const entries = between(proxy, from, to);
  return {
    ms: to - from,
    requests: entries.length,
    perSecond: entries.length / ((to - from) / 1000),
    routes: byRoute(entries),
    pixIn: pixInListings(entries),
  };
}

function routeList(routes: Record<string, number>, seconds?: number): string {
  const parts = Object.entries(routes).map(([route, count]) =>
    seconds ? `${route} ${count} (${(count / seconds).toFixed(2)}/s)` : `${route} ${count}`,
  );
  return parts.length ? parts.join('; ') : 'none';
}

// ---------------------------------------------------------------------------------------------
// Processes

const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

async function waitForStatus(
  counter: CounterProcess,
  what: string,
  ok: (status: CounterStatus) => boolean,
  timeoutMs = 30_000,
): Promise<CounterStatus> {
  const deadline = Date.now() + timeoutMs;
  for (;;) {
    const status = await counter.bridge.call('getStatus');
    if (ok(status)) return status;
    if (Date.now() > deadline)
      throw new Error(`request-budget: ${what} not reached in ${timeoutMs} ms: ${JSON.stringify(status)}`);
    await sleep(100);
  }
}

interface World {
  remote: RemoteProcess;
  proxy: FaultProxy;
  counter: CounterProcess;
  dispose(): Promise<void>;
}

async function startWorld(dbPath: string | undefined, env?: NodeJS.ProcessEnv): Promise<World> {
  const remote = await startRemote(dbPath ? { dbPath } : {});
  let proxy: FaultProxy | undefined;
  let counter: CounterProcess | undefined;
  const dispose = async () => {
    await counter?.dispose().catch(() => undefined);
    await proxy?.close().catch(() => undefined);
    await remote.dispose();
  };
  try {
    proxy = await startFaultProxy(remote.url);
    counter = await startCounter({ remoteUrl: proxy.url, appId: remote.appId, ...(env ? { env } : {}) });
  } catch (error) {
    await dispose();
    throw error;
  }
  return { remote, proxy, counter, dispose };
}

// ---------------------------------------------------------------------------------------------
// Scenarios 1–3: idle, one sale waiting, ten sales open

interface SellingResult {
  startup: { ms: number; requests: number; routes: Record<string, number> };
  idle: Window;
  waiting: Window;
  ten: Window;
}

async function measureSelling(options: RequestBudgetOptions): Promise<SellingResult> {
  const world = await startWorld(undefined);
  const { proxy, counter } = world;
  try {
    // The start: the counter reads what it must (company, Pix keys, open sales) and settles.
    const startedAt = proxy.log()[0]?.startedAt ?? Date.now();
    // …and registers its offline codes ahead (once, at its first start: amortised over the day).
    await waitForStatus(
      counter,
      'online with its offline codes registered ahead',
      (s) => s.online && (s.offline.readyCodes ?? 0) >= POOL_SIZE,
    );
    await sleep(3_000);
    const startupEntries = proxy.log();
    const startup = { ms: Date.now() - startedAt, requests: startupEntries.length, routes: byRoute(startupEntries) };

    const idle = await countWindow(proxy, options.idleMs);

    // One sale on screen, waiting for its Pix: the window opens once its create is answered.
    const first = await counter.bridge.call('createSale', { value: 1_234 });
    if (first.status !== 'ACTIVE') throw new Error(`request-budget: the waiting sale is ${first.status}, not ACTIVE`);
    await sleep(500);
    const waiting = await countWindow(proxy, options.saleMs);

    // Nine more, each put on screen by its create as the cashier's Enter does: ten open, the last on screen.
    for (let i = 1; i < 10; i++) {
      const sale = await counter.bridge.call('createSale', { value: 1_234 + i });
      if (sale.status !== 'ACTIVE') throw new Error(`request-budget: open sale ${i + 1} is ${sale.status}, not ACTIVE`);
    }
    await sleep(500);
    const ten = await countWindow(proxy, options.saleMs);
    const stillOpen = await counter.bridge.call('getSale', { correlationID: first.correlationID });
    if (stillOpen.status !== 'ACTIVE')
      throw new Error(`request-budget: the first sale became ${stillOpen.status} during the windows`);
    return { startup, idle, waiting, ten };
  } finally {
    await world.dispose();
  }
}

// ---------------------------------------------------------------------------------------------
// Scenario 4: an offline day reconciled

interface ReconcileResult {
  seed: SeededAccount;
  history: HistoryLayout;
  offlineSales: number;
  paidWithoutTxid: number;
  /** From the network's return to every sale confirmed and every registration sent. */
  settleMs: number;
  requests: number;
  routes: Record<string, number>;
  pixIn: PixInListings;
  /** The same counter afterwards, idle, watching the confirmed sales. */
  after: Window;
}

async function measureReconcile(
  dir: string,
  label: string,
  history: HistoryLayout,
  options: RequestBudgetOptions,
): Promise<ReconcileResult> {
  const dbPath = join(dir, `request-budget-${label}.db`);
  const seed = await timedSeed(dbPath, history);
  const world = await startWorld(dbPath, { BALCAO_OFFLINE_TIMING: JSON.stringify(OFFLINE_TIMING) });
  const { remote, proxy, counter } = world;
  try {
    await waitForStatus(
      counter,
      'online with a confirmed key',
      (s) => s.online && s.offline.confirmedKey !== undefined,
    );
    await proxy.cut();
    let paidWithoutTxid = 0;
    let lastCreated = 0;
    for (let i = 0; i < options.offlineSales; i++) {
      // Odd cents: no seeded Pix has such a value. One in ten is paid by a bank that drops the
      // txid (matched by value: its value is the only one of its kind in its window).
      const dropTxid = i % 10 === 3;
      const sale = await counter.bridge.call('createSale', { value: 1_001 + i * 100 + (dropTxid ? 55 : 0) });
      if (!sale.offline || !sale.brCode)
        throw new Error(`request-budget: offline sale ${i + 1} is ${sale.status} without an offline code`);
      lastCreated = Date.now();
      const paid = await payBrCode(remote, sale.brCode, undefined, { dropTxid });
      if (paid.status !== 200)
        throw new Error(
          `request-budget: paying offline sale ${i + 1} answered ${paid.status}: ${JSON.stringify(paid.body)}`,
        );
      if (dropTxid) paidWithoutTxid++;
    }
    // Every window closed (and past the matcher's margins) before the network comes back: one
    // pass can settle everything, whatever the timers' phase.
    const t = OFFLINE_TIMING;
    await sleep(
      Math.max(0, lastCreated + t.windowMs + t.graceMs + 2 * t.clockSkewMs + t.settleDelayMs + 500 - Date.now()),
    );
    const before = await counter.bridge.call('getStatus');
    if (before.offline.unconfirmedCount !== options.offlineSales) {
      throw new Error(
        `request-budget: ${before.offline.unconfirmedCount} offline sales unconfirmed before the network came back, expected ${options.offlineSales}`,
      );
    }
    const from = Date.now();
    await proxy.restore();
    const settled = await waitForStatus(
      counter,
      'every offline sale confirmed',
      (s) => s.online && s.offline.unconfirmedCount === 0 && s.queued === 0,
      120_000,
    );
    const to = Date.now();
    if (settled.offline.reviewCount !== 0)
      throw new Error(`request-budget: ${settled.offline.reviewCount} offline sales went to the owner's review`);
    const entries = between(proxy, from, to);
    // The codes the offline sales used are registered again ahead first (once), then the watch is measured.
    await waitForStatus(
      counter,
      'its offline codes registered ahead again',
      (s) => (s.offline.readyCodes ?? 0) >= POOL_SIZE,
      120_000,
    );
    const after = await countWindow(proxy, options.afterMs);
    return {
      seed,
      history,
      offlineSales: options.offlineSales,
      paidWithoutTxid,
      settleMs: to - from,
      requests: entries.length,
      routes: byRoute(entries),
      pixIn: pixInListings(entries),
      after,
    };
  } finally {
    await world.dispose();
  }
}

/**
 * The code measured: the commit, and the files under src/ that differ from it (the sync code is
 * what this section is about, and it is often being changed while the bench runs).
 */
function codeMeasured(): { commit: string; changedUnderSrc: string[] } {
  const git = (...args: string[]) => {
    try {
      return execFileSync('git', args, { cwd: join(import.meta.dirname, '..'), encoding: 'utf8' });
    } catch {
      return '';
    }
  };
  const changed = git('status', '--porcelain', '--', 'src')
    .split('\n')
    .filter(Boolean)
    .map((line) => line.slice(3));
  return { commit: git('rev-parse', '--short', 'HEAD').trim() || 'unknown', changedUnderSrc: changed };
}

// ---------------------------------------------------------------------------------------------

export async function benchRequestBudget(dir: string, options: RequestBudgetOptions): Promise<BenchSection> {
  const code = codeMeasured();
  const selling = await measureSelling(options);
  const layout = (earlierDays: number): HistoryLayout => ({
    today: options.dayPix,
    earlierDays,
    perDay: options.dayPix,
    spanMs: SPAN_MS,
  });
  const small = await measureReconcile(dir, 'small', layout(options.earlierDays[0]), options);
  const large = await measureReconcile(dir, 'large', layout(options.earlierDays[1]), options);

  const { idle, waiting, ten } = selling;
  const s = (w: Window) => `${(w.ms / 1000).toFixed(0)} s`;
  const idlePer10 = idle.perSecond * 10;
  const idlePerHour = idle.perSecond * 3600;
  const n = (value: number) => value.toLocaleString('en-US');
  const historyLabel = (r: ReconcileResult) =>
    `${n(r.history.today)} Pix of the day + ${n(r.history.earlierDays * r.history.perDay)} on ${r.history.earlierDays} earlier day${r.history.earlierDays === 1 ? '' : 's'}`;
  const reconcileNote = (r: ReconcileResult) =>
    `${r.offlineSales} offline sales (${r.paidWithoutTxid} paid without txid), ${historyLabel(r)} (seeded in ${(r.seed.ms / 1000).toFixed(1)} s: ` +
    `${n(r.seed.charges)} charges, ${n(r.seed.keyPix)} key Pix, ${n(r.seed.staticCode)} static-code Pix); settled ${(r.settleMs / 1000).toFixed(1)} s after the network came back; ${listingNote(r.pixIn)}`;

  const rows: BenchRow[] = [
    {
      operation: 'requests: idle (no sale), per 10 s',
      measured: idlePer10,
      unit: 'req/10 s',
      baseline: IDLE_BUDGET_PER_10S,
      baselineLabel: 'budget',
      ratio: idlePer10 / IDLE_BUDGET_PER_10S,
      ratioLabel: 'measured/budget',
      aim: { op: '<=', value: 1 },
      note: `${idle.requests} requests in ${s(idle)}`,
    },
    {
      operation: 'requests: idle (no sale), per hour (info)',
      measured: idlePerHour,
      unit: 'req/h',
      baseline: IDLE_BUDGET_PER_10S * 360,
      baselineLabel: 'budget',
      ratio: idlePerHour / (IDLE_BUDGET_PER_10S * 360),
      ratioLabel: 'measured/budget',
      aim: null,
      note: `the ${s(idle)} window × 3,600 s; loops slower than the window (the Pix-key check every 10 min, the company every 6 h) are not in it`,
    },
    {
      operation: 'requests: one sale waiting on screen',
      measured: waiting.perSecond,
      unit: 'req/s',
      baseline: WAITING_BUDGET_PER_S,
      baselineLabel: 'budget',
      ratio: waiting.perSecond / WAITING_BUDGET_PER_S,
      ratioLabel: 'measured/budget',
      aim: { op: '<=', value: 1 },
      note: `${waiting.requests} requests in ${s(waiting)}`,
    },
    {
      operation: 'requests: ten sales open, last on screen (info)',
      measured: ten.perSecond,
      unit: 'req/s',
      baseline: waiting.perSecond,
      baselineLabel: 'one sale waiting',
      ratio: ten.perSecond / waiting.perSecond,
      ratioLabel: 'ten/one',
      aim: null,
      note: `${ten.requests} requests in ${s(ten)}`,
    },
    {
      operation: `requests: offline day reconciled, ${n(small.history.earlierDays * small.history.perDay)} older Pix (info)`,
      measured: small.requests,
      unit: 'req',
      baseline: null,
      baselineLabel: '',
      ratio: null,
      ratioLabel: '',
      aim: null,
      note: `${reconcileNote(small)}; the baseline of the next row`,
    },
    {
      operation: `requests: offline day reconciled, ${n(large.history.earlierDays * large.history.perDay)} older Pix`,
      measured: large.requests,
      unit: 'req',
      baseline: small.requests,
      baselineLabel: `${n(small.history.earlierDays * small.history.perDay)} older Pix`,
      ratio: large.requests / small.requests,
      ratioLabel: 'large/small history',
      aim: { op: '<=', value: HISTORY_GROWTH_AIM },
      note: `${reconcileNote(large)}; 1 = the count does not grow with the account's total history`,
    },
    {
      operation: `requests: idle after the reconciliation, ${n(small.history.earlierDays * small.history.perDay)} older Pix (info)`,
      measured: small.after.perSecond,
      unit: 'req/s',
      baseline: IDLE_BUDGET_PER_10S / 10,
      baselineLabel: 'idle budget',
      ratio: small.after.perSecond / (IDLE_BUDGET_PER_10S / 10),
      ratioLabel: 'measured/idle budget',
      aim: null,
      note: `no sale, every offline sale confirmed: ${small.after.requests} requests in ${s(small.after)}, ${listingNote(small.after.pixIn)} (the confirmed sales are watched for late money for a day)`,
    },
    {
      operation: `requests: idle after the reconciliation, ${n(large.history.earlierDays * large.history.perDay)} older Pix (info)`,
      measured: large.after.perSecond,
      unit: 'req/s',
      baseline: IDLE_BUDGET_PER_10S / 10,
      baselineLabel: 'idle budget',
      ratio: large.after.perSecond / (IDLE_BUDGET_PER_10S / 10),
      ratioLabel: 'measured/idle budget',
      aim: null,
      note: `${large.after.requests} requests in ${s(large.after)}, ${listingNote(large.after.pixIn)}; a window this short holds a whole number of passes ± 1, so compare the pages per listing with the row above, not the rates`,
    },
  ];
  const notes = [
    `request budget, code measured: ${code.commit}${code.changedUnderSrc.length ? ` + ${code.changedUnderSrc.length} changed files under src/ (${code.changedUnderSrc.join(', ')})` : ', clean under src/'}`,
    `request budget, routes at the start (${(selling.startup.ms / 1000).toFixed(1)} s, ${selling.startup.requests} requests): ${routeList(selling.startup.routes)}`,
    `request budget, routes idle (${s(idle)}): ${routeList(idle.routes, idle.ms / 1000)}`,
    `request budget, routes with one sale waiting (${s(waiting)}): ${routeList(waiting.routes, waiting.ms / 1000)}`,
    `request budget, routes with ten sales open (${s(ten)}): ${routeList(ten.routes, ten.ms / 1000)}`,
    ...[small, large].flatMap((r) => [
      `request budget, routes of the reconciliation with ${historyLabel(r)}: ${routeList(r.routes)}`,
      `request budget, routes idle after it (${s(r.after)}): ${routeList(r.after.routes, r.after.ms / 1000)}`,
    ]),
  ];
  return { rows, notes, raw: { code, options, offlineTiming: OFFLINE_TIMING, selling, reconcile: { small, large } } };
}
