// The durable floor of charge creation (issue 14): the simplest HTTP server that does the
// essential work of POST /api/v1/charge with the same guarantees, so the service's figure can be
// read against what any server on this machine could do, not only against a route that writes
// nothing. It:
// 1. parses the JSON body (node:http, no framework);
// 2. inserts one row of the same shape as a real charge into the same `charges` table (the
//    service's own schema and indexes, WAL, synchronous=FULL);
// 3. groups the inserts of one event-loop turn into one transaction (BEGIN IMMEDIATE … COMMIT);
// 4. answers 200 only after that COMMIT returned.
// It validates nothing, writes no outbox row, checks no AppID and keeps no idempotency: what the
// service does beyond this is the gap this floor makes visible.

import { createServer, type IncomingMessage, type Server, type ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';
import type { ChargeRow } from '#service/engine/charges/charge-repo';
import { createSandboxCompany } from '#service/engine/tenancy/sandbox-bootstrap';
import { type Db } from '#lib/store/database';
import { openServiceDatabase } from '#service/engine/migrations';
import { copyChargeRow, prepareChargeInsert } from './charge-rows';

export interface DurableFloor {
  url: string;
  db: Db;
  /** Rows per COMMIT, one entry per batch: the floor's own batch-size distribution. */
  batchSizes: number[];
  close(): Promise<void>;
}

interface Pending {
  row: ChargeRow;
  res: ServerResponse;
}

/** Starts the floor on 127.0.0.1 over a new database file at `dbPath`, inserting copies of `template`. */
export async function startDurableFloor(dbPath: string, template: ChargeRow): Promise<DurableFloor> {
  const db = openServiceDatabase(dbPath);
  // A company and account of its own, as a real charge references (the foreign keys are checked).
  const owner = createSandboxCompany(db, new Date());
  const parents = { company_id: owner.companyId, account_id: owner.accountId };
  const insert = prepareChargeInsert(db);
  const begin = db.prepare('BEGIN IMMEDIATE');
  const commit = db.prepare('COMMIT');
  const rollback = db.prepare('ROLLBACK');
  const batchSizes: number[] = [];
  let queue: Pending[] = [];
  let scheduled = false;

  const flush = () => {
    scheduled = false;
    const batch = queue;
    queue = [];
    batchSizes.push(batch.length);
    let ok = true;
    begin.run();
    try {
      for (const job of batch) insert.run(job.row);
      commit.run();
    } catch (error) {
      ok = false;
      if (db.inTransaction) rollback.run();
      process.stderr.write(`durable floor: batch failed: ${String(error)}\n`);
    }
    for (const job of batch) {
      if (ok) answer(job.res, 200, { charge: { correlationID: job.row.correlation_id, value: job.row.value } });
      else answer(job.res, 500, { error: 'write failed' });
    }
  };

  const server: Server = createServer((req: IncomingMessage, res: ServerResponse) => {
    const chunks: Buffer[] = [];
    req.on('data', (chunk: Buffer) => chunks.push(chunk));
    req.on('end', () => {
      let body: { correlationID?: unknown; value?: unknown };
      try {
        body = JSON.parse(Buffer.concat(chunks).toString('utf8')) as typeof body;
      } catch {
        answer(res, 400, { error: 'invalid JSON' });
        return;
      }
      const correlationId =
        typeof body.correlationID === 'string' ? body.correlationID : `floor-${queue.length}-${Date.now()}`;
      const value = typeof body.value === 'number' ? body.value : template.value;
      queue.push({ row: copyChargeRow(template, correlationId, { ...parents, value }), res });
      if (!scheduled) {
        scheduled = true;
        setImmediate(flush);
      }
    });
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as AddressInfo;
  return {
    url: `http://127.0.0.1:${port}`,
    db,
    batchSizes,
    close: () =>
      new Promise<void>((resolve) => {
        server.closeAllConnections();
        server.close(() => {
          db.close();
          resolve();
        });
      }),
  };
}

function answer(res: ServerResponse, status: number, body: unknown): void {
  const text = JSON.stringify(body);
  res.writeHead(status, {
    'content-type': 'application/json; charset=utf-8',
    'content-length': Buffer.byteLength(text),
  });
  res.end(text);
}
