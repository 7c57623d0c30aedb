// `npm start`: builds the app (when the build is missing or stale) and launches Electron. Where
// Electron cannot start (its binary was never downloaded, there is no display, or it dies at
// launch) it says why in ONE line and starts the browser host instead (same handlers, same
// renderer, in a browser), with the same arguments.
import { spawn } from 'node:child_process';
import { existsSync, readFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import { dirname, join } from 'node:path';
import { BROWSER_HOST_NODE_FLAGS, builtEntry, ensureBuilt } from './build.mjs';

const require = createRequire(import.meta.url);
const args = process.argv.slice(2);
// An Electron that exits with an error this soon never showed a window (missing libraries, GPU).
const EARLY_FAILURE_MS = 5_000;

try {
  await ensureBuilt();
} catch (error) {
  console.error(error instanceof Error ? error.message : error);
  process.exit(1);
}

/**
 * Where the Electron binary is, or why there is none. Not `require('electron')`: its entry point
 * tries to download a missing binary on the spot, which is slow and fails offline.
 */
function findElectron() {
  let packageDir;
  try {
    packageDir = dirname(require.resolve('electron/package.json'));
  } catch {
    return { why: 'the electron package is not installed' };
  }
  const pathFile = join(packageDir, 'path.txt');
  const relative = existsSync(pathFile) ? readFileSync(pathFile, 'utf8').trim() : '';
  const distDir = process.env.ELECTRON_OVERRIDE_DIST_PATH || join(packageDir, 'dist');
  const binary = relative ? join(distDir, relative) : '';
  if (!binary || !existsSync(binary)) return { why: 'its binary was not downloaded' };
  return { binary };
}

function hasDisplay() {
  return process.platform !== 'linux' || Boolean(process.env.DISPLAY || process.env.WAYLAND_DISPLAY);
}

function forwardSignals(child) {
  for (const signal of ['SIGINT', 'SIGTERM']) process.on(signal, () => child.kill(signal));
}

function startBrowserHost(why) {
  console.log(`Electron cannot start here (${why}); starting the browser host instead (open the URL it prints).`);
  const host = spawn(
    process.execPath,
    [...BROWSER_HOST_NODE_FLAGS, '--enable-source-maps', builtEntry('start-web'), ...args],
    {
      stdio: 'inherit',
    },
  );
  forwardSignals(host);
  host.on('exit', (code, signal) => process.exit(code ?? (signal ? 1 : 0)));
}

function startElectron(binary) {
  const env = { ...process.env };
  // Inherited from some shells and CI images, it would make Electron a plain Node and ignore the app.
  delete env.ELECTRON_RUN_AS_NODE;
  const startedAt = Date.now();
  let fellBack = false;
  const fallBack = (why) => {
    if (fellBack) return;
    fellBack = true;
    startBrowserHost(why);
  };
  const electron = spawn(binary, ['.', ...args], { stdio: 'inherit', env });
  forwardSignals(electron);
  electron.on('error', (error) => fallBack(`launching it failed: ${error.code ?? error.message}`));
  electron.on('exit', (code, signal) => {
    if (fellBack) return;
    if (code && Date.now() - startedAt < EARLY_FAILURE_MS) return fallBack(`it exited with code ${code} at launch`);
    process.exit(code ?? (signal ? 1 : 0));
  });
}

const electron = findElectron();
const why = electron.why ?? (hasDisplay() ? undefined : 'there is no display: DISPLAY and WAYLAND_DISPLAY are unset');
if (why) startBrowserHost(why);
else startElectron(electron.binary);
