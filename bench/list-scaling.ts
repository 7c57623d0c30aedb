// 3. The first page of the charge list must cost about the same whether the company has 1k
// or 100k charges: an index walk of one page, never a scan or a sort of the whole company.
// Rows are seeded with one prepared INSERT in one transaction (copies of a real charge row),
// since only the listing is under test, not how the rows got there.

import { join } from 'node:path';
import type { ChargeRow } from '#service/engine/charges/charge-repo';
import { createSandboxService } from '#service/index';
import { copyChargeRow, prepareChargeInsert, realChargeRow } from './charge-rows';
import { elapsedMs, msPerOp } from './measure';
import type { BenchRow, BenchSection } from './report';

export interface ListOptions {
  small: number;
  large: number;
  batches: number;
  perBatch: number;
}

/** Seeded charges are this far apart, newest first: 100k of them span about 7 hours. */
const SPACING_MS = 250;
const DAY_MS = 86_400_000;

/** Half ACTIVE, the rest paid or expired, so the status filter really filters. */
function seededRow(template: ChargeRow, index: number, newestMs: number): ChargeRow {
  const created = newestMs - index * SPACING_MS;
  const at = new Date(created).toISOString();
  const base = copyChargeRow(template, `seed-${index}`, { created_at: at, updated_at: at });
  const kind = index % 10;
  if (kind < 5) {
    // Still payable a day after creation, so no seeded row is due for the expiry sweeper.
    return { ...base, status: 'ACTIVE', expires_in: 86_400, expires_at: new Date(created + DAY_MS).toISOString() };
  }
  if (kind < 8) {
    const paidAt = new Date(created + 60_000).toISOString();
    return {
      ...base,
      status: 'COMPLETED',
      paid_at: paidAt,
      paid_value: base.value,
      payer: JSON.stringify({ name: 'Maria da Silva', taxID: { taxID: '12345678909', type: 'BR:CPF' } }),
      updated_at: paidAt,
    };
  }
  const expiredAt = new Date(created + 300_000).toISOString();
  return { ...base, status: 'EXPIRED', expires_in: 300, expires_at: expiredAt, updated_at: expiredAt };
}

const QUERIES = {
  all: { limit: '100' },
  active: { limit: '100', status: 'ACTIVE' },
} as const;

export async function benchListScaling(dir: string, options: ListOptions): Promise<BenchSection> {
  const service = createSandboxService({ dbPath: join(dir, 'list.db') });
  try {
    const { engine, appId } = service;
    const template = await realChargeRow(engine, appId, 'list-template');
    const newestMs = Date.parse(template.created_at) - SPACING_MS;
    const insert = prepareChargeInsert(engine.db);
    let seeded = 1; // the template itself
    const seedTo = (total: number) => {
      const start = process.hrtime.bigint();
      engine.db.transaction(() => {
        for (; seeded < total; seeded++) insert.run(seededRow(template, seeded, newestMs));
      })();
      // Rows written behind the engine's back: its next sweep deadline and its next read take them in.
      engine.afterDirectWrites();
      return elapsedMs(start);
    };
    const list = (query: Record<string, string>) => async () => {
      const page = await engine.call(appId, 'listCharges', { query });
      if (page.charges.length !== 100) throw new Error(`listCharges gave ${page.charges.length} charges, expected 100`);
    };
    const measureQuery = async (query: Record<string, string>) => {
      await msPerOp(list(query), 2, options.perBatch); // warm-up: statement cache, page cache
      return msPerOp(list(query), options.batches, options.perBatch);
    };
    const measure = async () => ({ all: await measureQuery(QUERIES.all), active: await measureQuery(QUERIES.active) });

    const seedSmallMs = seedTo(options.small);
    const small = await measure();
    const seedLargeMs = seedTo(options.large);
    const large = await measure();
    const deepQuery = { limit: '100', skip: String(options.large - 200) };
    await list(deepQuery)();
    const deep = await msPerOp(list(deepQuery), 5, 2);

    const label = (n: number) => `${Math.round(n / 1000)}k`;
    const row = (operation: string, name: keyof typeof QUERIES): BenchRow => ({
      operation,
      measured: large[name].median,
      unit: 'ms/op',
      baseline: small[name].median,
      baselineLabel: `at ${label(options.small)}`,
      ratio: large[name].median / small[name].median,
      ratioLabel: `t(${label(options.large)})/t(${label(options.small)})`,
      aim: { op: '<=', value: 2 },
    });
    const plan = (sql: string, ...params: unknown[]) =>
      (engine.db.prepare(`EXPLAIN QUERY PLAN ${sql}`).all(...params) as { detail: string }[]).map((r) => r.detail);
    const companyId = template.company_id;
    return {
      rows: [
        row(`listCharges limit=100 @${label(options.large)}`, 'all'),
        row(`listCharges status=ACTIVE limit=100 @${label(options.large)}`, 'active'),
        {
          operation: `listCharges skip=${options.large - 200} @${label(options.large)} (info)`,
          measured: deep.median,
          unit: 'ms/op',
          baseline: large.all.median,
          baselineLabel: 'first page',
          ratio: deep.median / large.all.median,
          ratioLabel: 'deep/first',
          aim: null,
          note: 'OFFSET pagination walks every skipped index entry',
        },
      ],
      notes: [],
      raw: {
        seedSmallMs,
        seedLargeMs,
        rowsSeeded: seeded,
        small,
        large,
        deep,
        queryPlans: {
          all: plan(
            'SELECT * FROM charges WHERE company_id = ? ORDER BY created_at DESC, id DESC LIMIT 101 OFFSET 0',
            companyId,
          ),
          active: plan(
            'SELECT * FROM charges WHERE company_id = ? AND status = ? ORDER BY created_at DESC, id DESC LIMIT 101 OFFSET 0',
            companyId,
            'ACTIVE',
          ),
        },
      },
    };
  } finally {
    await service.close();
  }
}
