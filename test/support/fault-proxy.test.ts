// Every fault of the proxy against a real `npm run serve` process: what a plain fetch client
// observes, and what the server did (a charge created through the proxy is looked up directly).
import { randomUUID } from 'node:crypto';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { observe, type ClientOutcome } from './client-outcome';
import { scriptedPlan, startFaultProxy, type Fault, type FaultProxy } from './fault-proxy';
import { getRemoteCharge } from './remote-api';
import { startRemote, type RemoteProcess } from './remote-process';

let remote: RemoteProcess;
let proxy: FaultProxy;

beforeAll(async () => {
  remote = await startRemote();
  proxy = await startFaultProxy(remote.url);
});

afterAll(async () => {
  await proxy?.close();
  await remote?.dispose();
});

afterEach(async () => {
  proxy.setPlan();
  if (proxy.isCut) await proxy.restore();
  proxy.clearLog();
});

/** POST /api/v1/charge through the proxy, with a client timeout; the id tells whether the server made it. */
async function createThroughProxy(
  fault: Fault,
  timeoutMs = 2_000,
): Promise<{ outcome: ClientOutcome; correlationID: string }> {
  proxy.setPlan(scriptedPlan([fault]));
  const correlationID = `fp-${fault.kind}-${randomUUID()}`;
  const outcome = await observe(() =>
    fetch(`${proxy.url}/api/v1/charge`, {
      method: 'POST',
      headers: { authorization: remote.appId, 'content-type': 'application/json' },
      body: JSON.stringify({ correlationID, value: 1234 }),
      signal: AbortSignal.timeout(timeoutMs),
    }),
  );
  return { outcome, correlationID };
}

/** What the server holds, asked directly (not through the proxy). */
async function serverHas(correlationID: string): Promise<boolean> {
  const { status } = await getRemoteCharge(remote, correlationID);
  if (status !== 200 && status !== 400) throw new Error(`unexpected ${status} looking up ${correlationID}`);
  return status === 200;
}

function onlyLogEntry() {
  const log = proxy.log();
  expect(log).toHaveLength(1);
  return log[0]!;
}

