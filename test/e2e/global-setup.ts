// Vitest globalSetup of the e2e project: one renderer build for every e2e file.
import { ensureRendererBuilt } from './renderer-build';

export default async function setup(): Promise<void> {
  const started = Date.now();
  if (await ensureRendererBuilt()) console.log(`[e2e] renderer built in ${Date.now() - started} ms`);
}
