import { readFileSync } from 'node:fs';
import { posix, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';
import react from '@vitejs/plugin-react';
import { defineConfig } from 'electron-vite';
import { normalizePath, type Plugin } from 'vite';

// This file's folder, the project root. Not __dirname: the bench and the e2e setup load this file
// as an ES module (tsx), where there is none; Vite rewrites import.meta.url to the real file when
// it bundles the config, so this holds in both.
const ROOT = fileURLToPath(new URL('.', import.meta.url));

/**
 * The QR PNG worker runs as a file of its own in a worker thread, and the pool finds it with
 * `new URL('./qr-png-worker.mjs', import.meta.url)` (src/main/engine/images/qr-png-pool.ts). The
 * main build bundles the pool into a chunk and leaves that URL as it is, so the worker, plain
 * JavaScript importing only the external `qrcode`, is copied as it is beside that chunk.
 */
function copyQrPngWorker(): Plugin {
  const pool = normalizePath(resolve(ROOT, 'src/main/engine/images/qr-png-pool.ts'));
  const worker = resolve(ROOT, 'src/main/engine/images/qr-png-worker.mjs');
  return {
    name: 'balcao:copy-qr-png-worker',
    buildStart() {
      this.addWatchFile(worker);
    },
    generateBundle(_options, bundle) {
      const dirs = new Set<string>();
      for (const chunk of Object.values(bundle)) {
        if (chunk.type === 'chunk' && chunk.moduleIds.some((id) => normalizePath(id) === pool)) dirs.add(posix.dirname(chunk.fileName));
      }
      // Loud rather than a build whose first QR image fails at run time.
      if (dirs.size === 0) this.error('qr-png-pool.ts is not in the main bundle: the QR PNG worker was not copied');
      for (const dir of dirs) {
        this.emitFile({ type: 'asset', fileName: posix.join(dir, 'qr-png-worker.mjs'), source: readFileSync(worker, 'utf8') });
      }
    },
  };
}

// Three builds: the Electron main process (with the engine), the sandboxed preload (one CJS file,
// no dependencies), and the React renderer. Main-only and native packages stay external.
export default defineConfig({
  main: {
    plugins: [copyQrPngWorker()],
    build: {
      // Every package.json dependency stays external (native better-sqlite3, fastify, pdf-lib…).
      externalizeDeps: true,
      rollupOptions: { input: { index: resolve(ROOT, 'src/main/electron/index.ts') } },
    },
  },
  preload: {
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
    plugins: [react()],
    build: {
      // electron-vite leaves the renderer unminified by default; esbuild shrinks it about 3×
      // (a faster first paint of the cashier window and the customer display).
      minify: 'esbuild',
      rollupOptions: { input: { index: resolve(ROOT, 'src/renderer/index.html') } },
    },
  },
});
