// The embedded sandbox as a service the sync path calls in process: the engine's own handler
// table, with the sandbox company's AppID, answering the same ServiceOutcome a remote would. The
// one place outside the engine that may hear its committed events: a payment then reaches the
// puller within the same turn instead of at the next poll.
import type { ServiceRequest } from '#shared/service/service-api';
import type { OperationName } from '#service/engine/operations';
import type { Engine } from '#service/engine/engine';
import type { ServiceClient } from './service-client';
import type { ContractOperation } from './service-contract';
import { outcomeOfStatus, type ServiceOutcome } from './service-outcome';

/** Every operation of the counter's contract is one the engine implements, under the same name: checked by the compiler. */
const contractOperationsAreTheEngines = (op: ContractOperation): OperationName => op;

export const EMBEDDED_SERVICE_ID = 'embedded';

// The engine events that change what a sale looks like at the counter.
const SALE_EVENTS = new Set([
  'OPENPIX:CHARGE_COMPLETED',
  'OPENPIX:CHARGE_EXPIRED',
  'PIX_TRANSACTION_REFUND_SENT_REQUESTED',
  'PIX_TRANSACTION_REFUND_SENT_CONFIRMED',
  // A refund the payer's bank refused (its account closed): the sale shows it at once, not at the next poll.
  'PIX_TRANSACTION_REFUND_SENT_REJECTED',
]);

export class InProcessService implements ServiceClient {
  readonly serviceId = EMBEDDED_SERVICE_ID;
  readonly label = 'Sandbox embutido';
  readonly inProcess = true;

  constructor(
    private readonly engine: Engine,
    private readonly appId: string,
  ) {}

  async call(op: ContractOperation, request: ServiceRequest = {}): Promise<ServiceOutcome<unknown>> {
    const reply = await this.engine.handle(this.appId, contractOperationsAreTheEngines(op), request);
    if (reply.status >= 200 && reply.status < 300) {
      return { kind: 'ok', body: 'bytes' in reply ? reply.bytes : reply.body };
    }
    const error =
      'body' in reply && reply.body && typeof reply.body === 'object' && 'error' in reply.body
        ? String(reply.body.error)
        : `status ${reply.status}`;
    return outcomeOfStatus(reply.status, error);
  }

  onChargeChanged(listener: (correlationID: string) => void): () => void {
    const companyId = this.engine.tenancy.resolveTenant(this.appId)?.company.id;
    return this.engine.subscribe((event) => {
      if (event.companyId !== companyId || !SALE_EVENTS.has(event.name)) return;
      const correlationID = chargeCorrelationIdOf(event.payload);
      if (correlationID) listener(correlationID);
    });
  }
}

/** The charge an engine event is about: its own charge, or the charge of the payment refunded. */
export function chargeCorrelationIdOf(payload: unknown): string | undefined {
  if (!payload || typeof payload !== 'object') return undefined;
  const record = payload as {
    charge?: { correlationID?: unknown } | null;
    originalTransaction?: { charge?: { correlationID?: unknown } | null };
  };
  const id = record.charge?.correlationID ?? record.originalTransaction?.charge?.correlationID;
  return typeof id === 'string' ? id : undefined;
}
