// better-sqlite3 and Electron's ABI, decided at packaging time only.
//
// better-sqlite3 13 (package.json) is a Node-API addon and ships prebuilt binaries for linux/darwin/win32 ×
// x64/arm64 inside the package (prebuilds/<platform>-<arch>.node). Node-API is ABI-stable, so the
// very binary the tests load under Node also loads in Electron: no rebuild is needed, and the
// hooks only check that the target's prebuild is there. Only an addon WITHOUT such a prebuild (an
// older, NAN-based better-sqlite3, or an unusual target) is rebuilt for Electron with
// @electron/rebuild; then the Node build in node_modules is saved first and put back after
// packing, so `npm test` keeps working on the packaging machine.
const { copyFileSync, existsSync, mkdirSync, readFileSync, rmSync, writeFileSync } = require('node:fs');
const { join } = require('node:path');

const NATIVE_MODULE = 'better-sqlite3';

function moduleDir(appDir) {
  return join(appDir, 'node_modules', NATIVE_MODULE);
}

function compiledBinary(appDir) {
  return join(moduleDir(appDir), 'build', 'Release', 'better_sqlite3.node');
}

/** Whether the target needs a rebuild for Electron, and why (for the packaging log). */
function electronRebuildNeed(appDir, platform, arch) {
  const pkg = JSON.parse(readFileSync(join(moduleDir(appDir), 'package.json'), 'utf8'));
  const nodeApi = Boolean(pkg.dependencies && pkg.dependencies['node-addon-api']);
  const prebuild = join(moduleDir(appDir), 'prebuilds', `${platform}-${arch}.node`);
  if (nodeApi && existsSync(prebuild)) {
    return { rebuild: false, why: `${NATIVE_MODULE} ${pkg.version} is Node-API with a ${platform}-${arch} prebuild` };
  }
  return { rebuild: true, why: `${NATIVE_MODULE} ${pkg.version} has no Node-API prebuild for ${platform}-${arch}` };
}

function backupDir(outDir) {
  return join(outDir, '.node-abi-backup');
}

/** Before an Electron rebuild: remember node_modules' own binary (or that there was none). */
function saveNodeBuild(appDir, outDir) {
  const dir = backupDir(outDir);
  // Keep the first record: a second target of the same run must not save the Electron build.
  if (existsSync(join(dir, 'state.json'))) return;
  mkdirSync(dir, { recursive: true });
  const binary = compiledBinary(appDir);
  const had = existsSync(binary);
  if (had) copyFileSync(binary, join(dir, 'better_sqlite3.node'));
  writeFileSync(join(dir, 'state.json'), JSON.stringify({ hadCompiledBinary: had }));
}

/** After packing: node_modules as it was before the rebuild. */
function restoreNodeBuild(appDir, outDir) {
  const dir = backupDir(outDir);
  const stateFile = join(dir, 'state.json');
  if (!existsSync(stateFile)) return;
  const { hadCompiledBinary } = JSON.parse(readFileSync(stateFile, 'utf8'));
  if (hadCompiledBinary) copyFileSync(join(dir, 'better_sqlite3.node'), compiledBinary(appDir));
  // build/Release is loaded before prebuilds/: a leftover Electron build must not shadow them.
  else rmSync(join(moduleDir(appDir), 'build'), { recursive: true, force: true });
  rmSync(dir, { recursive: true, force: true });
}

module.exports = { NATIVE_MODULE, electronRebuildNeed, saveNodeBuild, restoreNodeBuild };
