// Loaded into the browser host by the day bench only (`node --expose-gc --import <this file>`),
// never by the product: on SIGUSR2 it runs a full GC and writes the process's memory to stderr as
// one line, `balcao-bench-gc {json}`, so the bench reads RSS after GC without any endpoint.
// It does nothing unless the bench's BALCAO_BENCH_GC=1 is set too.
import { readFileSync } from 'node:fs';
import { getHeapSpaceStatistics } from 'node:v8';

if (process.env.BALCAO_BENCH_GC === '1' && typeof globalThis.gc === 'function') {
  process.on('SIGUSR2', () => {
    // Twice: the first pass may only queue finalizers whose memory the second one frees.
    globalThis.gc();
    globalThis.gc();
    const status = readFileSync('/proc/self/status', 'utf8');
    const kB = (field) => Number(new RegExp(`^${field}:\\s+(\\d+) kB`, 'm').exec(status)?.[1] ?? Number.NaN);
    const usage = process.memoryUsage();
    // Where V8's committed heap is, space by space (new space grows with the allocation rate).
    const spaces = Object.fromEntries(getHeapSpaceStatistics().map((space) => [space.space_name, space.space_size]));
    const line = {
      ...usage,
      vmRssKb: kB('VmRSS'),
      vmHwmKb: kB('VmHWM'),
      rssAnonKb: kB('RssAnon'),
      rssFileKb: kB('RssFile'),
      spaces,
    };
    process.stderr.write(`balcao-bench-gc ${JSON.stringify(line)}\n`);
  });
}
