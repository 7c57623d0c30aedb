import { afterEach, describe, expect, it } from 'vitest';
import { ServiceError } from '#service/engine/errors';
import { QrPngPool, qrPngThreads } from '#service/engine/images/qr-png-pool';

const PNG_SIGNATURE = '89504e470d0a1a0a';
const pngWidth = (png: Uint8Array) => Buffer.from(png).readUInt32BE(16);

describe('qrPngThreads', () => {
  it('leaves a core to the event loop and never exceeds 2 threads nor falls below 1', () => {
    expect([1, 2, 3, 4, 16].map((cores) => qrPngThreads(cores))).toEqual([1, 1, 2, 2, 2]);
  });
});

describe('QrPngPool', () => {
  const pools: QrPngPool[] = [];
  const pool = (options?: ConstructorParameters<typeof QrPngPool>[0]) => {
    const created = new QrPngPool(options);
    pools.push(created);
    return created;
  };
  afterEach(async () => {
    await Promise.all(pools.splice(0).map((p) => p.close()));
  });

  it('starts no thread until the first render, then draws the PNG on a worker thread', async () => {
    const qr = pool({ threads: 1 });
    expect(qr.threadCount).toBe(0);
    const png = await qr.render('00020101021126', 600);
    expect(Buffer.from(png.subarray(0, 8)).toString('hex')).toBe(PNG_SIGNATURE);
    expect(pngWidth(png)).toBe(600);
    // The worker module resolved and loaded: one thread now exists (the pool never draws in process).
    expect(qr.threadCount).toBe(1);
  });

  it('refuses renders beyond its queue with a 503 instead of queueing without end', async () => {
    // One thread and a queue of one: the first render runs, the second waits, the third is refused.
    const qr = pool({ threads: 1, maxQueue: 1 });
    const running = qr.render('running', 2048);
    const waiting = qr.render('waiting', 2048);
    const refused = qr.render('refused', 2048);
    await expect(refused).rejects.toSatisfy((error) => error instanceof ServiceError && error.status === 503);
    await expect(Promise.all([running, waiting])).resolves.toHaveLength(2);
  });

  it('ends its threads on close and refuses renders afterwards', async () => {
    const qr = pool({ threads: 1 });
    await qr.render('before close', 600);
    expect(qr.threadCount).toBe(1);
    await qr.close();
    expect(qr.threadCount).toBe(0);
    await expect(qr.render('after close', 600)).rejects.toThrow(/closed/);
  });
});
