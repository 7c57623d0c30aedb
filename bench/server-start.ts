// How soon the built programs say `Listening`: from the spawn of the process to its `Listening on`
// line, for the sandbox as `npm run serve` runs it (scripts/serve.mjs: the build's freshness check,
// then out/main/serve.js with source maps and Node's compile cache; a new file database each start,
// as a test or an integrator's CI starts it) and the browser host likewise (scripts/start-web.mjs,
// a new data folder each start). The baseline is a bare `node -e` HTTP server started the same way
// in the same run: Node's own start and one listen, the floor under any server. Starts alternate
// (bare, serve, start-web, bare, …) so the machine's load lands on all alike; figures are medians.
// Aim (issue 27): the sandbox's `Listening` within 700 ms of its process start.
//
// Also the CPU time each process had used by then (Linux /proc), which a busy machine inflates less
// than the wall time; and, for the record, the sandbox from its TypeScript under tsx, as it ran
// before the build (`node --import tsx src/main/service/cli/serve.ts`).
//
// Alone: `npx tsx bench/server-start.ts [--starts N]`.

import { spawn } from 'node:child_process';
import { mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join, resolve } from 'node:path';
import { pathToFileURL } from 'node:url';
import { ensureBuilt, ROOT } from '../scripts/build.mjs';
import { elapsedMs, median } from './measure';
import { formatTable, type BenchSection } from './report';

export interface ServerStartOptions {
  /** Timed starts of each program (after one untimed start each, which warms the disk cache). */
  starts: number;
}

const AIM_MS = 700;

interface Start {
  ms: number;
  /** User + system CPU time of the process when it said `Listening`; null where /proc is missing. */
  cpuMs: number | null;
}

interface Program {
  label: string;
  /** The command line of one start; `dir` is a new empty folder for its data. */
  argv(dir: string): string[];
  /** The last line it announces; after it, it stops gracefully on SIGTERM. */
  lastLine: RegExp;
  /** Whether it keeps Node's compile cache (the built programs), which a graceful stop writes. */
  compileCache: boolean;
}

const BARE_SERVER =
  "const server = require('node:http').createServer().listen(0, '127.0.0.1', () => console.log('Listening on http://127.0.0.1:' + server.address().port))";

const PROGRAMS = {
  bare: {
    label: 'bare node -e HTTP server',
    argv: () => ['-e', BARE_SERVER],
    lastLine: /^Listening on /,
    compileCache: false,
  },
  serve: {
    label: 'npm run serve (built)',
    argv: (dir) => ['scripts/serve.mjs', '--port', '0', '--db', join(dir, 'sandbox.db')],
    lastLine: /^Database: /,
    compileCache: true,
  },
  startWeb: {
    label: 'npm run start:web (built)',
    argv: (dir) => ['scripts/start-web.mjs', '--port', '0', '--data', dir],
    lastLine: /^AppID: /,
    compileCache: true,
  },
  serveTsx: {
    label: 'serve under tsx (before)',
    argv: (dir) => ['--import', 'tsx', 'src/main/service/cli/serve.ts', '--port', '0', '--db', join(dir, 'sandbox.db')],
    lastLine: /^Database: /,
    compileCache: false,
  },
} satisfies Record<string, Program>;

type ProgramName = keyof typeof PROGRAMS;

/** CPU time used so far by `pid`, from /proc/<pid>/stat (utime + stime, in clock ticks of 10 ms). */
function cpuTimeOf(pid: number): number | null {
  try {
    const fields = readFileSync(`/proc/${pid}/stat`, 'utf8').split(') ')[1]!.split(' ');
    return (Number(fields[11]) + Number(fields[12])) * 10;
  } catch {
    return null;
  }
}

/**
 * One start of `program`: the time to its `Listening on` line. A timed start is then killed
 * (SIGKILL); a `graceful` one is stopped with SIGTERM once it has announced everything, so that
 * Node writes its compile cache on the way out (resolves with whether it exited by itself).
 */
function start(program: Program, ending: 'kill' | 'graceful'): Promise<Start & { graceful: boolean }> {
  const dir = mkdtempSync(join(tmpdir(), 'balcao-bench-start-'));
  return new Promise((resolveStart, reject) => {
    const started = process.hrtime.bigint();
    const child = spawn(process.execPath, program.argv(dir), { cwd: ROOT, stdio: ['ignore', 'pipe', 'pipe'] });
    let stdout = '';
    let stderr = '';
    let listening: Start | undefined;
    let ended = false;
    child.stderr.on('data', (chunk: Buffer) => (stderr += chunk.toString()));
    child.stdout.on('data', (chunk: Buffer) => {
      stdout += chunk.toString();
      if (!listening && /^Listening on /m.test(stdout))
        listening = { ms: elapsedMs(started), cpuMs: cpuTimeOf(child.pid!) };
      if (!listening || ended) return;
      if (ending === 'kill') child.kill('SIGKILL');
      else if (program.lastLine.test(stdout.split('\n').at(-2) ?? '')) child.kill('SIGTERM');
      else return;
      ended = true;
    });
    child.once('exit', (code, signal) => {
      rmSync(dir, { recursive: true, force: true });
      if (listening) resolveStart({ ...listening, graceful: signal === null });
      else reject(new Error(`${program.label} exited (${code}) before saying Listening: ${stderr.trim()}`));
    });
  });
}

