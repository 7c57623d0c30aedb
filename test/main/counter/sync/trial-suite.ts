// The seeded trials, split into shards so vitest runs them side by side (one file per shard).
// Every shard draws its own slice of the seeds: shard k of n runs trials k, k+n, k+2n…
//
//   npm test                                        200 trials, base seed 20261123 (the same every run)
//   TRIAL_SEED=123 TRIAL_COUNT=1 TRIAL_COUNTERS=2   replay one (the failure message prints this line)
//   TRIAL_COUNT=400 TRIAL_STEPS=60                  more, longer trials
//   TRIAL_SUMMARY=1                                 one line per trial, passed or not (offline sales made, confirmed, reviewed; fault plans)
//   TRIAL_REMOTE=permissive                         the same trials against the permissive sandbox, to compare durations only
//
// The seeds are fixed by default so a red run is the code's doing, not the dice's; `npm run bench`
// runs a soak with fresh seeds to keep exploring.
import { describe, expect, it } from 'vitest';
import { faultSummary, formatTrialReport, offlineSummary } from './trial-report';
import { runTrial, trialPassed } from './trial-runner';

export const DEFAULT_TRIAL_COUNT = 200;
export const DEFAULT_TRIAL_SEED = 20261123;

function envInteger(name: string, fallback: number, min: number): number {
  const text = process.env[name];
  if (text === undefined || text === '') return fallback;
  const value = Number(text);
  if (!Number.isInteger(value) || value < min) throw new Error(`${name} must be an integer ≥ ${min}, got ${text}`);
  return value;
}

export interface PlannedTrial {
  index: number;
  seed: number;
  counters: 1 | 2;
}

export function plannedTrials(): PlannedTrial[] {
  const count = envInteger('TRIAL_COUNT', DEFAULT_TRIAL_COUNT, 1);
  const baseSeed = envInteger('TRIAL_SEED', DEFAULT_TRIAL_SEED, 0);
  const fixedCounters = process.env.TRIAL_COUNTERS ? envInteger('TRIAL_COUNTERS', 1, 1) : undefined;
  if (fixedCounters !== undefined && fixedCounters > 2) throw new Error('TRIAL_COUNTERS must be 1 or 2');
  // One counter and two counters in turn, unless told.
  return Array.from({ length: count }, (_, index) => ({
    index,
    seed: baseSeed + index,
    counters: (fixedCounters ?? (index % 2) + 1) as 1 | 2,
  }));
}

export function defineTrialShard(shard: number, shards: number): void {
  const steps = envInteger('TRIAL_STEPS', 40, 0);
  const mine = plannedTrials().filter((trial) => trial.index % shards === shard);
  describe(`sync trials against real processes (shard ${shard + 1} of ${shards})`, () => {
    if (mine.length === 0) {
      it('has no trial in this shard (TRIAL_COUNT is smaller than the shard count)', () => {
        expect(plannedTrials().length).toBeLessThan(shards);
      });
      return;
    }
    // Side by side within the file (vitest.config.ts, maxConcurrency): a trial spends about half its
    // time waiting (offline windows closing, counters' polling intervals, process starts on the
    // other core), and each trial has its own processes, ports and folders, so nothing is shared.
    it.concurrent.for(mine)(
      'trial seed=$seed counters=$counters',
      // A backstop: the runner's own deadlines end a trial that hangs. Two trials at a time in each
      // fork, on a machine busy with other work too, may take minutes each.
      { timeout: 120_000 + steps * 4_000 },
      async ({ seed, counters }, { expect }) => {
        const result = await runTrial({ seed, steps, counters });
        if (process.env.TRIAL_SUMMARY) {
          const { start, steps: stepsMs, drain, settle, converge } = result.phasesMs;
          console.log(
            `seed=${seed} counters=${counters} ${trialPassed(result) ? 'passed' : 'FAILED'} in ${(result.durationMs / 1000).toFixed(1)} s (start ${start}, steps ${stepsMs}, drain ${drain}, settle ${settle}, converge ${converge} ms); ${offlineSummary(result)}; ${faultSummary(result)}`,
          );
        }
        expect(trialPassed(result), formatTrialReport(result)).toBe(true);
      },
    );
  });
}
