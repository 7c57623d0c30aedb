// How the sync path reaches a service: over HTTP (a remote) or in process (the embedded sandbox).
// Both answer every call with a ServiceOutcome and never throw for what the service or the
// network did, so the sender and the puller handle one vocabulary whatever the mode.
import type { ServiceRequest } from '../../shared/service-api';
import type { OperationName } from '../engine/operations';
import type { OperationOutcome } from './service-outcome';

export interface ServiceClient {
  /** Which service this is, as the counter's store names it (no secret in it). */
  readonly serviceId: string;
  readonly label: string;
  /** In process (the embedded sandbox): it cannot be out of reach, so no sale is ever made offline with it. */
  readonly inProcess?: boolean;
  call<Op extends OperationName>(op: Op, request?: ServiceRequest): Promise<OperationOutcome<Op>>;
  /**
   * Charges the service changed on its own (paid, expired), when it can say so at once: the
   * in-process service does; a remote is polled instead. Returns the unsubscribe.
   */
  onChargeChanged?(listener: (correlationID: string) => void): () => void;
  close?(): void;
}
