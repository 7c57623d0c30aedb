// 2. HTTP throughput of POST /api/v1/charge and GET /api/v1/charge/{id} against a bare route on
// the same Fastify app (same hooks, parser and error handling), so the ratio is the engine's
// share of a request, not Fastify's or the socket's. POST is also read against the durable floor
// (durable-floor.ts): a bare node:http server doing the same durable insert with group commit,
// so what durability costs and what the service adds on top of it are told apart (issue 14).
//
// GET is also read against a read floor: a route of the same app that reads the same charge row
// by key with one prepared SELECT on a read-only connection and answers it as JSON, with no auth,
// validation or serialization of its own. It is the simplest route that does a GET's essential
// work, so what the service adds on top of reading a row is told apart from the row itself.
//
// The servers run in a process of their own (http-server.ts) and the load generator (autocannon)
// in another (http-load.ts): the server alone in its process, as `npm run serve` runs it and as
// any client sees it. Each is pinned to a CPU of its own where it can be (cpu-pinning.ts).

import { startBenchChild, type BenchChild } from './bench-child';
import { CHARGE_BODY } from './charge-rows';
import { pinServerAndLoad } from './cpu-pinning';
import type { LoadCommand, LoadResult, LoadTarget } from './http-load';
import type { HttpBenchCommand, HttpServerMessage } from './http-server';
import { median } from './measure';
import type { BenchRow, BenchSection } from './report';

export interface HttpOptions {
  rounds: number;
  durationSec: number;
  warmupSec: number;
  connections: number;
}

type ServerProcess = BenchChild<HttpBenchCommand, HttpServerMessage>;
type LoadProcess = BenchChild<LoadCommand, { type: 'ready' } | LoadResult>;

interface Load {
  /** Successful (2xx) responses per second. */
  rps: number;
  p50: number;
  p99: number;
  non2xx: number;
  errors: number;
  /** The server process's CPU time (all its threads) per answered request, µs. */
  serverCpuUs: number;
  /** Share of one CPU the server and the load generator used: the bottleneck is the one near 1. */
  serverBusy: number;
  loadBusy: number;
}

async function load(
  loader: LoadProcess,
  server: ServerProcess,
  target: LoadTarget,
  durationSec: number,
  connections: number,
): Promise<Load> {
  const before = await server.ask({ type: 'cpu' }, 'cpu');
  const result = await loader.ask({ type: 'load', target, durationSec, connections }, 'loaded');
  const after = await server.ask({ type: 'cpu' }, 'cpu');
  const answered = result.ok2xx + result.non2xx;
  return {
    serverCpuUs: answered > 0 ? (after.micros - before.micros) / answered : 0,
    serverBusy: (after.micros - before.micros) / (result.durationSec * 1e6),
    loadBusy: result.cpuMicros / (result.durationSec * 1e6),
    rps: result.ok2xx / result.durationSec,
    p50: result.p50,
    p99: result.p99,
    non2xx: result.non2xx,
    errors: result.errors,
  };
}

