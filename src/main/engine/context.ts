import type { Db } from '../store/database';
import type { Tenant } from './tenancy/tenancy-rows';
import type { TenancyRepo } from './tenancy/tenancy-repo';
import type { Clock } from '../clock';
import type { QrPngRenderer } from './images/qr-png';

export interface EngineConfig {
  /** Where this service is reached from outside: used for payment links, QR image links and Pix locations. */
  publicBaseUrl: string;
  /** How long a sandbox refund stays IN_PROCESSING before it settles. */
  refundSettlementMs: number;
  /** How long an approved Pix out stays APPROVED before it settles (or meets its simulated failure). */
  paymentSettlementMs: number;
}

export interface EngineEvent {
  id: string;
  companyId: string;
  name: string;
  payload: unknown;
  createdAt: string;
}

/** What every operation handler receives: the caller, the store and the moment of the request. */
export interface OperationContext {
  readonly db: Db;
  readonly tenant: Tenant;
  /** The request's time: one instant per request, taken from the engine's clock. */
  readonly now: Date;
  readonly config: EngineConfig;
  readonly tenancy: TenancyRepo;
  readonly clock: Clock;
  /** The engine's QR PNG renderer: worker threads and a cache shared by every request. */
  readonly qrPng: Pick<QrPngRenderer, 'png'>;
  /** Writes an outbox row; call it inside the same transaction as the change it reports. */
  emit(name: string, payload: unknown): void;
}

/** Background transitions driven by time (expiry, settlement). */
export interface Sweeper {
  /** The earliest instant (ISO) at which `run` has something to do, or null. */
  nextDeadline(db: Db): string | null;
  run(
    db: Db,
    now: Date,
    emit: (companyId: string, name: string, payload: unknown) => void,
    config: EngineConfig,
    /**
     * The context of a receiving company and account, for a transition that books money into
     * another company (a Pix out delivered inside this service); null when it no longer exists.
     * Its `emit` writes to that company's outbox.
     */
    contextFor: (companyId: string, accountId: string) => OperationContext | null,
  ): void;
}
