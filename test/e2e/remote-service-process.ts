// A remote Pix service for the counter to sync with: `npm run serve` as its own process, with its
// own database, exactly as an integrator starts it.
import { spawn } from 'node:child_process';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { stopChild } from './browser-host-process';
import { ROOT } from './renderer-build';

export interface RemoteServiceProcess {
  url: string;
  appId: string;
  /** Its database, for `npm run serve -- --db PATH app create` (applications with fewer scopes). */
  dbPath: string;
  /** Calls the remote's API with its AppID. */
  api(path: string, init?: { method?: string; body?: unknown }): Promise<Response>;
  stop(): Promise<void>;
}

export async function startRemoteService(): Promise<RemoteServiceProcess> {
  const dir = mkdtempSync(join(tmpdir(), 'balcao-remote-'));
  const dbPath = join(dir, 'remote.db');
  const child = spawn(join(ROOT, 'node_modules/.bin/tsx'), ['src/main/serve.ts', '--port', '0', '--db', dbPath], {
    cwd: ROOT,
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  let stderr = '';
  child.stderr!.on('data', (chunk: Buffer) => (stderr += chunk.toString()));
  const { url, appId } = await new Promise<{ url: string; appId: string }>((resolve, reject) => {
    let output = '';
    child.stdout!.on('data', (chunk: Buffer) => {
      output += chunk.toString();
      const url = /^Listening on (\S+)$/m.exec(output)?.[1];
      const appId = /^AppID: (\S+)$/m.exec(output)?.[1];
      if (url && appId) resolve({ url, appId });
    });
    child.on('exit', (code) => reject(new Error(`npm run serve exited (${code}): ${stderr}`)));
    setTimeout(() => reject(new Error(`npm run serve did not announce itself in 30 s: ${stderr}`)), 30_000).unref();
  });
  return {
    url,
    appId,
    dbPath,
    api: (path, init = {}) =>
      fetch(url + path, {
        method: init.method ?? 'GET',
        headers: { authorization: appId, ...(init.body === undefined ? {} : { 'content-type': 'application/json' }) },
        body: init.body === undefined ? undefined : JSON.stringify(init.body),
      }),
    async stop() {
      await stopChild(child);
      rmSync(dir, { recursive: true, force: true });
    },
  };
}
