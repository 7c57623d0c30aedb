import { describe, expect, it } from 'vitest';
import { PngCache } from '#service/engine/images/png-cache';

const bytes = (n: number, fill = 1) => new Uint8Array(n).fill(fill);

/** A creation the test finishes by hand, to hold requests "in flight" as long as it needs. */
function deferred() {
  let resolve!: (value: Uint8Array) => void;
  let reject!: (error: unknown) => void;
  const promise = new Promise<Uint8Array>((res, rej) => {
    resolve = res;
    reject = rej;
  });
  return { promise, resolve, reject };
}

describe('PngCache', () => {
  it('creates once and then answers the same bytes from the cache', async () => {
    const cache = new PngCache(1_000);
    let creates = 0;
    const create = async () => {
      creates++;
      return bytes(100);
    };
    const first = await cache.get('a', create);
    const second = await cache.get('a', create);
    expect(second).toBe(first);
    expect(creates).toBe(1);
    expect(cache.size).toEqual({ entries: 1, bytes: 100 });
  });

  it('shares one pending creation among concurrent requests for the same key', async () => {
    const cache = new PngCache(1_000);
    const pending = deferred();
    let creates = 0;
    const create = () => {
      creates++;
      return pending.promise;
    };
    const requests = [cache.get('a', create), cache.get('a', create), cache.get('a', create)];
    pending.resolve(bytes(10));
    const answers = await Promise.all(requests);
    expect(creates).toBe(1);
    expect(new Set(answers).size).toBe(1);
  });

  it('caches no failure: the next request after a failed creation tries again', async () => {
    const cache = new PngCache(1_000);
    const failing = deferred();
    const both = [cache.get('a', () => failing.promise), cache.get('a', () => failing.promise)];
    failing.reject(new Error('render failed'));
    for (const request of both) await expect(request).rejects.toThrow('render failed');
    await expect(cache.get('a', async () => bytes(5))).resolves.toHaveLength(5);
    expect(cache.size.entries).toBe(1);
  });

  it('keeps its total bytes within the bound by evicting the least recently used', async () => {
    const cache = new PngCache(250);
    let creates = 0;
    const make = (fill: number) => async () => {
      creates++;
      return bytes(100, fill);
    };
    await cache.get('a', make(1));
    await cache.get('b', make(2));
    // Reading "a" makes "b" the least recently used, so adding "c" evicts "b", not "a".
    await cache.get('a', make(9));
    await cache.get('c', make(3));
    expect(cache.size).toEqual({ entries: 2, bytes: 200 });
    expect(creates).toBe(3);
    expect((await cache.get('a', make(9)))[0]).toBe(1);
    expect(creates).toBe(3);
    expect((await cache.get('b', make(4)))[0]).toBe(4);
    expect(creates).toBe(4);
    expect(cache.size.bytes).toBeLessThanOrEqual(250);
  });

  it('does not store a value larger than the whole bound (it would evict everything, then itself)', async () => {
    const cache = new PngCache(250);
    await cache.get('small', async () => bytes(100));
    await expect(cache.get('huge', async () => bytes(300))).resolves.toHaveLength(300);
    expect(cache.size).toEqual({ entries: 1, bytes: 100 });
  });
});
