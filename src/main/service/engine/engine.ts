// The engine: the one door every request of the service goes through (src/main/service/engine/operations.ts
// declares the operations; this runs them): who is calling (the AppID, its tenant and scopes), the
// operation's input parsed, its handler in one SQLite transaction with the events it emits, its
// answer checked and shaped, a refusal mapped to the spec's status, then the events told to
// listeners. Over 300 lines because that sequence is one ordered pipeline read top to bottom; its
// parts that stand alone (parsing, idempotency, sweepers, the context handlers get) live in their
// own modules.
import type { ServiceReply, ServiceRequest } from '#shared/service/service-api';
import type { Db } from '#lib/store/database';
import type { Clock } from '#lib/clock';
import type { EngineConfig, EngineEvent, OperationContext, Sweeper } from './context';
import { CommittedRefusal, ServiceError, forbidden, unauthorized } from './errors';
import { sweepers } from './sweepers';
import { ALL_SCOPES, operationTable, type OperationName, type ResponseOf } from './operations';
import { chosenStatus, type AnyOperation } from './operation';
import { parseRequest } from './parse-request';
import { pixLocationPayload } from './charges/charge-location';
import { paymentLinkView, type PaymentLinkView } from './payment-links/payment-link-view';
import {
  kycOnboardingView,
  submitKycOnboarding,
  type KycOnboardingForm,
  type KycOnboardingView,
  type KycSubmitResult,
} from './kyc/kyc-page';
import type { BatchSizeHistogram } from './batch-size-histogram';
import { GroupCommit } from './group-commit';
import { openWalSync } from '#lib/store/wal-sync';
import { WalCheckpointer } from '#lib/store/wal-checkpointer';
import { TurnReads } from '#lib/store/turn-reads';
import { QrPngRenderer } from './images/qr-png';
import { Outbox } from './outbox';
import {
  checkSandboxMerchant,
  isCurrentSandboxMerchant,
  writeSandboxMerchant,
  type SandboxMerchant,
  type SandboxMerchantInput,
} from './tenancy/sandbox-merchant';
import { TenancyRepo } from './tenancy/tenancy-repo';
import { assertAddressAllowed } from './tenancy/address-check';
import type { Tenant } from './tenancy/tenancy-rows';

/**
 * The tenant of an operation declared `auth: 'none'`: reading any of it is a bug (such an
 * operation must not depend on, or write for, a company), so it throws instead of guessing one.
 */
const NO_TENANT = new Proxy({} as Tenant, {
  get(_target, property) {
    throw new Error(`an operation without auth has no tenant (read ${String(property)})`);
  },
});

export type EngineListener = (event: EngineEvent) => void;

export interface EngineOptions {
  db: Db;
  clock: Clock;
  config?: Partial<EngineConfig>;
  /** Where unexpected failures are reported; they reach callers only as a generic 500. */
  logError?: (error: unknown, op: OperationName) => void;
  /**
   * Checks every success body against the operation's declared response schema, and fails the
   * call (a 500, reported to logError) when it does not fit. On in the tests, so an undeclared or
   * mistyped field cannot slip into the published contract; off in production, where it would
   * only cost time.
   */
  checkResponses?: boolean;
}

const DEFAULT_CONFIG: EngineConfig = {
  publicBaseUrl: 'http://127.0.0.1',
  refundSettlementMs: 2_000,
  paymentSettlementMs: 2_000,
  linkAtPaymentOnly: false,
};

/**
 * The service: authenticates the AppID, checks the scope, runs the operation's handler and
 * reports the events it committed. Knows nothing of HTTP or Electron; both call `handle`.
 */
export class Engine {
  readonly db: Db;
  readonly clock: Clock;
  readonly config: EngineConfig;
  readonly tenancy: TenancyRepo;
  /** QR images, drawn off the event loop; its stats show renders, cache and threads. */
  readonly qrPng: QrPngRenderer;
  private readonly outbox: Outbox;
  private readonly writer: GroupCommit;
  /** Copies the WAL back into the database file on a thread of its own (null in memory). */
  readonly checkpointer: WalCheckpointer | null;
  /** The reads' own connection, one read transaction a turn (null in memory: reads use `db`). */
  private readonly reads: TurnReads | null;
  private readonly listeners = new Set<EngineListener>();
  private readonly contextHost: ContextHost;
  private readonly logError: (error: unknown, op: OperationName) => void;
  private readonly checkResponses: boolean;
  private readonly sweepers: readonly Sweeper[] = sweepers;
  /**
   * Earliest pending time-driven transition, in epoch milliseconds (every call compares it with its
   * `now`); recomputed only after writes.
   */
  private nextSweepAt: number | null = null;
  private sweepDeadlineStale = true;

