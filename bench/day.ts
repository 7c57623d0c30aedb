// A day at the counter (issue 27): the browser host in Chromium through thousands of sales, as a
// cashier sells at full speed, keyboard first, with the owner's actions mixed in:
//   - sales typed, Enter, paid with F8 (the training payment) or cancelled with Esc Esc;
//   - the receipt (C on "Pago") every few sales, the history (F2) every 5 sales, and from it a
//     partial or a full refund with the manager's PIN every 10;
//   - the register closed and opened again every 500 sales (the manager's PIN);
//   - an offline period: the network cut between the counter and its remote (a fault proxy),
//     sales made offline and paid at the bank or cancelled, then the network back.
// It compares the first 100 sales (after a short warm-up) with the last 100: Enter → QR and F8 →
// "Pago" (p50, p95), F2 → history, what listSales sends per F2, the main process's memory after a
// full GC, the renderer's JS heap after GC, the DOM nodes and event listeners in the document,
// the CPU per sale of each process, counter.db's growth per sale, and the page's console errors
// (none expected). Every figure's aim: last / first ≤ 1.2. CDP's own counts (Nodes,
// JSEventListeners) are shown without an aim: they include the detached nodes a GC has not
// collected yet, so they swing by a screen's worth from one moment to the next.
//   npm run bench -- --only day              2,000 sales
//   DAY_SALES=300 npm run bench -- --only day
//   DAY_EVIDENCE_DIR=dir …                    also the renderer's CPU profiles and heap snapshots (see rendererEvidence)
//   npx tsx bench/day.ts [--sales N]          prints the same table
import { mkdirSync, readFileSync, statSync, writeFileSync } from 'node:fs';
import { cpus, loadavg } from 'node:os';
import { join, resolve } from 'node:path';
import { pathToFileURL } from 'node:url';
import Database from 'better-sqlite3';
import type { CDPSession } from 'playwright-core';
import { createBridgeClient, createManagerAndCashier } from '../test/support/bridge-client';
import { startFaultProxy } from '../test/support/fault-proxy';
import { payBrCode } from '../test/support/remote-api';
import { startRemote } from '../test/support/remote-process';
import { launchChromium } from '../test/e2e/chromium';
import { ensureRendererBuilt } from '../test/e2e/renderer-build';
import {
  brCodeOnScreen,
  cancelWithEsc,
  charge,
  closeAndReopenRegister,
  newSale,
  openHistory,
  openRegister,
  payWithF8,
  receiptOfPaidSale,
  refundNewest,
  signIn,
  type Operator,
} from './day-cashier';
import { startDayHost, type DayHost, type HostMemory } from './day-host';
import { elapsedMs, median, percentile } from './measure';
import { formatTable, type BenchRow, type BenchSection } from './report';

export const DEFAULT_DAY_SALES = 2_000;
/** Last / first: every latency and memory figure stays within 1.2× of where the day started. */
export const DAY_AIM = 1.2;

const MANAGER: Operator = { name: 'Marta Souza', pin: '1357' };
const CASHIER: Operator = { name: 'João Lima', pin: '2468' };
const WARMUP_SALES = 10;
/** Linux's USER_HZ, the unit of /proc/<pid>/stat's times, 100 on every mainstream build. */
const CLOCK_TICKS_PER_SECOND = 100;
const WINDOW_SALES = 100;
const REGISTER_EVERY = 500;
const FAILURE_SCREENSHOT = resolve(import.meta.dirname, '../.bench/day-failure.png');

export interface DayOptions {
  sales?: number;
  /** More environment for the host (e.g. MALLOC_ARENA_MAX, to compare allocators). */
  hostEnv?: Record<string, string>;
}

/** At a window's edge: counter.db's size, the host's CPU time so far, the page's busy time so far. */
interface Mark {
  dbBytes: number;
  mainCpuMs: number;
  /** The page's renderer process, as Chromium counts its CPU time. */
  rendererCpuMs: number;
  /** The machine's 1-minute load average: other work on it slows every latency alike. */
  loadAverage: number;
  /** Since the day started: a renderer's time-driven work (countdowns, the stream) costs CPU per second, not per sale. */
  wallMs: number;
}

