// `npm run screenshots`: the layout tour (test/e2e/layout-tour.ts) with the machine's fonts hidden
// from Chromium, keeping a screenshot of every screen at every size, passing or not, in
// test-artifacts/e2e/layout-fit/without-system-fonts/ (named <screen>-<size>.png), for a person to
// look at what the tests measure.
import { spawnSync } from 'node:child_process';
import { fileURLToPath } from 'node:url';

const vitest = fileURLToPath(import.meta.resolve('vitest/vitest.mjs'));
const run = spawnSync(process.execPath, [vitest, 'run', 'test/e2e/layout-fit-without-system-fonts.test.ts'], {
  stdio: 'inherit',
  env: { ...process.env, BALCAO_LAYOUT_SCREENSHOTS: '1' },
});
process.exit(run.status ?? 1);
