// The HTTP section's load generator (autocannon), in a process of its own, started by
// http-throughput.ts: neither in the server's process (http-server.ts says why) nor in the
// bench's, which carries the heap and leftovers of the sections before it. It reports its own CPU
// time, so the section can show which side was the bottleneck.

import autocannon from 'autocannon';

export type LoadTarget = Pick<autocannon.Options, 'url' | 'method' | 'headers' | 'body' | 'idReplacement'>;

export interface LoadCommand {
  type: 'load';
  target: LoadTarget;
  durationSec: number;
  connections: number;
}

export interface LoadResult {
  type: 'loaded';
  /** Responses with a 2xx status. */
  ok2xx: number;
  non2xx: number;
  errors: number;
  durationSec: number;
  p50: number;
  p99: number;
  /** This process's CPU time during the load (user and system, all threads), µs. */
  cpuMicros: number;
}

process.on('message', (command: LoadCommand) => {
  if (command.type !== 'load') return;
  const cpuBefore = process.cpuUsage();
  void autocannon({
    ...command.target,
    connections: command.connections,
    pipelining: 1,
    duration: command.durationSec,
  }).then(
    (result) => {
      const cpu = process.cpuUsage(cpuBefore);
      const reply: LoadResult = {
        type: 'loaded',
        ok2xx: result['2xx'],
        non2xx: result.non2xx,
        errors: result.errors,
        durationSec: result.duration,
        p50: result.latency.p50,
        p99: result.latency.p99,
        cpuMicros: cpu.user + cpu.system,
      };
      process.send!(reply);
    },
    (error: unknown) => {
      process.stderr.write(`bench http load: ${error instanceof Error ? error.message : String(error)}\n`);
      process.exit(1);
    },
  );
});

// The bench's process ended or let go of this one.
process.on('disconnect', () => process.exit(0));
process.send!({ type: 'ready' });
