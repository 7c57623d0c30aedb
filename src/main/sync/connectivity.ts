// Whether the service can be reached, learnt from every answer the sync path gets and from a
// light health check while nothing else is said: the cashier learns of an outage within
// seconds, not only at the next sale.
import type { ServiceOutcome } from './service-outcome';

export interface ConnectivityState {
  online: boolean;
  /** When the service was last lost (ISO time), while offline. */
  offlineSince?: string;
  /** The service's words when it refused the AppID or its scopes (401/403). */
  authRefused?: string;
}

export class Connectivity {
  private state: ConnectivityState = { online: true };
  private lastHeardAt = 0;

  constructor(
    private readonly now: () => Date,
    private readonly onChange: (state: ConnectivityState, previous: ConnectivityState) => void,
  ) {}

  get current(): ConnectivityState {
    return this.state;
  }

  /** Milliseconds since the service last answered anything. */
  silenceMs(): number {
    return this.now().getTime() - this.lastHeardAt;
  }

  /** Every outcome of every call goes through here. */
  observe(outcome: ServiceOutcome<unknown>): void {
    if (outcome.kind === 'not-sent' || outcome.kind === 'unknown') {
      if (this.state.online) this.set({ online: false, offlineSince: this.now().toISOString() });
      return;
    }
    this.lastHeardAt = this.now().getTime();
    if (outcome.kind === 'auth') this.set({ online: true, authRefused: outcome.error });
    else if (outcome.kind === 'ok') this.set({ online: true });
    else this.set({ online: true, ...(this.state.authRefused ? { authRefused: this.state.authRefused } : {}) });
  }

  /** A new service (settings changed): start optimistic; the first call tells. */
  reset(): void {
    this.lastHeardAt = 0;
    this.set({ online: true });
  }

  private set(next: ConnectivityState): void {
    const previous = this.state;
    if (previous.online === next.online && previous.offlineSince === next.offlineSince && previous.authRefused === next.authRefused) return;
    this.state = next;
    this.onChange(next, previous);
  }
}
