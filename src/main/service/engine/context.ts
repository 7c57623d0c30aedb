import type { Db } from '#lib/store/database';
import type { Tenant } from './tenancy/tenancy-rows';
import type { TenancyRepo } from './tenancy/tenancy-repo';
import type { Clock } from '#lib/clock';
import type { QrPngRenderer } from './images/qr-png';

export interface EngineConfig {
  /** Where this service is reached from outside: used for payment links, QR image links and Pix locations. */
  publicBaseUrl: string;
  /** How long a sandbox refund stays IN_PROCESSING before it settles. */
  refundSettlementMs: number;
  /** How long an approved Pix out stays APPROVED before it settles (or meets its simulated failure). */
  paymentSettlementMs: number;
  /**
   * Links a Pix to a static QR code only when, at the time of the payment, a code with the
   * payer's txid as its identifier exists, as the real service documents it: a Pix whose txid
   * names a code registered later stays unlinked for ever, with a transactionID of the service's
   * own. Off (the sandbox's default): the txid is kept and links the Pix to a code registered
   * afterwards too (offline sales). `npm run serve -- --strict` turns it on.
   */
  linkAtPaymentOnly: boolean;
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
  /**
   * True for a call without an AppID to an operation declared `auth: 'optional'`: there is no
   * tenant, and reading `tenant` throws.
   */
  readonly anonymous: boolean;
  /** The request's time: one instant per request, taken from the engine's clock. */
  readonly now: Date;
  readonly config: EngineConfig;
  readonly tenancy: TenancyRepo;
  readonly clock: Clock;
  /** The engine's QR PNG renderer: worker threads and a cache shared by every request. */
  readonly qrPng: Pick<QrPngRenderer, 'png' | 'boletoPng'>;
  /** Writes an outbox row; call it inside the same transaction as the change it reports. */
  emit(name: string, payload: unknown): void;
  /**
   * For a write that also books money into another company of this service (a MED devolução of a
   * Pix that company sent inside it): runs `work` as that company's account, with its own context
   * (its tenant, its events on its company id), inside a savepoint of the caller's transaction, so
   * both sides commit or roll back together. False, with nothing run, when that account no longer
   * exists or is closed. Only for money the service itself moves; never to answer a caller.
   */
  asReceiver(companyId: string, accountId: string, work: (ctx: OperationContext) => void): boolean;
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
     * Runs `work` as a receiving company and account, for a transition that books money into
     * another company (a Pix out delivered inside this service), inside a savepoint: its writes
     * and its events count only if it returns; a throw rolls both back and propagates. False,
     * with nothing run, when that account no longer exists or is closed.
     */
    asReceiver: (companyId: string, accountId: string, work: (ctx: OperationContext) => void) => boolean,
  ): void;
}