/**
 * An untimed start that warms the disk cache and fills Node's compile cache, as any earlier run
 * would have. A SIGTERM that lands before the program set its handlers ends it without writing
 * the cache: then once more.
 */
async function warmUp(program: Program): Promise<void> {
  if (!program.compileCache) {
    await start(program, 'kill');
    return;
  }
  for (let attempt = 0; attempt < 3; attempt++) if ((await start(program, 'graceful')).graceful) return;
}

function summary(starts: readonly Start[]): { ms: number; cpuMs: number | null } {
  const cpu = starts.map((start) => start.cpuMs).filter((ms): ms is number => ms !== null);
  return { ms: median(starts.map((start) => start.ms)), cpuMs: cpu.length === starts.length ? median(cpu) : null };
}

export async function benchServerStart(options: ServerStartOptions): Promise<BenchSection> {
  await ensureBuilt();
  const names = Object.keys(PROGRAMS) as ProgramName[];
  const starts = Object.fromEntries(names.map((name) => [name, [] as Start[]])) as Record<ProgramName, Start[]>;
  for (const name of names) await warmUp(PROGRAMS[name]);
  for (let round = 0; round < options.starts; round++) {
    for (const name of names) starts[name].push(await start(PROGRAMS[name], 'kill'));
  }
  const bare = summary(starts.bare);
  const serve = summary(starts.serve);
  const startWeb = summary(starts.startWeb);
  const tsx = summary(starts.serveTsx);
  const cpu = (figure: { cpuMs: number | null }) =>
    figure.cpuMs === null ? '' : `, ${figure.cpuMs.toFixed(0)} ms of CPU`;
  const each = `median of ${options.starts} starts, spawn to "Listening on"`;
  return {
    rows: [
      {
        operation: 'serve: start to Listening',
        measured: serve.ms,
        unit: 'ms',
        baseline: AIM_MS,
        baselineLabel: 'aim',
        ratio: serve.ms / AIM_MS,
        ratioLabel: 'serve / 700 ms',
        aim: { op: '<=', value: 1 },
        note: `${each}${cpu(serve)}; a new file database each start`,
      },
      {
        operation: 'serve: start vs bare node',
        measured: serve.ms,
        unit: 'ms',
        baseline: bare.ms,
        baselineLabel: 'bare node -e server',
        ratio: serve.ms / bare.ms,
        ratioLabel: 'serve / bare',
        aim: null,
        note: `the bare server${cpu(bare)}; serve − bare = ${(serve.ms - bare.ms).toFixed(0)} ms`,
      },
      {
        operation: 'start:web: start vs bare node',
        measured: startWeb.ms,
        unit: 'ms',
        baseline: bare.ms,
        baselineLabel: 'bare node -e server',
        ratio: startWeb.ms / bare.ms,
        ratioLabel: 'start-web / bare',
        aim: null,
        note: `${each}${cpu(startWeb)}; a new data folder each start`,
      },
      {
        operation: 'serve under tsx (before) vs built',
        measured: tsx.ms,
        unit: 'ms',
        baseline: serve.ms,
        baselineLabel: 'built serve',
        ratio: tsx.ms / serve.ms,
        ratioLabel: 'tsx / built',
        aim: null,
        note: `node --import tsx src/main/service/cli/serve.ts${cpu(tsx)}`,
      },
    ],
    notes: [],
    raw: Object.fromEntries(names.map((name) => [name, { label: PROGRAMS[name].label, starts: starts[name] }])),
  };
}

// Run when started directly, not when bench/run.ts imports it.
if (process.argv[1] !== undefined && import.meta.url === pathToFileURL(resolve(process.argv[1])).href) {
  const startsArg = process.argv.indexOf('--starts');
  benchServerStart({ starts: startsArg >= 0 ? Number(process.argv[startsArg + 1]) : 9 })
    .then((section) => console.log(formatTable(section.rows)))
    .catch((error: unknown) => {
      console.error('bench failed:', error);
      process.exitCode = 1;
    });
}
