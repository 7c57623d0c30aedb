// The counter's main process for real: the built start-web (`npm run start:web`) with `--port 0
// --data DIR --remote URL --app-id ID`, serving the built renderer. It can be killed at any moment
// (SIGKILL, as `kill -9`) and started again on the same data folder; each start gets a new port
// and run token, so `bridge` is replaced on every start.
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { createBridgeClient, type BridgeClient } from './bridge-client';
import { spawnBuilt, type ManagedChild } from './child-process';

export interface CounterOptions {
  /** The service the counter syncs with (usually a fault proxy in front of the remote). */
  remoteUrl: string;
  /** The remote's AppID. */
  appId: string;
  /** Default: a new temporary folder (removed by dispose). */
  dataDir?: string;
  /** Default 20 s per bridge call. */
  bridgeTimeoutMs?: number;
  /** Extra environment of every run (e.g. BALCAO_OFFLINE_TIMING), over the test process's own. */
  env?: NodeJS.ProcessEnv;
}

export interface CounterProcess {
  readonly dataDir: string;
  /** http://127.0.0.1:PORT of the current run. */
  readonly origin: string;
  readonly token: string;
  readonly running: boolean;
  readonly pid: number | undefined;
  /** The current run's bridge. */
  readonly bridge: BridgeClient;
  /** A crash: SIGKILL by default. Nothing of the counter runs after this resolves. */
  kill(signal?: NodeJS.Signals): Promise<void>;
  /** SIGTERM: the counter's own shutdown. */
  stop(): Promise<void>;
  /** Starts it again on the same data folder. */
  start(): Promise<void>;
  /** kill (SIGKILL unless told) then start. */
  restart(options?: { signal?: NodeJS.Signals }): Promise<void>;
  /** Everything it printed, over every run. */
  output(): string;
  dispose(): Promise<void>;
}

const ANNOUNCEMENT = [/^Listening on (\S+)$/, /^AppID: (\S+)$/];

export async function startCounter(options: CounterOptions): Promise<CounterProcess> {
  const ownDir = options.dataDir === undefined ? mkdtempSync(join(tmpdir(), 'balcao-counter-')) : undefined;
  const dataDir = options.dataDir ?? ownDir!;
  let child: ManagedChild | undefined;
  let bridge: BridgeClient | undefined;
  let history = '';

  async function launch(): Promise<void> {
    const next = spawnBuilt(
      'start-web',
      ['--port', '0', '--data', dataDir, '--remote', options.remoteUrl, '--app-id', options.appId],
      options.env,
    );
    try {
      const [url] = await next.announced(ANNOUNCEMENT);
      const parsed = new URL(url!);
      child = next;
      bridge = createBridgeClient({
        origin: parsed.origin,
        token: parsed.searchParams.get('token') ?? '',
        timeoutMs: options.bridgeTimeoutMs,
      });
    } catch (error) {
      history += `${next.lines().join('\n')}\n${next.stderr()}`;
      await next.kill('SIGKILL');
      throw error;
    }
  }

  function forget(): void {
    if (child) history += `${child.lines().join('\n')}\n${child.stderr()}`;
    child = undefined;
  }

  await launch();
  const counter: CounterProcess = {
    dataDir,
    get origin() {
      return current().origin;
    },
    get token() {
      return current().token;
    },
    get running() {
      return child?.running ?? false;
    },
    get pid() {
      return child?.running ? child.pid : undefined;
    },
    get bridge() {
      return current();
    },
    async kill(signal = 'SIGKILL') {
      await child?.kill(signal);
      forget();
    },
    async stop() {
      await child?.stop();
      forget();
    },
    async start() {
      if (child?.running) throw new Error('the counter is already running');
      await launch();
    },
    async restart({ signal = 'SIGKILL' } = {}) {
      await counter.kill(signal);
      await launch();
    },
    output: () => history + (child ? `${child.lines().join('\n')}\n${child.stderr()}` : ''),
    async dispose() {
      await counter.stop();
      if (ownDir) rmSync(ownDir, { recursive: true, force: true });
    },
  };

  function current(): BridgeClient {
    if (!bridge) throw new Error('the counter never started');
    return bridge;
  }
  return counter;
}
