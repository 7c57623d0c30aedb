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
// autocannon runs in a worker thread: in the server's own event loop the load generator would
// eat into the very time being measured, and more so for the cheap bare route.

import autocannon from 'autocannon';
import Database from 'better-sqlite3';
import { join } from 'node:path';
import { createSandboxService } from '../src/main/sandbox-service';
import { CHARGE_BODY, realChargeRow } from './charge-rows';
import { startDurableFloor } from './durable-floor';
import { median } from './measure';
import type { BenchRow, BenchSection } from './report';

export interface HttpOptions {
  rounds: number;
  durationSec: number;
  warmupSec: number;
  connections: number;
}

type Target = Pick<autocannon.Options, 'url' | 'method' | 'headers' | 'body' | 'idReplacement'>;

interface Load {
  /** Successful (2xx) responses per second. */
  rps: number;
  p50: number;
  p99: number;
  non2xx: number;
  errors: number;
}

async function load(target: Target, durationSec: number, connections: number): Promise<Load> {
  const result = await autocannon({ ...target, connections, pipelining: 1, duration: durationSec, workers: 1 });
  return {
    rps: result['2xx'] / result.duration,
    p50: result.latency.p50,
    p99: result.latency.p99,
    non2xx: result.non2xx,
    errors: result.errors,
  };
}

export async function benchHttp(dir: string, options: HttpOptions): Promise<BenchSection> {
  const service = createSandboxService({ dbPath: join(dir, 'http.db') });
  service.app.get('/__bench/bare', async () => ({ ok: true, service: 'balcao' }));
  // Both set once the database file and the target charge exist (below); the route runs only after.
  let readFloor: Database.Statement<[string, string]> | null = null;
  let appCompanyId = '';
  service.app.get('/__bench/read-floor/:id', async (request) => ({
    charge: readFloor!.get(appCompanyId, (request.params as { id: string }).id),
  }));
  // The same service over a database in memory: its POST figure (info) is what the engine and
  // Fastify cost without the fsync, so the table shows which share of the gap is durability.
  const volatile = createSandboxService({ dbPath: ':memory:' });
  const { appId } = service;
  const template = await realChargeRow(service.engine, appId, 'http-get-target');
  appCompanyId = template.company_id;
  const floorReads = new Database(join(dir, 'http.db'), { readonly: true, fileMustExist: true });
  readFloor = floorReads.prepare('SELECT * FROM charges WHERE company_id = ? AND correlation_id = ?');
  const floor = await startDurableFloor(join(dir, 'durable-floor.db'), template);
  const batches = service.engine.writerBatchSizes();
  try {
    const base = await service.listen(0);
    const volatileBase = await volatile.listen(0);
    const charge = { correlationID: template.correlation_id };
    const headers = { authorization: appId };
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
      get: { url: `${base}/api/v1/charge/${encodeURIComponent(charge.correlationID)}`, method: 'GET', headers },
      readFloor: { url: `${base}/__bench/read-floor/${encodeURIComponent(charge.correlationID)}`, method: 'GET', headers },
      postInMemory: {
        url: `${volatileBase}/api/v1/charge`,
        method: 'POST',
        headers: { authorization: volatile.appId, 'content-type': 'application/json' },
        body: JSON.stringify({ ...CHARGE_BODY, correlationID: 'http-[<id>]' }),
        idReplacement: true,
      },
      floor: {
        url: `${floor.url}/api/v1/charge`,
        method: 'POST',
        headers: { ...headers, 'content-type': 'application/json' },
        body: JSON.stringify({ ...CHARGE_BODY, correlationID: 'floor-[<id>]' }),
        idReplacement: true,
      },
    } satisfies Record<string, Target>;

    for (const target of Object.values(targets)) await load(target, options.warmupSec, options.connections);
    const order = ['bare', 'floor', 'post', 'readFloor', 'get', 'postInMemory'] as const;
    const runs: Record<keyof typeof targets, Load[]> = { bare: [], floor: [], post: [], readFloor: [], get: [], postInMemory: [] };
    // Batch sizes are counted from here: the warm-up's are not the steady state's.
    batches.reset();
    floor.batchSizes.length = 0;
    for (let round = 0; round < options.rounds; round++) {
      for (const name of order) {
        runs[name].push(await load(targets[name], options.durationSec, options.connections));
      }
    }

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
    const notes: string[] = [];
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
          note: `${latency('post')}; writer batch sizes ${batches.summary()}; WAL checkpoints on their own thread: ${service.engine.checkpointer?.started ?? 0}`,
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
          note: `${latency('floor')}; batch sizes ${summarizeBatches(floor.batchSizes)}`,
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
        pipelining: 1,
        durationSec: options.durationSec,
        rounds: options.rounds,
        runs,
        chargesInDb: (service.engine.db.prepare('SELECT COUNT(*) AS n FROM charges').get() as { n: number }).n,
        writerBatchSizes: batches.histogram(),
        floorBatchSizes: histogram(floor.batchSizes),
      },
    };
  } finally {
    floorReads.close();
    await floor.close();
    await volatile.close();
    await service.close();
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
