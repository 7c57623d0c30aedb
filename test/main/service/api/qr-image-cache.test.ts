import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { createHarness, type Harness } from '#test/support/harness';

// The QR image cache over real HTTP (issue 8, item 8): a repeated image is not drawn again,
// concurrent requests share one render, and closing the service ends the render threads. The
// engine's render count (h.engine.qrPng.stats) tells a drawn image from a cached one.

describe('QR image cache [http]', () => {
  let h: Harness;
  let closed: boolean;
  beforeEach(async () => {
    h = await createHarness('http');
    closed = false;
  });
  afterEach(async () => {
    if (!closed) await h.close();
  });

  async function createCharge(correlationID: string, extra: Record<string, unknown> = {}) {
    const { charge } = await h.ok('createCharge', { body: { correlationID, value: 1990, ...extra } });
    return charge as { paymentLinkID: string; correlationID: string; brCode: string };
  }

  async function image(id: string, size: string): Promise<Buffer> {
    const response = await fetch(
      `${h.baseUrl}/openpix/charge/brcode/image/${encodeURIComponent(id)}.png?size=${size}`,
      {
        headers: { authorization: h.appId },
      },
    );
    expect(response.status).toBe(200);
    return Buffer.from(await response.arrayBuffer());
  }

  it('serves the same (id, size) again from the cache: identical bytes, no second render', async () => {
    const charge = await createCharge('cached');
    const first = await image(charge.paymentLinkID, '1024');
    const rendersAfterFirst = h.engine.qrPng.stats.renders;
    expect(rendersAfterFirst).toBe(1);

    const again = await image(charge.paymentLinkID, '1024');
    expect(again.equals(first)).toBe(true);
    // The cache is keyed on the BR Code, so another id of the same charge is a hit too, and so is
    // the base64 endpoint for the same size.
    const byCorrelation = await image(charge.correlationID, '1024');
    expect(byCorrelation.equals(first)).toBe(true);
    const base64 = await h.ok('getQrImageBase64', { params: { id: charge.paymentLinkID }, query: { size: '1024' } });
    expect(Buffer.from(base64.imageBase64.replace('data:image/png;base64,', ''), 'base64').equals(first)).toBe(true);
    expect(h.engine.qrPng.stats.renders).toBe(rendersAfterFirst);

    // Another size is another image: one more render.
    await image(charge.paymentLinkID, '600');
    expect(h.engine.qrPng.stats.renders).toBe(rendersAfterFirst + 1);
  });

  it('shares one render among concurrent requests for the same image', async () => {
    const charge = await createCharge('together');
    const answers = await Promise.all([1, 2, 3].map(() => image(charge.paymentLinkID, '2048')));
    expect(new Set(answers.map((a) => a.toString('hex'))).size).toBe(1);
    expect(h.engine.qrPng.stats.renders).toBe(1);
  });

  it('draws a payment link anew once its newest charge changes, cache or not', async () => {
    await createCharge('link-a', { paymentLinkID: 'link-cache' });
    const before = await image('link-cache', '600');
    h.clock.advance(1_000);
    await createCharge('link-b', { paymentLinkID: 'link-cache' });
    const after = await image('link-cache', '600');
    // Keyed on the BR Code, the new charge's code misses the cache and is drawn: a new picture.
    expect(after.equals(before)).toBe(false);
    expect(h.engine.qrPng.stats.renders).toBe(2);
  });

  it('ends the worker threads when the service closes', async () => {
    const charge = await createCharge('closing');
    await image(charge.paymentLinkID, '600');
    expect(h.engine.qrPng.stats.threads).toBeGreaterThan(0);
    closed = true;
    await h.close();
    expect(h.engine.qrPng.stats.threads).toBe(0);
  });
});
