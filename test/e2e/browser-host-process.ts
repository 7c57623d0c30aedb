// The real browser host, started as `npm run start:web` starts it (the built start-web; the build
// is made once by the global setup): a child process, its two announced lines parsed from stdout.
import { spawn, type ChildProcess } from 'node:child_process';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { builtCommand } from '../support/child-process';

export interface BrowserHostProcess {
  /** The URL printed on "Listening on", token included. */
  url: string;
  /** Where the PDV API answers ("PDV API: …"), when it started. */
  pdvOrigin?: string;
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
  const host = builtCommand(
    'start-web',
    [
      '--port',
      String(options.port ?? 0),
      '--data',
      dataDir,
      // Any free port for the PDV API unless told: hosts run side by side in the tests.
      ...(options.args?.includes('--pdv-port') ? [] : ['--pdv-port', '0']),
      ...(options.args ?? []),
    ],
    options.env,
  );
  const child = spawn(host.command, host.args, { ...host.options, stdio: ['ignore', 'pipe', 'pipe'] });
  const lines: string[] = [];
  let stderr = '';
  child.stderr.on('data', (chunk: Buffer) => (stderr += chunk.toString()));
  const announced = new Promise<{ url: string; appId: string; pdvOrigin?: string }>((resolve, reject) => {
    let buffer = '';
    let url: string | undefined;
    let appId: string | undefined;
    let pdvOrigin: string | undefined;
    child.stdout.on('data', (chunk: Buffer) => {
      buffer += chunk.toString();
      const parts = buffer.split('\n');
      buffer = parts.pop()!;
      for (const line of parts) {
        lines.push(line);
        url ??= /^Listening on (\S+)$/.exec(line)?.[1];
        appId ??= /^AppID: (\S+)$/.exec(line)?.[1];
        pdvOrigin ??= /^PDV API: (\S+)$/.exec(line)?.[1];
        // The PDV API's line comes third; a host whose PDV API could not start says so on stderr.
        if (url && appId && (pdvOrigin || stderr.includes('the PDV API did not start')))
          resolve({ url, appId, pdvOrigin });
      }
    });
    child.on('exit', (code) => reject(new Error(`browser host exited (${code}) before announcing itself: ${stderr}`)));
    setTimeout(() => reject(new Error(`browser host did not announce itself in 30 s: ${stderr}`)), 30_000).unref();
  });
  const { url, appId, pdvOrigin } = await announced;
  return {
    url,
    ...(pdvOrigin ? { pdvOrigin } : {}),
    origin: new URL(url).origin,
    appId,
    stdout: () => [...lines],
    kill() {
      if (child.exitCode !== null || child.signalCode !== null) return Promise.resolve();
      return new Promise<void>((resolve) => {
        child.once('exit', () => resolve());
        child.kill('SIGKILL');
      });
    },
    async stop() {
      await stopChild(child);
      if (ownsDataDir) rmSync(dataDir, { recursive: true, force: true });
    },
  };
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
