// `npm run bench:profile`: a CPU profile of POST /api/v1/charge under load (issue 14 asks for the
// profile before and after). The served sandbox runs in this process over a file database; the
// load (autocannon, 32 connections) runs in a worker thread so it is not in the profile. Prints
// the top self-time entries and the writer's batch sizes, and writes the .cpuprofile (open it in
// Chrome DevTools) to .bench/post-charge.cpuprofile.
//   npm run bench:profile -- --seconds 10 --connections 32 --top 25 [--memory]
// --memory profiles the same service over a database in memory: the CPU share without the fsync.
// --get profiles GET /api/v1/charge/{id} of one stored charge instead; --bare profiles the bench's
// bare route (same app, hooks and auth, no engine), the baseline both HTTP ratios are read against.

import autocannon from 'autocannon';
import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { Session } from 'node:inspector/promises';
import { tmpdir } from 'node:os';
import { join, resolve } from 'node:path';
import { createSandboxService } from '#service/index';
import { CHARGE_BODY } from './charge-rows';
import { summarizeProfile, type CpuProfile } from './cpu-profile-summary';

function flag(name: string, fallback: number): number {
  const at = process.argv.indexOf(`--${name}`);
  return at >= 0 ? Number(process.argv[at + 1]) : fallback;
}

async function main(): Promise<void> {
  const seconds = flag('seconds', 10);
  const connections = flag('connections', 32);
  const top = flag('top', 25);
  const dir = mkdtempSync(join(tmpdir(), 'balcao-profile-'));
  const inMemory = process.argv.includes('--memory');
  const service = createSandboxService({ dbPath: inMemory ? ':memory:' : join(dir, 'profile.db') });
  const session = new Session();
  const bare = process.argv.includes('--bare');
  if (bare) service.app.get('/__bench/bare', async () => ({ ok: true, service: 'balcao' }));
  try {
    const base = await service.listen(0);
    const get = process.argv.includes('--get');
    await service.engine.call(service.appId, 'createCharge', {
      body: { ...CHARGE_BODY, correlationID: 'profile-get' },
    });
    const target = {
      ...(bare
        ? { url: `${base}/__bench/bare`, method: 'GET' as const, headers: { authorization: service.appId } }
        : get
          ? {
              url: `${base}/api/v1/charge/profile-get`,
              method: 'GET' as const,
              headers: { authorization: service.appId },
            }
          : {
              url: `${base}/api/v1/charge`,
              method: 'POST' as const,
              headers: { authorization: service.appId, 'content-type': 'application/json' },
              body: JSON.stringify({ ...CHARGE_BODY, correlationID: 'profile-[<id>]' }),
              idReplacement: true,
            }),
      connections,
      pipelining: 1,
      workers: 1,
    };
    await autocannon({ ...target, duration: 2 }); // warm-up: JIT and page cache
    service.engine.writerBatchSizes().reset();
    session.connect();
    await session.post('Profiler.enable');
    await session.post('Profiler.setSamplingInterval', { interval: 200 });
    await session.post('Profiler.start');
    const result = await autocannon({ ...target, duration: seconds });
    const { profile } = (await session.post('Profiler.stop')) as { profile: CpuProfile };
    const out = resolve(import.meta.dirname, '../.bench/post-charge.cpuprofile');
    mkdirSync(resolve(out, '..'), { recursive: true });
    writeFileSync(out, JSON.stringify(profile));
    console.log(
      `${target.method} ${target.url.replace(base, '')}, ${connections} connections, ${seconds} s: ${(result['2xx'] / result.duration).toFixed(0)} req/s, p50 ${result.latency.p50} ms, p99 ${result.latency.p99} ms, non-2xx ${result.non2xx}`,
    );
    console.log(`writer batch sizes: ${service.engine.writerBatchSizes().summary()}`);
    console.log(`\nTop ${top} by self time (${out}):\n${summarizeProfile(profile, top)}`);
  } finally {
    session.disconnect();
    await service.close();
    rmSync(dir, { recursive: true, force: true });
  }
}

main().catch((error: unknown) => {
  console.error('profile failed:', error);
  process.exitCode = 1;
});
