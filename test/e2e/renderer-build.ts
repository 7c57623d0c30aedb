// Builds the renderer (only) when out/renderer is missing or older than its sources. The e2e
// tests and the UI bench need just the page; building main and preload too would tie them to
// files they never load. The renderer's Vite settings come from electron.vite.config.ts.
import { existsSync, readdirSync, statSync } from 'node:fs';
import { join, resolve } from 'node:path';
import type { InlineConfig } from 'vite';

export const ROOT = resolve(import.meta.dirname, '../..');
export const RENDERER_OUT = join(ROOT, 'out/renderer');
const SOURCES = [join(ROOT, 'src/renderer'), join(ROOT, 'src/shared'), join(ROOT, 'electron.vite.config.ts')];

function newestMtime(path: string): number {
  const stat = statSync(path);
  if (!stat.isDirectory()) return stat.mtimeMs;
  let newest = stat.mtimeMs;
  for (const entry of readdirSync(path)) newest = Math.max(newest, newestMtime(join(path, entry)));
  return newest;
}

export function rendererIsStale(): boolean {
  const index = join(RENDERER_OUT, 'index.html');
  if (!existsSync(index)) return true;
  const built = statSync(index).mtimeMs;
  return SOURCES.some((source) => existsSync(source) && newestMtime(source) > built);
}

/** Returns true when it had to build. */
export async function ensureRendererBuilt(): Promise<boolean> {
  if (!rendererIsStale()) return false;
  const { build } = await import('vite');
  const { default: config } = (await import('../../electron.vite.config')) as { default: { renderer?: InlineConfig } };
  const renderer = config.renderer ?? {};
  await build({
    ...renderer,
    configFile: false,
    // Relative asset URLs, as electron-vite builds them: the same files load from app:// and http://.
    base: './',
    logLevel: 'warn',
    build: { ...renderer.build, outDir: RENDERER_OUT, emptyOutDir: true },
  });
  return true;
}
