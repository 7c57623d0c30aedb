// `npm run serve -- …`: the sandbox (src/main/serve.ts) from the build, built first if needed.
import { runBuilt } from './run-built.mjs';

await runBuilt('serve');
