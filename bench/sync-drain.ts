// Sync: how fast the counter drains a queue of charge creations into a real `npm run serve`, as a
// ratio to that same server's own maximum POST /api/v1/charge rate measured in the same run
// (autocannon, the same route and body shape, `?return_existing=true`).
//
// The queue is built while the counter cannot reach the service (its fetch refuses, as a dropped
// network does), then the network comes back and the time to an empty queue is measured: every
// command's answer is recorded durably (synchronous=FULL) in the counter's own store, as in use.

import autocannon from 'autocannon';
import { join } from 'node:path';
import type { CounterSync } from '../src/main/sync/counter-sync';
import { createCounterSync } from '../src/main/sync/counter-sync-root';
import { HttpServiceClient } from '../src/main/sync/http-service-client';
import { openDatabase } from '../src/main/store/database';
import { startRemote } from '../test/support/remote-process';
import { elapsedMs, median } from './measure';
import type { BenchSection } from './report';

export interface SyncDrainOptions {
  commands: number;
  durationSec: number;
  connections: number;
}

const CHARGE = { value: 1234, expiresIn: 900 };
/** The sender's default: sales in flight at once. */
const SENDER_CONCURRENCY = 8;

/**
 * The floor under the drain: the same creates, from the same process, with the same concurrency,
 * each answer committed durably before its slot takes the next one, one COMMIT per turn, and
 * nothing else (no outbox, no mirror, no views, no events).
 */
async function measureFloor(baseUrl: string, appId: string, dbPath: string, commands: number): Promise<number> {
  const db = openDatabase(dbPath, [
    { version: 1, name: 'floor', sql: 'CREATE TABLE answers (id TEXT PRIMARY KEY, body TEXT NOT NULL)' },
  ]);
  const insert = db.prepare<[string, string]>('INSERT INTO answers (id, body) VALUES (?, ?)');
  const pending: [string, string][] = [];
  let flushing: Promise<void> | undefined;
  const record = (id: string, body: string) =>
    new Promise<void>((resolve) => {
      pending.push([id, body]);
      flushing ??= new Promise<void>((done) =>
        setImmediate(() => {
          const batch = pending.splice(0);
          db.transaction(() => batch.forEach(([key, text]) => insert.run(key, text)))();
          flushing = undefined;
          done();
        }),
      );
      void flushing.then(resolve);
    });
  let next = 0;
  const started = process.hrtime.bigint();
  const worker = async () => {
    while (next < commands) {
      const id = `floor-${next++}`;
      const response = await fetch(`${baseUrl}/api/v1/charge?return_existing=true`, {
        method: 'POST',
        headers: { authorization: appId, 'content-type': 'application/json' },
        body: JSON.stringify({ ...CHARGE, correlationID: id }),
        signal: AbortSignal.timeout(5_000),
      });
      await record(id, await response.text());
    }
  };
  await Promise.all(Array.from({ length: SENDER_CONCURRENCY }, worker));
  const rate = commands / (elapsedMs(started) / 1000);
  db.close();
  return rate;
}

export async function benchSyncDrain(dir: string, options: SyncDrainOptions): Promise<BenchSection> {
  const remote = await startRemote({ dbPath: join(dir, 'remote.db') });
  let sync: CounterSync | undefined;
  try {
    const headers = { authorization: remote.appId, 'content-type': 'application/json' };
    const target = {
      url: `${remote.url}/api/v1/charge?return_existing=true`,
      method: 'POST' as const,
      headers,
      body: JSON.stringify({ ...CHARGE, correlationID: 'max-[<id>]' }),
      idReplacement: true,
    };
    await autocannon({ ...target, connections: options.connections, duration: 1, workers: 1 });
    const max = await autocannon({
      ...target,
      connections: options.connections,
      duration: options.durationSec,
      workers: 1,
    });
    const serverMax = max['2xx'] / max.duration;

    let online = false;
    const refusing: typeof fetch = (input, init) =>
      online
        ? fetch(input, init)
        : Promise.reject(Object.assign(new TypeError('fetch failed'), { cause: { code: 'ECONNREFUSED' } }));
    const client = new HttpServiceClient({ baseUrl: remote.url, appId: remote.appId, fetch: refusing });
    const root = createCounterSync({
      dbPath: join(dir, 'counter.db'),
      firstAnswerWaitMs: 0,
      healthIntervalMs: 60_000,
      openIntervalMs: 60_000,
    });
    sync = root.sync;
    sync.setService(client);
    for (let i = 0; i < options.commands; i++) await sync.sales.createSale(CHARGE);
    if (sync.status().queued !== options.commands)
      throw new Error(`expected ${options.commands} queued, found ${sync.status().queued}`);

    online = true;
    const started = process.hrtime.bigint();
    // The network is back: the same service, every queued command due now.
    sync.setService(client);
    await root.probe.drained(600_000);
    const drainMs = elapsedMs(started);
    const drainRate = options.commands / (drainMs / 1000);
    const atRemote = (await (
      await fetch(`${remote.url}/api/v1/charge?limit=1&start=2000-01-01T00:00:00Z`, { headers })
    ).json()) as {
      pageInfo: { totalCount?: number };
    };
    const floorRate = await measureFloor(remote.url, remote.appId, join(dir, 'floor.db'), options.commands);
    return {
      rows: [
        {
          operation: `sync drain floor: fetch + durable insert per answer (info)`,
          measured: floorRate,
          unit: 'cmd/s',
          baseline: serverMax,
          baselineLabel: `server max POST (${options.connections} conn)`,
          ratio: floorRate / serverMax,
          ratioLabel: 'floor/server max',
          aim: null,
          note: `the simplest client with the drain's guarantees: ${SENDER_CONCURRENCY} requests in flight, each answer written durably (synchronous=FULL, one COMMIT per event-loop turn) before the next`,
        },
        {
          operation: `sync drain: ${options.commands} queued creates → npm run serve`,
          measured: drainRate,
          unit: 'cmd/s',
          baseline: serverMax,
          baselineLabel: `server max POST (${options.connections} conn)`,
          ratio: drainRate / serverMax,
          ratioLabel: 'drain/server max',
          aim: { op: '>=', value: 0.5 },
          note: `drained in ${(drainMs / 1000).toFixed(1)} s; server p50 ${median([max.latency.p50])} ms`,
        },
      ],
      notes: [],
      raw: { commands: options.commands, drainMs, serverMax, remoteTotal: atRemote.pageInfo.totalCount ?? null },
    };
  } finally {
    await sync?.close();
    await remote.dispose();
  }
}
