// `npm run serve -- --host H` (issue 25, "For integrators"): the sandbox listens where it is told,
// for a container or a CI service, and 127.0.0.1 unless told. Run as the operator runs it, a real
// process; the only network here is this machine's loopback, so a server bound to 0.0.0.0 is
// reached through 127.0.0.1. A host that is no address, or no address of this machine, is refused
// with one clear line and a non-zero exit.
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { DEFAULT_LISTEN_HOST, httpUrl, linkHost, parseListenHost } from '#lib/net/listen-host';
import { spawnBuilt, type ManagedChild } from '#test/support/child-process';

const LISTENING = /^Listening on (\S+)$/;
const APP_ID = /^AppID: (\S+)$/;

// Each case starts `npm run serve` (the built out/main/serve.js): seconds each on a busy machine.
const PROCESS_TIMEOUT_MS = 60_000;

describe('npm run serve -- --host', () => {
  let dir: string;
  const children: ManagedChild[] = [];

  function serve(name: string, ...args: string[]): ManagedChild {
    const child = spawnBuilt('serve', ['--port', '0', '--db', join(dir, `${name}.db`), ...args]);
    children.push(child);
    return child;
  }

  async function get(url: string, appId: string, path: string): Promise<{ status: number; body: any }> {
    const response = await fetch(url + path, { headers: { authorization: appId } });
    return { status: response.status, body: await response.json() };
  }

  beforeAll(() => {
    dir = mkdtempSync(join(tmpdir(), 'balcao-serve-host-'));
  });
  afterAll(async () => {
    await Promise.all(children.map((child) => child.stop()));
    rmSync(dir, { recursive: true, force: true });
  });

  it(
    'listens on 127.0.0.1 unless told otherwise',
    async () => {
      const child = serve('default');
      const [url, appId] = await child.announced([LISTENING, APP_ID], PROCESS_TIMEOUT_MS);
      expect(url).toMatch(/^http:\/\/127\.0\.0\.1:\d+$/);
      // One address, so no second line about links.
      expect(child.lines().some((line) => line.startsWith('Links in answers'))).toBe(false);
      expect((await get(url!, appId!, '/api/v1/account/')).status).toBe(200);
    },
    PROCESS_TIMEOUT_MS,
  );

  it(
    'binds to 0.0.0.0 when told, reachable through 127.0.0.1, its links naming 127.0.0.1',
    async () => {
      const child = serve('open', '--host', '0.0.0.0');
      const [url, appId, links] = await child.announced(
        [LISTENING, APP_ID, /^Links in answers use (\S+)$/],
        PROCESS_TIMEOUT_MS,
      );
      const port = Number(new URL(url!).port);
      expect(url).toBe(`http://0.0.0.0:${port}`);
      expect(port).toBeGreaterThan(0);
      const loopback = `http://127.0.0.1:${port}`;
      expect(links).toBe(loopback);
      expect((await get(loopback, appId!, '/api/v1/account')).status).toBe(200);
      const created = await fetch(`${loopback}/api/openpix/v1/charge`, {
        method: 'POST',
        headers: { authorization: appId!, 'content-type': 'application/json' },
        body: JSON.stringify({ correlationID: 'host-1', value: 1000 }),
      });
      expect(created.status).toBe(200);
      const { charge } = (await created.json()) as any;
      // A link in an answer is one a client can open, not the wildcard.
      expect(charge.paymentLinkUrl.startsWith(`${loopback}/`)).toBe(true);
      expect((await fetch(charge.paymentLinkUrl)).status).toBe(200);
    },
    PROCESS_TIMEOUT_MS,
  );

  it(
    'binds the strict Pix network listener to the same host',
    async () => {
      const child = serve('strict', '--strict', '--host', '0.0.0.0');
      const [url, appId, network] = await child.announced(
        [LISTENING, APP_ID, /^Pix network on (\S+)$/],
        PROCESS_TIMEOUT_MS,
      );
      expect(url).toMatch(/^http:\/\/0\.0\.0\.0:\d+$/);
      expect(network).toMatch(/^http:\/\/0\.0\.0\.0:\d+$/);
      const api = `http://127.0.0.1:${new URL(url!).port}`;
      const created = await fetch(`${api}/api/v1/charge`, {
        method: 'POST',
        headers: { authorization: appId!, 'content-type': 'application/json' },
        body: JSON.stringify({ correlationID: 'host-strict', value: 500 }),
      });
      const { brCode } = (await created.json()) as any;
      const paid = await fetch(`http://127.0.0.1:${new URL(network!).port}/pay`, {
        method: 'POST',
        headers: { authorization: appId!, 'content-type': 'application/json' },
        body: JSON.stringify({ brCode }),
      });
      expect(paid.status).toBe(200);
      expect((await get(api, appId!, '/api/v1/charge/host-strict')).body.charge.status).toBe('COMPLETED');
    },
    PROCESS_TIMEOUT_MS,
  );

  it.each([
    ['not an address', 'bad host!', /^--host must be an IP address .* got "bad host!"$/m],
    // TEST-NET-1 (RFC 5737): a valid address no machine here has.
    [
      'an address this machine does not have',
      '192.0.2.1',
      /^Cannot listen on 192\.0\.2\.1: it is not an address of this machine \(--host\)$/m,
    ],
  ])(
    'refuses %s with one line and exit 1',
    async (_case, host, message) => {
      const child = serve(`bad-${host.replace(/\W/g, '')}`, '--host', host);
      const { code } = await child.exited;
      expect(code).toBe(1);
      expect(child.stderr()).toMatch(message);
      expect(child.lines().some((line) => LISTENING.test(line))).toBe(false);
    },
    PROCESS_TIMEOUT_MS,
  );
});

describe('--host values', () => {
  it('takes IP addresses and host names as listen() does', () => {
    for (const host of [
      '127.0.0.1',
      '0.0.0.0',
      '::',
      '::1',
      'localhost',
      'sandbox',
      'pix-sandbox.ci.internal',
      'a1.example.',
    ]) {
      expect(parseListenHost(host), host).toBe(host);
    }
    expect(parseListenHost('[::1]')).toBe('::1');
    expect(DEFAULT_LISTEN_HOST).toBe('127.0.0.1');
  });

  it('refuses anything else', () => {
    for (const host of [
      '',
      ' ',
      'bad host',
      'http://0.0.0.0',
      '0.0.0.0:8080',
      '256.0.0.1',
      '10.1',
      '-sandbox',
      'sand_box',
      '[127.0.0.1]',
      '[::1',
      'a..b',
      `${'a'.repeat(64)}.example`,
    ]) {
      expect(() => parseListenHost(host), JSON.stringify(host)).toThrow(/^--host must be an IP address/);
    }
  });

  it('writes URLs and links for every kind of address', () => {
    expect(httpUrl('0.0.0.0', 8080)).toBe('http://0.0.0.0:8080');
    expect(httpUrl('::', 8080)).toBe('http://[::]:8080');
    expect(httpUrl('sandbox', 8080)).toBe('http://sandbox:8080');
    expect(linkHost('0.0.0.0', '0.0.0.0')).toBe('127.0.0.1');
    expect(linkHost('::', '::')).toBe('::1');
    expect(linkHost('sandbox', '172.18.0.5')).toBe('sandbox');
    expect(linkHost('127.0.0.1', '127.0.0.1')).toBe('127.0.0.1');
  });
});
