// Drains the command outbox: in order per sale, one at a time per sale, several sales at once.
// Each answer is applied in one transaction with its command's new state, so a crash at any point
// leaves either the command queued (it is sent again, with the same key) or done with its effect.
// Over 300 lines because sending, the backoff, a refused write's probe and recording a batch of
// answers share the in-flight set; what each answer means is command-delivery.ts.
import type { Db } from '#lib/store/database';
import { deliver, type DeliveryOutcome } from './command-delivery';
import type { CommandOutbox, CommandRow } from './command-outbox';
import type { Connectivity } from '../connection/connectivity';
import type { ContractClient } from '../remote/contract-client';
import type { OfflineSalesRepo } from '../offline/offline-sales-repo';
import type { RetrySchedule } from './retry-schedule';
import type { SaleMirror } from '../pull/sale-mirror';
import type { SalesRepo } from '../sales/sales-repo';
import { isRetryable, type FailedOutcome, type ServiceOutcome } from '../remote/service-outcome';

export interface CommandSenderOptions {
  db: Db;
  repo: SalesRepo;
  outbox: CommandOutbox;
  mirror: SaleMirror;
  offline: OfflineSalesRepo;
  connectivity: Connectivity;
  schedule: RetrySchedule;
  /** The service to send to; none (a remote mode without its credentials) sends nothing. */
  client: () => ContractClient | null;
  now: () => Date;
  /** A sale's rows changed (its view should be pushed). */
  onSaleChanged: (saleId: string) => void;
  /** A command finished or was rescheduled (the queue count may have changed). */
  onQueueChanged: () => void;
  /** A cancel was refused: the service's view of that charge is needed now. */
  onCancelRefused: (saleId: string) => void;
  /** Sales in flight at once (default DEFAULT_SENDER_CONCURRENCY). One per sale always; several sales share the road. */
  concurrency?: number;
}

/** What a finished attempt did, for whoever waits on a sale's first answer. */
export type AttemptResult = {
  saleId: string;
  kind: CommandRow['kind'];
  idempotencyKey: string;
  outcome: ServiceOutcome<unknown>;
};

/**
 * Sales in flight at once unless told otherwise. A backlog (what an hour offline leaves) drains in
 * batches: the answers of one event-loop turn share one COMMIT here, and the service groups its
 * own commits too, so more requests in flight share each fsync and each outbox read on both sides:
 * from 8 to 16, the CPU per command fell from 2.3-2.8 to 1.6-1.8 ms here and from 2.2-2.6 to
 * 1.4-1.5 ms at the sandbox (bench/profile-drain.ts). 16 keeps most of what 32 gains while asking
 * less of a real service at once. Still one request per sale at a time, and a 429 holds every slot
 * at once (contract-client.ts).
 */
export const DEFAULT_SENDER_CONCURRENCY = 16;

/** While sending is refused, one command is tried this often to learn whether it still is. */
const REFUSED_PROBE_INTERVAL_MS = 30_000;

export class CommandSender {
  private readonly inFlight = new Set<string>();
  /** Answers waiting for this turn's transaction (see recordAnswers). */
  private readonly answered: { command: CommandRow; outcome: DeliveryOutcome }[] = [];
  private readonly waiters = new Map<string, ((result: AttemptResult) => void)[]>();
  private timer: ReturnType<typeof setTimeout> | undefined;
  private scheduledFor = Infinity;
  private stopped = false;
  private draining = false;
  private drainAgain = false;
  private readonly concurrency: number;
  /** Commands made before this (another run of the counter) may have been sent when it stopped. */
  private readonly startedAt: string;
  private lastRefusedProbeAt = 0;

  constructor(private readonly options: CommandSenderOptions) {
    this.concurrency = options.concurrency ?? DEFAULT_SENDER_CONCURRENCY;
    this.startedAt = options.now().toISOString();
  }

  /** Sends what is due now, and plans a wake-up for what falls due later. */
  kick(): void {
    if (this.stopped) return;
    if (this.draining) {
      this.drainAgain = true;
      return;
    }
    this.draining = true;
    try {
      do {
        this.drainAgain = false;
        this.drainOnce();
      } while (this.drainAgain && !this.stopped);
    } finally {
      this.draining = false;
    }
  }

  /** True while this sale has a command on its way. */
  isInFlight(saleId: string): boolean {
    return this.inFlight.has(saleId);
  }

