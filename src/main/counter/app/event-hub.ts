// Fan-out of PosEvents to whoever listens (Electron windows, browser-host SSE streams). Each event
// says which windows it is for (call-origin.ts); each host hands it to those of its windows.
import type { PosEvent } from '#shared/counter-api';
import { EVERY_WINDOW, type Audience } from '../ports/call-origin';

export type PosEventListener = (event: PosEvent, audience: Audience) => void;

export interface PosEvents {
  /** Returns the unsubscribe. */
  subscribe(listener: PosEventListener): () => void;
}

export class EventHub implements PosEvents {
  private readonly listeners = new Set<PosEventListener>();

  subscribe(listener: PosEventListener): () => void {
    this.listeners.add(listener);
    return () => {
      this.listeners.delete(listener);
    };
  }

  emit(event: PosEvent, audience: Audience = EVERY_WINDOW): void {
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
