// The built renderer (out/renderer), part of the project's one build (scripts/build.mjs), which
// the test run's global setup makes fresh. The e2e tests and the UI bench serve it through the
// browser host.
import { join } from 'node:path';
import { ensureBuilt, OUT, ROOT } from '../../scripts/build.mjs';

export { ROOT };
export const RENDERER_OUT = join(OUT, 'renderer');

/** Builds (the renderer with the rest) when the build is missing or stale; true when it built. */
export function ensureRendererBuilt(): Promise<boolean> {
  return ensureBuilt();
}