/** What the page and the host look like at one moment, after a GC in each. */
interface Snapshot {
  afterSales: number;
  host: HostMemory;
  rendererHeapUsed: number;
  /** CDP's Nodes: every DOM node the renderer holds, the detached ones not yet collected too. */
  domNodesSale: number;
  domNodesHistory: number;
  /** The nodes in the document now (a TreeWalker's count). */
  liveNodesSale: number;
  liveNodesHistory: number;
  /** CDP's JSEventListeners: the listeners of detached nodes not yet collected too. */
  listeners: number;
  /** The listeners on the window, the document and the elements in it. */
  liveListeners: number;
  dbBytes: number;
}

interface SaleSample {
  index: number;
  enterToQr?: number;
  paidToPago?: number;
  history?: number;
  listSalesBytes?: number;
}

/** The day's shape for `sales` sales: where its windows, its offline period and its register changes fall. */
export function dayPlan(sales: number) {
  const window = Math.min(WINDOW_SALES, Math.floor((sales - WARMUP_SALES) / 4));
  if (window < 5) throw new Error(`a day needs at least ${WARMUP_SALES + 20} sales (got ${sales})`);
  const offlineStart = Math.floor(sales * 0.45);
  const offlineEnd = offlineStart + Math.max(8, Math.round(sales * 0.02));
  return {
    window,
    first: [WARMUP_SALES, WARMUP_SALES + window] as const,
    last: [sales - window, sales] as const,
    offline: [offlineStart, offlineEnd] as const,
    // A shorter day still changes registers twice.
    registerEvery: Math.min(REGISTER_EVERY, Math.floor(sales / 3)),
  };
}

/** The amount of sale `i`: varied, R$ 1,00 to R$ 91,00. */
const centsOf = (i: number) => 100 + ((i * 3_797) % 9_000);