  constructor(options: EngineOptions) {
    this.db = options.db;
    this.clock = options.clock;
    this.config = { ...DEFAULT_CONFIG, ...options.config };
    this.tenancy = new TenancyRepo(this.db, ALL_SCOPES);
    this.outbox = new Outbox(this.db, this.config);
    this.checkpointer = WalCheckpointer.for(this.db);
    this.reads = TurnReads.for(this.db);
    this.writer = new GroupCommit(this.db, {
      walSync: openWalSync(this.db),
      onCommitted: () => {
        // The next read sees this batch, whenever the writer runs. (Today a read after a COMMIT
        // also waits for its sync, which ends in a later turn, when the turn's transaction is over.)
        this.reads?.end();
        this.checkpointer?.committed();
      },
    });
    this.qrPng = new QrPngRenderer();
    this.contextHost = {
      writerDb: this.db,
      config: this.config,
      tenancy: this.tenancy,
      clock: this.clock,
      qrPng: this.qrPng,
      outbox: this.outbox,
      asReceiver: (companyId, accountId, now, committed, work) =>
        this.asReceiver(companyId, accountId, now, committed, work),
    };
    this.logError = options.logError ?? ((error, op) => console.error(`[engine] ${op} failed`, error));
    this.checkResponses = options.checkResponses ?? false;
  }

  setPublicBaseUrl(url: string): void {
    this.config.publicBaseUrl = url.replace(/\/+$/, '');
  }

  /** Subscribes to committed events (charge paid, refund settled, …). Returns the unsubscribe. */
  subscribe(listener: EngineListener): () => void {
    this.listeners.add(listener);
    return () => this.listeners.delete(listener);
  }

  /**
   * Runs an operation and answers as a transport would: a status with a JSON body or bytes.
   *
   * A read answers synchronously, with no promise, unless a batch is being made durable. In a loop,
   * `handle('getCharge')` took 6.1 µs, of which the lookup, serialization and parsing took 4.4 µs;
   * the rest was the call's bookkeeping, its two async layers (this and `call`) among it. Answering
   * in the same tick took GET from 0.66 to 0.85–0.89 of the bench's read floor (issue 14).
   * Transports `await` it either way.
   */
  handle(appId: string | undefined, op: OperationName, request: ServiceRequest): ServiceReply | Promise<ServiceReply> {
    const declaration: AnyOperation = operationTable[op];
    let result: unknown;
    try {
      result = this.run(appId, op, request);
    } catch (error) {
      return this.failureReply(error, op);
    }
    if (result instanceof Promise) {
      return result.then(
        (value) => this.successReply(declaration, value),
        (error: unknown) => this.failureReply(error, op),
      );
    }
    return this.successReply(declaration, result);
  }

  private successReply(declaration: AnyOperation, result: unknown): ServiceReply {
    if (declaration.contentType)
      return { status: declaration.status, bytes: result as Uint8Array, contentType: declaration.contentType };
    return { status: successStatus(declaration, result), body: result };
  }

  private failureReply(error: unknown, op: OperationName): ServiceReply {
    if (error instanceof ServiceError) {
      return {
        status: error.status,
        body: error.errorCode ? { error: error.message, errorCode: error.errorCode } : { error: error.message },
      };
    }
    this.logError(error, op);
    return { status: 500, body: { error: 'Internal server error' } };
  }

  /** Runs an operation and returns its typed result, or throws a ServiceError. */
  async call<Op extends OperationName>(
    appId: string | undefined,
    op: Op,
    request: ServiceRequest = {},
  ): Promise<ResponseOf<Op>> {
    return this.run(appId, op, request);
  }

