// Who reaches the PDV API (hosts/pdv/pdv-access.ts), rule by rule, with real tokens in a real
// counter.db: the API's own Host only; this machine, or once the owner opened it to the shop's
// network, only the addresses listed; a live integration's token; and an address that keeps
// guessing held off for the window, then heard again. And the server follows its settings.
import { createServer } from 'node:net';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { BAD_TOKEN_WINDOW_MS, BAD_TOKENS_ALLOWED, PdvAccess } from '#counter/hosts/pdv/pdv-access';
import { keepPdvServer } from '#counter/hosts/pdv/pdv-server';
import { openRuntime, until, type RuntimeFixture } from '../app/runtime-fixture';

/** A port free now (a listener on port 0 tells which, then lets it go). */
async function freePort(): Promise<number> {
  const probe = createServer();
  await new Promise<void>((resolve) => probe.listen(0, '127.0.0.1', resolve));
  const { port } = probe.address() as { port: number };
  await new Promise((resolve) => probe.close(resolve));
  return port;
}

let fixture: RuntimeFixture;
beforeEach(() => {
  fixture = openRuntime();
});
afterEach(async () => {
  await fixture.dispose();
});

describe('who may call the PDV API', () => {
  it('lets in this machine and, once opened to the network, only the addresses listed', async () => {
    const { token } = await fixture.runtime.api.createIntegration({ name: 'PDV', canRefund: false });
    let allowFrom: string[] = [];
    const access = new PdvAccess({
      tokens: fixture.runtime.pdv.tokens,
      hosts: () => ['127.0.0.1:7755', '192.168.0.10:7755'],
      allowFrom: () => allowFrom,
      log: () => undefined,
    });
    const ask = (remoteAddress: string, host = '127.0.0.1:7755') =>
      access.check({ host, remoteAddress, authorization: `Bearer ${token}` });
    expect(ask('127.0.0.1')).toMatchObject({ ok: true, integration: { name: 'PDV' } });
    expect(ask('::ffff:127.0.0.1')).toMatchObject({ ok: true });
    expect(ask('::1')).toMatchObject({ ok: true });
    expect(ask('192.168.0.20', '192.168.0.10:7755')).toMatchObject({ ok: false, status: 403, code: 'ORIGIN_REFUSED' });
    allowFrom = ['192.168.0.20'];
    expect(ask('::ffff:192.168.0.20', '192.168.0.10:7755')).toMatchObject({ ok: true });
    expect(ask('192.168.0.21', '192.168.0.10:7755')).toMatchObject({ ok: false, code: 'ORIGIN_REFUSED' });
    expect(ask('127.0.0.1', 'balcao.evil.example:7755')).toMatchObject({ ok: false, status: 421 });
  });

  it('holds off an address after repeated wrong tokens, for the window only, and others not at all', async () => {
    const { token } = await fixture.runtime.api.createIntegration({ name: 'PDV', canRefund: false });
    let now = 1_000_000;
    const logged: string[] = [];
    const access = new PdvAccess({
      tokens: fixture.runtime.pdv.tokens,
      hosts: () => ['127.0.0.1:7755'],
      allowFrom: () => ['10.0.0.5'],
      now: () => now,
      log: (line) => logged.push(line),
    });
    const ask = (remoteAddress: string, authorization: string) =>
      access.check({ host: '127.0.0.1:7755', remoteAddress, authorization });
    for (let attempt = 0; attempt < BAD_TOKENS_ALLOWED; attempt++)
      expect(ask('127.0.0.1', `Bearer balcao_pdv_wrong${attempt}`)).toMatchObject({ code: 'TOKEN_REFUSED' });
    expect(ask('127.0.0.1', `Bearer ${token}`)).toMatchObject({
      ok: false,
      status: 429,
      code: 'RATE_LIMITED',
      seconds: 60,
    });
    // Another address is not held off by this one's guesses.
    expect(ask('10.0.0.5', `Bearer ${token}`)).toMatchObject({ ok: true });
    now += BAD_TOKEN_WINDOW_MS / 2;
    expect(ask('127.0.0.1', `Bearer ${token}`)).toMatchObject({ code: 'RATE_LIMITED', seconds: 30 });
    now += BAD_TOKEN_WINDOW_MS / 2 + 1;
    expect(ask('127.0.0.1', `Bearer ${token}`)).toMatchObject({ ok: true });
    expect(logged.filter((line) => line.includes('TOKEN_REFUSED'))).toHaveLength(BAD_TOKENS_ALLOWED);
  });

  it('starts again on its new port when the owner saves other PDV API settings', async () => {
    const [one, two] = [await freePort(), await freePort()];
    await fixture.runtime.api.saveSettings({ pdvApi: { port: one, lan: false, allowFrom: [] } });
    const logged: string[] = [];
    const kept = keepPdvServer(fixture.runtime, { log: (line) => logged.push(line) });
    try {
      await kept.ready;
      const first = kept.current();
      expect(first?.port, logged.join('\n')).toBe(one);
      await fixture.runtime.api.saveSettings({ pdvApi: { port: two, lan: false, allowFrom: [] } });
      await until(() => (kept.current()?.port === two ? true : undefined));
      const answer = await fetch(`${kept.current()!.origin}/pdv/v1/openapi.json`);
      expect(answer.status).toBe(200);
      await expect(fetch(`${first!.origin}/pdv/v1/openapi.json`)).rejects.toThrow();
    } finally {
      await kept.stop();
    }
  });
});