export async function measureDay(options: DayOptions = {}) {
  const sales = options.sales ?? DEFAULT_DAY_SALES;
  const plan = dayPlan(sales);
  await ensureRendererBuilt();
  const remote = await startRemote();
  const proxy = await startFaultProxy(remote.url);
  let host: DayHost | undefined;
  const browser = await launchChromium();
  const problems: string[] = [];
  const samples: SaleSample[] = [];
  const snapshots: Record<string, Snapshot> = {};
  /** At each window's first and last sale: counter.db's size, and the CPU each process has used. */
  const marks = new Map<number, Mark>();
  /** The host's memory after GC every 100 sales: the shape of any growth (steady, or in steps). */
  const hostCurve: (HostMemory & { afterSales: number } & Pick<Mark, 'mainCpuMs' | 'rendererCpuMs' | 'wallMs'>)[] = [];
  /** The page on the sale screen after GC every 100 sales, alongside the host's curve. */
  const rendererCurve: (RendererMetrics & { afterSales: number })[] = [];
  const started = process.hrtime.bigint();
  try {
    host = await startDayHost({ args: ['--remote', proxy.url, '--app-id', remote.appId], env: options.hostEnv });
    const bridge = createBridgeClient({ origin: host.origin, token: host.token });
    await createManagerAndCashier(bridge, MANAGER, CASHIER);

    const context = await browser.newContext({
      viewport: { width: 1366, height: 768 },
      locale: 'pt-BR',
      timezoneId: 'America/Sao_Paulo',
    });
    const page = await context.newPage();
    page.on('console', (message) => {
      if (message.type() === 'error') problems.push(`console: ${message.text()}`);
    });
    page.on('pageerror', (error) => problems.push(`pageerror: ${error.message}`));
    let current: SaleSample | undefined;
    page.on('response', (response) => {
      if (response.status() >= 400) problems.push(`HTTP ${response.status()} ${response.url()}`);
      if (!response.url().endsWith('/__balcao/invoke/listSales') || !current) return;
      const sample = current;
      // The answer's size as it crossed from main to the page: what F2 ships.
      void response
        .body()
        .then((body) => (sample.listSalesBytes = Math.max(sample.listSalesBytes ?? 0, body.length)))
        .catch(() => undefined);
    });
    const cdp = await context.newCDPSession(page);
    await cdp.send('Performance.enable');

    await page.goto(host.url);
    await signIn(page, CASHIER);
    await openRegister(page);

    const dbPath = join(host.dataDir, 'counter.db');
    const hostPid = host.pid;
    const evidence = process.env.DAY_EVIDENCE_DIR
      ? rendererEvidence(cdp, process.env.DAY_EVIDENCE_DIR, [300, Math.floor(sales / 100) * 100 - 100])
      : undefined;
    const browserCdp = await browser.newBrowserCDPSession();
    const mark = async (): Promise<Mark> => {
      // Chromium's own count of each process's CPU time; the page is the only renderer here.
      const { processInfo } = (await browserCdp.send('SystemInfo.getProcessInfo')) as {
        processInfo: { type: string; cpuTime: number }[];
      };
      const rendererSeconds = processInfo
        .filter((info) => info.type === 'renderer')
        .reduce((sum, info) => sum + info.cpuTime, 0);
      return {
        dbBytes: databaseBytes(dbPath),
        mainCpuMs: processCpuMs(hostPid),
        rendererCpuMs: rendererSeconds * 1000,
        loadAverage: loadavg()[0]!,
        wallMs: elapsedMs(started),
      };
    };
    const snapshot = async (afterSales: number, newestCents: number): Promise<Snapshot> => {
      await newSale(page);
      const onSale = await rendererMetrics(cdp);
      await openHistory(page, afterSales, newestCents);
      const onHistory = await rendererMetrics(cdp);
      await newSale(page);
      return {
        afterSales,
        host: await host!.memoryAfterGc(),
        rendererHeapUsed: onSale.heapUsed,
        domNodesSale: onSale.nodes,
        domNodesHistory: onHistory.nodes,
        liveNodesSale: onSale.liveNodes,
        liveNodesHistory: onHistory.liveNodes,
        listeners: onSale.listeners,
        liveListeners: onSale.liveListeners,
        dbBytes: databaseBytes(dbPath),
      };
    };

    try {
      await sellTheDay();
    } catch (error) {
      // What the screen showed when the cashier got stuck, for the person reading the failure.
      await page.screenshot({ path: FAILURE_SCREENSHOT }).catch(() => undefined);
      const shown = await page
        .locator('body')
        .innerText()
        .catch(() => '');
      throw new Error(`${(error as Error).message}\nOn screen (${FAILURE_SCREENSHOT}):\n${shown.slice(0, 1_500)}`, {
        cause: error,
      });
    }
    current = undefined;
    await context.close();
    async function sellTheDay(): Promise<void> {
      for (let i = 0; i < sales; i++) {
        const cents = centsOf(i);
        const sample: SaleSample = { index: i };
        current = sample;
        samples.push(sample);
        if (i === plan.first[0] || i === plan.last[0]) marks.set(i, await mark());
        const offline = i >= plan.offline[0] && i < plan.offline[1];
        if (i === plan.offline[0]) await proxy.cut('refuse');
        if (offline) {
          await charge(page, cents, { offline: true });
          if (i % 4 === 3) await cancelWithEsc(page);
          else {
            // The customer's bank pays the counter's own code; the counter hears of it once back.
            const paid = await payBrCode(remote, await brCodeOnScreen(page));
            if (paid.status !== 200) throw new Error(`the bank could not pay an offline code: ${JSON.stringify(paid)}`);
            await newSale(page);
          }
        } else {
          sample.enterToQr = await charge(page, cents);
          if (i % 10 === 7) await cancelWithEsc(page);
          else {
            sample.paidToPago = await payWithF8(page);
            if (i % 10 === 3) await receiptOfPaidSale(page);
          }
        }
        if (i === plan.offline[1] - 1) {
          await proxy.restore();
          await page.getByRole('status', { name: 'Conexão' }).getByText('Online').waitFor({ timeout: 60_000 });
          await page.getByRole('status', { name: 'Fila' }).getByText('0 aguardando envio').waitFor({ timeout: 60_000 });
        }
        if (i % 5 === 4) {
          sample.history = await openHistory(page, i + 1, cents);
          if (!offline && i % 20 === 4) await refundNewest(page, MANAGER, Math.floor(cents / 3));
          if (!offline && i % 20 === 14) await refundNewest(page, MANAGER);
          await newSale(page);
        }
        if ((i + 1) % plan.registerEvery === 0 && i < sales - 1) {
          await closeAndReopenRegister(page, MANAGER);
        }
        if (i + 1 === plan.first[1]) {
          marks.set(i + 1, await mark());
          snapshots.first = await snapshot(i + 1, cents);
        }
        if (i + 1 === sales) {
          marks.set(i + 1, await mark());
          snapshots.last = await snapshot(i + 1, cents);
        }
        // Not inside a window: the GC it asks for would count in that window's CPU.
        const inWindow = [plan.first, plan.last].some(([from, to]) => i + 1 > from && i + 1 < to);
        if ((i + 1) % 100 === 0 && !inWindow) {
          const { mainCpuMs, rendererCpuMs, wallMs } = await mark();
          hostCurve.push({ afterSales: i + 1, mainCpuMs, rendererCpuMs, wallMs, ...(await host!.memoryAfterGc()) });
          await newSale(page);
          rendererCurve.push({ afterSales: i + 1, ...(await rendererMetrics(cdp)) });
          await evidence?.at(i + 1);
          process.stderr.write(` ${i + 1}`);
        }
      }
    }
  } finally {
    await browser.close();
    await host?.stop();
    await proxy.close();
    await remote.dispose();
  }
  const perSale = (from: number, to: number, pick: (mark: Mark) => number) =>
    (pick(marks.get(to)!) - pick(marks.get(from)!)) / (to - from);
  const windows = (pick: (mark: Mark) => number) => ({
    first: perSale(...plan.first, pick),
    last: perSale(...plan.last, pick),
  });
  return {
    sales,
    plan,
    seconds: elapsedMs(started) / 1000,
    samples,
    snapshots: snapshots as { first: Snapshot; last: Snapshot },
    hostCurve,
    rendererCurve,
    hostEnv: options.hostEnv ?? {},
    dbBytesPerSale: windows((m) => m.dbBytes),
    mainCpuMsPerSale: windows((m) => m.mainCpuMs),
    rendererCpuMsPerSale: windows((m) => m.rendererCpuMs),
    wallMsPerSale: windows((m) => m.wallMs),
    loadAverage: { first: marks.get(plan.first[1])!.loadAverage, last: marks.get(plan.last[1])!.loadAverage },
    problems,
  };
}

