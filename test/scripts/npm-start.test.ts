// `npm start` where Electron cannot run (as on this machine: no binary, no display) must still
// show a newcomer the working app: one line saying why, then the browser host. The script is run
// for real, build included, from a copy of the project so its build never rewrites the out/ folder
// the other tests read.
import { spawn, type ChildProcess } from 'node:child_process';
import { cpSync, mkdirSync, mkdtempSync, rmSync, symlinkSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join, resolve } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';

const ROOT = resolve(import.meta.dirname, '../..');
const FILES = [
  'package.json',
  'electron.vite.config.ts',
  'tsconfig.json',
  'tsconfig.base.json',
  'tsconfig.node.json',
  'tsconfig.web.json',
];
const FOLDERS = ['src', 'scripts', 'resources'];

let work: string;
let child: ChildProcess | undefined;
const output: string[] = [];

function copyProject(into: string): string {
  const project = join(into, 'balcao');
  mkdirSync(project);
  for (const file of FILES) cpSync(join(ROOT, file), join(project, file));
  for (const folder of FOLDERS) cpSync(join(ROOT, folder), join(project, folder), { recursive: true });
  symlinkSync(join(ROOT, 'node_modules'), join(project, 'node_modules'), 'dir');
  return project;
}

function waitForLine(pattern: RegExp, timeoutMs: number): Promise<RegExpMatchArray> {
  return new Promise((resolveLine, reject) => {
    const timer = setTimeout(
      () => reject(new Error(`no line matching ${pattern} within ${timeoutMs} ms:\n${output.join('')}`)),
      timeoutMs,
    );
    const check = () => {
      const match = output.join('').match(pattern);
      if (match) {
        clearTimeout(timer);
        resolveLine(match);
        return true;
      }
      return false;
    };
    if (check()) return;
    child!.stdout!.on('data', check);
    child!.on('exit', (code) => {
      if (!check()) {
        clearTimeout(timer);
        reject(new Error(`npm start exited (${code}) before printing ${pattern}:\n${output.join('')}`));
      }
    });
  });
}

beforeAll(() => {
  work = mkdtempSync(join(tmpdir(), 'balcao-start-'));
  const project = copyProject(work);
  const noElectron = join(work, 'no-electron');
  mkdirSync(noElectron);
  const env: NodeJS.ProcessEnv = { ...process.env, ELECTRON_OVERRIDE_DIST_PATH: noElectron };
  delete env.DISPLAY;
  delete env.WAYLAND_DISPLAY;
  child = spawn(process.execPath, ['scripts/start.mjs', '--port', '0', '--data', join(work, 'data')], {
    cwd: project,
    env,
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  child.stdout!.setEncoding('utf8').on('data', (chunk: string) => output.push(chunk));
  child.stderr!.setEncoding('utf8').on('data', (chunk: string) => output.push(chunk));
});

afterAll(async () => {
  if (child && child.exitCode === null) {
    const exited = new Promise((done) => child!.once('exit', done));
    child.kill('SIGTERM');
    await exited;
  }
  rmSync(work, { recursive: true, force: true });
});

describe('npm start without Electron', () => {
  it('says why in one line and serves the counter in the browser host instead', async () => {
    const [, url] = await waitForLine(/^Listening on (http:\/\/127\.0\.0\.1:\d+\/\?token=\S+)$/m, 90_000);
    const [, appId] = await waitForLine(/^AppID: (\S+)$/m, 5_000);
    const lines = output.join('').split('\n');
    const why = lines.filter((line) => line.startsWith('Electron cannot start here'));
    expect(why).toEqual([
      'Electron cannot start here (its binary was not downloaded); starting the browser host instead (open the URL it prints).',
    ]);

    const page = await fetch(url!);
    expect(page.status).toBe(200);
    expect(await page.text()).toContain('<div id="root">');
    // The embedded sandbox's API on the same port, for the AppID it printed.
    const origin = new URL(url!).origin;
    const charges = await fetch(`${origin}/api/v1/charge`, { headers: { Authorization: appId! } });
    expect(charges.status).toBe(200);
    expect(await charges.json()).toMatchObject({ charges: [] });
  }, 120_000);
});
