// Server on one CPU, load generator on another, for the HTTP section (issue 14).
//
// Why: unpinned, on this 2-vCPU machine the bare route, the baseline of both HTTP ratios, ran
// anywhere from 60k to 79k req/s from one `npm run bench -- --only http` to the next, while GET
// moved far less, so the GET ratio said more about where the scheduler put the two processes
// than about the route (0.444 to 0.475 in two runs a few minutes apart). Pinned, the server's
// core is saturated and its throughput is its cost per request on one core, for every route
// alike: the bare route then held 57.0k and 57.6k in two runs.
//
// With `taskset` (util-linux) and two CPUs or more; otherwise nothing is pinned and the section
// says so in its notes. The bench's own process gets its CPU set back when the section ends.

import { execFileSync } from 'node:child_process';
import { availableParallelism } from 'node:os';

export interface Pinning {
  /** What the section's notes say about it. */
  description: string;
  /** Gives this process back the CPUs it had. */
  release(): void;
}

function taskset(args: string[]): string | null {
  try {
    return execFileSync('taskset', args, { encoding: 'utf8', stdio: ['ignore', 'pipe', 'ignore'] });
  } catch {
    return null;
  }
}

/** Pins every thread of `serverPid` to CPU 0 and of this process to CPU 1, when it can. */
export function pinServerAndClient(serverPid: number): Pinning {
  const unpinned = (why: string): Pinning => ({ description: `not pinned (${why})`, release: () => {} });
  if (process.platform !== 'linux') return unpinned('not Linux');
  if (availableParallelism() < 2) return unpinned('one CPU');
  // "pid 123's current affinity mask: 3"
  const mask = taskset(['-p', String(process.pid)])?.trim().split(/\s+/).pop();
  if (!mask) return unpinned('taskset not found');
  const release = () => {
    taskset(['-a', '-p', mask, String(process.pid)]);
  };
  if (taskset(['-a', '-p', '-c', '1', String(process.pid)]) === null) return unpinned('taskset refused');
  if (taskset(['-a', '-p', '-c', '0', String(serverPid)]) === null) {
    release();
    return unpinned('taskset refused');
  }
  return { description: 'server pinned to CPU 0, load generator to CPU 1', release };
}