export type DayResult = Awaited<ReturnType<typeof measureDay>>;

const COUNT_LIVE_NODES = `(() => {
  const walker = document.createTreeWalker(document, NodeFilter.SHOW_ALL);
  let count = 0;
  while (walker.nextNode()) count++;
  return count;
})()`;

interface RendererMetrics {
  heapUsed: number;
  /** CDP's Nodes: the detached nodes not yet collected too. */
  nodes: number;
  /** The nodes in the document. */
  liveNodes: number;
  /** CDP's JSEventListeners: those of detached nodes not yet collected too. */
  listeners: number;
  /** The listeners on the window, the document and the elements in it (DOMDebugger's count). */
  liveListeners: number;
}

async function rendererMetrics(cdp: CDPSession): Promise<RendererMetrics> {
  await cdp.send('HeapProfiler.collectGarbage');
  const { usedSize } = await cdp.send('Runtime.getHeapUsage');
  const { metrics } = await cdp.send('Performance.getMetrics');
  const metric = (name: string) => metrics.find((m) => m.name === name)?.value ?? Number.NaN;
  const live = await cdp.send('Runtime.evaluate', { expression: COUNT_LIVE_NODES, returnByValue: true });
  return {
    heapUsed: usedSize,
    nodes: metric('Nodes'),
    liveNodes: live.result.value as number,
    listeners: metric('JSEventListeners'),
    liveListeners: await liveListenerCount(cdp),
  };
}

const LISTENER_TARGETS = `[window, document, ...document.querySelectorAll('*')]`;

/**
 * The listeners on the window, the document and each element in it, as DevTools lists them: a
 * listener left behind by a screen that is gone counts here only while its target is still in the
 * document (JSEventListeners counts it until the GC collects the target).
 */
