import { availableParallelism } from 'node:os';
import { relative } from 'node:path';
import { fileURLToPath } from 'node:url';
import { configDefaults, defineConfig } from 'vitest/config';
import { BaseSequencer, type TestSpecification } from 'vitest/node';
import { pathAliases } from './scripts/path-aliases.mjs';

/** One fork per core, and two at least (see maxWorkers). */
const FORKS = Math.max(2, availableParallelism());

/** The files that run for minutes: the seeded trials' shards (test/main/counter/sync/trial-suite.ts). */
const LONG_FILES = /^test\/main\/counter\/sync\/trials-\d+\.test\.ts$/;

/**
 * The long files first, then vitest's own order, so the short files fill both forks at the end
 * rather than one fork finishing a long file alone. Vitest orders by the last run's durations
 * when it has them, but a fresh clone (CI) has none, and then it starts the largest files first:
 * the trials' shard files are four lines each, so they ran last.
 */
class LongFilesFirst extends BaseSequencer {
  override async sort(files: TestSpecification[]): Promise<TestSpecification[]> {
    const sorted = await super.sort(files);
    const isLong = (file: TestSpecification) => LONG_FILES.test(relative(file.project.config.root, file.moduleId));
    return [...sorted.filter(isLong), ...sorted.filter((file) => !isLong(file))];
  }
}

export default defineConfig({
  // #lib/…, #service/…, #counter/…, #shared/…, as tsconfig.base.json declares them.
  resolve: { alias: pathAliases(fileURLToPath(new URL('.', import.meta.url))) },
  test: {
    testTimeout: 30_000,
    hookTimeout: 60_000,
    // better-sqlite3 and loopback servers: forks keep native handles isolated per file.
    pool: 'forks',
    sequence: { sequencer: LongFilesFirst },
    // Vitest's default is one fork per core less one: a single fork on the 2-core CI machine, so
    // every file ran one after another (.ci/report.mjs: 2,770 s of files in a 3,000 s run). Most
    // of the long files (the seeded trials, the e2e journeys) wait on child processes and timers
    // rather than compute, so two forks share two cores; more cores, one fork per core.
    maxWorkers: FORKS,
    // As many kept as allowed: with isolated forks, tinypool ends each fork after its file and
    // starts again only up to minWorkers (by default one fork per core less one: one here), so
    // after the first two files every file ran alone (two forks on paper, one in fact).
    minWorkers: FORKS,
    // Every engine a test starts, in process or as a served child process, checks each answer
    // against its operation's declared response schema (src/main/service/engine/operation.ts).
    env: { BALCAO_CHECK_RESPONSES: '1' },
    // The build every project's tests run (the served programs, the browser host's renderer).
    globalSetup: ['test/global-setup.ts'],
    projects: [
      {
        extends: true,
        test: {
          name: 'node',
          include: ['test/**/*.test.ts'],
          exclude: [...configDefaults.exclude, 'test/e2e/**'],
          environment: 'node',
          // How many of a file's concurrent tests run at once: the seeded trials (test/main/counter/sync/trial-suite.ts)
          // run two at a time in each fork, as a trial waits about half its time. More per fork made
          // them CPU-bound on two cores. `vitest run --maxConcurrency N` to try another figure.
          maxConcurrency: 2,
        },
      },
      {
        // The real browser host driven by Debian Chromium.
        extends: true,
        test: {
          name: 'e2e',
          include: ['test/e2e/**/*.test.ts'],
          environment: 'node',
          testTimeout: 60_000,
          hookTimeout: 180_000,
        },
      },
    ],
  },
});
