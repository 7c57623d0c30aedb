// One seeded trial from start to verdict: start the processes, run the planned steps, heal
// everything, wait for every counter's queue to drain, wait for every offline sale's window to
// close and the counters' reconciliation to settle, then check the invariants until they hold
// or the counters had their time to converge (their pullers see remote payments late).
import { collectCounterView, collectRemoteView, saoPauloDays, wholeDay } from './views';
import { checkInvariants, emptyLedger, type CashierLedger, type InvariantInput } from './invariants';
import { planTrial, type Step, type TrialPlanOptions } from './trial-plan';
import { counterName, runStep, type TrialState } from './trial-steps';
import { offlineClosedAt, startTrialWorld, TRIAL_OFFLINE_TIMING, type TrialWorld } from './trial-world';
import type { Sale } from '#shared/counter/counter-api';
import { BridgeError } from '#test/support/bridge-client';
import { sleep } from '#test/support/wait';
import type { ProxyLogEntry } from '#test/support/fault-proxy';

export interface TrialOptions extends TrialPlanOptions {
  /** How long every queue may take to drain once everything is healed (default 30 s). */
  drainTimeoutMs?: number;
  /** How long reconciliation may take to settle once the last offline window closed (default 15 s). */
  settleTimeoutMs?: number;
  /** How long, after draining, the views may take to agree (default 15 s). */
  convergeTimeoutMs?: number;
  /** Told each step as it ends (e.g. console.log while debugging a seed). */
  onStep?: (entry: StepLogEntry) => void;
  /** Runs after the queues drained, before the verdict: the runner's own tests break the world here. */
  beforeVerdict?: (world: TrialWorld, ledger: CashierLedger) => Promise<void>;
}

export interface StepLogEntry {
  index: number;
  step: Step;
  outcome: string;
  ms: number;
}

export interface TrialResult {
  options: TrialOptions;
  steps: StepLogEntry[];
  /** Empty when the trial passed. */
  violations: string[];
  /** Whether every queue reached 0 before drainTimeoutMs. */
  drained: boolean;
  /** What stopped the trial itself (a process that would not start…), if anything. */
  error?: string;
  durationMs: number;
  /** Whether every offline sale's window closed and reconciliation settled before settleTimeoutMs. */
  settled: boolean;
  /** Where the time went: starting the processes, the steps, draining the queues, offline windows and reconciliation, converging. */
  phasesMs: { start: number; steps: number; drain: number; settle: number; converge: number };
  /** The last requests each counter's proxy saw, and what each counter printed: for the report. */
  proxyLogs: ProxyLogEntry[][];
  counterOutput: string[];
  /** The views the verdict was reached on. */
  finalInput?: InvariantInput;
}

export async function runTrial(options: TrialOptions): Promise<TrialResult> {
  const started = Date.now();
  const steps = planTrial(options);
  const state: TrialState = { sales: [], ledger: emptyLedger() };
  const result: TrialResult = {
    options,
    steps: [],
    violations: [],
    drained: false,
    settled: false,
    durationMs: 0,
    phasesMs: { start: 0, steps: 0, drain: 0, settle: 0, converge: 0 },
    proxyLogs: [],
    counterOutput: [],
  };
  let world: TrialWorld | undefined;
  let phaseStarted = Date.now();
  const endPhase = (phase: keyof TrialResult['phasesMs']) => {
    result.phasesMs[phase] = Date.now() - phaseStarted;
    phaseStarted = Date.now();
  };
  try {
    // Half the trials meet a remote that lists oldest first.
    world = await startTrialWorld(options.counters, {
      oldestFirst: options.seed % 2 === 1,
      permissive: process.env.TRIAL_REMOTE === 'permissive',
    });
    endPhase('start');
    const trialStart = new Date();
    for (const [index, step] of steps.entries()) {
      const stepStarted = Date.now();
      const outcome = await runStep(world, state, step);
      const entry = { index: index + 1, step, outcome, ms: Date.now() - stepStarted };
      result.steps.push(entry);
      options.onStep?.(entry);
    }
    endPhase('steps');
    await world.heal();
    result.drained = await drain(world, options.drainTimeoutMs ?? 30_000);
    endPhase('drain');
    result.settled = await settleOffline(world, trialStart, options.settleTimeoutMs ?? 15_000);
    endPhase('settle');
    await options.beforeVerdict?.(world, state.ledger);
    const verdict = await converge(world, state, trialStart, options.convergeTimeoutMs ?? 15_000);
    endPhase('converge');
    result.violations = verdict.violations;
    result.finalInput = verdict.input;
    if (!result.drained && !result.violations.some((v) => v.startsWith('queue-not-empty'))) {
      result.violations.unshift('queue-not-empty: a queue did not drain within the deadline');
    }
  } catch (error) {
    result.error = error instanceof Error ? (error.stack ?? error.message) : String(error);
  } finally {
    if (world) {
      result.proxyLogs = world.proxies.map((proxy) => proxy.log());
      result.counterOutput = world.counters.map((counter) => counter.output());
      await world.dispose();
    }
    result.durationMs = Date.now() - started;
  }
  return result;
}

