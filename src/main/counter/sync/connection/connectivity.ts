// Whether the service can be reached, learnt from every answer the sync path gets and from a
// light health check while nothing else is said: the cashier learns of an outage within
// seconds, not only at the next sale.
//
// And whether the service refuses this counter's sales: a 401 (the AppID itself) on any call, or
// a 403 on creating a charge (the write selling is made of). A 403 on anything else takes away
// that feature alone (receipts without the company, no offline selling without the Pix keys, a
// refund refused): the caller says so where it shows, and selling goes on. So a refused optional
// read never stops sending, and a read that succeeds does not clear a refused write: only the
// write itself, answered, does (the sender tries one now and then while refused).
import { isUnreachable, type ServiceOutcome } from '../remote/service-outcome';

export interface ConnectivityState {
  online: boolean;
  /** When the service was last lost (ISO time), while offline. */
  offlineSince?: string;
  /** The service's words when it refused the AppID (401) or the creation of charges (403). */
  authRefused?: string;
}

/** What a call was for: selling's own write, any other call, or a read the counter can do without. */
export type CallRole = 'sale-write' | 'other';

export type ConnectivityListener = (state: ConnectivityState, previous: ConnectivityState) => void;

export class Connectivity {
  private state: ConnectivityState = { online: true };
  private readonly listeners: ConnectivityListener[] = [];
  private lastHeardAt = 0;
  /** What the refusal was of: 'app-id' clears with any answered call, 'sale-write' only with a created charge. */
  private refusedBy: 'app-id' | 'sale-write' | undefined;

  constructor(private readonly now: () => Date) {}

  /** Told of every change, in the order the listeners were added. */
  onChange(listener: ConnectivityListener): void {
    this.listeners.push(listener);
  }

  get current(): ConnectivityState {
    return this.state;
  }

  /** Milliseconds since the service last answered anything. */
  silenceMs(): number {
    return this.now().getTime() - this.lastHeardAt;
  }

  /** Every outcome of every call goes through here. */
  observe(outcome: ServiceOutcome<unknown>, role: CallRole = 'other'): void {
    // Held back by the service's last 429, not sent: nothing was heard.
    if (outcome.kind === 'server' && outcome.held) return;
    if (isUnreachable(outcome)) {
      if (this.state.online) this.set({ online: false, offlineSince: this.now().toISOString() }, this.refusedBy);
      return;
    }
    this.lastHeardAt = this.now().getTime();
    if (outcome.kind === 'auth' && (outcome.status === 401 || role === 'sale-write')) {
      this.set({ online: true, authRefused: outcome.error }, outcome.status === 401 ? 'app-id' : 'sale-write');
      return;
    }
    const cleared = outcome.kind === 'ok' && (this.refusedBy === 'app-id' || role === 'sale-write');
    if (cleared || !this.state.authRefused) this.set({ online: true }, undefined);
    else this.set({ online: true, authRefused: this.state.authRefused }, this.refusedBy);
  }

  /** A new service (settings changed): start optimistic; the first call tells. */
  reset(): void {
    this.lastHeardAt = 0;
    this.set({ online: true }, undefined);
  }

  private set(next: ConnectivityState, refusedBy: 'app-id' | 'sale-write' | undefined): void {
    this.refusedBy = next.authRefused === undefined ? undefined : refusedBy;
    const previous = this.state;
    if (
      previous.online === next.online &&
      previous.offlineSince === next.offlineSince &&
      previous.authRefused === next.authRefused
    )
      return;
    this.state = next;
    for (const listener of this.listeners) listener(next, previous);
  }
}
