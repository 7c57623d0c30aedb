// `npm run bench`: every measurement in one run, each against a baseline taken in the same
// run, printed as a table of ratios and written to .bench/results.json.
// `npm run bench -- --quick` runs short batches, to check the bench itself works.
// `npm run bench -- --only http,artifacts` runs some sections (for working on one hot path).
// `DAY_SALES=300 npm run bench -- --only day`: a shorter day than the default 2,000 sales.

import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join, resolve } from 'node:path';
import { benchArtifacts } from './artifacts';
import { benchEngineCreate } from './engine-create';
import { benchPaymentCreate } from './payment-create';
import { benchHttp } from './http-throughput';
import { benchListScaling } from './list-scaling';
import { benchSyncDrain } from './sync-drain';
import { benchPaperReceipt } from './paper-receipt';
import { benchPdvToQr } from './pdv-to-qr';
import { benchSyncSoak } from './sync-soak';
import { benchOfflineReconcile } from './offline-reconcile';
import { benchOfflinePass } from './offline-reconcile-pass';
import { benchUiLatency } from './ui-latency';
import { benchRequestBudget } from './request-budget';
import { benchServerStart } from './server-start';
import { benchDay, dayHostEnvFromEnv, daySalesFromEnv } from './day';
import { ensureBuilt } from '../scripts/build.mjs';
import { elapsedMs } from './measure';
import { type BenchSection, formatTable, meetsAim, writeResults } from './report';

const quick = process.argv.includes('--quick');
const onlyArg = process.argv.indexOf('--only');
const only = onlyArg >= 0 ? new Set((process.argv[onlyArg + 1] ?? '').split(',')) : null;
const RESULTS_PATH = resolve(import.meta.dirname, '../.bench/results.json');

const config = quick
  ? {
      create: { rounds: 2, batchMs: 200, warmupMs: 100 },
      http: { rounds: 1, durationSec: 1, warmupSec: 0.5, connections: 32 },
      list: { small: 1_000, large: 10_000, batches: 3, perBatch: 5 },
      artifacts: { batches: 2, qrPerBatch: { 1024: 2, 4096: 1 }, receiptsPerBatch: 2 },
      ui: { charges: 5, historySales: 50 },
      drain: { commands: 300, durationSec: 1, connections: 10 },
      soak: { trials: 2, steps: 20 },
      reconcile: { small: 50, large: 500 },
      offlinePass: { small: 50, large: 500 },
      requests: {
        idleMs: 10_000,
        saleMs: 5_000,
        dayPix: 200,
        earlierDays: [1, 10] as [number, number],
        offlineSales: 5,
        afterMs: 6_000,
      },
      serverStart: { starts: 3 },
      paper: { sales: 5 },
      pdv: { orders: 5 },
      day: { sales: process.env.DAY_SALES ? daySalesFromEnv() : 60, hostEnv: dayHostEnvFromEnv() },
    }
  : {
      create: { rounds: 8, batchMs: 600, warmupMs: 400 },
      http: { rounds: 3, durationSec: 3, warmupSec: 1, connections: 32 },
      list: { small: 1_000, large: 100_000, batches: 9, perBatch: 20 },
      artifacts: { batches: 5, qrPerBatch: { 1024: 6, 4096: 1 }, receiptsPerBatch: 10 },
      ui: { charges: 50 },
      drain: { commands: 10_000, durationSec: 3, connections: 10 },
      soak: { trials: 60, steps: 80 },
      reconcile: { small: 500, large: 5_000 },
      offlinePass: { small: 500, large: 5_000 },
      requests: {
        idleMs: 60_000,
        saleMs: 20_000,
        dayPix: 1_000,
        earlierDays: [1, 10] as [number, number],
        offlineSales: 20,
        afterMs: 30_000,
      },
      serverStart: { starts: 9 },
      paper: { sales: 40 },
      pdv: { orders: 30 },
      // DAY_SALES=300 for a shorter day.
      day: { sales: daySalesFromEnv(), hostEnv: dayHostEnvFromEnv() },
    };

async function main(): Promise<void> {
  // Several sections run the built programs (the sandbox, the browser host), as the tests do.
  await ensureBuilt();
  const startedAt = new Date();
  const start = process.hrtime.bigint();
  // A file database in a fresh directory: the durable write (fsync) is part of what is measured.
  const dir = mkdtempSync(join(tmpdir(), 'balcao-bench-'));
  const sections: Record<string, BenchSection> = {};
  const steps: [string, () => Promise<BenchSection>][] = [
    ['engine-create', () => benchEngineCreate(dir, config.create)],
    ['payment-create', () => benchPaymentCreate(dir, config.create)],
    ['http', () => benchHttp(dir, config.http)],
    ['list-scaling', () => benchListScaling(dir, config.list)],
    ['artifacts', () => benchArtifacts(dir, config.artifacts)],
    ['sync-drain', () => benchSyncDrain(dir, config.drain)],
    ['sync-soak', () => benchSyncSoak(config.soak)],
    ['offline-reconcile', () => benchOfflineReconcile(config.reconcile)],
    ['offline-pass', () => benchOfflinePass(config.offlinePass)],
    ['ui-latency', () => benchUiLatency(config.ui)],
    ['request-budget', () => benchRequestBudget(dir, config.requests)],
    ['server-start', () => benchServerStart(config.serverStart)],
    ['day', () => benchDay(config.day)],
    ['paper', () => benchPaperReceipt(config.paper)],
    ['pdv', () => benchPdvToQr(config.pdv)],
  ];
  try {
    for (const [name, step] of steps) {
      if (only && !only.has(name)) continue;
      const stepStart = process.hrtime.bigint();
      process.stderr.write(`bench: ${name}…`);
      sections[name] = await step();
      process.stderr.write(` ${(elapsedMs(stepStart) / 1000).toFixed(1)} s\n`);
    }
  } finally {
    rmSync(dir, { recursive: true, force: true });
  }
  const totalMs = elapsedMs(start);
  const rows = Object.values(sections).flatMap((s) => s.rows);
  console.log(
    `\nBalcão bench${quick ? ' (quick)' : ''}: ${process.version}, ${(totalMs / 1000).toFixed(0)} s. Ratios are the figures; absolute numbers depend on the machine.\n`,
  );
  console.log(formatTable(rows));
  const notes = [
    ...rows.filter((r) => r.note).map((r) => `${r.operation}: ${r.note}`),
    ...Object.values(sections).flatMap((s) => s.notes),
  ];
  if (notes.length) console.log(`\nNotes:\n${notes.map((n) => `- ${n}`).join('\n')}`);
  writeResults(RESULTS_PATH, sections, startedAt, totalMs);
  const missed = rows.filter((r) => meetsAim(r) === false);
  console.log(
    `\n${missed.length === 0 ? 'All aims met.' : `${missed.length} aim(s) missed.`} Results: ${RESULTS_PATH}`,
  );
}

main().catch((error: unknown) => {
  console.error('\nbench failed:', error);
  process.exitCode = 1;
});
