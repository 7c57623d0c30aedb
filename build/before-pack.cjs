// electron-builder beforePack hook: makes sure better-sqlite3 will load in the packaged Electron,
// right before the app is copied into the package. It runs ONLY at packaging time
// (`npm run package`); never run `electron-builder install-app-deps` in development.
const { Arch } = require('builder-util');
const { NATIVE_MODULE, electronRebuildNeed, saveNodeBuild } = require('./native-module-abi.cjs');

/** @param {import('app-builder-lib').BeforePackContext} context */
module.exports = async function beforePack(context) {
  const appDir = context.packager.info.appDir;
  const electronVersion = context.packager.info.framework.version;
  const arch = Arch[context.arch];
  const platform = context.electronPlatformName;
  const need = electronRebuildNeed(appDir, platform, arch);
  if (!need.rebuild) {
    console.log(`  • ${need.why}: it loads in Electron ${electronVersion} as is, no rebuild`);
    return;
  }
  console.log(`  • ${need.why}: rebuilding it for Electron ${electronVersion} (${platform}-${arch})`);
  saveNodeBuild(appDir, context.outDir);
  // @electron/rebuild ships with electron-builder; it is an ES module, hence the dynamic import.
  const { rebuild } = await import('@electron/rebuild');
  await rebuild({
    buildPath: appDir,
    electronVersion,
    arch,
    // Another platform's binary cannot be compiled here; with `platform` set, a prebuilt one is
    // downloaded instead where the module publishes them.
    platform,
    onlyModules: [NATIVE_MODULE],
    force: true,
  });
};
