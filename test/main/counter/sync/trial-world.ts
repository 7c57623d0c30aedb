// The processes of one trial: a remote (`npm run serve`, its own database) and one or two
// counters on that remote's account, each with its own data folder and its own fault proxy
// (two shops, two networks). Started once per trial; steps restart only what they say.
//
// Offline selling is on (the counters' default): a counter that cannot reach the remote sells
// with a static code of its own. Its windows are shortened (BALCAO_OFFLINE_TIMING) so an offline
// sale's window opens and closes within the trial, and the runner can wait for every one to be
// reconciled before the verdict.
import { startCounter, type CounterProcess } from '#test/support/counter-process';
import { startFaultProxy, type FaultProxy } from '#test/support/fault-proxy';
import { startRemote, type RemoteProcess } from '#test/support/remote-process';
import type { RemoteEndpoint } from '#test/support/remote-api';
import { BACK_OFFICE_PREFIX } from '#service/http/pix-network';

/**
 * The counters' offline windows and margins (ms): a code is payable for `windowMs`, plus `graceMs`;
 * the matcher allows `clockSkewMs` between the clocks (here one machine's) and `settleDelayMs` for
 * the transaction list; a counter reconciles every `reconcileIntervalMs` while online.
 */
export const TRIAL_OFFLINE_TIMING = {
  windowMs: 4_000,
  graceMs: 400,
  clockSkewMs: 300,
  settleDelayMs: 300,
  reconcileIntervalMs: 300,
  // Each counter renews a code registered ahead every 1.5 s while online (its word to the other
  // counter that its offline sales are all registered); a code's registration reaches the service
  // within 1.5 s of its check; a txid-less Pix waits at most a minute for that word.
  livenessMs: 1_500,
  requestMarginMs: 1_500,
  valueWaitMs: 60_000,
  watchPassMs: 300,
} as const;

/** When a counter's matcher takes an offline sale made at `createdAt` (ISO) as closed: nothing can join its window any more. */
export function offlineClosedAt(createdAt: string): number {
  const t = TRIAL_OFFLINE_TIMING;
  return Date.parse(createdAt) + t.windowMs + t.graceMs + 2 * t.clockSkewMs + t.settleDelayMs;
}

export interface TrialWorld {
  /** Strict: the counters meet only what the real service documents; the bank pays through its Pix network. */
  remote: RemoteProcess;
  /**
   * The service's own view (its back office), for the auditor: every field, never through a proxy.
   *
   * Why the back office (`GET <Pix network>/back-office/<API path>`, src/main/service/http/pix-network.ts)
   * and not another reader of the remote's database: the strict API hides what the invariants
   * judge by (a static QR code's identifier, the code a Pix was linked to), and only the process
   * that owns the database should read it. An Engine opened in the test process over the same
   * file is a second writer (openDatabase sets WAL and migrates, the sandbox bootstrap and the
   * engine's sweeps write; the store has no read-only mode) racing the remote's single writer,
   * and a second, permissive `npm run serve` on the file is the same and more (its own sweeper
   * and webhook dispatcher). The back office answers from the remote's own engine, through the
   * permissive routes' code (the same serializers, links and refunds as the sandbox API), reads
   * only, on the Pix network port that remote-process.ts keeps across every restart (SIGTERM or
   * kill -9: the database is the remote's, recovered by the remote itself as it starts). The
   * verdict is read only after heal(), so the remote is up; a read that fails is retried by
   * converge() until its deadline.
   */
  auditor: RemoteEndpoint;
  proxies: FaultProxy[];
  counters: CounterProcess[];
  /** Every proxy passes and is connected, the remote and every counter run. */
  heal(): Promise<void>;
  dispose(): Promise<void>;
}

export interface TrialWorldOptions {
  /** The remote lists oldest first (the document does not say which order its lists come in). */
  oldestFirst?: boolean;
  /**
   * The permissive sandbox instead of `--strict` (no page size, no order, payments through its
   * testing API): only to compare durations (TRIAL_REMOTE=permissive), never what CI runs.
   */
  permissive?: boolean;
}

/**
 * Pages of 5: the counters' lists are read over several pages, so a Pix or a charge that lands
 * while a list is being read shifts its pages under the reader.
 */
export const TRIAL_PAGE_SIZE = 5;

export async function startTrialWorld(counterCount: number, options: TrialWorldOptions = {}): Promise<TrialWorld> {
  const remote = options.permissive
    ? await startRemote()
    : await startRemote({
        strict: true,
        args: [
          '--page-size',
          String(TRIAL_PAGE_SIZE),
          ...(options.oldestFirst ? ['--list-order', 'oldest-first'] : []),
        ],
      });
  const proxies: FaultProxy[] = [];
  const counters: CounterProcess[] = [];
  const world: TrialWorld = {
    remote,
    get auditor() {
      return remote.pixNetworkUrl
        ? { url: `${remote.pixNetworkUrl}${BACK_OFFICE_PREFIX}`, appId: remote.appId }
        : { url: remote.url, appId: remote.appId };
    },
    proxies,
    counters,
    async heal() {
      for (const proxy of proxies) {
        proxy.setPlan();
        if (proxy.isCut) await proxy.restore();
      }
      if (!remote.running) await remote.start();
      for (const counter of counters) if (!counter.running) await counter.start();
    },
    async dispose() {
      await Promise.allSettled(counters.map((counter) => counter.dispose()));
      await Promise.allSettled(proxies.map((proxy) => proxy.close()));
      await remote.dispose();
    },
  };
  try {
    for (let i = 0; i < counterCount; i++) proxies.push(await startFaultProxy(remote.url));
    // Started side by side: process starts are most of a trial's fixed cost.
    const started = await Promise.allSettled(
      proxies.map((proxy) =>
        startCounter({
          remoteUrl: proxy.url,
          appId: remote.appId,
          env: { BALCAO_OFFLINE_TIMING: JSON.stringify(TRIAL_OFFLINE_TIMING) },
        }),
      ),
    );
    for (const result of started) if (result.status === 'fulfilled') counters.push(result.value);
    const failed = started.find((result) => result.status === 'rejected');
    if (failed) throw failed.reason;
  } catch (error) {
    await world.dispose();
    throw error;
  }
  return world;
}