async function liveListenerCount(cdp: CDPSession): Promise<number> {
  const objectGroup = 'day-bench-listeners';
  try {
    const { result } = await cdp.send('Runtime.evaluate', { expression: LISTENER_TARGETS, objectGroup });
    const { result: items } = await cdp.send('Runtime.getProperties', {
      objectId: result.objectId!,
      ownProperties: true,
    });
    let count = 0;
    for (const item of items) {
      if (!/^\d+$/.test(item.name) || !item.value?.objectId) continue;
      const { listeners } = await cdp.send('DOMDebugger.getEventListeners', { objectId: item.value.objectId });
      count += listeners.length;
    }
    return count;
  } finally {
    await cdp.send('Runtime.releaseObjectGroup', { objectGroup });
  }
}

/**
 * DAY_EVIDENCE_DIR=dir: the renderer's CPU profile over the 100 sales before each of `ends`, and
 * its heap snapshot at each, for DevTools, to see what grows between early and late in the day.
 */
function rendererEvidence(cdp: CDPSession, dir: string, ends: number[]) {
  mkdirSync(dir, { recursive: true });
  return {
    async at(afterSales: number) {
      if (ends.includes(afterSales)) {
        const { profile } = await cdp.send('Profiler.stop');
        writeFileSync(join(dir, `renderer-${afterSales}.cpuprofile`), JSON.stringify(profile));
        const chunks: string[] = [];
        const onChunk = ({ chunk }: { chunk: string }) => chunks.push(chunk);
        cdp.on('HeapProfiler.addHeapSnapshotChunk', onChunk);
        await cdp.send('HeapProfiler.takeHeapSnapshot', { reportProgress: false });
        cdp.off('HeapProfiler.addHeapSnapshotChunk', onChunk);
        writeFileSync(join(dir, `renderer-${afterSales}.heapsnapshot`), chunks.join(''));
      }
      if (ends.includes(afterSales + 100)) {
        await cdp.send('Profiler.enable');
        await cdp.send('Profiler.start');
      }
    },
  };
}

/** The CPU time (user + system) a process has used, from /proc/<pid>/stat, in ms. */
function processCpuMs(pid: number): number {
  const stat = readFileSync(`/proc/${pid}/stat`, 'utf8');
  // Fields after the command's closing parenthesis: state is the 3rd field, utime the 14th.
  const fields = stat.slice(stat.lastIndexOf(')') + 2).split(' ');
  const ticks = Number(fields[11]) + Number(fields[12]);
  return (ticks * 1000) / CLOCK_TICKS_PER_SECOND;
}

/** counter.db as the counter sees it (its WAL included): pages × page size, read from a read-only connection. */
function databaseBytes(path: string): number {
  statSync(path);
  const db = new Database(path, { readonly: true, fileMustExist: true });
  try {
    const pages = db.pragma('page_count', { simple: true }) as number;
    const size = db.pragma('page_size', { simple: true }) as number;
    return pages * size;
  } finally {
    db.close();
  }
}

const mb = (bytes: number) => bytes / 1024 / 1024;

