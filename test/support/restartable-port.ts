// A port for a server the tests stop and start again on the same port (the remote killed and
// restarted under its counters, a browser host restarted under an open page). A port the system
// hands out (listen on 0) comes from its ephemeral range, the range every outgoing connection takes
// its local port from too: while the server is down, any connection on the machine may take it,
// and the restart fails ("Port 33865 is already in use", a seeded trial in CI). Below that range
// only explicit binds take ports, so a port is picked there, and held for the run by a lock file
// among this run's processes (vitest's forks), so two tests never pick the same one.
import { closeSync, mkdirSync, openSync, readFileSync, rmSync, writeSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';

const LOCKS = join(tmpdir(), 'balcao-restartable-ports');

/** The system's ephemeral range's first port: Linux's, where it says; else IANA's 49152. */
function ephemeralStart(): number {
  try {
    const [low] = readFileSync('/proc/sys/net/ipv4/ip_local_port_range', 'utf8').trim().split(/\s+/).map(Number);
    if (low && low > 2048) return low;
  } catch {
    // Not Linux: fall through.
  }
  return 49152;
}

const HIGHEST = ephemeralStart() - 1;
const LOWEST = Math.max(1025, HIGHEST - 12_000);

function alive(pid: number): boolean {
  try {
    process.kill(pid, 0);
    return true;
  } catch (error) {
    return (error as NodeJS.ErrnoException).code === 'EPERM';
  }
}

/** Takes the lock of `port` for this process; false when a live process holds it. */
function lock(port: number): boolean {
  const file = join(LOCKS, `${port}.lock`);
  for (let attempt = 0; attempt < 2; attempt++) {
    try {
      const fd = openSync(file, 'wx');
      writeSync(fd, String(process.pid));
      closeSync(fd);
      return true;
    } catch (error) {
      if ((error as NodeJS.ErrnoException).code !== 'EEXIST') throw error;
      // A lock left by a run that ended without releasing it (killed) is taken over.
      const holder = Number(readFileSync(file, 'utf8'));
      if (holder && alive(holder)) return false;
      rmSync(file, { force: true });
    }
  }
  return false;
}

export interface RestartablePort {
  port: number;
  /** Gives the port back (once the server is stopped for good). */
  release(): void;
}

/**
 * A port below the ephemeral range, held by no other test of this run. Whether something outside
 * the tests listens on it is learnt by binding it: the server's first start picks another on
 * failure (`except`: the ports that already failed).
 */
export function reserveRestartablePort(
  except: ReadonlySet<number> = new Set(),
  /** The next port to try (tests choose it). */
  candidate: () => number = () => LOWEST + Math.floor(Math.random() * (HIGHEST - LOWEST + 1)),
): RestartablePort {
  mkdirSync(LOCKS, { recursive: true });
  for (let tries = 0; tries < 1_000; tries++) {
    const port = candidate();
    if (except.has(port) || !lock(port)) continue;
    return { port, release: () => rmSync(join(LOCKS, `${port}.lock`), { force: true }) };
  }
  throw new Error(`no free port between ${LOWEST} and ${HIGHEST}`);
}
