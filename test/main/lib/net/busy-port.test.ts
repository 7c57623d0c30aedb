// A second start on a busy port: two real processes on one port, and the second one says so in
// one line (pt-BR for start:web, English for the integrators' `npm run serve`), suggesting --port.
// The start:web process needs the built renderer, so its case is in the e2e project
// (test/e2e/busy-port-web.test.ts).
import { spawn, spawnSync } from 'node:child_process';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { isPortInUse, portInUseLine } from '#lib/net/port-in-use';
import { builtCommand } from '#test/support/child-process';

describe('the busy-port line', () => {
  it('knows the error a taken port throws', () => {
    expect(
      isPortInUse(
        Object.assign(new Error('listen EADDRINUSE: address already in use 127.0.0.1:5174'), { code: 'EADDRINUSE' }),
      ),
    ).toBe(true);
    expect(isPortInUse(new Error('EACCES'))).toBe(false);
    expect(isPortInUse(null)).toBe(false);
  });

  it('says it in pt-BR for start:web and in English for serve, with the next port', () => {
    expect(portInUseLine('start:web', 5174)).toBe(
      'A porta 5174 já está em uso (outro Balcão aberto?). Feche-o ou escolha outra porta: npm run start:web -- --port 5175',
    );
    expect(portInUseLine('serve', 8080)).toBe(
      'Port 8080 is already in use (is another server running?). Stop it or pick another port: npm run serve -- --port 8081',
    );
  });
});

describe('two processes on one port', () => {
  let dir: string;
  let first: ReturnType<typeof spawn>;
  let port: number;

  beforeAll(async () => {
    dir = mkdtempSync(join(tmpdir(), 'balcao-busy-port-'));
    const serve = builtCommand('serve', ['--port', '0', '--db', join(dir, 'first.db')]);
    first = spawn(serve.command, serve.args, { ...serve.options, stdio: ['ignore', 'pipe', 'pipe'] });
    port = await new Promise<number>((resolvePort, reject) => {
      let out = '';
      first.stdout!.on('data', (chunk: Buffer) => {
        out += chunk.toString();
        const match = /Listening on http:\/\/127\.0\.0\.1:(\d+)/.exec(out);
        if (match) resolvePort(Number(match[1]));
      });
      first.on('exit', (code) => reject(new Error(`the first serve exited (${code})`)));
      setTimeout(() => reject(new Error('the first serve did not start in 30 s')), 30_000).unref();
    });
  }, 60_000);

  afterAll(() => {
    first?.kill('SIGTERM');
    rmSync(dir, { recursive: true, force: true });
  });

  /** Runs a second start on the taken port; its exit code and what it wrote. */
  function secondStart(args: string[]): { status: number | null; stdout: string; stderr: string } {
    const serve = builtCommand('serve', args);
    const result = spawnSync(serve.command, serve.args, { ...serve.options, encoding: 'utf8', timeout: 45_000 });
    return { status: result.status, stdout: result.stdout, stderr: result.stderr };
  }

  it('npm run serve: one English line, no EADDRINUSE', () => {
    const second = secondStart(['--port', String(port), '--db', join(dir, 'second.db')]);
    expect(second.status).toBe(1);
    expect(second.stdout).toBe('');
    expect(second.stderr.trimEnd().split('\n')).toEqual([portInUseLine('serve', port)]);
    expect(second.stderr).not.toContain('EADDRINUSE');
  }, 60_000);

  // `npm run start:web` on a taken port: test/e2e/busy-port-web.test.ts, where the renderer is built.
});
