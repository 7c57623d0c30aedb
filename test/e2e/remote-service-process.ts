// A remote Pix service for the counter to sync with: `npm run serve` as its own process, with its
// own database, exactly as an integrator starts it. `strict` starts it as the real service answers
// (`npm run serve -- --strict`, docs/sandbox.md "--strict"): payments then come from its Pix network
// listener (`pay`), as the API takes none.
import { spawn } from 'node:child_process';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { builtCommand } from '../support/child-process';
import { stopChild } from './browser-host-process';

export interface RemoteServiceOptions {
  /** `--strict`: only the published contract; payments through the announced Pix network. */
  strict?: boolean;
}

export interface RemoteServiceProcess {
  url: string;
  appId: string;
  /** Its database, for `npm run serve -- --db PATH app create` (applications with fewer scopes). */
  dbPath: string;
  /** Strict only: the announced `Pix network on …` URL, where `pay` posts. */
  pixNetworkUrl?: string;
  /** Calls the remote's API with its AppID. */
  api(path: string, init?: { method?: string; body?: unknown }): Promise<Response>;
  /**
   * Pays a BR Code as the payer's bank would, with the account's AppID: `POST <pixNetworkUrl>/pay`
   * on a strict remote, the permissive sandbox's `POST /openpix/testing/pay` otherwise (the same
   * body and answer). `dropTxid`: a bank that drops a static code's txid; `value`: an open amount.
   */
  pay(brCode: string, options?: { dropTxid?: boolean; value?: number }): Promise<Response>;
  stop(): Promise<void>;
}

export async function startRemoteService(options: RemoteServiceOptions = {}): Promise<RemoteServiceProcess> {
  const dir = mkdtempSync(join(tmpdir(), 'balcao-remote-'));
  const dbPath = join(dir, 'remote.db');
  const serve = builtCommand('serve', ['--port', '0', '--db', dbPath, ...(options.strict ? ['--strict'] : [])]);
  const child = spawn(serve.command, serve.args, { ...serve.options, stdio: ['ignore', 'pipe', 'pipe'] });
  let stderr = '';
  child.stderr.on('data', (chunk: Buffer) => (stderr += chunk.toString()));
  const { url, appId, pixNetworkUrl } = await new Promise<{ url: string; appId: string; pixNetworkUrl?: string }>(
    (resolve, reject) => {
      let output = '';
      child.stdout.on('data', (chunk: Buffer) => {
        output += chunk.toString();
        const url = /^Listening on (\S+)$/m.exec(output)?.[1];
        const appId = /^AppID: (\S+)$/m.exec(output)?.[1];
        const pixNetworkUrl = /^Pix network on (\S+)$/m.exec(output)?.[1];
        if (url && appId && (pixNetworkUrl || !options.strict))
          resolve({ url, appId, ...(pixNetworkUrl ? { pixNetworkUrl } : {}) });
      });
      child.on('exit', (code) => reject(new Error(`npm run serve exited (${code}): ${stderr}`)));
      setTimeout(() => reject(new Error(`npm run serve did not announce itself in 30 s: ${stderr}`)), 30_000).unref();
    },
  );
  const call = (base: string, path: string, init: { method?: string; body?: unknown } = {}) =>
    fetch(base + path, {
      method: init.method ?? 'GET',
      headers: { authorization: appId, ...(init.body === undefined ? {} : { 'content-type': 'application/json' }) },
      body: init.body === undefined ? undefined : JSON.stringify(init.body),
    });
  return {
    url,
    appId,
    dbPath,
    ...(pixNetworkUrl ? { pixNetworkUrl } : {}),
    api: (path, init) => call(url, path, init),
    pay(brCode, { dropTxid, value } = {}) {
      const body = { brCode, ...(value !== undefined ? { value } : {}), ...(dropTxid ? { dropTxid: true } : {}) };
      return pixNetworkUrl
        ? call(pixNetworkUrl, '/pay', { method: 'POST', body })
        : call(url, '/openpix/testing/pay', { method: 'POST', body });
    },
    async stop() {
      await stopChild(child);
      rmSync(dir, { recursive: true, force: true });
    },
  };
}
