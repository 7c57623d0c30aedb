// IP allowlists (service-spec.md "Authentication" 5; remote-api-notes row 11c "401 if the IP is
// not allowed"): an application created with `application.allowedIps` (our extension) answers
// only requests from those addresses or CIDR blocks; any other address is 401 with nothing
// written. Over HTTP the address is the TCP peer (127.0.0.1 here), never a header; in process the
// caller passes `clientIp`, and a request without one is refused.
import { describe, expect, it } from 'vitest';
import { canonicalAllowedAddress, compileAllowlist } from '#lib/address-allowlist/address-allowlist';
import type { OperationName } from '#service/engine/operations';
import { operationTable } from '#service/engine/operations';
import type { ServiceRequest } from '#shared/service/service-api';
import { describeContract, type Harness } from '#test/support/harness';

type Reply = { status: number; body: any };

async function appWith(h: Harness, allowedIps: unknown, scopes = ['CHARGE_POST', 'CHARGE_GET_LIST']): Promise<Reply> {
  const accountId = h.engine.tenancy.resolveTenant(h.appId)!.account.id;
  return (await h.client.request('createApplication', {
    body: { accountId, application: { name: 'Restrita', type: 'API', scopes, allowedIps } },
  })) as Reply;
}

async function call(h: Harness, appId: string, op: OperationName, request: ServiceRequest = {}): Promise<Reply> {
  return (await h.client.request(op, request, { appId })) as Reply;
}

const NO_ADDRESS =
  'This application only accepts requests from its allowed IP addresses, and this request has no address';

describeContract('IP allowlist', (h, transport) => {
  it('stores the allowlist in canonical form and answers it on creation', async () => {
    const created = await appWith(h(), [' 127.0.0.1 ', '10.0.0.0/8', 'FE80::1', '10.0.0.0/8', '2001:DB8::/32']);
    expect(created.status).toBe(201);
    expect(created.body.application.allowedIps).toEqual(['127.0.0.1', '10.0.0.0/8', 'fe80::1', '2001:db8::/32']);
    const row = h()
      .engine.db.prepare('SELECT allowed_ips FROM applications WHERE client_id = ?')
      .get(created.body.application.clientId) as any;
    expect(JSON.parse(row.allowed_ips)).toEqual(['127.0.0.1', '10.0.0.0/8', 'fe80::1', '2001:db8::/32']);
    // Without the field: any address, and no allowedIps in the answer.
    const open = await appWith(h(), undefined);
    expect(open.body.application).not.toHaveProperty('allowedIps');
  });

  it('refuses malformed allowlists with 400 and writes nothing', async () => {
    const before = h().counts('applications');
    const cases: [unknown, string][] = [
      [[], 'application.allowedIps: must list at least one address (omit it to allow any address)'],
      ['127.0.0.1', 'application.allowedIps: must be an array of IP addresses or CIDR blocks'],
      [
        ['300.1.1.1'],
        'application.allowedIps: "300.1.1.1" is not an IP address or CIDR block (e.g. 203.0.113.7, 10.0.0.0/8, 2001:db8::/32)',
      ],
      [
        ['10.0.0.0/33'],
        'application.allowedIps: "10.0.0.0/33" is not an IP address or CIDR block (e.g. 203.0.113.7, 10.0.0.0/8, 2001:db8::/32)',
      ],
      [
        ['2001:db8::/129'],
        'application.allowedIps: "2001:db8::/129" is not an IP address or CIDR block (e.g. 203.0.113.7, 10.0.0.0/8, 2001:db8::/32)',
      ],
      [
        ['localhost'],
        'application.allowedIps: "localhost" is not an IP address or CIDR block (e.g. 203.0.113.7, 10.0.0.0/8, 2001:db8::/32)',
      ],
      [
        ['10.0.0.0/'],
        'application.allowedIps: "10.0.0.0/" is not an IP address or CIDR block (e.g. 203.0.113.7, 10.0.0.0/8, 2001:db8::/32)',
      ],
      [[7], 'application.allowedIps.0: must be an IP address or CIDR block'],
      [Array.from({ length: 51 }, (_, i) => `10.0.0.${i}`), 'application.allowedIps: lists more than 50 addresses'],
    ];
    for (const [allowedIps, error] of cases) {
      expect(await appWith(h(), allowedIps), JSON.stringify(allowedIps)).toEqual({ status: 400, body: { error } });
    }
    expect(h().counts('applications')).toEqual(before);
  });

  it.skipIf(transport !== 'http')(
    'over HTTP: 127.0.0.1 on the list is served; a list without it is 401 with nothing written',
    async () => {
      const allowed = (await appWith(h(), ['127.0.0.1'])).body.application.appID;
      const viaSubnet = (await appWith(h(), ['127.0.0.0/8'])).body.application.appID;
      const excluded = (await appWith(h(), ['10.0.0.0/8', '2001:db8::/32'])).body.application.appID;

      expect(
        (await call(h(), allowed, 'createCharge', { body: { correlationID: 'de-casa', value: 100 } })).status,
      ).toBe(200);
      expect((await call(h(), viaSubnet, 'listCharges')).status).toBe(200);

      const before = h().counts('charges');
      expect(await call(h(), excluded, 'createCharge', { body: { correlationID: 'de-fora', value: 100 } })).toEqual({
        status: 401,
        body: { error: 'IP address 127.0.0.1 is not allowed for this application' },
      });
      // Checked before the scope: an address that is not allowed learns nothing about the application.
      expect((await call(h(), excluded, 'getCompany')).status).toBe(401);
      expect(h().counts('charges')).toEqual(before);
    },
  );

  it.skipIf(transport !== 'http')('over HTTP: a forwarding header cannot claim an allowed address', async () => {
    const excluded = (await appWith(h(), ['10.0.0.0/8'])).body.application.appID;
    const response = await fetch(`${h().baseUrl}${operationTable.listCharges.paths[0]}`, {
      headers: {
        authorization: excluded,
        'x-forwarded-for': '10.1.2.3',
        'x-real-ip': '10.1.2.3',
        forwarded: 'for=10.1.2.3',
      },
    });
    expect(response.status).toBe(401);
    expect(await response.json()).toEqual({ error: 'IP address 127.0.0.1 is not allowed for this application' });
  });

  it.skipIf(transport !== 'engine')(
    'in process: the caller’s clientIp is checked, IPv4-mapped IPv6 included; no address is refused',
    async () => {
      const v4 = (await appWith(h(), ['127.0.0.1', '192.168.0.0/16'])).body.application.appID;
      const v6 = (await appWith(h(), ['2001:db8::/32'])).body.application.appID;
      const engine = h().engine;
      const list = (appId: string, clientIp?: string) =>
        engine.handle(appId, 'listCharges', clientIp === undefined ? {} : { clientIp });

      expect((await list(v4, '127.0.0.1')).status).toBe(200);
      expect((await list(v4, '192.168.44.5')).status).toBe(200);
      // A dual-stack listener reports IPv4 clients as IPv4-mapped IPv6 addresses.
      expect((await list(v4, '::ffff:127.0.0.1')).status).toBe(200);
      expect((await list(v4, '::ffff:192.168.1.1')).status).toBe(200);
      expect(await list(v4, '127.0.0.2')).toEqual({
        status: 401,
        body: { error: 'IP address 127.0.0.2 is not allowed for this application' },
      });
      expect((await list(v4, '::1')).status).toBe(401);
      expect(await list(v4)).toEqual({ status: 401, body: { error: NO_ADDRESS } });
      expect((await list(v4, 'not-an-ip')).status).toBe(401);

      expect((await list(v6, '2001:db8:ffff::1')).status).toBe(200);
      expect((await list(v6, '2001:db9::1')).status).toBe(401);

      // Writes check again in the writer's turn, with the same address.
      const before = h().counts('charges');
      expect((await engine.handle(v4, 'createCharge', { body: { correlationID: 'sem-ip', value: 100 } })).status).toBe(
        401,
      );
      expect(h().counts('charges')).toEqual(before);
      expect(
        (
          await engine.handle(v4, 'createCharge', {
            body: { correlationID: 'com-ip', value: 100 },
            clientIp: '127.0.0.1',
          })
        ).status,
      ).toBe(200);

      // An application without an allowlist (the sandbox's) is served with or without an address.
      expect((await engine.handle(h().appId, 'listCharges', {})).status).toBe(200);
      expect((await engine.handle(h().appId, 'listCharges', { clientIp: '203.0.113.9' })).status).toBe(200);
    },
  );
});