  /** Resolves with the next finished attempt of this sale's commands. */
  nextAttempt(saleId: string): Promise<AttemptResult> {
    return new Promise((resolve) => {
      const list = this.waiters.get(saleId) ?? [];
      list.push(resolve);
      this.waiters.set(saleId, list);
    });
  }

  stop(): void {
    this.stopped = true;
    if (this.timer) clearTimeout(this.timer);
    this.timer = undefined;
  }

  /** Resolves once nothing is in flight (a clean stop, in tests and at shutdown). */
  async idle(): Promise<void> {
    while (this.inFlight.size > 0) await new Promise((resolve) => setTimeout(resolve, 5));
  }

  private drainOnce(): void {
    const client = this.options.client();
    if (!client) return;
    const now = this.options.now();
    // A refused AppID (or creating charges refused) stops sending: every command would be refused
    // the same way. One is tried now and then, as the only thing that can tell the refusal is over.
    let room = this.concurrency - this.inFlight.size;
    if (this.options.connectivity.current.authRefused) {
      if (this.inFlight.size > 0 || now.getTime() - this.lastRefusedProbeAt < REFUSED_PROBE_INTERVAL_MS) {
        this.planProbe(now.getTime());
        return;
      }
      this.lastRefusedProbeAt = now.getTime();
      room = 1;
    }
    if (room <= 0) return;
    // Sales in flight still hold their head row: ask for enough to fill the room past them.
    for (const command of this.options.outbox.due(client.serviceId, now.toISOString(), room + this.inFlight.size)) {
      if (this.inFlight.size >= this.concurrency) break;
      if (this.inFlight.has(command.sale_id)) continue;
      this.inFlight.add(command.sale_id);
      void this.attempt(client, command);
    }
    this.planWakeUp(client.serviceId);
  }

  private planProbe(now: number): void {
    if (this.timer) return;
    const at = this.lastRefusedProbeAt + REFUSED_PROBE_INTERVAL_MS;
    this.scheduledFor = at;
    this.timer = setTimeout(
      () => {
        this.timer = undefined;
        this.scheduledFor = Infinity;
        this.kick();
      },
      Math.max(0, at - now),
    );
    this.timer.unref?.();
  }

  private planWakeUp(serviceId: string): void {
    const next = this.options.outbox.nextDueAt(serviceId);
    if (next === null) return;
    const at = Date.parse(next);
    if (at >= this.scheduledFor && this.timer) return;
    if (this.timer) clearTimeout(this.timer);
    this.scheduledFor = at;
    this.timer = setTimeout(
      () => {
        this.timer = undefined;
        this.scheduledFor = Infinity;
        this.kick();
      },
      Math.max(0, at - this.options.now().getTime()),
    );
    this.timer.unref?.();
  }

  private async attempt(client: ContractClient, command: CommandRow): Promise<void> {
    let outcome: DeliveryOutcome;
    try {
      const mayExist = command.maybe_delivered === 1 || command.created_at < this.startedAt;
      outcome = await deliver(client, command, mayExist, () => this.options.now().toISOString());
    } catch (error) {
      // A bug, not the network: keep the command, try later, say it loudly.
      console.error(`[sync] ${command.kind} of ${command.sale_id} failed`, error);
      outcome = { kind: 'server', status: 0, error: error instanceof Error ? error.message : String(error) };
    }
    this.answered.push({ command, outcome });
    if (this.answered.length === 1) setImmediate(() => this.recordAnswers());
  }

  /**
   * The answers that arrived in one event-loop turn, recorded in one transaction (one fsync for
   * all, as the engine's group commit does), each with its command's new state. Until it commits
   * a command stays queued, so a crash before it only means the same request, with the same key,
   * is sent again.
   */
  private recordAnswers(): void {
    const batch = this.answered.splice(0);
    try {
      this.options.db.transaction(() => {
        for (const { command, outcome } of batch) {
          try {
            this.options.connectivity.observe(outcome, command.kind === 'create' ? 'sale-write' : 'other');
            this.apply(command, outcome);
          } catch (error) {
            // Its own savepoint rolled back: that command stays queued, the others are recorded.
            console.error(`[sync] could not record the answer to ${command.kind} of ${command.sale_id}`, error);
          }
        }
      })();
    } catch (error) {
      console.error('[sync] could not record a batch of answers', error);
    }
    let heard = false;
    for (const { command, outcome } of batch) {
      this.inFlight.delete(command.sale_id);
      const waiting = this.waiters.get(command.sale_id);
      this.waiters.delete(command.sale_id);
      for (const resolve of waiting ?? []) {
        heard = true;
        resolve({ saleId: command.sale_id, kind: command.kind, idempotencyKey: command.idempotency_key, outcome });
      }
      this.options.onSaleChanged(command.sale_id);
    }
    this.options.onQueueChanged();
    // Whoever waited for an answer acts on it before the next send: a refused create whose retry
    // fell due at once (the backoff's jitter can draw ~0 ms) would otherwise be in flight again
    // when its sale goes offline, and be withdrawn as one that may have arrived.
    if (heard) setImmediate(() => this.kick());
    else this.kick();
  }

