import { defineConfig } from 'vitest/config';

export default defineConfig({
  test: {
    include: ['test/**/*.test.ts'],
    environment: 'node',
    testTimeout: 30_000,
    hookTimeout: 60_000,
    // better-sqlite3 and loopback servers: forks keep native handles isolated per file.
    pool: 'forks',
  },
});
