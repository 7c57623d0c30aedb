// CPU profiles of both sides of the sync drain (issue 27): the counter (this process, through the
// inspector) and the built `npm run serve` (its own process, `--cpu-prof`, written when it stops),
// while a queue of charge creations made offline drains into it, as `--only sync-drain` does.
// Prints the drain rate, each side's CPU time per command and share of the wall time, the top
// self-time entries of each, and writes both .cpuprofile files to .bench/.
//   npx tsx bench/profile-drain.ts --commands 2000 --top 25 [--concurrency N (default: the sender's)]

import autocannon from 'autocannon';
import { copyFileSync, mkdirSync, mkdtempSync, readdirSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { Session } from 'node:inspector/promises';
import { tmpdir } from 'node:os';
import { join, resolve } from 'node:path';
import { DEFAULT_SENDER_CONCURRENCY } from '#counter/sync/commands/command-sender';
import { startRemote } from '../test/support/remote-process';
import { summarizeProfile, type CpuProfile } from './cpu-profile-summary';
import { elapsedMs } from './measure';
import { counterWithBacklog } from './sync-drain';

/** The profile's samples taken between two moments (µs of the monotonic clock, as V8 stamps them). */
function profileWindow(profile: CpuProfile, fromUs: number, toUs: number): CpuProfile {
  const samples: number[] = [];
  const timeDeltas: number[] = [];
  let at = profile.startTime;
  let last = fromUs;
  profile.samples?.forEach((id, index) => {
    at += profile.timeDeltas?.[index] ?? 0;
    if (at < fromUs || at > toUs) return;
    samples.push(id);
    timeDeltas.push(at - last);
    last = at;
  });
  return { ...profile, samples, timeDeltas, startTime: fromUs, endTime: toUs };
}

/** Wall time (share of samples) under each function of the project or its drivers, callers included. */
function inclusiveTimes(profile: CpuProfile, top: number, match: RegExp): string {
  const byId = new Map(profile.nodes.map((node) => [node.id, node]));
  const parent = new Map<number, number>();
  for (const node of profile.nodes) for (const child of node.children ?? []) parent.set(child, node.id);
  const counts = new Map<string, number>();
  const samples = profile.samples ?? [];
  for (const id of samples) {
    const seen = new Set<string>();
    for (let current: number | undefined = id; current !== undefined; current = parent.get(current)) {
      const { functionName, url, lineNumber } = byId.get(current)!.callFrame;
      if (!match.test(url)) continue;
      const short = url.slice(Math.max(url.lastIndexOf('/src/'), url.lastIndexOf('/node_modules/')) + 1);
      seen.add(`${functionName || '(anonymous)'}  ${short}:${lineNumber + 1}`);
    }
    for (const key of seen) counts.set(key, (counts.get(key) ?? 0) + 1);
  }
  return [...counts.entries()]
    .sort((a, b) => b[1] - a[1])
    .slice(0, top)
    .map(([key, n]) => `${((n / samples.length) * 100).toFixed(1).padStart(5)}%  ${key}`)
    .join('\n');
}

function flag(name: string, fallback: number): number {
  const at = process.argv.indexOf(`--${name}`);
  return at >= 0 ? Number(process.argv[at + 1]) : fallback;
}

/** A process's user+system CPU time so far, in ms (Linux /proc; clock ticks of 10 ms). */
export function processCpuMs(pid: number): number {
  const fields = readFileSync(`/proc/${pid}/stat`, 'utf8').split(') ')[1]!.split(' ');
  // After the command's closing parenthesis: state is field 0, utime 11, stime 12.
  return (Number(fields[11]) + Number(fields[12])) * 10;
}

async function main(): Promise<void> {
  const commands = flag('commands', 2_000);
  const top = flag('top', 25);
  const concurrency = flag('concurrency', DEFAULT_SENDER_CONCURRENCY);
  const dir = mkdtempSync(join(tmpdir(), 'balcao-profile-drain-'));
  const serverProfiles = join(dir, 'server-profiles');
  const outDir = resolve(import.meta.dirname, '../.bench');
  mkdirSync(outDir, { recursive: true });
  // The served program inherits this process's environment: only its start carries the flag.
  const nodeOptions = process.env.NODE_OPTIONS;
  process.env.NODE_OPTIONS = `${nodeOptions ?? ''} --cpu-prof --cpu-prof-interval 500 --cpu-prof-dir=${serverProfiles}`;
  const remote = await startRemote({ dbPath: join(dir, 'remote.db') });
  if (nodeOptions === undefined) delete process.env.NODE_OPTIONS;
  else process.env.NODE_OPTIONS = nodeOptions;
  const session = new Session();
  const drainWindowUs = [0, 0];
  const { root, reconnect } = await counterWithBacklog(remote, join(dir, 'counter.db'), commands, concurrency);
  try {
    session.connect();
    await session.post('Profiler.enable');
    await session.post('Profiler.setSamplingInterval', { interval: 500 });
    await session.post('Profiler.start');
    const serverCpuBefore = processCpuMs(remote.pid!);
    const counterCpuBefore = process.cpuUsage();
    const started = process.hrtime.bigint();
    drainWindowUs[0] = Number(started / 1000n);
    reconnect();
    await root.probe.drained(600_000);
    const drainMs = elapsedMs(started);
    drainWindowUs[1] = Number(process.hrtime.bigint() / 1000n);
    const counterCpu = process.cpuUsage(counterCpuBefore);
    const serverCpuMs = processCpuMs(remote.pid!) - serverCpuBefore;
    const { profile } = (await session.post('Profiler.stop')) as { profile: CpuProfile };
    const counterOut = join(outDir, 'drain-counter.cpuprofile');
    writeFileSync(counterOut, JSON.stringify(profile));
    const counterCpuMs = (counterCpu.user + counterCpu.system) / 1000;
    const perCommand = (ms: number) => `${((ms / commands) * 1000).toFixed(0)} µs/command`;
    console.log(
      `drain: ${commands} commands, concurrency ${concurrency}, ${(drainMs / 1000).toFixed(1)} s, ${(commands / (drainMs / 1000)).toFixed(0)} cmd/s`,
    );
    console.log(
      `counter CPU ${counterCpuMs.toFixed(0)} ms (${perCommand(counterCpuMs)}, ${((counterCpuMs / drainMs) * 100).toFixed(0)}% of the wall time; user ${(counterCpu.user / 1000).toFixed(0)} ms, system ${(counterCpu.system / 1000).toFixed(0)} ms)`,
    );
    console.log(
      `server CPU ${serverCpuMs.toFixed(0)} ms (${perCommand(serverCpuMs)}, ${((serverCpuMs / drainMs) * 100).toFixed(0)}% of the wall time)`,
    );
    // The same server under autocannon at the same concurrency (its own load, off this thread):
    // the server's CPU per request when the client costs next to nothing.
    const cannonCpuBefore = processCpuMs(remote.pid!);
    const cannon = await autocannon({
      url: `${remote.url}/api/v1/charge?return_existing=true`,
      method: 'POST',
      headers: { authorization: remote.appId, 'content-type': 'application/json' },
      body: JSON.stringify({ value: 1234, expiresIn: 900, correlationID: 'cannon-[<id>]' }),
      idReplacement: true,
      connections: concurrency,
      duration: 5,
      workers: 1,
    });
    const cannonCpuMs = processCpuMs(remote.pid!) - cannonCpuBefore;
    console.log(
      `server under autocannon, ${concurrency} connections: ${(cannon['2xx'] / cannon.duration).toFixed(0)} req/s, server CPU ${((cannonCpuMs / cannon['2xx']) * 1000).toFixed(0)} µs/request, ${((cannonCpuMs / (cannon.duration * 1000)) * 100).toFixed(0)}% of the wall time`,
    );
    // The HTTP client alone: the same creates through fetch from this process, nothing recorded.
    const bareCpuBefore = process.cpuUsage();
    const bareStarted = process.hrtime.bigint();
    let next = 0;
    await Promise.all(
      Array.from({ length: concurrency }, async () => {
        while (next < commands) {
          const response = await fetch(`${remote.url}/api/v1/charge?return_existing=true`, {
            method: 'POST',
            headers: { authorization: remote.appId, 'content-type': 'application/json' },
            body: JSON.stringify({ value: 1234, expiresIn: 900, correlationID: `bare-${next++}` }),
            signal: AbortSignal.timeout(5_000),
          });
          await response.text();
        }
      }),
    );
    const bareCpu = process.cpuUsage(bareCpuBefore);
    console.log(
      `bare fetch, ${concurrency} in flight: ${(commands / (elapsedMs(bareStarted) / 1000)).toFixed(0)} req/s, client CPU ${((bareCpu.user + bareCpu.system) / commands).toFixed(0)} µs/request`,
    );
    console.log(`\nCounter, top ${top} by self time (${counterOut}):\n${summarizeProfile(profile, top)}`);
    console.log(
      `\nCounter, top ${top} by total time:\n${inclusiveTimes(profile, top, /\/src\/|better-sqlite3|undici/)}`,
    );
  } finally {
    session.disconnect();
    await root.sync.close();
    await remote.stop();
  }
  const [serverFile] = readdirSync(serverProfiles).filter((name) => name.endsWith('.cpuprofile'));
  if (serverFile) {
    const serverOut = join(outDir, 'drain-server.cpuprofile');
    copyFileSync(join(serverProfiles, serverFile), serverOut);
    const whole = JSON.parse(readFileSync(serverOut, 'utf8')) as CpuProfile;
    const serverProfile = profileWindow(whole, drainWindowUs[0], drainWindowUs[1]);
    console.log(
      `\nServer during the drain (${serverProfile.samples?.length ?? 0} samples), top ${top} by self time (${serverOut}):\n${summarizeProfile(serverProfile, top)}`,
    );
    console.log(
      `\nServer, top ${top} by total time:\n${inclusiveTimes(serverProfile, top, /out\/main|better-sqlite3|fastify/)}`,
    );
  }
  rmSync(dir, { recursive: true, force: true });
}

main().catch((error: unknown) => {
  console.error('profile failed:', error);
  process.exitCode = 1;
});
