// The sync path's only way to the service: every call of the contract (service-contract.ts), its
// answer parsed through the contract's schema before anyone reads it, and the service's "not now"
// (429 with Retry-After) honoured by every loop at once. Whoever asks while the service asked us
// to wait gets the same 429 outcome back without a request: the sender reschedules, the puller,
// the health check and the reconciler skip their turn.
import type { ServiceRequest } from '#shared/service/service-api';
import type { ServiceClient } from './service-client';
import type { ServiceOutcome } from './service-outcome';
import { serviceContract, type ContractBody, type ContractOperation } from './service-contract';

export type ContractOutcome<Op extends ContractOperation> = ServiceOutcome<ContractBody<Op>>;

/** A 429 without Retry-After: wait this long before asking again. */
export const DEFAULT_RATE_LIMIT_WAIT_MS = 5_000;

export class ContractClient {
  private holdUntil = 0;
  private holdReason = '';

  constructor(
    readonly service: ServiceClient,
    private readonly now: () => number = Date.now,
  ) {}

  get serviceId(): string {
    return this.service.serviceId;
  }

  get label(): string {
    return this.service.label;
  }

  /** Milliseconds left of the service's last "not now", 0 when none. */
  rateLimitedForMs(): number {
    return Math.max(0, this.holdUntil - this.now());
  }

  async call<Op extends ContractOperation>(op: Op, request?: ServiceRequest): Promise<ContractOutcome<Op>> {
    const waitMs = this.rateLimitedForMs();
    if (waitMs > 0) return { kind: 'server', status: 429, error: this.holdReason, retryAfterMs: waitMs, held: true };
    const outcome = await this.service.call(op, request);
    if (outcome.kind === 'server' && outcome.status === 429) {
      const wait = outcome.retryAfterMs ?? DEFAULT_RATE_LIMIT_WAIT_MS;
      this.holdUntil = Math.max(this.holdUntil, this.now() + wait);
      this.holdReason = outcome.error;
      return { ...outcome, retryAfterMs: wait };
    }
    if (outcome.kind !== 'ok') return outcome;
    const parsed = serviceContract[op].response.safeParse(outcome.body);
    if (!parsed.success) {
      // The service answered, but not what its contract says: as unreadable as a 5xx, and tried again later.
      const issue = parsed.error.issues[0];
      return {
        kind: 'server',
        status: 200,
        error: `resposta fora do contrato (${op}: ${issue ? `${issue.path.join('.')} ${issue.message}` : 'ilegível'})`,
      };
    }
    return { kind: 'ok', body: parsed.data as ContractBody<Op> };
  }
}