/** The day's figures as bench rows: the last window against the first, each aiming at ≤ 1.2×. */
export function dayRows(result: DayResult): BenchRow[] {
  const { plan, samples, snapshots } = result;
  const inWindow = (range: readonly [number, number], pick: (s: SaleSample) => number | undefined) =>
    samples
      .filter((s) => s.index >= range[0] && s.index < range[1])
      .map(pick)
      .filter((v): v is number => v !== undefined && Number.isFinite(v));
  const row = (operation: string, first: number, last: number, unit: string, note?: string): BenchRow => ({
    operation: `Day: ${operation}`,
    measured: last,
    unit,
    baseline: first,
    baselineLabel: `first ${plan.window}`,
    ratio: last / first,
    ratioLabel: `last ${plan.window} / first ${plan.window}`,
    aim: { op: '<=', value: DAY_AIM },
    ...(note ? { note } : {}),
  });
  const latency = (name: string, pick: (s: SaleSample) => number | undefined): BenchRow[] => {
    const first = inWindow(plan.first, pick);
    const last = inWindow(plan.last, pick);
    return [
      row(`${name} p50`, median(first), median(last), 'ms'),
      row(`${name} p95`, percentile(first, 95), percentile(last, 95), 'ms', `${first.length} / ${last.length} samples`),
    ];
  };
  const listSalesBytes = (range: readonly [number, number]) => median(inWindow(range, (s) => s.listSalesBytes));
  return [
    ...latency('Enter → QR painted', (s) => s.enterToQr),
    ...latency('F8 → "Pago" painted', (s) => s.paidToPago),
    ...latency('F2 → history painted', (s) => s.history),
    row(
      'listSales answer per F2',
      listSalesBytes(plan.first) / 1024,
      listSalesBytes(plan.last) / 1024,
      'KB',
      'median size of the answers the page received during the window',
    ),
    row(
      'main process RSS after GC',
      mb(snapshots.first.host.rss),
      mb(snapshots.last.host.rss),
      'MB',
      `after ${snapshots.first.afterSales} and ${snapshots.last.afterSales} sales; JS heap ${mb(snapshots.first.host.heapUsed).toFixed(1)} → ${mb(snapshots.last.host.heapUsed).toFixed(1)} MB`,
    ),
    row('main process JS heap after GC', mb(snapshots.first.host.heapUsed), mb(snapshots.last.host.heapUsed), 'MB'),
    row('renderer JS heap after GC', mb(snapshots.first.rendererHeapUsed), mb(snapshots.last.rendererHeapUsed), 'MB'),
    row('DOM nodes in the document, sale screen', snapshots.first.liveNodesSale, snapshots.last.liveNodesSale, 'nodes'),
    row(
      'DOM nodes in the document, history open',
      snapshots.first.liveNodesHistory,
      snapshots.last.liveNodesHistory,
      'nodes',
    ),
    {
      ...row(
        'DOM nodes held (CDP Nodes), sale screen',
        snapshots.first.domNodesSale,
        snapshots.last.domNodesSale,
        'nodes',
      ),
      aim: null,
      note: "with the detached ones React still holds from the screen before (its previous tree): ± a screen's worth from one snapshot to another",
    },
    {
      ...row(
        'DOM nodes held (CDP Nodes), history open',
        snapshots.first.domNodesHistory,
        snapshots.last.domNodesHistory,
        'nodes',
      ),
      aim: null,
    },
    row(
      'JS event listeners in the document, sale screen',
      snapshots.first.liveListeners,
      snapshots.last.liveListeners,
      'listeners',
      'on the window, the document and its elements (DOMDebugger)',
    ),
    {
      ...row(
        'JS event listeners held (CDP JSEventListeners), sale screen',
        snapshots.first.listeners,
        snapshots.last.listeners,
        'listeners',
      ),
      aim: null,
      note: 'with those of the detached nodes not yet collected (see CDP Nodes)',
    },
    row(
      'main process CPU per sale',
      result.mainCpuMsPerSale.first,
      result.mainCpuMsPerSale.last,
      'ms',
      "user + system time of the host over the window, per sale (the machine's load moves it far less than a latency)",
    ),
    row(
      'renderer CPU per sale',
      result.rendererCpuMsPerSale.first,
      result.rendererCpuMsPerSale.last,
      'ms',
      "the page's renderer process over the window, per sale (CDP SystemInfo.getProcessInfo)",
    ),
    {
      ...row('wall-clock time per sale', result.wallMsPerSale.first, result.wallMsPerSale.last, 'ms'),
      aim: null,
      note: "the cashier's whole loop over the window, per sale: the renderer's timers (countdowns, the stream) cost CPU per second, so its CPU per sale moves with this",
    },
    row(
      'counter.db growth per sale',
      result.dbBytesPerSale.first / 1024,
      result.dbBytesPerSale.last / 1024,
      'KB',
      `counter.db ${mb(snapshots.last.dbBytes).toFixed(1)} MB after ${result.sales} sales`,
    ),
    {
      operation: 'Day: console errors, page errors, HTTP ≥ 400',
      measured: result.problems.length,
      unit: '',
      baseline: null,
      baselineLabel: '-',
      ratio: result.problems.length,
      ratioLabel: 'count',
      aim: { op: '<=', value: 0 },
      ...(result.problems.length ? { note: result.problems.slice(0, 3).join(' | ') } : {}),
    },
  ];
}

