// The HTTP section's server on one CPU and its load generator on another (issue 14).
//
// Why: a route's throughput should be what the server can answer on one core, not what is left of
// a core shared with autocannon whenever the scheduler puts both on the same CPU. Pinned, the
// section's notes show the server's CPU at 0.98–1.00 busy for the bare route, GET and the read
// floor, and the load generator well under 1, so those rows measure the server. Pinning does not
// make runs alike: this VM still has runs where every route costs about a third less CPU per
// request (bare 10.1 against 16.1–17.3 µs), and bare gains more from them than GET.
//
// With `taskset` (util-linux) and two CPUs or more; otherwise nothing is pinned and the section
// says so in its notes. Only the two helper processes are pinned, never the bench's own.

import { execFileSync } from 'node:child_process';
import { availableParallelism } from 'node:os';

function taskset(args: string[]): boolean {
  try {
    execFileSync('taskset', args, { stdio: 'ignore' });
    return true;
  } catch {
    return false;
  }
}

/** Pins every thread of `serverPid` to CPU 0 and of `loadPid` to CPU 1, when it can; says what it did. */
export function pinServerAndLoad(serverPid: number, loadPid: number): string {
  if (process.platform !== 'linux') return 'not pinned (not Linux)';
  if (availableParallelism() < 2) return 'not pinned (one CPU)';
  // -a: every thread the process has; threads started later inherit the mask of their creator.
  if (!taskset(['-a', '-p', '-c', '0', String(serverPid)])) return 'not pinned (taskset not found or refused)';
  if (!taskset(['-a', '-p', '-c', '1', String(loadPid)]))
    return 'server pinned to CPU 0, load generator not pinned (taskset refused)';
  return 'server pinned to CPU 0, load generator to CPU 1';
}
