// The account history of the request-budget section's reconciliation scenarios: Pix in written
// straight into a remote's database by the engine in process (its clock set to each Pix's
// moment), before `npm run serve` opens that database. Much faster than paying each through
// POST /openpix/testing/pay: the writes of a chunk go out together (the engine's group commit).
//
// Each day holds `perDay` Pix spread evenly over the `spanMs` before the same moment of that day,
// day 0 ending a minute before `now`: 6 in 10 pay a charge (the account's other tills, online),
// 3 in 10 are plain Pix to the key (no txid), 1 in 10 pays the shop's printed static code. None of
// them is this counter's.
import { ManualClock } from '#lib/clock';
import { createSandboxService } from '#service/index';
import { buildOfflineBrCode } from '#counter/sync/offline/offline-code';
import { elapsedMs } from './measure';

export interface HistoryLayout {
  /** Pix on the day of the offline sales (day 0). */
  today: number;
  /** Days before it, each with `perDay` Pix at the same hours. */
  earlierDays: number;
  perDay: number;
  /** How long a day's Pix are spread over (ms). */
  spanMs: number;
}

export interface SeededAccount {
  appId: string;
  ms: number;
  pix: number;
  charges: number;
  keyPix: number;
  staticCode: number;
}

const DAY = 24 * 60 * 60 * 1000;
const CHUNK = 250;

interface PlannedPix {
  at: number;
  n: number;
  kind: 'charge' | 'key' | 'static';
  value: number;
}

export async function seedAccountHistory(
  dbPath: string,
  layout: HistoryLayout,
  now = Date.now(),
): Promise<SeededAccount> {
  const planned: PlannedPix[] = [];
  let n = 0;
  for (let day = layout.earlierDays; day >= 0; day--) {
    const count = day === 0 ? layout.today : layout.perDay;
    const end = now - 60_000 - day * DAY;
    for (let i = 0; i < count; i++) {
      const at = end - layout.spanMs + Math.round(((i + 0.5) * layout.spanMs) / count);
      const kind = n % 10 < 6 ? 'charge' : n % 10 < 9 ? 'key' : 'static';
      // Whole reais and ten-cent steps: the bench's offline sales use odd cents, so no seeded Pix
      // could ever match one of them by value.
      planned.push({ at, n, kind, value: 500 + ((n * 7919) % 2000) * 10 });
      n++;
    }
  }
  planned.sort((a, b) => a.at - b.at);
  const clock = new ManualClock(new Date((planned[0]?.at ?? now) - 60 * 60 * 1000));
  const sandbox = createSandboxService({ dbPath, clock });
  const { engine, appId } = sandbox;
  try {
    const { pixKeys } = await engine.call(appId, 'listPixKeys', { query: {} });
    const key = pixKeys.find((k) => k.isDefault)?.key ?? pixKeys[0]!.key;
    const merchant = sandbox.merchant();
    // The shop's printed code (no amount), made before the history begins.
    const sticker = await engine.call(appId, 'createPixQrCode', {
      body: { name: 'Adesivo do caixa', correlationID: 'bench-adesivo' },
    });
    const counts = { charges: 0, keyPix: 0, staticCode: 0 };
    for (let from = 0; from < planned.length; from += CHUNK) {
      const chunk = planned.slice(from, from + CHUNK);
      // The other tills' charges, each made 30 s before its payment; the chunk's writes in one batch.
      const brCodes = new Map<number, string>();
      const creates: Promise<void>[] = [];
      for (const pix of chunk) {
        if (pix.kind !== 'charge') continue;
        clock.set(new Date(pix.at - 30_000));
        creates.push(
          engine
            .call(appId, 'createCharge', {
              body: { correlationID: `bench-history-${pix.n}`, value: pix.value, expiresIn: 2 * 24 * 60 * 60 },
            })
            .then(({ charge }) => void brCodes.set(pix.n, charge.brCode)),
        );
      }
      await Promise.all(creates);
      const payments: Promise<unknown>[] = [];
      for (const pix of chunk) {
        clock.set(new Date(pix.at));
        if (pix.kind === 'charge') {
          payments.push(engine.call(appId, 'sandboxPayBrCode', { body: { brCode: brCodes.get(pix.n)! } }));
          counts.charges++;
        } else if (pix.kind === 'key') {
          // A Pix to the key, as from a payer's app: a static code whose txid the bank drops.
          const brCode = buildOfflineBrCode({
            pixKey: key,
            value: pix.value,
            txid: 'SEED',
            merchantName: merchant.merchantName,
            merchantCity: merchant.merchantCity,
          });
          payments.push(engine.call(appId, 'sandboxPayBrCode', { body: { brCode, dropTxid: true } }));
          counts.keyPix++;
        } else {
          payments.push(engine.call(appId, 'sandboxPayBrCode', { body: { brCode: sticker.brCode, value: pix.value } }));
          counts.staticCode++;
        }
      }
      await Promise.all(payments);
    }
    clock.set(new Date(now));
    return { appId, ms: 0, pix: planned.length, ...counts };
  } finally {
    await sandbox.close();
  }
}

/** seedAccountHistory, timed (the database closed and on disk). */
export async function timedSeed(dbPath: string, layout: HistoryLayout): Promise<SeededAccount> {
  const started = process.hrtime.bigint();
  const seeded = await seedAccountHistory(dbPath, layout);
  return { ...seeded, ms: elapsedMs(started) };
}
