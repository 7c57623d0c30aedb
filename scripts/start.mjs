// `npm start`: builds the app and launches Electron. Where Electron cannot start here (its binary
// was not downloaded, or there is no display), it says why in one line and starts the engine's
// sandbox server instead, so a newcomer always sees something working.
import { spawn, spawnSync } from 'node:child_process';
import { existsSync } from 'node:fs';
import { createRequire } from 'node:module';

const require = createRequire(import.meta.url);
const npx = process.platform === 'win32' ? 'npx.cmd' : 'npx';

const build = spawnSync(npx, ['electron-vite', 'build'], { stdio: 'inherit' });
if (build.status !== 0) process.exit(build.status ?? 1);

function electronBinary() {
  try {
    const path = require('electron');
    return typeof path === 'string' && existsSync(path) ? { path } : { why: 'the Electron binary is not installed' };
  } catch {
    return { why: 'the Electron binary is not installed' };
  }
}

const hasDisplay = process.platform !== 'linux' || Boolean(process.env.DISPLAY || process.env.WAYLAND_DISPLAY);
const electron = electronBinary();
const why = electron.why ?? (hasDisplay ? null : 'there is no display');

const child = why
  ? (console.log(`Electron cannot start (${why}); starting the Balcão sandbox server instead.`),
    spawn(npx, ['tsx', 'src/main/serve.ts', ...process.argv.slice(2)], { stdio: 'inherit' }))
  : spawn(electron.path, ['.', ...process.argv.slice(2)], { stdio: 'inherit' });
child.on('exit', (code) => process.exit(code ?? 0));