describe('fault proxy against a real remote', () => {
  it('pass: forwards the request and the whole answer', async () => {
    const { outcome, correlationID } = await createThroughProxy({ kind: 'pass' });
    expect(outcome.kind).toBe('answer');
    if (outcome.kind !== 'answer') throw new Error('unreachable');
    expect(outcome.status).toBe(200);
    expect(JSON.parse(outcome.body).charge.correlationID).toBe(correlationID);
    expect(await serverHas(correlationID)).toBe(true);
    await proxy.idle();
    expect(onlyLogEntry()).toMatchObject({
      seq: 1,
      method: 'POST',
      path: '/api/v1/charge',
      forwarded: true,
      upstreamStatus: 200,
      delivered: 'full',
      clientGone: false,
    });
  });

  it('drop-before: the client loses the connection and the server never saw the request', async () => {
    const { outcome, correlationID } = await createThroughProxy({ kind: 'drop-before' });
    expect(outcome.kind).toBe('network-error');
    expect(await serverHas(correlationID)).toBe(false);
    await proxy.idle();
    expect(onlyLogEntry()).toMatchObject({ forwarded: false, delivered: 'none' });
  });

  it('drop-after: the server committed, the client gets no answer at all', async () => {
    const { outcome, correlationID } = await createThroughProxy({ kind: 'drop-after' });
    expect(outcome.kind).toBe('network-error');
    expect(await serverHas(correlationID)).toBe(true);
    await proxy.idle();
    expect(onlyLogEntry()).toMatchObject({ forwarded: true, upstreamStatus: 200, delivered: 'none' });
  });

  it('delay beyond the timeout: the client times out, the server committed', async () => {
    const { outcome, correlationID } = await createThroughProxy({ kind: 'delay', ms: 1_500 }, 300);
    expect(outcome.kind).toBe('timeout');
    expect(await serverHas(correlationID)).toBe(true);
    await proxy.idle();
    expect(onlyLogEntry()).toMatchObject({ forwarded: true, upstreamStatus: 200, delivered: 'none', clientGone: true });
  });

  it('delay within the timeout: the answer arrives late but whole', async () => {
    const started = Date.now();
    const { outcome, correlationID } = await createThroughProxy({ kind: 'delay', ms: 300 }, 3_000);
    expect(Date.now() - started).toBeGreaterThanOrEqual(300);
    expect(outcome).toMatchObject({ kind: 'answer', status: 200 });
    expect(await serverHas(correlationID)).toBe(true);
  });

  it('hold: the server committed at once, the answer waits for its release', async () => {
    let release!: () => void;
    const released = new Promise<void>((resolve) => (release = resolve));
    const created = createThroughProxy({ kind: 'hold', release: released }, 5_000);
    await expect.poll(() => proxy.log()[0]?.upstreamStatus).toBe(200);
    const correlationID = JSON.parse(proxy.log()[0]!.body).correlationID as string;
    expect(await serverHas(correlationID)).toBe(true);
    expect(proxy.log()[0]!.delivered).toBe('none');
    release();
    const { outcome } = await created;
    expect(outcome).toMatchObject({ kind: 'answer', status: 200 });
    await proxy.idle();
    expect(onlyLogEntry()).toMatchObject({ forwarded: true, delivered: 'full', clientGone: false });
  });

  it('hang: no answer until the client gives up, and nothing reached the server', async () => {
    const { outcome, correlationID } = await createThroughProxy({ kind: 'hang' }, 300);
    expect(outcome.kind).toBe('timeout');
    expect(await serverHas(correlationID)).toBe(false);
    await proxy.idle();
    expect(onlyLogEntry()).toMatchObject({ forwarded: false, delivered: 'none', clientGone: true });
  });

  it('hang with forward: the server committed, the client waits until it gives up', async () => {
    const { outcome, correlationID } = await createThroughProxy({ kind: 'hang', forward: true }, 500);
    expect(outcome.kind).toBe('timeout');
    expect(await serverHas(correlationID)).toBe(true);
    await proxy.idle();
    expect(onlyLogEntry()).toMatchObject({ forwarded: true, upstreamStatus: 200, delivered: 'none', clientGone: true });
  });

  it('status 500: answered by the proxy, nothing reached the server', async () => {
    const { outcome, correlationID } = await createThroughProxy({ kind: 'status', status: 500 });
    expect(outcome).toMatchObject({ kind: 'answer', status: 500 });
    if (outcome.kind !== 'answer') throw new Error('unreachable');
    expect(JSON.parse(outcome.body)).toEqual({ error: 'fault proxy: injected 500' });
    expect(await serverHas(correlationID)).toBe(false);
    await proxy.idle();
    expect(onlyLogEntry()).toMatchObject({ forwarded: false, delivered: 'full' });
  });

  it('status 429 carries Retry-After, nothing reached the server', async () => {
    const { outcome, correlationID } = await createThroughProxy({ kind: 'status', status: 429, retryAfterSeconds: 3 });
    expect(outcome).toMatchObject({ kind: 'answer', status: 429 });
    if (outcome.kind !== 'answer') throw new Error('unreachable');
    expect(outcome.headers.get('retry-after')).toBe('3');
    expect(await serverHas(correlationID)).toBe(false);
  });

  it('reset-mid-body: the client gets status and headers, then the body fails; the server committed', async () => {
    const { outcome, correlationID } = await createThroughProxy({ kind: 'reset-mid-body' });
    expect(outcome).toMatchObject({ kind: 'answer-then-body-failed', status: 200 });
    expect(await serverHas(correlationID)).toBe(true);
    await proxy.idle();
    expect(onlyLogEntry()).toMatchObject({ forwarded: true, upstreamStatus: 200, delivered: 'partial' });
  });

  it('applies the plan per request with its sequence number, method and path', async () => {
    const seen: string[] = [];
    proxy.setPlan((request) => {
      seen.push(`${request.seq} ${request.method} ${request.path}`);
      return request.method === 'GET' ? { kind: 'status', status: 503 } : { kind: 'pass' };
    });
    const correlationID = `fp-plan-${randomUUID()}`;
    const created = await fetch(`${proxy.url}/api/v1/charge`, {
      method: 'POST',
      headers: { authorization: remote.appId, 'content-type': 'application/json' },
      body: JSON.stringify({ correlationID, value: 500 }),
    });
    expect(created.status).toBe(200);
    const read = await fetch(`${proxy.url}/api/v1/charge/${correlationID}`, {
      headers: { authorization: remote.appId },
    });
    expect(read.status).toBe(503);
    // seq counts every request the proxy has read (earlier tests' too): consecutive here.
    const first = Number(seen[0]!.split(' ')[0]);
    expect(seen).toEqual([`${first} POST /api/v1/charge`, `${first + 1} GET /api/v1/charge/${correlationID}`]);
    expect(proxy.log().map((entry) => entry.fault.kind)).toEqual(['pass', 'status']);
    expect(JSON.parse(proxy.log()[0]!.body)).toEqual({ correlationID, value: 500 });
  });

  it('cut (refuse): connections are refused until restore, on the same URL', async () => {
    await proxy.cut('refuse');
    expect(proxy.isCut).toBe(true);
    const company = () =>
      observe(() =>
        fetch(`${proxy.url}/api/v1/company`, {
          headers: { authorization: remote.appId },
          signal: AbortSignal.timeout(2_000),
        }),
      );
    // The client's pooled keep-alive connection (closed by the cut) may fail first, as "other
    // side closed"; a new connection is then refused.
    const first = await company();
    expect(first.kind).toBe('network-error');
    const refused = first.kind === 'network-error' && first.code === 'ECONNREFUSED' ? first : await company();
    expect(refused).toMatchObject({ kind: 'network-error', code: 'ECONNREFUSED' });
    await proxy.restore();
    const back = await fetch(`${proxy.url}/api/v1/company`, { headers: { authorization: remote.appId } });
    expect(back.status).toBe(200);
  });

  it('cut (reset): connections are accepted and reset at once', async () => {
    await proxy.cut('reset');
    const reset = await observe(() =>
      fetch(`${proxy.url}/api/v1/company`, {
        headers: { authorization: remote.appId },
        signal: AbortSignal.timeout(2_000),
      }),
    );
    expect(reset.kind).toBe('network-error');
    expect(proxy.log()).toEqual([]);
    await proxy.restore();
    expect((await fetch(`${proxy.url}/api/v1/company`, { headers: { authorization: remote.appId } })).status).toBe(200);
  });

  it('cut ends requests in flight: a hung request fails at once instead of waiting for its timeout', async () => {
    proxy.setPlan(() => ({ kind: 'hang' }));
    const started = Date.now();
    const pending = observe(() =>
      fetch(`${proxy.url}/api/v1/company`, {
        headers: { authorization: remote.appId },
        signal: AbortSignal.timeout(10_000),
      }),
    );
    await waitFor(() => proxy.log().length === 1);
    await proxy.cut();
    const outcome = await pending;
    expect(outcome.kind).toBe('network-error');
    expect(Date.now() - started).toBeLessThan(5_000);
  });

  it('the remote down behind the proxy looks like a lost connection; restarted, it answers on the same URL with its data', async () => {
    const { correlationID } = await createThroughProxy({ kind: 'pass' });
    const urlBefore = remote.url;
    await remote.kill('SIGKILL');
    proxy.clearLog();
    const down = await observe(() =>
      fetch(`${proxy.url}/api/v1/charge/${correlationID}`, {
        headers: { authorization: remote.appId },
        signal: AbortSignal.timeout(2_000),
      }),
    );
    expect(down.kind).toBe('network-error');
    await proxy.idle();
    expect(onlyLogEntry()).toMatchObject({ forwarded: true, upstreamFailed: true, delivered: 'none' });
    await remote.start();
    expect(remote.url).toBe(urlBefore);
    const up = await observe(() =>
      fetch(`${proxy.url}/api/v1/charge/${correlationID}`, { headers: { authorization: remote.appId } }),
    );
    expect(up).toMatchObject({ kind: 'answer', status: 200 });
  });
});

async function waitFor(condition: () => boolean, timeoutMs = 5_000): Promise<void> {
  const deadline = Date.now() + timeoutMs;
  while (!condition()) {
    if (Date.now() > deadline) throw new Error('condition not met in time');
    await new Promise((resolve) => setTimeout(resolve, 10));
  }
}
