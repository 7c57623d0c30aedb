// Keeps the pool of offline codes registered ahead (see migrations/004-offline-pool.ts): while
// online, and while offline selling has a confirmed key, the counter registers open-amount static
// QR codes to that key until POOL_SIZE are ready. Each is written here first (REGISTERING), then
// sent; a registration whose outcome is unknown is looked up by its correlationID before it is
// sent again, and a refusal is looked up the same way (the service may refuse a second copy of
// what it has). No error text is read. An offline sale takes the oldest ready code in its own
// transaction (take()), so a code is never shown for two sales.
import type { Connectivity } from './connectivity';
import type { ContractClient } from './contract-client';
import { newOfflineTxid } from './offline-code';
import type { OfflinePoolRepo, PoolRow } from './offline-pool-repo';
import type { ContractPixQrCode } from './service-contract';
import type { ServiceOutcome } from './service-outcome';

/** Codes kept ready per key: the offline sales a till makes before it is back online, most days. */
export const POOL_SIZE = 20;
/** Registrations sent per pass: a new till fills its pool over a few passes, not in one burst. */
const REGISTRATIONS_PER_PASS = 5;
const CORRELATION_PREFIX = 'balcao-reserva-';
const NAME_PREFIX = 'Balcão reserva ';

/** The txid of a pool code, from its name or correlationID at the service; undefined for any other code. */
export function poolCodeTxid(code: { name?: string | undefined; correlationID?: string | undefined }): string | undefined {
  if (code.correlationID?.startsWith(CORRELATION_PREFIX)) return code.correlationID.slice(CORRELATION_PREFIX.length);
  if (code.name?.startsWith(NAME_PREFIX)) return code.name.slice(NAME_PREFIX.length);
  return undefined;
}

export interface OfflinePoolOptions {
  repo: OfflinePoolRepo;
  connectivity: Connectivity;
  now: () => Date;
  transaction: <T>(work: () => T) => T;
}

export class OfflinePool {
  /** Why the service refused the pool's codes (no permission), while it does. */
  private refusedReason: string | undefined;

  constructor(private readonly options: OfflinePoolOptions) {}

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

  /** One pass: codes still registering are settled, then the pool is topped up. */
  async fill(client: ContractClient, pixKey: string): Promise<void> {
    const { repo } = this.options;
    for (const row of repo.registering(client.serviceId)) {
      if (!(await this.settle(client, row, true))) return;
    }
    const { ready, registering } = repo.count(client.serviceId, pixKey);
    const missing = Math.min(REGISTRATIONS_PER_PASS, POOL_SIZE - ready - registering);
    for (let i = 0; i < missing; i++) {
      const row = this.newRow(client.serviceId, pixKey);
      if (!(await this.settle(client, row, false))) return;
    }
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
    const body = { name: `${NAME_PREFIX}${row.identifier}`, correlationID: row.correlation_id, identifier: row.identifier, pixKey: row.pix_key };
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
    this.options.transaction(() => this.options.repo.setState(row.identifier, state, at, state === 'READY' ? at : null));
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

  private async call<Op extends 'getPixQrCode' | 'createPixQrCode'>(client: ContractClient, op: Op, request: Parameters<ContractClient['call']>[1]) {
    const outcome = await client.call(op, request);
    this.options.connectivity.observe(outcome as ServiceOutcome<unknown>);
    return outcome;
  }
}
