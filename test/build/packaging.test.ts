import { existsSync, mkdirSync, mkdtempSync, readFileSync, writeFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { describe, expect, it, vi } from 'vitest';

const require = createRequire(import.meta.url);
const root = join(import.meta.dirname, '..', '..');

interface NativeModuleAbi {
  electronRebuildNeed(appDir: string, platform: string, arch: string): { rebuild: boolean; why: string };
  saveNodeBuild(appDir: string, outDir: string): void;
  restoreNodeBuild(appDir: string, outDir: string): void;
}
const abi = require('../../build/native-module-abi.cjs') as NativeModuleAbi;

function fakeApp(options: { nodeApi: boolean; prebuilds: string[]; compiled?: string }) {
  const appDir = mkdtempSync(join(tmpdir(), 'balcao-pack-'));
  const moduleDir = join(appDir, 'node_modules', 'better-sqlite3');
  mkdirSync(join(moduleDir, 'prebuilds'), { recursive: true });
  const dependencies = options.nodeApi ? { 'node-addon-api': '^8.0.0' } : { nan: '^2.0.0' };
  writeFileSync(join(moduleDir, 'package.json'), JSON.stringify({ version: '13.2.0', dependencies }));
  for (const target of options.prebuilds) writeFileSync(join(moduleDir, 'prebuilds', `${target}.node`), target);
  if (options.compiled) {
    mkdirSync(join(moduleDir, 'build', 'Release'), { recursive: true });
    writeFileSync(join(moduleDir, 'build', 'Release', 'better_sqlite3.node'), options.compiled);
  }
  return {
    appDir,
    outDir: join(appDir, 'release'),
    binary: join(moduleDir, 'build', 'Release', 'better_sqlite3.node'),
  };
}

describe('electron-builder configuration', () => {
  it('passes electron-builder schema validation and keeps the security fuses and packaging rules', async () => {
    const { getConfig, validateConfiguration } = require('app-builder-lib/out/util/config/config');
    const { DebugLogger } = require('builder-util');
    vi.spyOn(console, 'log').mockImplementation(() => undefined);
    const config = await getConfig(root, join(root, 'electron-builder.yml'), null);
    await validateConfiguration(config, new DebugLogger(false));
    expect(config).toMatchObject({
      appId: 'br.com.balcao.pos',
      productName: 'Balcão',
      asar: true,
      npmRebuild: false,
      beforePack: 'build/before-pack.cjs',
      afterPack: 'build/after-pack.cjs',
      electronFuses: {
        runAsNode: false,
        enableNodeOptionsEnvironmentVariable: false,
        enableNodeCliInspectArguments: false,
        onlyLoadAppFromAsar: true,
        enableEmbeddedAsarIntegrityValidation: true,
        grantFileProtocolExtraPrivileges: false,
      },
      linux: { target: ['AppImage', 'deb'] },
      win: { target: ['nsis'] },
    });
    expect(config.asarUnpack).toContain('node_modules/better-sqlite3/**');
    // validateConfiguration normalises `files` into [{ filter: [...] }].
    expect(config.files[0].filter).toEqual(expect.arrayContaining(['out/**', 'package.json', 'resources/icon.png']));
    expect(existsSync(join(root, 'resources', 'icon.png'))).toBe(true);
  });
});

describe('better-sqlite3 at packaging time', () => {
  it('needs no rebuild for a Node-API build with a prebuild for the target', () => {
    const { appDir } = fakeApp({ nodeApi: true, prebuilds: ['linux-x64', 'win32-x64'] });
    expect(abi.electronRebuildNeed(appDir, 'linux', 'x64').rebuild).toBe(false);
    expect(abi.electronRebuildNeed(appDir, 'win32', 'x64').rebuild).toBe(false);
    expect(abi.electronRebuildNeed(appDir, 'linux', 'arm64').rebuild).toBe(true);
  });

  it('needs a rebuild for a NAN build even with prebuilds (they match Node only)', () => {
    const { appDir } = fakeApp({ nodeApi: false, prebuilds: ['linux-x64'] });
    expect(abi.electronRebuildNeed(appDir, 'linux', 'x64')).toMatchObject({ rebuild: true });
  });

  it('puts the Node build back after packing', () => {
    const { appDir, outDir, binary } = fakeApp({ nodeApi: false, prebuilds: [], compiled: 'node-abi' });
    abi.saveNodeBuild(appDir, outDir);
    writeFileSync(binary, 'electron-abi'); // what @electron/rebuild would leave
    abi.saveNodeBuild(appDir, outDir); // a second target must not overwrite the saved Node build
    abi.restoreNodeBuild(appDir, outDir);
    expect(readFileSync(binary, 'utf8')).toBe('node-abi');
  });

  it('removes an Electron build that did not exist before, so the prebuilds load again', () => {
    const { appDir, outDir, binary } = fakeApp({ nodeApi: true, prebuilds: [] });
    abi.saveNodeBuild(appDir, outDir);
    mkdirSync(join(binary, '..'), { recursive: true });
    writeFileSync(binary, 'electron-abi');
    abi.restoreNodeBuild(appDir, outDir);
    expect(existsSync(binary)).toBe(false);
  });

  it('before-pack leaves the real better-sqlite3 untouched (it is Node-API with prebuilds)', async () => {
    const beforePack = require('../../build/before-pack.cjs') as (context: unknown) => Promise<void>;
    const log = vi.spyOn(console, 'log').mockImplementation(() => undefined);
    const outDir = mkdtempSync(join(tmpdir(), 'balcao-release-'));
    await beforePack({
      packager: { info: { appDir: root, framework: { version: '45.4.1' } } },
      arch: 1, // Arch.x64
      electronPlatformName: 'linux',
      outDir,
    });
    expect(log).toHaveBeenCalledWith(expect.stringContaining('no rebuild'));
    expect(existsSync(join(outDir, '.node-abi-backup'))).toBe(false);
  });
});
