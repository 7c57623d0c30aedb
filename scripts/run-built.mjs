// `npm run serve` and `npm run start:web`: the built program (out/main/<name>.js), built first when
// the build is missing or stale (scripts/build.mjs), run in this very process. One process, as
// `node out/main/<name>.js` would be: its pid is the server's, and a kill -9 of it is a kill of the
// process that holds the database. Its arguments are this script's own (process.argv is unchanged).
import { enableCompileCache, setSourceMapsSupport } from 'node:module';
import { builtEntryUrl, COMPILE_CACHE, ensureBuilt } from './build.mjs';

export async function runBuilt(name) {
  try {
    await ensureBuilt();
  } catch (error) {
    console.error(error instanceof Error ? error.message : error);
    process.exit(1);
  }
  // As `node --enable-source-maps`: stack traces name the TypeScript sources and their lines.
  setSourceMapsSupport(true);
  enableCompileCache(COMPILE_CACHE);
  await import(builtEntryUrl(name));
}
