// electron-builder afterPack hook: if before-pack rebuilt better-sqlite3 for Electron, the
// package now holds that build; put node_modules back as it was for the tests and browser host.
const { restoreNodeBuild } = require('./native-module-abi.cjs');

/** @param {import('app-builder-lib').AfterPackContext} context */
module.exports = async function afterPack(context) {
  restoreNodeBuild(context.packager.info.appDir, context.outDir);
};
