// Vitest's global setup, run before any test file of a `vitest run`: the project's one build
// (scripts/build.mjs: out/main, out/preload, out/renderer), made when missing and made again when
// the sources changed since. Tests run the built programs (test/support/child-process.ts) and the
// e2e tests its renderer, so a test never runs a stale build, and the build happens here, once,
// rather than in test files racing on out/. (Each project inherits this setup; after the first,
// a fresh build costs a check of a few milliseconds.)
import { ensureBuilt } from '../scripts/build.mjs';

export default async function setup(): Promise<void> {
  await ensureBuilt({ log: (line) => console.log(`[global setup] ${line}`) });
}
