// `npm run serve` as its own process with its own database: the remote Pix service the counter
// syncs with. It can be stopped (gracefully or with SIGKILL) and started again on the SAME port
// and the SAME database, so the counter's configured URL stays valid across a restart.
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { spawnBuilt, type ManagedChild } from './child-process';
import type { RemoteEndpoint } from './remote-api';
import { reserveRestartablePort, type RestartablePort } from './restartable-port';

export interface RemoteOptions {
  /** Default: a new temporary folder's remote.db (removed by dispose). */
  dbPath?: string;
  /** Default: the stored AppID of that database, or a new one. */
  appId?: string;
  /** Default: a free port below the ephemeral range (restartable-port.ts), kept for every restart. */
  port?: number;
  /** More `npm run serve` flags, on every start (e.g. --manual-clock; with strict, --page-size 2). */
  args?: string[];
  /**
   * `npm run serve -- --strict`: only the published contract (docs/sandbox.md, "--strict"). Payments then
   * go through its Pix network listener (`pixNetworkUrl`, kept on the same port across restarts).
   */
  strict?: boolean;
}

export interface RemoteProcess extends RemoteEndpoint {
  /** Strict only: the announced Pix network (`Pix network on …`), where payBrCode pays. */
  readonly pixNetworkUrl?: string;
  readonly port: number;
  readonly dbPath: string;
  readonly running: boolean;
  readonly pid: number | undefined;
  /** SIGTERM: the service closes its database cleanly. */
  stop(): Promise<void>;
  /** A crash: SIGKILL by default. */
  kill(signal?: NodeJS.Signals): Promise<void>;
  /** Starts it again (after stop or kill) on the same port and database. */
  start(): Promise<void>;
  /** stop (or kill with `signal`) then start. */
  restart(options?: { signal?: NodeJS.Signals; downMs?: number }): Promise<void>;
  /** Everything it printed, over every run. */
  output(): string;
  /** Stops it and removes the temporary folder it made. */
  dispose(): Promise<void>;
}

const ANNOUNCEMENT = [/^Listening on (\S+)$/, /^AppID: (\S+)$/];
/** What a start on a taken port prints: serve's own line (port-in-use.ts), or Node's for the Pix network's listener. */
const PORT_TAKEN = /EADDRINUSE|is already in use/;
const PIX_NETWORK_ANNOUNCEMENT = /^Pix network on (\S+)$/;

export async function startRemote(options: RemoteOptions = {}): Promise<RemoteProcess> {
  const ownDir = options.dbPath === undefined ? mkdtempSync(join(tmpdir(), 'balcao-remote-')) : undefined;
  const dbPath = options.dbPath ?? join(ownDir!, 'remote.db');
  let child: ManagedChild | undefined;
  let url = '';
  let appId = options.appId;
  // The ports it keeps across restarts: its own, and in strict mode its Pix network's.
  const reserved: RestartablePort[] = [];
  const refused = new Set<number>();
  const reserve = (): number => {
    const reservation = reserveRestartablePort(refused);
    reserved.push(reservation);
    return reservation.port;
  };
  let port = options.port || reserve();
  let pixNetworkPort = options.strict ? reserve() : undefined;
  let history = '';
  let pixNetworkUrl: string | undefined;
  let started = false;

  async function launch(): Promise<void> {
    // Right after a SIGKILL the port can take a moment to be free again: a few tries. At the first
    // start a taken port is something else's: other ports are tried instead.
    for (let attempt = 1; ; attempt++) {
      const args = [
        '--port',
        String(port),
        '--db',
        dbPath,
        ...(appId ? ['--app-id', appId] : []),
        ...(options.args ?? []),
      ];
      if (options.strict) args.push('--strict', '--pix-network-port', String(pixNetworkPort));
      const next = spawnBuilt('serve', args);
      try {
        const [announcedUrl, announcedAppId, announcedNetwork] = await next.announced(
          options.strict ? [...ANNOUNCEMENT, PIX_NETWORK_ANNOUNCEMENT] : ANNOUNCEMENT,
        );
        child = next;
        url = announcedUrl!;
        appId = announcedAppId!;
        port = Number(new URL(url).port);
        if (announcedNetwork) pixNetworkUrl = announcedNetwork;
        started = true;
        return;
      } catch (error) {
        history += next.lines().join('\n') + next.stderr();
        await next.kill('SIGKILL');
        if (attempt >= 10 || !PORT_TAKEN.test(next.stderr())) throw error;
        if (!started && !options.port) {
          refused.add(port);
          port = reserve();
          if (pixNetworkPort !== undefined) {
            refused.add(pixNetworkPort);
            pixNetworkPort = reserve();
          }
        } else await new Promise((resolve) => setTimeout(resolve, 200));
      }
    }
  }

  function remember(): void {
    if (child) history += `${child.lines().join('\n')}\n${child.stderr()}`;
  }

  await launch();
  const remote: RemoteProcess = {
    get url() {
      return url;
    },
    get appId() {
      return appId!;
    },
    get port() {
      return port;
    },
    get pixNetworkUrl() {
      return pixNetworkUrl;
    },
    dbPath,
    get running() {
      return child?.running ?? false;
    },
    get pid() {
      return child?.running ? child.pid : undefined;
    },
    async stop() {
      await child?.stop();
      remember();
      child = undefined;
    },
    async kill(signal = 'SIGKILL') {
      await child?.kill(signal);
      remember();
      child = undefined;
    },
    async start() {
      if (child?.running) throw new Error('the remote is already running');
      await launch();
    },
    async restart({ signal, downMs = 0 } = {}) {
      if (signal) await remote.kill(signal);
      else await remote.stop();
      if (downMs > 0) await new Promise((resolve) => setTimeout(resolve, downMs));
      await launch();
    },
    output: () => history + (child ? `${child.lines().join('\n')}\n${child.stderr()}` : ''),
    async dispose() {
      await remote.stop();
      for (const reservation of reserved) reservation.release();
      if (ownDir) rmSync(ownDir, { recursive: true, force: true });
    },
  };
  return remote;
}
