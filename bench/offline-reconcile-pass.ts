// The whole reconciliation pass of offline sales, as the counter runs it once the service is
// back: read the Pix in over the sales' windows from the service (paged), match them (the pure
// matcher, also timed alone in offline-reconcile.ts) and record the verdict in counter.db in one
// durable transaction. Ten times the sales must cost about ten times the time: the ratio is
// t(large) / (scale × t(small)), both measured in this run, aim ≤ 1.5.
//
// Each world is a day of offline selling: a sale every 30 s, each paid 10 s later at the
// sandbox (in process, its own clock set to the counter's), 1 in 10 by a bank that drops the txid
// (an amount of its own, so value matching can decide), 1 in 20 never paid. Registration of the
// sales at the service is refused in the bench (it is not part of the pass).
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { ManualClock } from '#lib/clock';
import { createSandboxService } from '#service/index';
import { composeCounter } from '#counter/composition-root';
import { InProcessService } from '#counter/sync/remote/in-process-service';
import type { ServiceClient } from '#counter/sync/remote/service-client';
import { elapsedMs } from './measure';
import type { BenchSection } from './report';

export interface OfflinePassOptions {
  small: number;
  large: number;
}

const HOUR = 60 * 60 * 1000;

interface PassResult {
  ms: number;
  confirmed: number;
  review: number;
}

async function onePass(sales: number): Promise<PassResult> {
  const dir = mkdtempSync(join(tmpdir(), 'balcao-bench-offline-'));
  const clock = new ManualClock('2026-11-24T11:00:00.000Z');
  const sandbox = createSandboxService({ dbPath: ':memory:', clock });
  const inner = new InProcessService(sandbox.engine, sandbox.appId);
  const gate = { down: false };
  const client: ServiceClient = {
    serviceId: inner.serviceId,
    label: inner.label,
    call: (op, request) =>
      gate.down || op === 'createPixQrCode'
        ? Promise.resolve({ kind: 'not-sent', detail: 'bench' } as never)
        : inner.call(op, request),
  };
  const { sync, probe } = composeCounter({
    dbPath: join(dir, 'counter.db'),
    now: () => clock.now(),
    firstAnswerWaitMs: 50,
    healthIntervalMs: HOUR,
    reconcileIntervalMs: HOUR,
    watchIntervalMs: HOUR,
    openIntervalMs: HOUR,
    offlineTiming: { windowMs: 5 * 60_000, graceMs: 60_000, clockSkewMs: 60_000, settleDelayMs: 30_000 },
    offlineSales: () => ({
      caps: {
        enabled: true,
        maxSaleValue: 99_999_999_999,
        maxUnconfirmedTotal: 99_999_999_999,
        maxAgeMinutes: 7 * 24 * 60,
      },
      merchantName: 'Padaria Bench',
      merchantCity: 'Recife',
    }),
  });
  try {
    sync.setService(client);
    while (!sync.status().offline.confirmedKey) await new Promise((resolve) => setTimeout(resolve, 5));
    gate.down = true;
    for (let i = 0; i < sales; i++) {
      const dropped = i % 10 === 3;
      // Txid-less payments carry a value no other sale has, so that exactly one sale fits.
      const value = dropped ? 1_000_000 + i : 1_000 + (i % 97) * 10;
      const sale = await sync.sales.createSale({ value, expiresIn: 300 });
      if (sale.status !== 'OFFLINE') throw new Error(`sale ${i} is ${sale.status}, not OFFLINE`);
      clock.advance(10_000);
      if (i % 20 !== 7)
        await sandbox.engine.call(sandbox.appId, 'sandboxPayBrCode', {
          body: { brCode: sale.brCode, ...(dropped ? { dropTxid: true } : {}) },
        });
      clock.advance(20_000);
    }
    clock.advance(HOUR); // every window closed
    gate.down = false;
    const start = process.hrtime.bigint();
    await probe.reconcileOffline();
    const ms = elapsedMs(start);
    const status = sync.status().offline;
    return { ms, confirmed: sales - status.unconfirmedCount, review: status.reviewCount };
  } finally {
    await sync.close();
    await sandbox.close();
    rmSync(dir, { recursive: true, force: true });
  }
}

export async function benchOfflinePass(options: OfflinePassOptions): Promise<BenchSection> {
  // Warm-up of the JIT and the page cache on a small world, not counted.
  await onePass(Math.max(20, Math.round(options.small / 5)));
  const small = await onePass(options.small);
  const large = await onePass(options.large);
  const scale = options.large / options.small;
  const label = (n: number) => n.toLocaleString('en-US');
  const expected = (n: number) => n - Math.ceil((n - 7) / 20);
  for (const [n, result] of [
    [options.small, small],
    [options.large, large],
  ] as const) {
    if (result.confirmed !== expected(n) || result.review !== n - expected(n)) {
      throw new Error(
        `offline pass @${n}: ${result.confirmed} confirmed and ${result.review} to review, expected ${expected(n)} and ${n - expected(n)}`,
      );
    }
  }
  return {
    rows: [
      {
        operation: `offline reconciliation pass @${label(options.small)}`,
        measured: small.ms,
        unit: 'ms/op',
        baseline: null,
        baselineLabel: '',
        ratio: null,
        ratioLabel: '',
        aim: null,
        note: `list the Pix in (paged), match, record in counter.db: ${small.confirmed} confirmed, ${small.review} to review; the baseline of the next row`,
      },
      {
        operation: `offline reconciliation pass @${label(options.large)}`,
        measured: large.ms,
        unit: 'ms/op',
        baseline: scale * small.ms,
        baselineLabel: `${scale} × t(${label(options.small)})`,
        ratio: large.ms / (scale * small.ms),
        ratioLabel: `t(${label(options.large)})/(${scale}·t(${label(options.small)}))`,
        aim: { op: '<=', value: 1.5 },
        note: `${large.confirmed} confirmed, ${large.review} to review; linear would be 1`,
      },
    ],
    notes: [],
    raw: { small, large },
  };
}
