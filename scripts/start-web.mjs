// `npm run start:web -- …`: the browser host (src/main/counter/hosts/web/start-web.ts) from the build, built first
// if needed.
import { runBuilt } from './run-built.mjs';

await runBuilt('start-web');