  /** The answer and the command's new state, in one transaction. */
  private apply(command: CommandRow, delivered: DeliveryOutcome): void {
    const at = this.options.now().toISOString();
    const { db, outbox, repo, mirror, offline } = this.options;
    // A 403 on anything but creating a charge takes away that one thing: final, with its reason.
    const outcome: DeliveryOutcome =
      delivered.kind === 'auth' && delivered.status === 403 && command.kind !== 'create'
        ? { kind: 'rejected', status: 403, error: delivered.error }
        : delivered;
    db.transaction(() => {
      const sale = repo.sale(command.sale_id);
      if (!sale) throw new Error(`command ${command.id} names an unknown sale`);
      // A sale that went offline keeps its offline code whatever the service says of the dynamic
      // charge made for it before: that charge is only there to be deleted (its cancel follows).
      const offlineSale = offline.get(command.sale_id);
      if (outcome.kind === 'ok') {
        this.options.schedule.succeeded(command.sale_id);
        const result = outcome.body;
        if (result.kind === 'charge' && !offlineSale) mirror.applyCharge(sale, result.charge);
        if (result.kind === 'registered' && offlineSale)
          offline.update({ ...offlineSale, registered: 1, updated_at: at });
        if (result.kind === 'refund') {
          const local = repo.refund(command.idempotency_key);
          if (local) mirror.applyRefundAnswer(local, result.refund);
        }
        outbox.finish(command.id, 'done', 'ok', null, at);
        return;
      }
      if (outcome.kind === 'rejected') {
        const reason =
          'alreadyPaid' in outcome ? paidBeforeCancel(outcome.error) : serviceRefusal(command, outcome.error);
        if (command.kind === 'create' && !offlineSale) mirror.reject(sale, reason);
        if (command.kind === 'cancel' && !offlineSale) mirror.cancelRefused(sale);
        if (command.kind === 'refund') {
          const local = repo.refund(command.idempotency_key);
          if (local) mirror.rejectRefund(local, reason);
        }
        outbox.finish(command.id, 'rejected', `rejected ${outcome.status}`, reason, at);
        if (command.kind === 'cancel' && !offlineSale)
          queueMicrotask(() => this.options.onCancelRefused(command.sale_id));
        return;
      }
      // Refused: the next try is the refusal's probe, a while from now (drainOnce).
      if (outcome.kind === 'auth') this.lastRefusedProbeAt = this.options.now().getTime();
      const delay = isRetryable(outcome)
        ? this.options.schedule.nextDelayMs(command.sale_id, retryAfterOf(outcome))
        : 0;
      outbox.reschedule(
        command.id,
        new Date(this.options.now().getTime() + delay).toISOString(),
        outcome.kind,
        describeFailure(outcome),
      );
    })();
  }
}

function retryAfterOf(outcome: FailedOutcome): number | undefined {
  return outcome.kind === 'server' ? outcome.retryAfterMs : undefined;
}

function describeFailure(outcome: FailedOutcome): string {
  switch (outcome.kind) {
    case 'not-sent':
    case 'unknown':
      return outcome.detail;
    default:
      return `${outcome.status} ${outcome.error}`;
  }
}

function paidBeforeCancel(error: string): string {
  return `O serviço Pix recusou o cancelamento: a venda já foi paga (${error}). Faça uma devolução.`;
}

/** The service's refusal, in the cashier's words, with the service's own as it gave them (any language). */
export function serviceRefusal(command: Pick<CommandRow, 'kind'>, error: string): string {
  const what = {
    create: 'a cobrança',
    cancel: 'o cancelamento',
    refund: 'a devolução',
    register: 'o registro da venda offline',
  }[command.kind];
  return `O serviço Pix recusou ${what}: ${error}`;
}
