// A trial's steps, drawn up front from its seed: what to do, never what the processes answered.
// Which sale a step acts on is resolved when it runs (from the sales that exist by then), by a
// number drawn here, so the same seed replays the same decisions as far as timing allows.
import type { CutMode, FaultRates } from '#test/support/fault-proxy';
import { SeededRandom } from '#test/support/prng';

export type Step =
  /** The cashier types an amount and presses Enter. */
  | { kind: 'create'; counter: number; value: number }
  /** Esc on one of that counter's sales (`pick` in [0, 1) chooses which). */
  | { kind: 'cancel'; counter: number; pick: number }
  /**
   * The customer's bank pays a sale at the remote; `evenIfCancelled`: the QR was scanned before
   * Esc. `dropTxid`: when the code is an offline sale's static one, the bank drops its txid (some
   * do); a dynamic code is paid as it is. `preferOffline`: the pick is among the offline sales
   * when there are any (they are few, and their confirmation is what needs the paying).
   */
  | { kind: 'pay'; pick: number; evenIfCancelled: boolean; dropTxid: boolean; preferOffline: boolean }
  /** "Cliente mostrou o comprovante" on one of that counter's sales (meant for an offline one). */
  | { kind: 'receipt'; counter: number; pick: number }
  /** A partial refund of a paid sale: `fraction` of what is still refundable (at least 1 cent). */
  | { kind: 'refund'; pick: number; fraction: number }
  /**
   * That counter's network starts misbehaving: a random fault per request. `writesOnly` aims
   * them at the commands (POST, DELETE), at higher rates: the reads of a puller outnumber them.
   */
  | { kind: 'faults'; counter: number; seed: number; rates: FaultRates; writesOnly: boolean }
  /** That counter's network behaves again. */
  | { kind: 'calm'; counter: number }
  /** That counter's network is gone. */
  | { kind: 'cut'; counter: number; mode: CutMode }
  | { kind: 'restore'; counter: number }
  /** The remote goes down (gracefully or not) and comes back on the same port and database. */
  | { kind: 'restart-remote'; signal: 'SIGTERM' | 'SIGKILL'; downMs: number }
  /** kill -9 of the counter, during a createSale `afterMs` into it or while idle; then a restart on the same data. */
  | { kind: 'kill-counter'; counter: number; duringCreate: boolean; afterMs: number; value: number }
  /** Time passes: the counters' background work runs. */
  | { kind: 'pause'; ms: number };

export type StepKind = Step['kind'];

export const STEP_KINDS: readonly StepKind[] = [
  'create',
  'cancel',
  'pay',
  'receipt',
  'refund',
  'faults',
  'calm',
  'cut',
  'restore',
  'restart-remote',
  'kill-counter',
  'pause',
];

/** Process restarts cost about a second each, so they are the rarest steps. */
export const DEFAULT_WEIGHTS: Readonly<Record<StepKind, number>> = {
  create: 30,
  cancel: 8,
  pay: 14,
  receipt: 3,
  refund: 10,
  faults: 6,
  calm: 4,
  cut: 3,
  restore: 4,
  'restart-remote': 2,
  'kill-counter': 3,
  pause: 6,
};

/** The kinds that break something (and those that only undo them); a control trial leaves them all out. */
export const FAULT_STEP_KINDS: readonly StepKind[] = [
  'faults',
  'calm',
  'cut',
  'restore',
  'restart-remote',
  'kill-counter',
];

export interface TrialPlanOptions {
  seed: number;
  steps: number;
  /** How many counters share the remote account (each with its own data folder and network). */
  counters: 1 | 2;
  weights?: Partial<Record<StepKind, number>>;
  /** Kinds never drawn. */
  without?: readonly StepKind[];
}

