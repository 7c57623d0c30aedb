import { availableParallelism } from 'node:os';
import { configDefaults, defineConfig } from 'vitest/config';

export default defineConfig({
  test: {
    testTimeout: 30_000,
    hookTimeout: 60_000,
    // better-sqlite3 and loopback servers: forks keep native handles isolated per file.
    pool: 'forks',
    // Vitest's default is one fork per core less one: a single fork on the 2-core CI machine, so
    // every file ran one after another (.ci/report.mjs: 2,770 s of files in a 3,000 s run). Most
    // of the long files (the seeded trials, the e2e journeys) wait on child processes and timers
    // rather than compute, so two forks share two cores; more cores, one fork per core.
    maxWorkers: Math.max(2, availableParallelism()),
    // Every engine a test starts, in process or as a served child process, checks each answer
    // against its operation's declared response schema (src/main/engine/operation.ts).
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
