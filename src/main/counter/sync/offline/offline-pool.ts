// Keeps the pool of offline codes registered ahead (see migrations/004-offline-pool.ts): while
// online, and while offline selling has a confirmed key, the counter registers open-amount static
// QR codes to that key until POOL_SIZE are ready. Each is written here first (REGISTERING), then
// sent; a registration whose outcome is unknown is looked up by its correlationID before it is
// sent again, and a refusal is looked up the same way (the service may refuse a second copy of
// what it has). No error text is read. An offline sale takes the oldest ready code in its own
// transaction (take()), so a code is never shown for two sales.
import { randomBytes } from 'node:crypto';
import type { Connectivity } from '../connection/connectivity';
import type { ContractClient } from '../remote/contract-client';
import { newOfflineTxid } from './offline-code';
import type { OfflinePoolRepo, PoolRow } from './offline-pool-repo';
import type { ContractPixQrCode } from '../remote/service-contract';
import type { ServiceOutcome } from '../remote/service-outcome';

/** Codes kept ready per key: the offline sales a till makes before it is back online, most days. */
export const POOL_SIZE = 20;
/** Registrations sent per pass: a new till fills its pool over a few passes, not in one burst. */
const REGISTRATIONS_PER_PASS = 5;
/**
 * While online, a counter registers a new code at least this often (and deletes its oldest unused
 * one): the newest code of a counter tells the others that its offline sales made before then are
 * all registered (see offline-neighbours.ts), so they may match a Pix without txid by its value.
 */
export const DEFAULT_LIVENESS_MS = 10 * 60_000;
const CORRELATION_PREFIX = 'balcao-reserva-';
/** The pool key of codes that only renew the counter's word: no sale ever takes one (no confirmed key is empty). */
const WORD_ONLY = '';
const NAME_SHAPE = /^Balcão reserva ([A-Za-z0-9]{6,16}) ([A-Za-z0-9]{1,25})$/;
const COUNTER_ID_ALPHABET = 'abcdefghijklmnopqrstuvwxyz0123456789';

/** The txid of a code registered ahead, from its correlationID or name at the service; undefined for any other code. */
export function poolCodeTxid(code: {
  name?: string | undefined;
  correlationID?: string | undefined;
}): string | undefined {
  if (code.correlationID?.startsWith(CORRELATION_PREFIX)) return code.correlationID.slice(CORRELATION_PREFIX.length);
  return code.name === undefined ? undefined : NAME_SHAPE.exec(code.name)?.[2];
}

/** The counter that registered a code ahead, from its name; undefined for any other code. */
export function poolCodeCounter(name: string): string | undefined {
  return NAME_SHAPE.exec(name)?.[1];
}

function poolCodeName(counterId: string, identifier: string): string {
  return `Balcão reserva ${counterId} ${identifier}`;
}

function newCounterId(): string {
  const bytes = randomBytes(12);
  return Array.from(bytes, (byte) => COUNTER_ID_ALPHABET[byte % COUNTER_ID_ALPHABET.length]).join('');
}

export interface OfflinePoolOptions {
  repo: OfflinePoolRepo;
  connectivity: Connectivity;
  now: () => Date;
  transaction: <T>(work: () => T) => T;
  livenessMs?: number;
}

export class OfflinePool {
  /** Why the service refused the pool's codes (no permission), while it does. */
  private refusedReason: string | undefined;
  /** This counter among the account's counters (its codes' names carry it). */
  readonly counterId: string;

  constructor(private readonly options: OfflinePoolOptions) {
    this.counterId = options.repo.counterId(newCounterId, options.now().toISOString());
  }

  get refused(): string | undefined {
    return this.refusedReason;
  }

  ready(serviceId: string, pixKey: string): number {
    return this.options.repo.count(serviceId, pixKey).ready;
  }

  /** Call inside the offline sale's transaction. */
  take(serviceId: string, pixKey: string, saleId: string, at: string): PoolRow | undefined {
    return this.options.repo.take(serviceId, pixKey, saleId, at);
  }

  /**
   * One pass: codes still registering are settled, then the pool is topped up, and a new code is
   * registered when the newest is older than the liveness interval (the oldest unused one is then
   * deleted, so the account's list stays the size of the pools). Call only when none of this
   * counter's offline sales waits to be registered: a code registered now says they all are.
   */
  async fill(client: ContractClient, pixKey: string | undefined, mayRegister: () => boolean): Promise<void> {
    const { repo } = this.options;
    for (const row of repo.registering(client.serviceId)) {
      if (!mayRegister() || !(await this.settle(client, row, true))) return;
    }
    // No confirmed key: only the word (a code to the account's default key, never shown for a sale).
    const poolKey = pixKey ?? WORD_ONLY;
    const { ready, registering } = repo.count(client.serviceId, poolKey);
    const missing = pixKey === undefined ? 0 : Math.min(REGISTRATIONS_PER_PASS, POOL_SIZE - ready - registering);
    for (let i = 0; i < missing; i++) {
      // Asked before each code: one registered now says this counter's offline sales are all registered.
      if (!mayRegister() || !(await this.settle(client, this.newRow(client.serviceId, poolKey), false))) return;
    }
    const newest = repo.newestRegistered(client.serviceId);
    const livenessMs = this.options.livenessMs ?? DEFAULT_LIVENESS_MS;
    if (missing <= 0 && (!newest || this.options.now().getTime() - Date.parse(newest) >= livenessMs)) {
      if (!mayRegister() || !(await this.settle(client, this.newRow(client.serviceId, poolKey), false))) return;
      await this.retireOldest(client, poolKey);
    }
  }