  /** `call`'s work: a read's result at once when nothing is being synced, otherwise a promise. */
  private run<Op extends OperationName>(
    appId: string | undefined,
    op: Op,
    request: ServiceRequest,
  ): ResponseOf<Op> | Promise<ResponseOf<Op>> {
    const now = this.clock.now();
    this.sweep(now);
    const declaration: AnyOperation = operationTable[op];
    // Who may call comes first (401, 403), then the input (400), all before a write transaction
    // opens: a job that cannot succeed never takes a turn of the single writer.
    const tenant = this.caller(appId, declaration, request.clientIp);
    const input = parseRequest(declaration, request);
    if (declaration.access === 'write') return this.write(appId, op, declaration, request, input, now);
    // A read runs at once, or after the batch being synced if there is one (afterPendingSync).
    const committed: EngineEvent[] = [];
    let result: unknown;
    try {
      result = this.afterPendingSync((db) =>
        declaration.handler(this.context(tenant, now, committed, db), input as never),
      );
    } catch (error) {
      throw this.refused(error, committed);
    }
    // A promise when the read waited for a sync or renders off the loop (a QR image).
    if (result instanceof Promise) {
      return result.then(
        (value: unknown) => this.finished(op, declaration, value, committed),
        (error: unknown) => {
          throw this.refused(error, committed);
        },
      );
    }
    return this.finished(op, declaration, result, committed);
  }

  private async write<Op extends OperationName>(
    appId: string | undefined,
    op: Op,
    declaration: AnyOperation,
    request: ServiceRequest,
    input: unknown,
    now: Date,
  ): Promise<ResponseOf<Op>> {
    const committed: EngineEvent[] = [];
    try {
      // A write resolves its caller again when its turn comes, so it sees any tenancy change queued
      // before it (new merchant name, key or scopes), not the tenant of the moment it arrived.
      // The single writer answers after COMMIT.
      const result = await this.writer.submit(() =>
        declaration.handler(
          this.context(this.caller(appId, declaration, request.clientIp), now, committed),
          input as never,
        ),
      );
      return this.finished(op, declaration, result, committed);
    } catch (error) {
      throw this.refused(error, committed);
    } finally {
      this.sweepDeadlineStale = true;
    }
  }

  /** A handler returned: what it committed is announced, and the result checked when asked to. */
  private finished<Op extends OperationName>(
    op: Op,
    declaration: AnyOperation,
    result: unknown,
    committed: EngineEvent[],
  ): ResponseOf<Op> {
    // Only a handler that returned has committed; a throw rolled its savepoint back.
    if (committed.length > 0) this.sweepDeadlineStale = true;
    this.notify(committed);
    if (this.checkResponses) this.checkResponse(op, declaration, result);
    return result as ResponseOf<Op>;
  }

  /** A handler threw. A refusal made after writes it kept (CommittedRefusal) announces them. Returns the error. */
  private refused(error: unknown, committed: EngineEvent[]): unknown {
    if (committed.length > 0) this.sweepDeadlineStale = true;
    if (error instanceof CommittedRefusal) this.notify(committed);
    return error;
  }

  /**
   * Runs `read` at once, or once the batch being synced is durable, so no read ever shows a write
   * that a power cut could still take back.
   */
  private afterPendingSync<T>(read: (db: Db) => T): T | Promise<T> {
    const durable = this.writer.whenDurable();
    return durable ? durable.then(() => this.read(read)) : this.read(read);
  }

  private read<T>(read: (db: Db) => T): T {
    return this.reads ? this.reads.run(read) : read(this.db);
  }

  private checkResponse(op: OperationName, declaration: AnyOperation, result: unknown): void {
    const checked = declaration.response.safeParse(result);
    if (!checked.success) {
      throw new Error(
        `${op} answered outside its declared response schema: ${JSON.stringify(checked.error.issues.slice(0, 5))}`,
      );
    }
  }

  /**
   * The tenant an operation runs as: none for an operation anyone may call (auth: 'none'), nor
   * for a call without an AppID to one whose AppID is optional.
   */
  private caller(appId: string | undefined, declaration: AnyOperation, clientIp?: string): Tenant {
    if (declaration.auth === 'none' || (declaration.auth === 'optional' && appId === undefined)) return NO_TENANT;
    return this.authorize(appId, declaration, clientIp);
  }

  /** The caller's tenant: the AppID authenticated and, for an operation, its scope and feature checked. */
  private authorize(appId: string | undefined, declaration?: AnyOperation, clientIp?: string): Tenant {
    const tenant = appId ? this.tenancy.resolveTenant(appId) : null;
    if (!tenant) throw unauthorized(appId ? 'Invalid appID' : 'Missing Authorization header with the AppID');
    assertAddressAllowed(tenant, clientIp);
    if (!declaration) return tenant;
    const { scope, feature } = declaration;
    if (scope && !tenant.scopes.has(scope)) throw forbidden(`Application does not have required scope: ${scope}`);
    for (const needed of feature === undefined ? [] : [feature].flat()) {
      if (!tenant.features.has(needed)) throw forbidden(`You need feature ${needed} to access this endpoint`);
    }
    return tenant;
  }

