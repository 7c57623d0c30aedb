// One of the project's programs (serve, start-web) as a real child process, the way an operator
// starts it: the build's out/main/<name>.js (`npm run serve` runs the same file), with source maps.
// One process, so `kill('SIGKILL')` kills the very process that holds the database, as `kill -9`
// would. `process.execPath` is the Node running the tests (24; Node 20 crashes on the native
// addon). The test run's global setup (test/global-setup.ts) has made the build fresh.
import { spawn, type ChildProcess } from 'node:child_process';
import { existsSync } from 'node:fs';
import { resolve } from 'node:path';
import type { MAIN_ENTRIES } from '../../electron.vite.config';
import { BROWSER_HOST_NODE_FLAGS, builtEntry, COMPILE_CACHE } from '../../scripts/build.mjs';

export const ROOT = resolve(import.meta.dirname, '../..');

/** The programs the build makes for Node (the main build's entries but Electron's): serve, start-web. */
export type BuiltProgram = Exclude<keyof typeof MAIN_ENTRIES, 'index'>;

/**
 * A built program's command line with `args`, as `npm run serve` starts it (Node, source maps, the
 * file), and the spawn options it needs: the project as its folder, this environment plus `env`
 * and Node's compile cache (scripts/build.mjs, COMPILE_CACHE).
 */
export function builtCommand(
  program: BuiltProgram,
  args: readonly string[],
  env: NodeJS.ProcessEnv = {},
): { command: string; args: string[]; options: { cwd: string; env: NodeJS.ProcessEnv } } {
  const file = builtEntry(program);
  // Loud, rather than a child that dies with a bare "Cannot find module".
  if (!existsSync(file))
    throw new Error(`${file} is not built: run the tests with vitest (its global setup builds) or npm run build`);
  return {
    command: process.execPath,
    args: [...(program === 'start-web' ? BROWSER_HOST_NODE_FLAGS : []), '--enable-source-maps', file, ...args],
    options: { cwd: ROOT, env: { ...process.env, NODE_COMPILE_CACHE: COMPILE_CACHE, ...env } },
  };
}

export interface ManagedChild {
  readonly pid: number;
  readonly child: ChildProcess;
  /** Every complete stdout line so far. */
  lines(): string[];
  stderr(): string;
  /**
   * Resolves with the capture groups of each pattern, once every pattern matched a stdout line.
   * The default wait (90 s) only bounds a start that hangs: a start takes about 0.6 s on a quiet
   * machine, and took past 30 s while the machine ran ten times more work than cores
   * (`npm run test:under-load` beside other jobs), which no test is about.
   */
  announced(patterns: readonly RegExp[], timeoutMs?: number): Promise<string[]>;
  readonly exited: Promise<{ code: number | null; signal: NodeJS.Signals | null }>;
  readonly running: boolean;
  /** Sends the signal and resolves once the process is gone. */
  kill(signal: NodeJS.Signals): Promise<void>;
  /** SIGTERM (a graceful stop), SIGKILL after `graceMs`. */
  stop(graceMs?: number): Promise<void>;
}

// Children still running when the test worker exits are killed with it, so a failed test never
// leaves a server holding a port or a database.
const live = new Set<ChildProcess>();
process.once('exit', () => {
  for (const child of live) child.kill('SIGKILL');
});

export function spawnBuilt(program: BuiltProgram, args: readonly string[], env: NodeJS.ProcessEnv = {}): ManagedChild {
  const built = builtCommand(program, args, env);
  const script = `out/main/${program}.js`;
  const child = spawn(built.command, built.args, { ...built.options, stdio: ['ignore', 'pipe', 'pipe'] });
  if (child.pid === undefined) throw new Error(`could not start ${script}`);
  live.add(child);
  const lines: string[] = [];
  let partial = '';
  let stderr = '';
  const listeners = new Set<() => void>();
  child.stdout.on('data', (chunk: Buffer) => {
    const parts = (partial + chunk.toString()).split('\n');
    partial = parts.pop()!;
    lines.push(...parts);
    for (const listener of listeners) listener();
  });
  child.stderr.on('data', (chunk: Buffer) => (stderr += chunk.toString()));
  let running = true;
  const exited = new Promise<{ code: number | null; signal: NodeJS.Signals | null }>((resolveExit) => {
    child.once('exit', (code, signal) => {
      running = false;
      live.delete(child);
      for (const listener of listeners) listener();
      resolveExit({ code, signal });
    });
  });

  const managed: ManagedChild = {
    pid: child.pid,
    child,
    lines: () => [...lines],
    stderr: () => stderr,
    exited,
    get running() {
      return running;
    },
    announced(patterns, timeoutMs = 90_000) {
      return new Promise((resolveAnnounced, reject) => {
        const check = () => {
          const matches = patterns.map((pattern) =>
            lines.map((line) => pattern.exec(line)).find((match) => match !== null),
          );
          if (matches.every((match) => match !== undefined)) {
            done();
            resolveAnnounced(matches.flatMap((match) => match.slice(1)));
          } else if (!running) {
            done();
            reject(new Error(`${script} exited before announcing itself: ${stderr.trim() || lines.join('\n')}`));
          }
        };
        const timer = setTimeout(() => {
          done();
          reject(new Error(`${script} did not announce itself in ${timeoutMs} ms: ${stderr.trim()}`));
        }, timeoutMs);
        const done = () => {
          clearTimeout(timer);
          listeners.delete(check);
        };
        listeners.add(check);
        check();
      });
    },
    async kill(signal) {
      if (!running) return;
      child.kill(signal);
      await exited;
    },
    async stop(graceMs = 5_000) {
      if (!running) return;
      const force = setTimeout(() => child.kill('SIGKILL'), graceMs);
      child.kill('SIGTERM');
      await exited;
      clearTimeout(force);
    },
  };
  return managed;
}
