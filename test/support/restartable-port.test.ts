// The ports the tests restart servers on: below the ephemeral range, one holder each.
import { readFileSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { reserveRestartablePort } from './restartable-port';

describe('a restartable port', () => {
  it('is below the ephemeral range, and no other reservation gets it while held', () => {
    const [ephemeralLow] = readFileSync('/proc/sys/net/ipv4/ip_local_port_range', 'utf8')
      .trim()
      .split(/\s+/)
      .map(Number);
    const held = Array.from({ length: 50 }, () => reserveRestartablePort());
    try {
      for (const { port } of held) {
        expect(port).toBeGreaterThan(1024);
        expect(port).toBeLessThan(ephemeralLow!);
      }
      expect(new Set(held.map(({ port }) => port)).size).toBe(held.length);
    } finally {
      for (const reservation of held) reservation.release();
    }
  });

  it('takes over a lock whose process is gone, and never one whose process lives', () => {
    const mine = reserveRestartablePort();
    const lockFile = join(tmpdir(), 'balcao-restartable-ports', `${mine.port}.lock`);
    try {
      // Held by a live process (this one): passed over.
      const next = reserveRestartablePort(new Set(), firstThenAny(mine.port));
      expect(next.port).not.toBe(mine.port);
      next.release();
      // Held by a process that ended (pid 2^22 + 1 is above Linux's pid_max): taken over.
      writeFileSync(lockFile, String(2 ** 22 + 1));
      const again = reserveRestartablePort(new Set(), firstThenAny(mine.port));
      expect(again.port).toBe(mine.port);
      expect(readFileSync(lockFile, 'utf8')).toBe(String(process.pid));
    } finally {
      mine.release();
    }
  });
});

/** `port` first, then any port of the range (below the ephemeral one, as the helper picks). */
function firstThenAny(port: number): () => number {
  let asked = false;
  return () => {
    if (asked) return 20_000 + Math.floor(Math.random() * 10_000);
    asked = true;
    return port;
  };
}