export function planTrial(options: TrialPlanOptions): Step[] {
  if (!Number.isInteger(options.steps) || options.steps < 0)
    throw new RangeError(`steps must be a whole number, got ${options.steps}`);
  const random = new SeededRandom(options.seed);
  const weights = { ...DEFAULT_WEIGHTS, ...options.weights };
  for (const kind of options.without ?? []) weights[kind] = 0;
  const counter = () => random.int(0, options.counters - 1);
  const steps: Step[] = [];
  for (let i = 0; i < options.steps; i++) {
    const kind = random.weighted(weights);
    switch (kind) {
      case 'create':
        steps.push({ kind, counter: counter(), value: saleValue(random) });
        break;
      case 'cancel':
        steps.push({ kind, counter: counter(), pick: random.next() });
        break;
      case 'pay':
        steps.push({
          kind,
          pick: random.next(),
          evenIfCancelled: random.chance(0.2),
          dropTxid: random.chance(0.25),
          preferOffline: random.chance(0.5),
        });
        break;
      case 'receipt':
        steps.push({ kind, counter: counter(), pick: random.next() });
        break;
      case 'refund':
        steps.push({ kind, pick: random.next(), fraction: 0.05 + random.next() * 0.55 });
        break;
      case 'faults': {
        const writesOnly = random.chance(0.5);
        steps.push({
          kind,
          counter: counter(),
          seed: random.seedForChild(),
          rates: faultRates(random, writesOnly ? 0.12 : 0.08),
          writesOnly,
        });
        break;
      }
      case 'calm':
        steps.push({ kind, counter: counter() });
        break;
      case 'cut':
        steps.push({ kind, counter: counter(), mode: random.chance(0.7) ? 'refuse' : 'reset' });
        break;
      case 'restore':
        steps.push({ kind, counter: counter() });
        break;
      case 'restart-remote':
        steps.push({ kind, signal: random.chance(0.5) ? 'SIGKILL' : 'SIGTERM', downMs: random.int(0, 800) });
        break;
      case 'kill-counter':
        steps.push({
          kind,
          counter: counter(),
          duringCreate: random.chance(0.7),
          afterMs: random.int(0, 60),
          value: saleValue(random),
        });
        break;
      case 'pause':
        steps.push({ kind, ms: random.int(50, 600) });
        break;
    }
  }
  return steps;
}

/** Mostly small tickets, now and then a big one: R$ 0,01 to R$ 5.000,00. */
function saleValue(random: SeededRandom): number {
  return random.chance(0.9) ? random.int(1, 20_000) : random.int(20_001, 500_000);
}

/**
 * Each fault between 0 and `max`, hangs at a quarter of that (a hung request costs the counter
 * its whole request timeout, and the random plan's delays stay short of it) so a trial stays
 * within seconds.
 */
function faultRates(random: SeededRandom, max: number): FaultRates {
  const rate = (limit: number) => Math.round(random.next() * limit * 1000) / 1000;
  return {
    dropBefore: rate(max),
    dropAfter: rate(max),
    delay: rate(max),
    hang: rate(max / 4),
    status500: rate(max),
    status429: rate(max),
    resetMidBody: rate(max),
  };
}

export function describeStep(step: Step): string {
  switch (step.kind) {
    case 'create':
      return `create c${step.counter} ${step.value}`;
    case 'cancel':
      return `cancel c${step.counter} pick=${step.pick.toFixed(3)}`;
    case 'pay':
      return `pay pick=${step.pick.toFixed(3)}${step.evenIfCancelled ? ' (even if cancelled)' : ''}${step.dropTxid ? ' (a bank that drops the txid)' : ''}${step.preferOffline ? ' (an offline sale if any)' : ''}`;
    case 'receipt':
      return `receipt c${step.counter} pick=${step.pick.toFixed(3)} (cliente mostrou o comprovante)`;
    case 'refund':
      return `refund pick=${step.pick.toFixed(3)} fraction=${step.fraction.toFixed(2)}`;
    case 'faults':
      return `faults c${step.counter}${step.writesOnly ? ' (writes only)' : ''} seed=${step.seed} ${JSON.stringify(step.rates)}`;
    case 'calm':
      return `calm c${step.counter}`;
    case 'cut':
      return `cut c${step.counter} (${step.mode})`;
    case 'restore':
      return `restore c${step.counter}`;
    case 'restart-remote':
      return `restart remote (${step.signal}, down ${step.downMs} ms)`;
    case 'kill-counter':
      return `kill -9 c${step.counter} ${step.duringCreate ? `${step.afterMs} ms into createSale(${step.value})` : 'while idle'}`;
    case 'pause':
      return `pause ${step.ms} ms`;
  }
}
