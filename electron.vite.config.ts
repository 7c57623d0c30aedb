import { resolve } from 'node:path';
import react from '@vitejs/plugin-react';
import { defineConfig } from 'electron-vite';

// Three builds: the Electron main process (with the engine), the sandboxed preload (one CJS file,
// no dependencies), and the React renderer. Main-only and native packages stay external.
export default defineConfig({
  main: {
    build: {
      // Every package.json dependency stays external (native better-sqlite3, fastify, pdf-lib…).
      externalizeDeps: true,
      rollupOptions: { input: { index: resolve(__dirname, 'src/main/electron/index.ts') } },
    },
  },
  preload: {
    build: {
      // A sandboxed preload can require nothing but 'electron': anything it imports is bundled
      // into the one CJS file (today that is only the dependency-free channel list).
      externalizeDeps: false,
      rollupOptions: {
        input: { index: resolve(__dirname, 'src/preload/index.ts') },
        output: { format: 'cjs', entryFileNames: '[name].cjs' },
      },
    },
  },
  renderer: {
    root: resolve(__dirname, 'src/renderer'),
    plugins: [react()],
    build: {
      // electron-vite leaves the renderer unminified by default; esbuild shrinks it about 3×
      // (a faster first paint of the cashier window and the customer display).
      minify: 'esbuild',
      rollupOptions: { input: { index: resolve(__dirname, 'src/renderer/index.html') } },
    },
  },
});
