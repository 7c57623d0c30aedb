// Randomized, seeded trials of the counter's sync against a real remote: sales, cancels,
// payments and partial refunds mixed with network faults, offline periods, remote restarts and
// kill -9 of the counters, then the invariants once every queue drained. A failure prints its
// seed, the command that replays it and the step log.
//
//   TRIAL_COUNT=5 TRIAL_STEPS=60 npx vitest run test/sync/trials.test.ts     more, longer trials
//   TRIAL_SEED=123 TRIAL_COUNTERS=2 TRIAL_COUNT=1 npx vitest run test/sync/trials.test.ts   replay one
//
// Without TRIAL_SEED the seeds are new on every run (printed in each test's name), so every run
// explores a little more; with it, trial i uses TRIAL_SEED + i.
import { randomInt } from 'node:crypto';
import { describe, expect, it } from 'vitest';
import { formatTrialReport } from './trial-report';
import { runTrial, trialPassed } from './trial-runner';

function envInteger(name: string, fallback: number, min: number): number {
  const text = process.env[name];
  if (text === undefined || text === '') return fallback;
  const value = Number(text);
  if (!Number.isInteger(value) || value < min) throw new Error(`${name} must be an integer ≥ ${min}, got ${text}`);
  return value;
}

const count = envInteger('TRIAL_COUNT', 2, 1);
const steps = envInteger('TRIAL_STEPS', 40, 0);
const baseSeed = envInteger('TRIAL_SEED', randomInt(1, 2 ** 31 - 1), 0);
const fixedCounters = process.env.TRIAL_COUNTERS ? envInteger('TRIAL_COUNTERS', 1, 1) : undefined;
if (fixedCounters !== undefined && fixedCounters > 2) throw new Error('TRIAL_COUNTERS must be 1 or 2');

const trials = Array.from({ length: count }, (_, i) => ({
  seed: baseSeed + i,
  // One counter and two counters in turn, unless told.
  counters: (fixedCounters ?? (i % 2) + 1) as 1 | 2,
}));

describe('sync trials against a real remote', () => {
  it.each(trials)('trial seed=$seed counters=$counters', { timeout: 90_000 + steps * 2_000 }, async ({ seed, counters }) => {
    const result = await runTrial({ seed, steps, counters });
    expect(trialPassed(result), formatTrialReport(result)).toBe(true);
  });
});