describe('address allowlist library', () => {
  it('canonicalizes addresses and CIDR blocks and rejects anything else', () => {
    expect(canonicalAllowedAddress('127.0.0.1')).toBe('127.0.0.1');
    expect(canonicalAllowedAddress(' 10.0.0.0/8 ')).toBe('10.0.0.0/8');
    expect(canonicalAllowedAddress('2001:DB8::/32')).toBe('2001:db8::/32');
    expect(canonicalAllowedAddress('0.0.0.0/0')).toBe('0.0.0.0/0');
    for (const bad of [
      '',
      '1.2.3',
      '1.2.3.4/',
      '1.2.3.4/-1',
      '1.2.3.4/8/8',
      '01.2.3.4',
      'example.com',
      '::1/200',
      '10.0.0.0/ 8',
    ]) {
      expect(canonicalAllowedAddress(bad), bad).toBeNull();
    }
  });

  it('matches single addresses, subnets and IPv4-mapped IPv6 both ways', () => {
    const list = compileAllowlist(['203.0.113.7', '10.0.0.0/8', '::ffff:198.51.100.1', '2001:db8::/32']);
    expect(list.allows('203.0.113.7')).toBe(true);
    expect(list.allows('203.0.113.8')).toBe(false);
    expect(list.allows('10.255.255.255')).toBe(true);
    expect(list.allows('11.0.0.0')).toBe(false);
    expect(list.allows('::ffff:10.9.8.7')).toBe(true);
    expect(list.allows('198.51.100.1')).toBe(true);
    expect(list.allows('2001:db8:1::1')).toBe(true);
    expect(list.allows('2001:db80::1')).toBe(false);
    expect(list.allows(undefined)).toBe(false);
    expect(list.allows('garbage')).toBe(false);
    expect(() => compileAllowlist(['nope'])).toThrow(/not an IP address/);
  });
});
