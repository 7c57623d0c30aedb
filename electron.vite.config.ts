import { readFileSync } from 'node:fs';
import { posix, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';
import react from '@vitejs/plugin-react';
import { defineConfig } from 'electron-vite';
import { normalizePath, type Plugin, type Rollup } from 'vite';
import { pathAliases } from './scripts/path-aliases.mjs';

type RollupLog = Rollup.RollupLog;

// This file's folder, the project root. Not __dirname: the bench and the e2e setup load this file
// as an ES module (tsx), where there is none; Vite rewrites import.meta.url to the real file when
// it bundles the config, so this holds in both.
const ROOT = fileURLToPath(new URL('.', import.meta.url));

/**
 * Two workers run as files of their own in worker threads, each found by its module with
 * `new URL('./<worker>.mjs', import.meta.url)`: the QR PNG worker (src/main/service/engine/images/qr-png-pool.ts)
 * and the WAL checkpoint worker (src/main/lib/store/wal-checkpointer.ts). The main build bundles those
 * modules into a chunk and leaves the URLs as they are, so each worker, plain JavaScript importing
 * only an external package (`qrcode`, `better-sqlite3`), is copied as it is beside that chunk.
 */
const WORKERS = [
  {
    owner: 'src/main/service/engine/images/qr-png-pool.ts',
    worker: 'src/main/service/engine/images/qr-png-worker.mjs',
  },
  { owner: 'src/main/lib/store/wal-checkpointer.ts', worker: 'src/main/lib/store/wal-checkpoint-worker.mjs' },
];

function copyWorkers(): Plugin {
  return {
    name: 'balcao:copy-workers',
    buildStart() {
      for (const { worker } of WORKERS) this.addWatchFile(resolve(ROOT, worker));
    },
    generateBundle(_options, bundle) {
      for (const { owner, worker } of WORKERS) {
        const ownerId = normalizePath(resolve(ROOT, owner));
        const dirs = new Set<string>();
        for (const chunk of Object.values(bundle)) {
          if (chunk.type === 'chunk' && chunk.moduleIds.some((id) => normalizePath(id) === ownerId))
            dirs.add(posix.dirname(chunk.fileName));
        }
        // Loud rather than a build whose first use of the worker fails at run time.
        if (dirs.size === 0) this.error(`${owner} is not in the main bundle: ${posix.basename(worker)} was not copied`);
        for (const dir of dirs) {
          this.emitFile({
            type: 'asset',
            fileName: posix.join(dir, posix.basename(worker)),
            source: readFileSync(resolve(ROOT, worker), 'utf8'),
          });
        }
      }
    },
  };
}

/**
 * The main build's entry points, each out/main/<name>.js: the Electron main process, and the two
 * programs that run under plain Node: `npm run serve` (the sandbox) and the browser host
 * (`npm run start:web`). Their shared code (the engine) goes to chunks beside them.
 */
export const MAIN_ENTRIES = {
  index: 'src/main/counter/hosts/electron/index.ts',
  serve: 'src/main/service/cli/serve.ts',
  'start-web': 'src/main/counter/hosts/web/start-web.ts',
} as const;

/** Dependencies bundled into the main build rather than loaded from node_modules (see below). */
const BUNDLED_DEPENDENCIES = ['pdf-lib', 'zod'];

/**
 * zod's sources have comments mentioning `@__PURE__` where Rollup cannot use them; it drops them,
 * harmlessly, and says so on every build. Every other warning is shown.
 */
function quietAboutZodAnnotations(warning: RollupLog, warn: (warning: RollupLog) => void): void {
  if (warning.code === 'INVALID_ANNOTATION' && warning.id?.includes('/node_modules/zod/')) return;
  warn(warning);
}

/** #lib/…, #service/…, #counter/…, #shared/…: declared in tsconfig.base.json, resolved alike in all three builds. */
const alias = pathAliases(ROOT);

// Three builds: the Electron main process (with the engine), the sandboxed preload (one CJS file,
// no dependencies), and the React renderer. Main-only and native packages stay external.
export default defineConfig({
  main: {
    resolve: { alias },
    plugins: [copyWorkers()],
    build: {
      // Every package.json dependency stays external (native better-sqlite3, fastify, piscina…)
      // but two pure-ESM ones bundled in: pdf-lib and zod are 250 of the ~540 files a start of
      // `npm run serve` loaded one by one, and bundled they cost it about a sixth less CPU.
      externalizeDeps: { exclude: BUNDLED_DEPENDENCIES },
      // Stack traces of the built programs name the TypeScript sources (node --enable-source-maps).
      sourcemap: true,
      rollupOptions: {
        input: Object.fromEntries(Object.entries(MAIN_ENTRIES).map(([name, source]) => [name, resolve(ROOT, source)])),
        onwarn: quietAboutZodAnnotations,
      },
    },
  },
  preload: {
    resolve: { alias },
    build: {
      // A sandboxed preload can require nothing but 'electron': anything it imports is bundled
      // into the one CJS file (today that is only the dependency-free channel list).
      externalizeDeps: false,
      rollupOptions: {
        input: { index: resolve(ROOT, 'src/preload/index.ts') },
        output: { format: 'cjs', entryFileNames: '[name].cjs' },
      },
    },
  },
  renderer: {
    root: resolve(ROOT, 'src/renderer'),
    resolve: { alias },
    plugins: [react()],
    build: {
      // electron-vite leaves the renderer unminified by default; esbuild shrinks it about 3×
      // (a faster first paint of the cashier window and the customer display).
      minify: 'esbuild',
      // One ~520 kB script, read from disk (app:// or the browser host's loopback), never a
      // network: the default 500 kB warning would only be noise on every build.
      chunkSizeWarningLimit: 1024,
      // The bundled fonts' smallest subset files are under Vite's 4 kB inlining limit, and a font
      // inlined as a data: URL is refused by the CSP (font-src 'self'): fonts stay files.
      assetsInlineLimit: (file) => (/\.woff2?$/.test(file) ? false : undefined),
      // The refund form validates with the refund method's own input schema: zod is in the renderer too.
      rollupOptions: { input: { index: resolve(ROOT, 'src/renderer/index.html') }, onwarn: quietAboutZodAnnotations },
    },
  },
});
