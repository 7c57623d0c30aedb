// 1. Engine createCharge against a bare better-sqlite3 insert of the same row. Both write to
// a file database with the production pragmas and commit (fsync) once per charge, so the
// ratio is what the engine adds on top of the durable write it cannot avoid.

import { join } from 'node:path';
import { createSandboxCompany } from '#service/engine/tenancy/sandbox-bootstrap';
import { createSandboxService } from '#service/index';
import { openServiceDatabase } from '#service/engine/migrations';
import { CHARGE_BODY, copyChargeRow, prepareChargeInsert, realChargeRow } from './charge-rows';
import { interleavedRates } from './measure';
import type { BenchSection } from './report';

export interface EngineCreateOptions {
  rounds: number;
  batchMs: number;
  warmupMs: number;
}

export async function benchEngineCreate(dir: string, options: EngineCreateOptions): Promise<BenchSection> {
  const service = createSandboxService({ dbPath: join(dir, 'engine-create.db') });
  // openDatabase itself: the very pragmas (WAL, synchronous=FULL, foreign keys) and schema.
  const bareDb = openServiceDatabase(join(dir, 'bare-insert.db'));
  try {
    const { engine, appId } = service;
    const template = await realChargeRow(engine, appId, 'bench-template');
    const owner = createSandboxCompany(bareDb, new Date());
    const insert = prepareChargeInsert(bareDb);
    const insertOne = bareDb.transaction((n: number) => {
      insert.run(copyChargeRow(template, `bare-${n}`, { company_id: owner.companyId, account_id: owner.accountId }));
    });

    let bareCount = 0;
    let engineCount = 0;
    const rates = await interleavedRates(
      () => engine.call(appId, 'createCharge', { body: { ...CHARGE_BODY, correlationID: `engine-${engineCount++}` } }),
      () => insertOne(bareCount++),
      options,
    );
    const events = (engine.db.prepare('SELECT COUNT(*) AS n FROM events').get() as { n: number }).n;
    return {
      rows: [
        {
          operation: 'engine createCharge (file DB, fsync per charge)',
          measured: rates.subject,
          unit: 'ops/s',
          baseline: rates.baseline,
          baselineLabel: 'bare INSERT',
          ratio: rates.subject / rates.baseline,
          ratioLabel: 'engine/bare',
          aim: { op: '>=', value: 0.3 },
        },
      ],
      notes: [],
      raw: {
        engineOpsPerSecBatches: rates.subjectBatches,
        bareOpsPerSecBatches: rates.baselineBatches,
        engineChargesWritten: engineCount,
        engineEventsWritten: events,
        bareChargesWritten: bareCount,
      },
    };
  } finally {
    bareDb.close();
    await service.close();
  }
}