export async function benchHttp(dir: string, options: HttpOptions): Promise<BenchSection> {
  const { child: server, ready } = await startBenchChild<HttpBenchCommand, HttpServerMessage>('./http-server.ts', [
    dir,
  ]);
  let loader: LoadProcess | null = null;
  try {
    loader = (await startBenchChild<LoadCommand, { type: 'ready' } | LoadResult>('./http-load.ts', [])).child;
    const pinning = pinServerAndLoad(server.pid, loader.pid);
    const { base, volatileBase, floorUrl } = ready;
    const headers = { authorization: ready.appId };
    const getPath = encodeURIComponent(ready.targetCorrelationId);
    const targets = {
      bare: { url: `${base}/__bench/bare`, method: 'GET', headers },
      post: {
        url: `${base}/api/v1/charge`,
        method: 'POST',
        headers: { ...headers, 'content-type': 'application/json' },
        // autocannon puts a fresh id in every [<id>]: each POST is a new charge, never a duplicate.
        body: JSON.stringify({ ...CHARGE_BODY, correlationID: 'http-[<id>]' }),
        idReplacement: true,
      },
      get: { url: `${base}/api/v1/charge/${getPath}`, method: 'GET', headers },
      readFloor: { url: `${base}/__bench/read-floor/${getPath}`, method: 'GET', headers },
      postInMemory: {
        url: `${volatileBase}/api/v1/charge`,
        method: 'POST',
        headers: { authorization: ready.volatileAppId, 'content-type': 'application/json' },
        body: JSON.stringify({ ...CHARGE_BODY, correlationID: 'http-[<id>]' }),
        idReplacement: true,
      },
      floor: {
        url: `${floorUrl}/api/v1/charge`,
        method: 'POST',
        headers: { ...headers, 'content-type': 'application/json' },
        body: JSON.stringify({ ...CHARGE_BODY, correlationID: 'floor-[<id>]' }),
        idReplacement: true,
      },
    } satisfies Record<string, LoadTarget>;

    for (const target of Object.values(targets))
      await load(loader, server, target, options.warmupSec, options.connections);
    const order = ['bare', 'floor', 'post', 'readFloor', 'get', 'postInMemory'] as const;
    const runs: Record<keyof typeof targets, Load[]> = {
      bare: [],
      floor: [],
      post: [],
      readFloor: [],
      get: [],
      postInMemory: [],
    };
    // Batch sizes are counted from here: the warm-up's are not the steady state's.
    await server.ask({ type: 'resetBatches' }, 'reset');
    for (let round = 0; round < options.rounds; round++) {
      for (const name of order) {
        runs[name].push(await load(loader, server, targets[name], options.durationSec, options.connections));
      }
    }

    const stats = await server.ask({ type: 'stats' }, 'stats');
    const rps = (name: keyof typeof targets) => median(runs[name].map((r) => r.rps));
    const bare = rps('bare');
    const durableFloor = rps('floor');
    const latency = (name: keyof typeof targets) =>
      `p50 ${median(runs[name].map((r) => r.p50))} ms, p99 ${median(runs[name].map((r) => r.p99))} ms`;
    const row = (operation: string, name: 'post' | 'get' | 'postInMemory'): BenchRow => ({
      operation,
      measured: rps(name),
      unit: 'req/s',
      baseline: bare,
      baselineLabel: 'bare route',
      ratio: rps(name) / bare,
      ratioLabel: 'route/bare',
      aim: { op: '>=', value: 0.5 },
      note: latency(name),
    });
    const names = Object.keys(targets) as (keyof typeof targets)[];
    const cpu = (name: keyof typeof targets) => median(runs[name].map((r) => r.serverCpuUs));
    const busy = (name: keyof typeof targets, who: 'serverBusy' | 'loadBusy') =>
      median(runs[name].map((r) => r[who])).toFixed(2);
    // The server's cost per request, read apart from the scheduler: a route's throughput ratio and
    // its CPU ratio agree only when the server's core is the bottleneck. The busy shares say whether
    // it was: a route whose server is well under one CPU while the load generator is near one was
    // measuring the load generator.
    const notes: string[] = [
      `HTTP: ${pinning}; server CPU per request (µs, all threads): ${names.map((name) => `${name} ${cpu(name).toFixed(1)}`).join(', ')}; bare/GET CPU ${(cpu('bare') / cpu('get')).toFixed(3)}`,
      `HTTP: CPUs busy, server/load generator: ${names.map((name) => `${name} ${busy(name, 'serverBusy')}/${busy(name, 'loadBusy')}`).join(', ')}`,
    ];
    for (const [name, list] of Object.entries(runs)) {
      const bad = list.reduce((sum, r) => sum + r.non2xx + r.errors, 0);
      if (bad > 0) notes.push(`HTTP ${name}: ${bad} non-2xx responses or socket errors (not counted as throughput)`);
    }
    return {
      rows: [
        {
          operation: `HTTP POST /api/v1/charge vs durable floor (${options.connections} conns)`,
          measured: rps('post'),
          unit: 'req/s',
          baseline: durableFloor,
          baselineLabel: 'durable floor',
          ratio: rps('post') / durableFloor,
          ratioLabel: 'route/floor',
          aim: { op: '>=', value: 0.5 },
          note: `${latency('post')}; writer batch sizes ${stats.writerBatchSummary}; WAL checkpoints on their own thread: ${stats.checkpoints}`,
        },
        {
          operation: 'durable floor: node:http + INSERT + group COMMIT (info)',
          measured: durableFloor,
          unit: 'req/s',
          baseline: bare,
          baselineLabel: 'bare route',
          ratio: durableFloor / bare,
          ratioLabel: 'floor/bare',
          aim: null,
          note: `${latency('floor')}; batch sizes ${summarizeBatches(stats.floorBatchSizes)}`,
        },
        { ...row('HTTP POST /api/v1/charge', 'post'), aim: null },
        { ...row('HTTP POST /api/v1/charge, DB in memory (info)', 'postInMemory'), aim: null },
        row('HTTP GET /api/v1/charge/{id}', 'get'),
        {
          operation: 'read floor: same app, one SELECT of the row, JSON (info)',
          measured: rps('readFloor'),
          unit: 'req/s',
          baseline: bare,
          baselineLabel: 'bare route',
          ratio: rps('readFloor') / bare,
          ratioLabel: 'floor/bare',
          aim: null,
          note: `${latency('readFloor')}; GET/read floor ${(rps('get') / rps('readFloor')).toFixed(3)}`,
        },
      ],
      notes,
      raw: {
        connections: options.connections,
        pinning,
        pipelining: 1,
        durationSec: options.durationSec,
        rounds: options.rounds,
        runs,
        chargesInDb: stats.chargesInDb,
        writerBatchSizes: stats.writerBatchSizes,
        floorBatchSizes: histogram(stats.floorBatchSizes),
      },
    };
  } finally {
    await loader?.stop();
    await server.stop({ type: 'close' });
  }
}

/** "n batches, mean m, p50/p90/max" of a list of batch sizes. */
export function summarizeBatches(sizes: readonly number[]): string {
  if (sizes.length === 0) return 'none';
  const sorted = [...sizes].sort((a, b) => a - b);
  const at = (q: number) => sorted[Math.min(sorted.length - 1, Math.floor(q * sorted.length))]!;
  const mean = sorted.reduce((sum, n) => sum + n, 0) / sorted.length;
  return `${sorted.length} batches, mean ${mean.toFixed(1)}, p50 ${at(0.5)}, p90 ${at(0.9)}, max ${sorted[sorted.length - 1]}`;
}

export function histogram(sizes: readonly number[]): Record<string, number> {
  const counts: Record<string, number> = {};
  for (const size of sizes) counts[size] = (counts[size] ?? 0) + 1;
  return counts;
}
