// `npm run start:web` on a port another process holds: one pt-BR line suggesting --port, no raw
// EADDRINUSE. In the e2e project because the browser host refuses to start without the built
// renderer, which this project's global setup builds.
import { spawnSync } from 'node:child_process';
import { mkdtempSync, rmSync } from 'node:fs';
import { createServer, type Server } from 'node:net';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { portInUseLine } from '#lib/net/port-in-use';
import { builtCommand } from '../support/child-process';

describe('npm run start:web on a busy port', () => {
  let dir: string;
  let holder: Server;
  let port: number;

  beforeAll(async () => {
    dir = mkdtempSync(join(tmpdir(), 'balcao-busy-web-'));
    holder = createServer();
    await new Promise<void>((done) => holder.listen(0, '127.0.0.1', done));
    port = (holder.address() as { port: number }).port;
  });

  afterAll(async () => {
    await new Promise((done) => holder.close(done));
    rmSync(dir, { recursive: true, force: true });
  });

  it('says it in one pt-BR line with the next port, and exits 1', () => {
    const host = builtCommand('start-web', ['--port', String(port), '--data', join(dir, 'web')]);
    const second = spawnSync(host.command, host.args, {
      ...host.options,
      encoding: 'utf8',
      timeout: 45_000,
    });
    expect(second.status).toBe(1);
    expect(second.stdout).toBe('');
    expect(second.stderr.trimEnd().split('\n')).toEqual([portInUseLine('start:web', port)]);
    expect(second.stderr).not.toContain('EADDRINUSE');
  }, 60_000);
});
