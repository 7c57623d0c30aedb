// The project's one build (electron-vite: out/main, out/preload, out/renderer) and whether it is
// fresh. `npm run build` always builds. `npm run serve`, `npm run start:web`, `npm start`, the test
// run's global setup and the bench build only when the build is missing or stale, so a fresh clone
// just works and an edited source is never run from an old build.
//
// Fresh means made from exactly the current inputs (src/, the build config, package.json and its
// lock, the tsconfigs). Each build writes a stamp, out/.build-stamp.json: every input's size and
// mtime, and one hash of their contents. A check stats the inputs (a few milliseconds for the ~450
// files). Only when the list, a size or an mtime differs does it read and hash them: a file
// touched, or checked out again with the same contents, costs a hash and no build; a changed file
// always rebuilds, whatever its mtime says (a copy that kept an older mtime, a clock that went back).
//
// Several processes may want the build at once (two test runs, a test run and `npm run serve`):
// one builds under a lock (out/.build-lock), the others wait for it and then find it fresh. The
// build goes to a folder of its own, which then replaces out/main, out/preload and out/renderer
// by renames: a program starting meanwhile loads the old build or the new one, never a half-written
// one (electron-vite alone empties out/ first, and a test starting then found no renderer).
//
// Plain JavaScript, no dependencies: npm scripts run it before anything is built.
import { spawn } from 'node:child_process';
import { createHash } from 'node:crypto';
import { existsSync, mkdirSync, readdirSync, readFileSync, renameSync, rmSync, statSync, writeFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import { dirname, join, resolve } from 'node:path';
import { fileURLToPath, pathToFileURL } from 'node:url';

export const ROOT = resolve(dirname(fileURLToPath(import.meta.url)), '..');
export const OUT = join(ROOT, 'out');

/** What electron-vite writes under out/, each replaced whole by a new build. */
const PARTS = ['main', 'preload', 'renderer'];
/** What the build reads: every file under these folders, and these files. */
const INPUT_FOLDERS = ['src'];
const INPUT_FILES = [
  'electron.vite.config.ts',
  'package.json',
  'package-lock.json',
  'tsconfig.json',
  'tsconfig.base.json',
  'tsconfig.node.json',
  'tsconfig.web.json',
];
const STAMP = join(OUT, '.build-stamp.json');
const LOCK = join(OUT, '.build-lock');
// Bumped when the stamp's meaning changes, so an older stamp never passes for fresh.
const STAMP_VERSION = 1;
// A lock whose owner never wrote its pid (killed between the two steps) is broken after this.
const OWNERLESS_LOCK_MS = 10_000;
const LOCK_POLL_MS = 100;

/**
 * Node's compile cache for the built programs (NODE_COMPILE_CACHE, module.enableCompileCache):
 * V8's code for the build's files and its packages', written when a program exits, read by the
 * next start, which then spends about a tenth less CPU before it listens. Node checks each entry
 * against the file's contents; each build empties the folder all the same, so it holds one build.
 */
export const COMPILE_CACHE = join(ROOT, 'node_modules', '.cache', 'balcao-compile');

/**
 * Node's flags for the browser host (the counter's main process outside Electron), wherever it is
 * started: `npm run start:web` (package.json, checked against this by test/main/counter/app/browser-host-flags
 * .test.ts), `npm start`'s fallback, the tests and the bench. Node 24 lets V8's young generation
 * grow to 128 MB (two semi-spaces of 64 MB) as allocations come; on a day at the counter (bench
 * `--only day`) the host's RSS after GC rose 198 → 255 MB over 600 sales while its JS heap stayed
 * at 40 MB: the new space doubling from 64 to 128 MB, its pages touched one by one. With 16 MB
 * semi-spaces it stays at 32 MB and the RSS at 171–174 MB over the same day.
 */
export const BROWSER_HOST_NODE_FLAGS = ['--max-semi-space-size=16'];

/** The built program `name` (an entry of the main build, electron.vite.config.ts): out/main/<name>.js. */
export function builtEntry(name) {
  return join(OUT, 'main', `${name}.js`);
}

/** The same, as a URL for `import()`. */
export function builtEntryUrl(name) {
  return pathToFileURL(builtEntry(name)).href;
}

/** Every input, sorted, with its size and mtime. Files that vanish while listed are left out. */
function listInputs() {
  const paths = [];
  const walk = (folder) => {
    for (const entry of readdirSync(join(ROOT, folder), { withFileTypes: true })) {
      const path = `${folder}/${entry.name}`;
      if (entry.isDirectory()) walk(path);
      else if (entry.isFile()) paths.push(path);
    }
  };
  for (const folder of INPUT_FOLDERS) if (existsSync(join(ROOT, folder))) walk(folder);
  paths.push(...INPUT_FILES);
  const inputs = [];
  for (const path of paths.sort()) {
    const stat = statSync(join(ROOT, path), { throwIfNoEntry: false });
    if (stat) inputs.push([path, stat.size, stat.mtimeMs]);
  }
  return inputs;
}

function hashInputs(inputs) {
  const hash = createHash('sha256');
  for (const [path] of inputs) {
    hash.update(`${path}\0`);
    hash.update(readFileSync(join(ROOT, path)));
    hash.update('\0');
  }
  return hash.digest('hex');
}

function readStamp() {
  try {
    const stamp = JSON.parse(readFileSync(STAMP, 'utf8'));
    return stamp.version === STAMP_VERSION ? stamp : undefined;
  } catch {
    return undefined;
  }
}

/** Written whole or not at all: a reader never sees half a stamp. */
function writeStamp(stamp) {
  const temporary = `${STAMP}.${process.pid}`;
  writeFileSync(temporary, `${JSON.stringify(stamp)}\n`);
  renameSync(temporary, STAMP);
}

function sameStats(a, b) {
  return (
    a.length === b.length && a.every((input, i) => input[0] === b[i][0] && input[1] === b[i][1] && input[2] === b[i][2])
  );
}

/** Every file under out/<part> for each part, relative to out/. */
function listOutputs(base) {
  const files = [];
  const walk = (folder) => {
    for (const entry of readdirSync(join(base, folder), { withFileTypes: true })) {
      const path = `${folder}/${entry.name}`;
      if (entry.isDirectory()) walk(path);
      else files.push(path);
    }
  };
  for (const part of PARTS) walk(part);
  return files;
}

/**
 * Whether out/ holds a build of the current inputs, and if not why not (one short phrase).
 * `fresh` may refresh the stamp's mtimes when only they differed, so the next check is a stat again.
 */
export function buildState() {
  const stamp = readStamp();
  if (!stamp) return { fresh: false, why: 'there is no build yet' };
  const missing = stamp.outputs.find((file) => !existsSync(join(OUT, file)));
  if (missing) return { fresh: false, why: `out/${missing} is missing` };
  const inputs = listInputs();
  if (sameStats(inputs, stamp.inputs)) return { fresh: true, why: 'fresh' };
  if (hashInputs(inputs) !== stamp.hash)
    return { fresh: false, why: `${firstDifference(stamp.inputs, inputs)} changed` };
  try {
    writeStamp({ ...stamp, inputs });
  } catch {
    // Only a shortcut for the next check; the build is fresh either way.
  }
  return { fresh: true, why: 'fresh' };
}

/** A name for the message: the first input added, removed or changed since the build. */
function firstDifference(before, now) {
  const old = new Map(before.map(([path, size, mtime]) => [path, `${size}:${mtime}`]));
  const changed = now.find(([path, size, mtime]) => old.get(path) !== `${size}:${mtime}`);
  if (changed) return changed[0];
  const current = new Set(now.map(([path]) => path));
  return before.find(([path]) => !current.has(path))?.[0] ?? 'an input';
}

function isAlive(pid) {
  try {
    process.kill(pid, 0);
    return true;
  } catch (error) {
    return error.code === 'EPERM';
  }
}

/** The lock's owner, or undefined when the lock is gone or its owner has not written its pid yet. */
function lockOwner() {
  try {
    return Number(readFileSync(join(LOCK, 'owner'), 'utf8')) || undefined;
  } catch {
    return undefined;
  }
}

function lockAgeMs() {
  const stat = statSync(LOCK, { throwIfNoEntry: false });
  return stat ? Date.now() - stat.mtimeMs : 0;
}

/**
 * Takes out/.build-lock (a mkdir: atomic, and visible to every process) and returns its release.
 * A lock left by a process that died (a build interrupted by Ctrl-C or kill -9) is broken.
 */
async function acquireLock(log) {
  mkdirSync(OUT, { recursive: true });
  let announced = false;
  for (;;) {
    try {
      mkdirSync(LOCK);
      writeFileSync(join(LOCK, 'owner'), String(process.pid));
      return () => rmSync(LOCK, { recursive: true, force: true });
    } catch (error) {
      if (error.code !== 'EEXIST') throw error;
    }
    const owner = lockOwner();
    if (owner === undefined ? lockAgeMs() > OWNERLESS_LOCK_MS : !isAlive(owner)) {
      rmSync(LOCK, { recursive: true, force: true });
      continue;
    }
    if (!announced) log(`build: waiting for the build of process ${owner ?? '?'}…`);
    announced = true;
    // Another process; nothing in this one can announce its end, so it is looked at again shortly.
    await new Promise((resolveWait) => setTimeout(resolveWait, LOCK_POLL_MS));
  }
}

/** Folders left by builds that died halfway (out/.build-<pid>, out/.old-<pid>). */
function removeLeftovers() {
  for (const name of readdirSync(OUT)) {
    const pid = /^\.(?:build|old)-(\d+)$/.exec(name)?.[1];
    if (pid && (Number(pid) === process.pid || !isAlive(Number(pid))))
      rmSync(join(OUT, name), { recursive: true, force: true });
  }
}

function runElectronVite(outDir, logLevel) {
  const packageDir = dirname(createRequire(import.meta.url).resolve('electron-vite/package.json'));
  const cli = join(packageDir, 'bin', 'electron-vite.js');
  // Its output goes to stderr: the stdout of `npm run serve` is the server's own lines.
  const child = spawn(process.execPath, [cli, 'build', '--outDir', outDir, '--logLevel', logLevel], {
    cwd: ROOT,
    stdio: ['ignore', 2, 2],
  });
  return new Promise((resolveBuild, reject) => {
    child.once('error', reject);
    child.once('exit', (code, signal) =>
      code === 0 ? resolveBuild() : reject(new Error(`electron-vite build failed (${signal ?? `exit code ${code}`})`)),
    );
  });
}

/** Replaces each part under out/ by the staged one, then records what the build was made from. */
function swapIn(staging, stamp) {
  const old = join(OUT, `.old-${process.pid}`);
  mkdirSync(old, { recursive: true });
  for (const part of PARTS) {
    if (!existsSync(join(staging, part))) throw new Error(`electron-vite wrote no ${part} build`);
    if (existsSync(join(OUT, part))) renameSync(join(OUT, part), join(old, part));
    renameSync(join(staging, part), join(OUT, part));
  }
  writeStamp(stamp);
  rmSync(old, { recursive: true, force: true });
  rmSync(staging, { recursive: true, force: true });
}

const toStderr = (line) => process.stderr.write(`${line}\n`);

/**
 * Builds unless the build is fresh (always with `force`). Returns whether it built.
 * `logLevel`: electron-vite's ('info' lists every file; 'warn' for builds nobody asked to watch).
 */
export async function ensureBuilt({ force = false, log = toStderr, logLevel = 'warn' } = {}) {
  if (!force && buildState().fresh) return false;
  const release = await acquireLock(log);
  try {
    const state = buildState();
    // Another process may have built it while this one waited.
    if (!force && state.fresh) return false;
    removeLeftovers();
    const started = Date.now();
    if (!force) log(`build: ${state.why}; building (electron-vite)…`);
    // What the build is about to read; an input edited during the build then differs from it, and
    // the next check builds again.
    const inputs = listInputs();
    const hash = hashInputs(inputs);
    const staging = join(OUT, `.build-${process.pid}`);
    await runElectronVite(staging, logLevel);
    const outputs = listOutputs(staging);
    swapIn(staging, { version: STAMP_VERSION, hash, inputs, outputs });
    rmSync(COMPILE_CACHE, { recursive: true, force: true });
    log(`build: done in ${((Date.now() - started) / 1000).toFixed(1)} s`);
    return true;
  } finally {
    release();
  }
}

// `node scripts/build.mjs` (npm run build): a build now. `--if-stale`: only when not fresh.
if (process.argv[1] && resolve(process.argv[1]) === fileURLToPath(import.meta.url)) {
  const ifStale = process.argv.includes('--if-stale');
  ensureBuilt({ force: !ifStale, logLevel: 'info' }).catch((error) => {
    console.error(error instanceof Error ? error.message : error);
    process.exit(1);
  });
}
