// The sandbox as an integrator runs it for their tests: the service `npm run serve` starts
// (sandbox-service.ts: HTTP on a real loopback port, the webhook dispatcher on, the real clock),
// here in this process with an in-memory database and a 3 s webhook timeout, so a file starts it
// in milliseconds. One per test file, shared by its tests.
import { afterAll, beforeAll } from 'vitest';
import { createSandboxService, type SandboxService } from '#service/index';
import { send, type WireReply } from './wire';

export interface ServedSandbox {
  /** Base URL, no trailing slash: what the client is configured with instead of api.woovi.com. */
  url: string;
  appId: string;
  /**
   * Pays as an integrator's test does, with the real sandbox's documented simulator
   * (`GET /openpix/testing?transactionID=` for a charge, `?identifier=` for a static QR code).
   * Throws unless it answers 200.
   */
  simulatePayment(query: { transactionID: string } | { identifier: string }): Promise<WireReply>;
  /**
   * The current signing key from `GET /api/v1/webhook/public-keys` (no AppID): what an
   * integrator puts where their client hard-codes Woovi's key. PEM text.
   */
  webhookPublicKey(): Promise<string>;
  close(): Promise<void>;
}

export async function startServedSandbox(): Promise<ServedSandbox> {
  // A receiver that never answers must not hold a test for the default 10 s.
  const service: SandboxService = createSandboxService({ dbPath: ':memory:', webhooks: { timeoutMs: 3_000 } });
  const url = await service.listen(0);
  return {
    url,
    appId: service.appId,
    async simulatePayment(query) {
      const reply = await send({
        method: 'GET',
        url: `${url}/openpix/testing?${new URLSearchParams(query as Record<string, string>)}`,
        headers: [['Authorization', service.appId]],
      });
      if (reply.status !== 200) throw new Error(`the simulator answered ${reply.status}: ${reply.text}`);
      return reply;
    },
    async webhookPublicKey() {
      const reply = await send({ method: 'GET', url: `${url}/api/v1/webhook/public-keys` });
      if (reply.status !== 200) throw new Error(`public-keys answered ${reply.status}: ${reply.text}`);
      const current = (reply.json.public_keys as Array<{ key: string; is_current: boolean }>).find(
        (key) => key.is_current,
      );
      if (!current) throw new Error(`no current key in ${reply.text}`);
      return current.key;
    },
    close: () => service.close(),
  };
}

/** One served sandbox for the whole file (beforeAll/afterAll); the getter throws before it is up. */
export function useServedSandbox(): () => ServedSandbox {
  let sandbox: ServedSandbox | undefined;
  beforeAll(async () => {
    sandbox = await startServedSandbox();
  });
  afterAll(async () => {
    await sandbox?.close();
  });
  return () => {
    if (!sandbox) throw new Error('the served sandbox is not up');
    return sandbox;
  };
}
