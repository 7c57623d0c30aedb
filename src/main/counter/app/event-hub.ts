// Fan-out of CounterEvents to whoever listens (Electron windows, browser-host SSE streams). Each event
// says which windows it is for (call-origin.ts); each host hands it to those of its windows.
import type { CounterEvent } from '#shared/counter/counter-api';
import { EVERY_WINDOW, type Audience } from '../ports/call-origin';

export type CounterEventListener = (event: CounterEvent, audience: Audience) => void;

export interface CounterEvents {
  /** Returns the unsubscribe. */
  subscribe(listener: CounterEventListener): () => void;
}

export class EventHub implements CounterEvents {
  private readonly listeners = new Set<CounterEventListener>();

  subscribe(listener: CounterEventListener): () => void {
    this.listeners.add(listener);
    return () => {
      this.listeners.delete(listener);
    };
  }

  emit(event: CounterEvent, audience: Audience = EVERY_WINDOW): void {
    for (const listener of this.listeners) {
      try {
        listener(event, audience);
      } catch (error) {
        // One broken window or stream must not keep the others from hearing about a payment.
        console.error('[pos] event listener failed', error);
      }
    }
  }

  clear(): void {
    this.listeners.clear();
  }
}
