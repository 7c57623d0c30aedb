// A longer soak of the seeded sync trials than `npm test` runs, with fresh seeds each time so every
// bench run explores new ground: how many ran, how many passed, and the replay line of each failure.
import { randomInt } from 'node:crypto';
import { formatTrialReport, replayCommand } from '../test/main/counter/sync/trial-report';
import { runTrial, trialPassed } from '../test/main/counter/sync/trial-runner';
import { median } from './measure';
import type { BenchSection } from './report';

export interface SyncSoakOptions {
  trials: number;
  steps: number;
}

export async function benchSyncSoak(options: SyncSoakOptions): Promise<BenchSection> {
  const baseSeed = randomInt(1, 2 ** 31 - 1 - options.trials);
  const durations: number[] = [];
  const failures: string[] = [];
  for (let i = 0; i < options.trials; i++) {
    const result = await runTrial({ seed: baseSeed + i, steps: options.steps, counters: ((i % 2) + 1) as 1 | 2 });
    durations.push(result.durationMs);
    if (!trialPassed(result)) {
      failures.push(replayCommand(result));
      process.stderr.write(`\n${formatTrialReport(result)}\n`);
    }
  }
  const passed = options.trials - failures.length;
  return {
    rows: [
      {
        operation: `sync soak: ${options.trials} seeded trials × ${options.steps} steps`,
        measured: passed,
        unit: 'passed',
        baseline: options.trials,
        baselineLabel: 'trials run',
        ratio: passed / options.trials,
        ratioLabel: 'passed/run',
        aim: { op: '>=', value: 1 },
        note: `seeds ${baseSeed}…${baseSeed + options.trials - 1}; median ${(median(durations) / 1000).toFixed(1)} s per trial`,
      },
    ],
    notes: failures.map((line) => `sync soak failure, replay with: ${line}`),
    raw: { baseSeed, trials: options.trials, steps: options.steps, durations, failures },
  };
}
