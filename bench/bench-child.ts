// A bench helper process (a TypeScript file run with tsx) and its IPC channel: send a command,
// wait for the answer of a given type. Used by the HTTP section for its server and its load.

import { fork, type ChildProcess } from 'node:child_process';
import { once } from 'node:events';
import { fileURLToPath } from 'node:url';

export interface BenchChild<In extends { type: string }, Out extends { type: string }> {
  readonly pid: number;
  /** The next message of `type`; rejects if the process exits first. */
  next<T extends Out['type']>(type: T): Promise<Extract<Out, { type: T }>>;
  /** Sends `command` and waits for the answer of `answerType`. */
  ask<T extends Out['type']>(command: In, answerType: T): Promise<Extract<Out, { type: T }>>;
  /** Asks the process to end with `command` (or just lets go of it) and waits for its exit. */
  stop(command?: In): Promise<void>;
}

/** Forks `script` (relative to bench/) and waits for its `{ type: 'ready' }` message. */
export async function startBenchChild<In extends { type: string }, Out extends { type: string }>(
  script: string,
  args: string[],
): Promise<{ child: BenchChild<In, Out>; ready: Extract<Out, { type: 'ready' }> }> {
  const path = fileURLToPath(new URL(script, import.meta.url));
  const proc: ChildProcess = fork(path, args, {
    execArgv: ['--import', 'tsx'],
    stdio: ['ignore', 'inherit', 'inherit', 'ipc'],
  });
  const next = <T extends Out['type']>(type: T) =>
    new Promise<Extract<Out, { type: T }>>((resolve, reject) => {
      const onMessage = (message: Out) => {
        if (message.type !== type) return;
        proc.off('exit', onExit);
        proc.off('message', onMessage);
        resolve(message as Extract<Out, { type: T }>);
      };
      const onExit = (code: number | null) => {
        proc.off('message', onMessage);
        reject(new Error(`${script} exited (${code}) before answering ${type}`));
      };
      proc.on('message', onMessage);
      proc.once('exit', onExit);
    });
  const child: BenchChild<In, Out> = {
    pid: proc.pid!,
    next,
    ask(command, answerType) {
      const answer = next(answerType);
      proc.send(command);
      return answer;
    },
    async stop(command) {
      if (proc.exitCode !== null || proc.signalCode !== null) return;
      const exited = once(proc, 'exit');
      if (command) proc.send(command);
      else proc.disconnect();
      await exited;
    },
  };
  return { child, ready: await next('ready') };
}