  /** What a handler sees; its events are collected in `committed` to announce after COMMIT. */
  private context(tenant: Tenant, now: Date, committed: EngineEvent[], db: Db = this.db): OperationContext {
    return new CallContext(this.contextHost, tenant, now, committed, db);
  }

  /**
   * Runs `work` as a company receiving money the service books itself (context.ts asReceiver, the
   * Sweeper's), in a savepoint of the running transaction: its writes and its events count only
   * if it returns. False, with nothing run, when the account no longer exists or is closed.
   */
  private asReceiver(
    companyId: string,
    accountId: string,
    now: Date,
    committed: EngineEvent[],
    work: (ctx: OperationContext) => void,
  ): boolean {
    // Outside a transaction the work would commit on its own, apart from the write it belongs to.
    if (!this.db.inTransaction) throw new Error('asReceiver outside a transaction');
    const tenant = this.tenancy.receivingTenant(companyId, accountId);
    if (!tenant) return false;
    // The work's events join the caller's only once its savepoint is released.
    const events: EngineEvent[] = [];
    this.db.transaction(() => work(this.context(tenant, now, events)))();
    committed.push(...events);
    return true;
  }

  /** Applies every time-driven transition due by `now` (charge expiry, refund settlement). */
  sweep(now: Date = this.clock.now()): void {
    if (this.sweepDeadlineStale) {
      this.nextSweepAt = this.earliestDeadlineMs();
      this.sweepDeadlineStale = false;
    }
    if (this.nextSweepAt === null || this.nextSweepAt > now.getTime()) return;
    const committed: EngineEvent[] = [];
    this.db.transaction(() => {
      for (const sweeper of this.sweepers) {
        sweeper.run(
          this.db,
          now,
          (companyId, name, payload) => committed.push(this.outbox.write(companyId, name, payload, now)),
          this.config,
          (companyId, accountId, work) => this.asReceiver(companyId, accountId, now, committed, work),
        );
      }
    })();
    // The read that follows in this very call must see what the sweep just committed.
    this.reads?.end();
    this.nextSweepAt = this.earliestDeadlineMs();
    this.notify(committed);
  }

  // The public pages read like `call`'s reads: after the batch being synced, if any, is durable.

  /** The public payload of a Pix location (what a payer's bank reads), or null. */
  async pixLocation(locationId: string, paymentDay?: string): Promise<Record<string, unknown> | null> {
    const now = this.clock.now();
    this.sweep(now);
    return this.afterPendingSync((db) => pixLocationPayload(db, locationId, now, paymentDay));
  }

  /** The public payment page data of a payment link, by the link's public id; or null. */
  async paymentLink(publicId: string): Promise<PaymentLinkView | null> {
    const now = this.clock.now();
    this.sweep(now);
    return this.afterPendingSync((db) => paymentLinkView(db, publicId, now));
  }

  /** The KYC onboarding page of a register, by its link's token (no AppID: the token is the key); or null. */
  async kycOnboarding(token: string): Promise<KycOnboardingView | null> {
    this.sweep(this.clock.now());
    return this.afterPendingSync((db) => kycOnboardingView(db, token));
  }

  /** The merchant sends the onboarding page (kyc/kyc-page.ts): a write, so through the single writer. */
  async submitKycOnboarding(token: string, form: KycOnboardingForm): Promise<KycSubmitResult> {
    const now = this.clock.now();
    this.sweep(now);
    try {
      return await this.writer.submit(() => submitKycOnboarding(this.db, token, form, now));
    } finally {
      // A submission schedules the sandbox's review, a sweep deadline.
      this.sweepDeadlineStale = true;
    }
  }

  /**
   * Sandbox companies only: the shop's name and city in BR Codes and its receiving Pix key, as the
   * counter's settings give them in embedded mode. Not an operation of the service: on the real
   * one these belong to the account at the PSP, so no AppID may change them over HTTP. Settings
   * that are already the company's write nothing.
   */
  async configureSandboxMerchant(appId: string, input: SandboxMerchantInput): Promise<SandboxMerchant> {
    if (this.authorize(appId).company.environment !== 'SANDBOX') {
      throw forbidden('Only a sandbox company takes its merchant data from the counter');
    }
    const now = this.clock.now();
    return this.writer.submit(() => {
      // The tenant as of this turn: a change queued just before this one is compared against.
      const tenant = this.authorize(appId);
      const checked = checkSandboxMerchant(this.tenancy, tenant, input);
      if (isCurrentSandboxMerchant(this.tenancy, tenant, checked)) return checked;
      writeSandboxMerchant(this.db, tenant, checked, now);
      // At once, inside the batch: the writes queued after this one resolve their tenant afresh.
      // Should the COMMIT fail, the cache only reloads the unchanged rows.
      this.tenancy.invalidate();
      return checked;
    });
  }

