// The real browser host, started as `npm run start:web` starts it (minus the build, done once by
// the global setup): a child process, its two announced lines parsed from stdout.
import { spawn, type ChildProcess } from 'node:child_process';
import { mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { ROOT } from './renderer-build';

export interface BrowserHostProcess {
  /** The URL printed on "Listening on", token included. */
  url: string;
  origin: string;
  appId: string;
  /** Everything the host printed on stdout. */
  stdout: () => string[];
  stop(): Promise<void>;
  /** SIGKILL, as a crash or a power cut would end it: no shutdown code runs. The data folder stays. */
  kill(): Promise<void>;
}

export interface BrowserHostOptions {
  port?: number;
  dataDir?: string;
  /** More command-line arguments, e.g. `--remote URL --app-id ID`. */
  args?: string[];
  /** More environment, e.g. BALCAO_OFFLINE_TIMING. */
  env?: Record<string, string>;
}

export async function startBrowserHost(options: BrowserHostOptions = {}): Promise<BrowserHostProcess> {
  const dataDir = options.dataDir ?? mkdtempSync(join(tmpdir(), 'balcao-e2e-'));
  const ownsDataDir = options.dataDir === undefined;
  const tsx = join(ROOT, 'node_modules/.bin/tsx');
  const child = spawn(tsx, ['src/main/web/start-web.ts', '--port', String(options.port ?? 0), '--data', dataDir, ...(options.args ?? [])], {
    cwd: ROOT,
    stdio: ['ignore', 'pipe', 'pipe'],
    env: { ...process.env, ...options.env },
  });
  const lines: string[] = [];
  let stderr = '';
  child.stderr!.on('data', (chunk: Buffer) => (stderr += chunk.toString()));
  const announced = new Promise<{ url: string; appId: string }>((resolve, reject) => {
    let buffer = '';
    let url: string | undefined;
    child.stdout!.on('data', (chunk: Buffer) => {
      buffer += chunk.toString();
      const parts = buffer.split('\n');
      buffer = parts.pop()!;
      for (const line of parts) {
        lines.push(line);
        url ??= /^Listening on (\S+)$/.exec(line)?.[1];
        const appId = /^AppID: (\S+)$/.exec(line)?.[1];
        if (url && appId) resolve({ url, appId });
      }
    });
    child.on('exit', (code) => reject(new Error(`browser host exited (${code}) before announcing itself: ${stderr}`)));
    setTimeout(() => reject(new Error(`browser host did not announce itself in 30 s: ${stderr}`)), 30_000).unref();
  });
  const { url, appId } = await announced;
  return {
    url,
    origin: new URL(url).origin,
    appId,
    stdout: () => [...lines],
    kill() {
      if (child.exitCode !== null || child.signalCode !== null) return Promise.resolve();
      return new Promise<void>((resolve) => {
        child.once('exit', () => resolve());
        // The child is tsx's launcher; the host itself is its node child. That one is killed (a
        // SIGKILL to the launcher would leave it running); the launcher then ends with it.
        const hosts = hostProcessesOf(child.pid!);
        for (const pid of hosts.length > 0 ? hosts : [child.pid!]) process.kill(pid, 'SIGKILL');
      });
    },
    async stop() {
      await stopChild(child);
      if (ownsDataDir) rmSync(dataDir, { recursive: true, force: true });
    },
  };
}

/** The processes `pid` started (Linux's /proc), none when it has no children or /proc cannot say. */
function hostProcessesOf(pid: number): number[] {
  try {
    return readFileSync(`/proc/${pid}/task/${pid}/children`, 'utf8').trim().split(/\s+/).filter(Boolean).map(Number);
  } catch {
    return [];
  }
}

export function stopChild(child: ChildProcess): Promise<void> {
  // Ended already: by itself (exitCode) or by a signal (signalCode, after kill()).
  if (child.exitCode !== null || child.signalCode !== null) return Promise.resolve();
  return new Promise((resolve) => {
    const force = setTimeout(() => child.kill('SIGKILL'), 5_000);
    child.once('exit', () => {
      clearTimeout(force);
      resolve();
    });
    child.kill('SIGTERM');
  });
}
