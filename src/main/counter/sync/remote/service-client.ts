// How the sync path reaches a service: over HTTP (a remote) or in process (the embedded sandbox).
// Both answer every call with a ServiceOutcome and never throw for what the service or the
// network did, so the sender and the puller handle one vocabulary whatever the mode. What it
// answers is the service's body as it came, read by no one before the contract client has parsed
// it through the operation's schema (contract-client.ts).
import type { ServiceRequest } from '#shared/service/service-api';
import type { ContractOperation } from './service-contract';
import type { ServiceOutcome } from './service-outcome';

export interface ServiceClient {
  /** Which service this is, as the counter's store names it (no secret in it). */
  readonly serviceId: string;
  readonly label: string;
  /** In process (the embedded sandbox): it cannot be out of reach, so no sale is ever made offline with it. */
  readonly inProcess?: boolean;
  call(op: ContractOperation, request?: ServiceRequest): Promise<ServiceOutcome<unknown>>;
  /**
   * Charges the service changed on its own (paid, expired), when it can say so at once: the
   * in-process service does; a remote is polled instead. Returns the unsubscribe.
   */
  onChargeChanged?(listener: (correlationID: string) => void): () => void;
  close?(): void;
}