  /** Whether this counter ever registered a code at this service (the others may wait for its word). */
  everRegistered(serviceId: string): boolean {
    return this.options.repo.newestRegistered(serviceId) !== undefined;
  }

  /** The oldest unused code beyond the pool's size: never shown, so deleting it at the service is safe. */
  private async retireOldest(client: ContractClient, pixKey: string): Promise<void> {
    const { repo } = this.options;
    if (repo.count(client.serviceId, pixKey).ready <= (pixKey === WORD_ONLY ? 1 : POOL_SIZE)) return;
    const oldest = this.options.transaction(() => {
      const row = repo.oldestReady(client.serviceId, pixKey);
      if (row) repo.setState(row.identifier, 'DROPPED', this.options.now().toISOString());
      return row;
    });
    if (!oldest) return;
    // Whatever the answer, the code is out of the pool; one the service keeps is only a longer list.
    const answer = await client.call('deletePixQrCode', { params: { id: oldest.correlation_id } });
    this.options.connectivity.observe(answer);
  }

  private newRow(serviceId: string, pixKey: string): PoolRow {
    const at = this.options.now().toISOString();
    const identifier = newOfflineTxid();
    const row: PoolRow = {
      identifier,
      service_id: serviceId,
      pix_key: pixKey,
      correlation_id: `${CORRELATION_PREFIX}${identifier}`,
      state: 'REGISTERING',
      sale_id: null,
      created_at: at,
      registered_at: null,
      updated_at: at,
    };
    // Written before it is sent: a crash after sending still knows to look it up.
    this.options.repo.insert(row);
    return row;
  }

  /** Registers (or looks up) one code; false when the service could not be heard (stop this pass). */
  private async settle(client: ContractClient, row: PoolRow, mayExist: boolean): Promise<boolean> {
    const body: Record<string, string> = {
      name: poolCodeName(this.counterId, row.identifier),
      correlationID: row.correlation_id,
      identifier: row.identifier,
    };
    // A word-only code goes to the account's default key (none named).
    if (row.pix_key !== WORD_ONLY) body.pixKey = row.pix_key;
    const isOurs = (code: ContractPixQrCode) => code.correlationID === row.correlation_id && code.name === body.name;
    const lookUp = async (): Promise<ServiceOutcome<boolean>> => {
      const answer = await this.call(client, 'getPixQrCode', { params: { id: row.correlation_id } });
      if (answer.kind === 'rejected') return { kind: 'ok', body: false };
      return answer.kind === 'ok' ? { kind: 'ok', body: isOurs(answer.body.pixQrCode) } : answer;
    };
    if (mayExist) {
      const found = await lookUp();
      if (found.kind !== 'ok') return this.unheard(found, row);
      if (found.body) return this.mark(row, 'READY');
    }
    const created = await this.call(client, 'createPixQrCode', { body });
    if (created.kind === 'ok') return this.mark(row, 'READY');
    if (created.kind !== 'rejected') return this.unheard(created, row);
    const found = await lookUp();
    if (found.kind !== 'ok') return this.unheard(found, row);
    return this.mark(row, found.body ? 'READY' : 'DROPPED');
  }

  private mark(row: PoolRow, state: 'READY' | 'DROPPED'): boolean {
    const at = this.options.now().toISOString();
    this.options.transaction(() =>
      this.options.repo.setState(row.identifier, state, at, state === 'READY' ? at : null),
    );
    if (state === 'READY') this.refusedReason = undefined;
    return true;
  }

  /** A refusal of the permission takes away the pool alone; anything else is tried again next pass. */
  private unheard(outcome: Exclude<ServiceOutcome<unknown>, { kind: 'ok' }>, row: PoolRow): false {
    if (outcome.kind === 'auth') {
      this.refusedReason = outcome.error;
      // Nothing reached the service under this identifier: it is dropped, not retried every pass.
      if (row.state === 'REGISTERING') this.mark(row, 'DROPPED');
    }
    return false;
  }

  private async call<Op extends 'getPixQrCode' | 'createPixQrCode'>(
    client: ContractClient,
    op: Op,
    request: Parameters<ContractClient['call']>[1],
  ) {
    const outcome = await client.call(op, request);
    this.options.connectivity.observe(outcome);
    return outcome;
  }
}