export async function benchDay(options: DayOptions = {}): Promise<BenchSection> {
  const result = await measureDay(options);
  const { plan } = result;
  return {
    rows: dayRows(result),
    notes: [
      `Day: main process after GC, every 100 sales (MB, RSS / anonymous / file-backed / JS heap / external): ${result.hostCurve
        .map(
          (m) =>
            `${m.afterSales}: ${mb(m.rss).toFixed(0)}/${(m.rssAnonKb / 1024).toFixed(0)}/${(m.rssFileKb / 1024).toFixed(0)}/${mb(m.heapUsed).toFixed(0)}/${mb(m.external).toFixed(1)}`,
        )
        .join(', ')}.`,
      ...(Object.keys(result.hostEnv).length
        ? [
            `Day: the host ran with ${Object.entries(result.hostEnv)
              .map(([k, v]) => `${k}=${v}`)
              .join(' ')}.`,
          ]
        : []),
      `Day: CPU per sale over each 100 sales outside the windows (ms, host / renderer / wall-clock time per sale): ${result.hostCurve
        .slice(1)
        .map((point, at) => {
          const before = result.hostCurve[at]!;
          const sales = point.afterSales - before.afterSales;
          const perSale = (pick: (m: typeof point) => number) => ((pick(point) - pick(before)) / sales).toFixed(0);
          return `${before.afterSales}–${point.afterSales}: ${perSale((m) => m.mainCpuMs)} / ${perSale((m) => m.rendererCpuMs)} / ${perSale((m) => m.wallMs)}`;
        })
        .join(', ')}.`,
      `Day: the page on the sale screen after GC, every 100 sales (nodes in the document / CDP Nodes / listeners in the document / CDP JSEventListeners / JS heap MB): ${result.rendererCurve
        .map(
          (m) =>
            `${m.afterSales}: ${m.liveNodes}/${m.nodes}/${m.liveListeners}/${m.listeners}/${mb(m.heapUsed).toFixed(1)}`,
        )
        .join(', ')}.`,
      `Day: the machine's 1-minute load average at the end of each window: ${result.loadAverage.first.toFixed(1)} and ${result.loadAverage.last.toFixed(1)} (${cpus().length} CPUs); the latencies are wall-clock times on a shared machine.`,
      `Day: ${result.sales} sales in ${(result.seconds / 60).toFixed(1)} min; windows: sales ${plan.first[0] + 1}–${plan.first[1]} and ${plan.last[0] + 1}–${plan.last[1]}; offline for sales ${plan.offline[0] + 1}–${plan.offline[1]}; the register closed and opened every ${plan.registerEvery} sales; remote sandbox (npm run serve) behind a fault proxy.`,
    ],
    raw: { ...result },
  };
}

/**
 * DAY_HOST_ENV="MALLOC_ARENA_MAX=2 …": more environment for the host, to compare what holds its
 * memory (the allocator's arenas, its thresholds) in otherwise identical days.
 */
export function dayHostEnvFromEnv(env = process.env): Record<string, string> {
  const pairs = (env.DAY_HOST_ENV ?? '').split(/\s+/).filter(Boolean);
  return Object.fromEntries(
    pairs.map((pair) => {
      const at = pair.indexOf('=');
      if (at <= 0) throw new Error(`DAY_HOST_ENV takes NAME=value pairs, got ${pair}`);
      return [pair.slice(0, at), pair.slice(at + 1)];
    }),
  );
}

/** DAY_SALES, or `--sales N`, or the default. */
export function daySalesFromEnv(argv: readonly string[] = process.argv, env = process.env): number {
  const flag = argv.indexOf('--sales');
  const text = flag >= 0 ? argv[flag + 1] : env.DAY_SALES;
  if (text === undefined || text === '') return DEFAULT_DAY_SALES;
  const sales = Number(text);
  if (!Number.isInteger(sales) || sales < 1) throw new Error(`DAY_SALES must be a whole number, got ${text}`);
  return sales;
}

if (process.argv[1] && import.meta.url === pathToFileURL(process.argv[1]).href) {
  benchDay({ sales: daySalesFromEnv(), hostEnv: dayHostEnvFromEnv() })
    .then((section) => {
      console.log(formatTable(section.rows));
      for (const note of section.notes) console.log(note);
    })
    .catch((error: unknown) => {
      console.error(error);
      process.exitCode = 1;
    });
}
