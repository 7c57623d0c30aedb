// The servers of the HTTP section (http-throughput.ts), in a process of their own: the served
// sandbox with the bench's bare and read-floor routes, the same service over a database in
// memory, and the durable floor. The load generator runs in another (http-load.ts), as any real
// client is outside the server's process.
//
// Why a process of its own: the figure wanted is what the server costs, and a server shares its
// process with no client in production (`npm run serve`). A load generator inside it, even in a
// worker thread, shares its V8 platform (the GC's helper threads), its allocator and its CPU
// time; in the bench's own process it would also carry whatever the sections before left behind.
//
// Started with startBenchChild(); talks over the IPC channel (HttpServerMessage, HttpBenchCommand).

import Database from 'better-sqlite3';
import { join } from 'node:path';
import { createSandboxService } from '#service/index';
import { realChargeRow } from './charge-rows';
import { startDurableFloor } from './durable-floor';

export interface HttpServerReady {
  type: 'ready';
  /** The served sandbox (file database) with the bench routes. */
  base: string;
  appId: string;
  /** correlationID of the charge GET and the read floor read. */
  targetCorrelationId: string;
  /** The same service over a database in memory. */
  volatileBase: string;
  volatileAppId: string;
  /** The durable floor (durable-floor.ts). */
  floorUrl: string;
}

export interface HttpServerStats {
  type: 'stats';
  writerBatchSummary: string;
  writerBatchSizes: Record<string, number>;
  floorBatchSizes: number[];
  checkpoints: number;
  chargesInDb: number;
}

export type HttpServerMessage = HttpServerReady | HttpServerStats | { type: 'reset' } | { type: 'cpu'; micros: number };

/** What the bench asks: batch counting restarted after the warm-up, the CPU time used, the figures, the end (it waits for the exit). */
export type HttpBenchCommand = { type: 'resetBatches' } | { type: 'cpu' } | { type: 'stats' } | { type: 'close' };

async function main(dir: string): Promise<void> {
  const service = createSandboxService({ dbPath: join(dir, 'http.db') });
  const template = await realChargeRow(service.engine, service.appId, 'http-get-target');
  service.app.get('/__bench/bare', async () => ({ ok: true, service: 'balcao' }));
  // The read floor: the simplest route of the same app that reads the same charge row by key and
  // answers it as JSON (no auth, validation or serialization of its own).
  const floorReads = new Database(join(dir, 'http.db'), { readonly: true, fileMustExist: true });
  const readFloor = floorReads.prepare<[string, string]>(
    'SELECT * FROM charges WHERE company_id = ? AND correlation_id = ?',
  );
  service.app.get('/__bench/read-floor/:id', async (request) => ({
    charge: readFloor.get(template.company_id, (request.params as { id: string }).id),
  }));
  // Its POST figure (info) is what the engine and Fastify cost without the fsync.
  const volatile = createSandboxService({ dbPath: ':memory:' });
  const floor = await startDurableFloor(join(dir, 'durable-floor.db'), template);
  const batches = service.engine.writerBatchSizes();
  const ready: HttpServerReady = {
    type: 'ready',
    base: await service.listen(0),
    appId: service.appId,
    targetCorrelationId: template.correlation_id,
    volatileBase: await volatile.listen(0),
    volatileAppId: volatile.appId,
    floorUrl: floor.url,
  };

  const reply = (message: HttpServerMessage) => process.send!(message);
  process.on('message', (command: HttpBenchCommand) => {
    if (command.type === 'resetBatches') {
      batches.reset();
      floor.batchSizes.length = 0;
      reply({ type: 'reset' });
    } else if (command.type === 'cpu') {
      const { user, system } = process.cpuUsage();
      reply({ type: 'cpu', micros: user + system });
    } else if (command.type === 'stats') {
      reply({ type: 'stats', ...stats() });
    } else if (command.type === 'close') {
      // Letting go of the channel ends the process (below).
      void close().then(() => process.disconnect());
    }
  });
  const stats = (): Omit<HttpServerStats, 'type'> => ({
    writerBatchSummary: batches.summary(),
    writerBatchSizes: batches.histogram(),
    floorBatchSizes: [...floor.batchSizes],
    checkpoints: service.engine.checkpointer?.started ?? 0,
    chargesInDb: (service.engine.db.prepare('SELECT COUNT(*) AS n FROM charges').get() as { n: number }).n,
  });
  const close = async () => {
    floorReads.close();
    await floor.close();
    await volatile.close();
    await service.close();
  };
  reply(ready);
}

// The bench's process died or closed the channel without asking: nothing is left serving.
process.on('disconnect', () => process.exit(0));

main(process.argv[2]!).catch((error: unknown) => {
  process.stderr.write(
    `bench http server: ${error instanceof Error ? (error.stack ?? error.message) : String(error)}\n`,
  );
  process.exit(1);
});
