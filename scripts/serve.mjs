// `npm run serve -- …`: the sandbox (src/main/service/cli/serve.ts) from the build, built first if needed.
import { runBuilt } from './run-built.mjs';

await runBuilt('serve');
