import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { createSandboxService, type SandboxService } from '#service/index';
import type { ServiceReply } from '#shared/service/service-api';

// engine.handle answers a read in the same tick when no batch is being made durable (issue 14:
// the two async layers it had were a third of the engine's time per GET). These pin down that the
// fast path answers exactly what the async path answers, errors included, over a file database
// (the reads' own connection and its read transaction a turn).
describe('Engine reads answered at once', () => {
  let dir: string;
  let service: SandboxService;

  beforeEach(() => {
    dir = mkdtempSync(join(tmpdir(), 'balcao-read-path-'));
    service = createSandboxService({ dbPath: join(dir, 'service.db'), checkResponses: true });
  });

  afterEach(async () => {
    await service.close();
    rmSync(dir, { recursive: true, force: true });
  });

  /** `appId` null: the request carries none. */
  const handle = (
    op: Parameters<SandboxService['engine']['handle']>[1],
    request = {},
    appId: string | null = service.appId,
  ) => service.engine.handle(appId ?? undefined, op, request);

  function now(answer: ServiceReply | Promise<ServiceReply>): ServiceReply {
    expect(answer).not.toBeInstanceOf(Promise);
    return answer as ServiceReply;
  }

  it('answers a stored charge, an unknown one and a bad id (400, each with its message) and a missing AppID (401) without a promise', async () => {
    const created = await handle('createCharge', { body: { correlationID: 'agora', value: 1_990 } });
    expect(created.status).toBe(200);
    // A later turn: the create's batch is durable by now, so nothing is waited for.
    await new Promise((resolve) => setTimeout(resolve, 20));

    const found = now(handle('getCharge', { params: { id: 'agora' } }));
    expect(found.status).toBe(200);
    expect(found).toMatchObject({ body: { charge: { correlationID: 'agora', value: 1_990, status: 'ACTIVE' } } });
    // The service answers an unknown charge with 400 (the spec's status for it).
    expect(now(handle('getCharge', { params: { id: 'nenhuma' } }))).toMatchObject({
      status: 400,
      body: { error: 'Charge not found' },
    });
    const tooLong = now(handle('getCharge', { params: { id: 'x'.repeat(5_000) } }));
    expect(tooLong.status).toBe(400);
    expect(tooLong).not.toMatchObject({ body: { error: 'Charge not found' } });
    expect(now(handle('getCharge', { params: { id: 'agora' } }, null)).status).toBe(401);
    // engine.call keeps its promise for in-process callers.
    await expect(service.engine.call(service.appId, 'getCharge', { params: { id: 'agora' } })).resolves.toMatchObject({
      charge: { correlationID: 'agora' },
    });
  });

  it('sees a write committed earlier in the same turn (the turn read transaction ends at COMMIT)', async () => {
    await handle('createCharge', { body: { correlationID: 'primeira', value: 100 } });
    await new Promise((resolve) => setTimeout(resolve, 20));
    // This turn's read transaction begins here, before the next write commits.
    expect(now(handle('getCharge', { params: { id: 'segunda' } }))).toMatchObject({
      body: { error: 'Charge not found' },
    });
    const second = await handle('createCharge', { body: { correlationID: 'segunda', value: 200 } });
    expect(second.status).toBe(200);
    expect((await handle('getCharge', { params: { id: 'segunda' } })).status).toBe(200);
  });

  it('still answers a read whose handler renders off the loop (the QR image) with a promise of its bytes', async () => {
    await handle('createCharge', { body: { correlationID: 'imagem', value: 500 } });
    await new Promise((resolve) => setTimeout(resolve, 20));
    const answer = handle('getChargeQrImage', { params: { id: 'imagem' }, query: { size: '600' } });
    expect(answer).toBeInstanceOf(Promise);
    const image = await answer;
    expect(image.status).toBe(200);
    expect('bytes' in image && Buffer.from(image.bytes).subarray(1, 4).toString()).toBe('PNG');
  });
});