  /** Writes per COMMIT of the single writer (the bench reports their distribution). */
  writerBatchSizes(): BatchSizeHistogram {
    return this.writer.batchSizes;
  }

  /**
   * Rows were written on `db` behind the engine's back (a bench or a test seeding them): the next
   * sweep recomputes its deadline, and the next read sees them even in this same turn.
   */
  afterDirectWrites(): void {
    this.sweepDeadlineStale = true;
    this.reads?.end();
  }

  /**
   * Flushes the writer (after the batch being synced), closes the reads' connection, ends the WAL
   * checkpoint thread, closes the database and ends the QR worker threads; resolves once the
   * threads are gone, so a test file or `npm run serve` leaves nothing running behind it.
   */
  close(): Promise<void> {
    // Once: a second call (a test's afterEach after an explicit close) waits for the first.
    this.closing ??= this.closeOnce();
    return this.closing;
  }

  private closing: Promise<void> | undefined;

  private async closeOnce(): Promise<void> {
    await this.writer.close();
    this.reads?.close();
    await this.checkpointer?.close();
    this.listeners.clear();
    this.db.close();
    await this.qrPng.close();
  }

  private earliestDeadlineMs(): number | null {
    let earliest: number | null = null;
    for (const sweeper of this.sweepers) {
      const deadline = sweeper.nextDeadline(this.db);
      const at = deadline === null ? null : Date.parse(deadline);
      if (at !== null && (earliest === null || at < earliest)) earliest = at;
    }
    return earliest;
  }

  private notify(events: EngineEvent[]): void {
    for (const event of events) {
      for (const listener of this.listeners) {
        try {
          listener(event);
        } catch (error) {
          console.error('[engine] event listener failed', error);
        }
      }
    }
  }
}

/** The declared success status, or the declared alternate one the handler chose (answerWith). */
function successStatus(declaration: AnyOperation, result: unknown): number {
  const chosen = chosenStatus(result);
  if (chosen === undefined || chosen === declaration.status) return declaration.status;
  if (chosen !== declaration.alternateStatus)
    throw new Error(`answered ${chosen}, which the operation does not declare`);
  return chosen;
}

/** What every call's context shares: the engine's parts, made once. */
interface ContextHost {
  /** The single writer's connection: events are written on it, inside its transaction. */
  readonly writerDb: Db;
  readonly config: EngineConfig;
  readonly tenancy: TenancyRepo;
  readonly clock: Clock;
  readonly qrPng: QrPngRenderer;
  readonly outbox: Outbox;
  asReceiver(
    companyId: string,
    accountId: string,
    now: Date,
    committed: EngineEvent[],
    work: (ctx: OperationContext) => void,
  ): boolean;
}

/**
 * One call's context. A class, not an object literal with arrow functions: one is made for every
 * call, and two closures each time showed in GET's profile (issue 14), above all under tsx
 * (`npm run serve`), whose keepNames gives every arrow function its name with Object.defineProperty.
 */
class CallContext implements OperationContext {
  constructor(
    private readonly host: ContextHost,
    readonly tenant: Tenant,
    readonly now: Date,
    private readonly committed: EngineEvent[],
    readonly db: Db,
  ) {}

  get anonymous(): boolean {
    return this.tenant === NO_TENANT;
  }

  get config(): EngineConfig {
    return this.host.config;
  }

  get tenancy(): TenancyRepo {
    return this.host.tenancy;
  }

  get clock(): Clock {
    return this.host.clock;
  }

  get qrPng(): QrPngRenderer {
    return this.host.qrPng;
  }

  emit(name: string, payload: unknown): void {
    if (!this.host.writerDb.inTransaction) throw new Error(`event ${name} emitted outside a transaction`);
    this.committed.push(this.host.outbox.write(this.tenant.company.id, name, payload, this.now));
  }

  asReceiver(companyId: string, accountId: string, work: (ctx: OperationContext) => void): boolean {
    return this.host.asReceiver(companyId, accountId, this.now, this.committed, work);
  }
}