export function trialPassed(result: TrialResult): boolean {
  return result.error === undefined && result.violations.length === 0;
}

/** True once every counter answers getStatus with nothing queued, here or elsewhere. */
async function drain(world: TrialWorld, timeoutMs: number): Promise<boolean> {
  const deadline = Date.now() + timeoutMs;
  for (;;) {
    const statuses = await Promise.all(world.counters.map((counter) => counter.bridge.attempt('getStatus')));
    if (statuses.every((status) => status.ok && status.value.queued === 0 && (status.value.queuedElsewhere ?? 0) === 0))
      return true;
    if (Date.now() >= deadline) return false;
    await sleep(200);
  }
}

/**
 * Waits until every offline sale's window has closed (the matcher's closing time, plus two
 * reconciliation intervals), and then until the counters' offline sales stop changing: no sale
 * awaiting, and two reads in a row alike. False when that took longer than `timeoutMs` past the
 * last closing time (the verdict then says what is left).
 */
async function settleOffline(world: TrialWorld, trialStart: Date, timeoutMs: number): Promise<boolean> {
  const margin = 2 * TRIAL_OFFLINE_TIMING.reconcileIntervalMs + 200;
  const phaseStart = Date.now();
  let previous: string | undefined;
  for (;;) {
    const days = saoPauloDays(trialStart, new Date());
    const offline: Sale[] = [];
    const reviewed: string[] = [];
    for (const counter of world.counters) {
      for (const day of days) {
        // A counter that does not answer now is asked again on the next look, as before.
        const listed = await wholeDay(counter.bridge, day).catch((error: unknown) => {
          if (error instanceof BridgeError) return undefined;
          throw error;
        });
        if (listed) offline.push(...listed.sales.filter((sale) => sale.offline !== undefined));
      }
      const review = await counter.bridge.attempt('listOfflineReview');
      if (review.ok)
        reviewed.push(...review.value.sales.map((sale) => `${sale.correlationID}:${sale.offline?.review?.reason}`));
    }
    const closeBy = Math.max(0, ...offline.map((sale) => offlineClosedAt(sale.createdAt))) + margin;
    const deadline = Math.max(phaseStart, closeBy) + timeoutMs;
    if (Date.now() < closeBy) {
      await sleep(Math.min(closeBy - Date.now(), 1_000));
      continue;
    }
    const snapshot = JSON.stringify([
      offline
        .map((sale) => [
          sale.correlationID,
          sale.status,
          sale.offline!.state,
          sale.offline!.review?.reason,
          sale.offline!.registered,
          sale.endToEndId,
        ])
        .sort(),
      reviewed.sort(),
    ]);
    const awaiting = offline.some((sale) => sale.status === 'OFFLINE' && sale.offline!.state === 'AWAITING');
    if (!awaiting && snapshot === previous) return true;
    if (Date.now() >= deadline) return false;
    previous = snapshot;
    await sleep(2 * TRIAL_OFFLINE_TIMING.reconcileIntervalMs);
  }
}

async function converge(
  world: TrialWorld,
  state: TrialState,
  trialStart: Date,
  timeoutMs: number,
): Promise<{ violations: string[]; input?: InvariantInput }> {
  const deadline = Date.now() + timeoutMs;
  let last: { violations: string[]; input?: InvariantInput } = { violations: [] };
  for (;;) {
    try {
      const now = new Date();
      const days = saoPauloDays(trialStart, now);
      const counters = await Promise.all(
        world.counters.map((counter, i) => collectCounterView(counterName(i), counter.bridge, days)),
      );
      const ids = [
        ...state.ledger.created.map((c) => c.correlationID),
        ...counters.flatMap((c) => c.days.flatMap((d) => d.sales.map((s) => s.correlationID))),
      ];
      // The remote database is this trial's own, so a generous window loses nothing.
      const window = {
        start: new Date(trialStart.getTime() - 60_000).toISOString(),
        end: new Date(now.getTime() + 60_000).toISOString(),
      };
      const remote = await collectRemoteView(world.auditor, window, ids);
      const input: InvariantInput = { counters, remote, ledger: state.ledger };
      last = { violations: checkInvariants(input), input };
    } catch (error) {
      last = { violations: [`views-unreadable: ${error instanceof Error ? error.message : String(error)}`] };
    }
    if (last.violations.length === 0 || Date.now() >= deadline) return last;
    await sleep(500);
  }
}
