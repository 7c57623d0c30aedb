// `npm run serve -- --db PATH app create …` run as a process (src/main/service/cli/serve-app-command.ts): it
// adds applications with fewer scopes, company features and an IP allowlist to a sandbox
// database, prints the AppID and exits; `npm run serve` on that database then serves them, and a
// new application works on a server that is already running. The sandbox's own application stays
// the one `npm run serve` announces, holding every scope.
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { spawnBuilt } from '#test/support/child-process';
import { startRemote, type RemoteProcess } from '#test/support/remote-process';

interface Printed {
  code: number | null;
  values: Record<string, string>;
  stderr: string;
}

async function appCreate(dbPath: string, ...args: string[]): Promise<Printed> {
  const child = spawnBuilt('serve', ['--db', dbPath, 'app', 'create', ...args]);
  const { code } = await child.exited;
  const values: Record<string, string> = {};
  for (const line of child.lines()) {
    const match = /^([A-Za-z ]+): (.*)$/.exec(line);
    if (match) values[match[1]!] = match[2]!;
  }
  return { code, values, stderr: child.stderr() };
}

async function get(remote: RemoteProcess, appId: string, path: string): Promise<{ status: number; body: any }> {
  const response = await fetch(`${remote.url}${path}`, { headers: { authorization: appId } });
  return { status: response.status, body: await response.json() };
}

async function post(
  remote: RemoteProcess,
  appId: string,
  path: string,
  body?: unknown,
): Promise<{ status: number; body: any }> {
  const response = await fetch(`${remote.url}${path}`, {
    method: 'POST',
    headers: { authorization: appId, ...(body === undefined ? {} : { 'content-type': 'application/json' }) },
    body: body === undefined ? undefined : JSON.stringify(body),
  });
  return { status: response.status, body: await response.json() };
}

describe('npm run serve app create', () => {
  let dir: string;
  let dbPath: string;
  let remote: RemoteProcess | undefined;
  let scoped: Printed;
  let featured: Printed;
  let walledOff: Printed;

  beforeAll(async () => {
    dir = mkdtempSync(join(tmpdir(), 'balcao-serve-apps-'));
    dbPath = join(dir, 'sandbox.db');
    // Made before any server ran on this database. The first one creates (and migrates) it alone:
    // two processes opening a new database at once would both try to migrate it.
    scoped = await appCreate(
      dbPath,
      '--scopes',
      'CHARGE_GET_LIST,CHARGE_POST',
      '--allow-ip',
      '127.0.0.1',
      '--name',
      'Caixa',
    );
    [featured, walledOff] = await Promise.all([
      appCreate(dbPath, '--features', 'BANK_ACCOUNT,MED_API'),
      appCreate(dbPath, '--scopes', 'CHARGE_GET_LIST', '--allow-ip', '10.0.0.0/8,2001:db8::/32'),
    ]);
    remote = await startRemote({ dbPath });
  }, 120_000);

  afterAll(async () => {
    await remote?.dispose();
    rmSync(dir, { recursive: true, force: true });
  });

  it('prints the new application and exits 0', () => {
    for (const printed of [scoped, featured, walledOff]) {
      expect(printed.code, printed.stderr).toBe(0);
      expect(Buffer.from(printed.values.AppID!, 'base64').toString()).toMatch(
        new RegExp(`^${printed.values.ClientId}:Client_Secret_`),
      );
    }
    expect(scoped.values).toMatchObject({
      Scopes: 'CHARGE_GET_LIST,CHARGE_POST',
      Features: 'none',
      'Allowed IPs': '127.0.0.1',
    });
    expect(featured.values).toMatchObject({
      Scopes: 'every scope',
      Features: 'BANK_ACCOUNT,MED_API',
      'Allowed IPs': 'any',
    });
    expect(walledOff.values).toMatchObject({ 'Allowed IPs': '10.0.0.0/8,2001:db8::/32' });
    // Each is a company of its own.
    expect(new Set([scoped.values.Company, featured.values.Company, walledOff.values.Company]).size).toBe(3);
  });

  it('leaves the sandbox its own application, with every scope: the one the server announces', async () => {
    const announced = remote!.appId;
    expect([scoped.values.AppID, featured.values.AppID, walledOff.values.AppID]).not.toContain(announced);
    expect((await get(remote!, announced, '/api/v1/company')).status).toBe(200);
    expect((await get(remote!, announced, '/api/v1/partner/company')).body).toEqual({
      error: 'You need feature PARTNER to access this endpoint',
    });
  });

  it('serves each application with exactly its scopes, features and allowlist', async () => {
    const app = scoped.values.AppID!;
    expect((await post(remote!, app, '/api/v1/charge', { correlationID: 'cli-1', value: 250 })).status).toBe(200);
    expect((await get(remote!, app, '/api/v1/charge')).body.charges).toHaveLength(1);
    expect(await get(remote!, app, '/api/v1/company')).toEqual({
      status: 403,
      body: { error: 'Application does not have required scope: COMPANY_GET' },
    });

    // Features: the featured company may duplicate its account, the sandbox's may not.
    expect((await post(remote!, featured.values.AppID!, '/api/v1/account')).status).toBe(200);
    expect(await post(remote!, remote!.appId, '/api/v1/account')).toEqual({
      status: 403,
      body: { error: 'You need feature BANK_ACCOUNT to access this endpoint' },
    });

    // The test reaches the server from 127.0.0.1, which this allowlist leaves out.
    expect(await get(remote!, walledOff.values.AppID!, '/api/v1/charge')).toEqual({
      status: 401,
      body: { error: 'IP address 127.0.0.1 is not allowed for this application' },
    });
  });

  it('adds an application to an existing company while the server runs, usable at once', async () => {
    const added = await appCreate(dbPath, '--company', scoped.values.Company!, '--scopes', 'CHARGE_GET');
    expect(added.code, added.stderr).toBe(0);
    expect(added.values.Company).toBe(scoped.values.Company);
    expect(added.values['Allowed IPs']).toBe('any');
    const charge = await get(remote!, added.values.AppID!, '/api/v1/charge/cli-1');
    expect(charge.status).toBe(200);
    expect(charge.body.charge.value).toBe(250);
  });

  it('refuses bad arguments with a message and exit code 1, adding nothing', async () => {
    const cases: [string[], RegExp][] = [
      [['--scopes', 'CHARGE_GET,NOPE'], /Invalid scopes: NOPE/],
      [['--features', 'TELEPORT'], /Unknown features: TELEPORT/],
      [['--allow-ip', '10.0.0.0/40'], /--allow-ip: "10.0.0.0\/40" is not an IP address or CIDR block/],
      [['--company', scoped.values.Company!, '--features', 'MED_API'], /--features applies only to a new company/],
      [['--company', '0123456789abcdef01234567'], /no company with id 0123456789abcdef01234567/],
    ];
    const results = await Promise.all(cases.map(([args]) => appCreate(dbPath, ...args)));
    results.forEach((result, index) => {
      expect(result.code).toBe(1);
      expect(result.stderr).toMatch(cases[index]![1]);
      expect(result.values.AppID).toBeUndefined();
    });
  });
});
